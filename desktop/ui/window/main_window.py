"""The Papershelf window: sidebar, paper table and detail pane under a search bar.

The window composes the widgets and turns user actions into `Library` writes, which run
off the GUI thread in its operation runner (undoable ones through its `History`). It
refreshes from the library's change notifications only, gathered once per turn of the event
loop (and held while a write runs), so a view never shows a half-done operation.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPoint,
    QSettings,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QPalette,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QLineEdit,
    QMainWindow,
    QMenu,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.core.api import RELEVANCE, SORT_COLUMNS, Change, ChangeKind, View
from desktop.core.errors import KnownError, StaleEditError
from desktop.core.library import Library
from desktop.ui import core_sentences, file_dialogs, icons, plain_text, prompts, undo_commands
from desktop.ui.background.change_watch import ChangeWatch
from desktop.ui.background.duplicate_search import DuplicateSearch
from desktop.ui.background.library_events import LibraryEvents
from desktop.ui.background.operations import OperationRunner
from desktop.ui.background.search_runner import SearchRunner
from desktop.ui.dialogs import citations
from desktop.ui.models.paper_table_model import PaperTableModel
from desktop.ui.models.sidebar_model import (
    ANNOTATIONS_VIEW,
    DUPLICATES_VIEW,
    PROBLEMS_VIEW,
    QUERY_ROLE,
    VIEW_ROLE,
    SidebarModel,
)
from desktop.ui.widgets.annotations_panel import AnnotationsPanel
from desktop.ui.widgets.detail_pane import DetailPane
from desktop.ui.widgets.duplicates_panel import DuplicatesPanel
from desktop.ui.widgets.import_problems_panel import ImportProblemsPanel
from desktop.ui.widgets.paper_table_view import PaperTableView
from desktop.ui.widgets.search_bar import SearchBar
from desktop.ui.widgets.show_in_folder import ShowInFolderButton
from desktop.ui.widgets.sidebar_view import SidebarView
from desktop.ui.widgets.status_line import StatusLine
from desktop.ui.widgets.welcome_panel import WelcomePanel
from desktop.ui.window import menus, paper_menu
from desktop.ui.window.completing import Completer
from desktop.ui.window.editing import Editing
from desktop.ui.window.files import WindowFiles
from desktop.ui.window.manuscript import Manuscript
from desktop.ui.window.menus import WindowActions
from desktop.ui.window.organising import Organiser
from desktop.ui.window.transfers import Transfers

#: The quick answer (titles, people...) ranks at most this many: enough to fill the table at
#: once, where ranking every match of a one-letter prefix would cost more than a keystroke.
#: It is shown as "100+ found" until the complete answer, which holds every match, follows.
QUICK_LIMIT = 100
#: How long the window tells of a written export (and offers its folder).
EXPORT_NOTICE_MS = 15_000
#: Up to this many edited papers are re-read one by one; more re-read the whole view.
_FEW_EDITS = 20
#: Change kinds after which the table's rows, or the sidebar's, may differ.
_TABLE_KINDS = {
    ChangeKind.PAPERS,
    ChangeKind.TRASH,
    ChangeKind.LISTS,
    ChangeKind.TAGS,
    ChangeKind.REFRESH,
}
_SIDEBAR_KINDS = _TABLE_KINDS | {ChangeKind.PROBLEMS, ChangeKind.SEARCHES}
#: Change kinds after which the annotations listed may differ.
_ANNOTATION_KINDS = {ChangeKind.NOTES, ChangeKind.PAPERS, ChangeKind.TRASH, ChangeKind.REFRESH}


class MainWindow(QMainWindow):
    """The main window over one open library.

    Its helpers see it as a `WindowContext`; each makes and enables its own actions.
    """

    #: The table shows the hits of this query (tests and benchmarks wait for it).
    search_finished = Signal(str)

    def __init__(self, library: Library, settings: QSettings | None = None) -> None:
        super().__init__()
        self.library = library
        self.settings = settings if settings is not None else QSettings()
        file_dialogs.remember_in(self.settings)
        self.undo_stack = QUndoStack(self)
        #: Every write from the window runs here, off the GUI thread, in order.
        self.operations = OperationRunner(self)
        self.operations.finished.connect(self._on_operation_finished)
        self.history = undo_commands.History(
            self.undo_stack, self.operations, self._tell, window=self
        )
        self.events = LibraryEvents(library, self)
        self._pending: list[Change] = []
        self._apply_timer = QTimer(self, singleShot=True, interval=0)
        self._apply_timer.timeout.connect(self._apply_changes)
        self.status_line = StatusLine(self.statusBar())
        self.events.changed.connect(self._on_library_changed)
        # Which library is open, as an editor names its file: two windows tell apart.
        self.setWindowTitle(self.tr("{library} — Papershelf").format(library=library.name))
        self.setWindowIcon(icons.app_icon())
        self.organiser = Organiser(self)
        self.transfers = Transfers(self)
        self.manuscript = Manuscript(self, self.settings)
        self.editing = Editing(self)
        self.completer = Completer(self)
        self.transfers.find_titles = self.completer.complete
        self._build_widgets()
        self.window_actions = WindowActions(self)
        # These keys mean something else in a text field or the sidebar: table only.
        for action in (*self.organiser.table_actions, *self.transfers.table_actions):
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            self.table.addAction(action)
        menus.build(
            self.menuBar(),
            self.window_actions,
            menus.MenuSources(
                self.organiser,
                transfers=self.transfers,
                manuscript=self.manuscript,
                editing=self.editing,
                completer=self.completer,
            ),
        )
        self.detail.summary.set_actions(
            [
                self.organiser.status_menu.menuAction(),
                self.organiser.priority_menu.menuAction(),
                self.editing.tag_action,
                self.editing.add_to_list_action,
                self.editing.set_field_action,
                self.transfers.export_selection_action,
                self.organiser.trash_action,
            ]
        )
        self.files = WindowFiles(
            self,
            table=self.table,
            detail=self.detail,
            events=self.events,
            transfers=self.transfers,
            status_bar=self.statusBar(),
        )
        self.files.add_menu(self.menuBar())
        self.search_finished.connect(self.detail.set_search_text)
        with self.table_model.choosing_order():  # the view shown next is read in it
            self._restore_layout()
        self.sidebar.setCurrentIndex(self.sidebar_model.index_of(View()))
        self._update_center()
        self._update_actions()
        self.change_watch = ChangeWatch(self.library, self)
        self.change_watch.changed_elsewhere.connect(self._on_changed_elsewhere)
        self.show_in_folder = ShowInFolderButton(self)
        self.statusBar().addPermanentWidget(self.show_in_folder)
        self.transfers.export_flow.written.connect(self._on_exported)
        self.manuscript.bibliography_export.written.connect(self._on_exported)

    # -- building ------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self._selected_before_reset: list[int] = []
        self._capped = False
        self._answered = ""  # the search text the table shows the answer to
        self._showing_problems = False
        self._showing_duplicates = False
        self._showing_annotations = False
        self.search_bar = SearchBar(self)
        self.search_bar.query_changed.connect(self._on_query_changed)
        self.search_runner = SearchRunner(self.library, self)
        self.search_runner.hits_ready.connect(self._on_hits)
        self.search_runner.nearest_ready.connect(self._on_nearest)
        self.search_runner.failed.connect(self._on_search_failed)
        self._build_sidebar()
        self._build_table()
        self._build_center()
        settings = self.settings
        self.detail = DetailPane(
            self.library, self.history, self, style=lambda: citations.remembered_style(settings)
        )
        self.manuscript.style_changed.connect(lambda _style: self.detail.refresh_citation())
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        for part in (self.sidebar_panel, self.center, self.detail):
            self.splitter.addWidget(part)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.sidebar.setMinimumWidth(160)
        self.detail.setMinimumWidth(280)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(8, 8, 8, 0)
        layout.setSpacing(6)
        layout.addWidget(self.search_bar)
        layout.addWidget(self.splitter, 1)
        self.setCentralWidget(body)
        self.setAcceptDrops(True)  # files dropped on the window are imported

    def _build_sidebar(self) -> None:
        self.sidebar_model = SidebarModel(self.library, self)
        self.sidebar_model.papers_dropped.connect(self.organiser.on_papers_dropped)
        self.sidebar_model.lists_reordered.connect(self.organiser.on_lists_reordered)
        self.sidebar = SidebarView(self)
        self.sidebar.setModel(self.sidebar_model)
        self.sidebar.expandAll()
        self.sidebar.selectionModel().currentChanged.connect(self._on_sidebar_current)
        self.sidebar.customContextMenuRequested.connect(self._on_sidebar_menu)
        # The tag list of a real library runs to hundreds: found by typing part of a name.
        self.tag_filter = QLineEdit(self)
        self.tag_filter.setPlaceholderText(self.tr("Filter tags"))
        self.tag_filter.setAccessibleName(self.tr("Filter tags"))
        self.tag_filter.setClearButtonEnabled(True)
        self.tag_filter.textChanged.connect(self.sidebar.filter_tags)
        # What the filter found nothing for, said where one types (the Tags header alone
        # looked like a list that failed to load).
        self.no_tag_matches = plain_text.label(self)
        self.no_tag_matches.setWordWrap(True)
        quiet = self.no_tag_matches.palette()
        quiet.setColor(
            QPalette.ColorRole.WindowText, quiet.color(QPalette.ColorRole.PlaceholderText)
        )
        self.no_tag_matches.setPalette(quiet)
        self.no_tag_matches.hide()
        self.sidebar.tags_filtered.connect(self._on_tags_filtered)
        self.sidebar_panel = QWidget(self)
        panel_layout = QVBoxLayout(self.sidebar_panel)
        panel_layout.setContentsMargins(0, 0, 0, 0)
        panel_layout.setSpacing(4)
        panel_layout.addWidget(self.sidebar, 1)
        panel_layout.addWidget(self.tag_filter)
        panel_layout.addWidget(self.no_tag_matches)

    def _on_tags_filtered(self, shown: int) -> None:
        typed = " ".join(self.tag_filter.text().split())
        if shown or not typed:
            self.no_tag_matches.hide()
            return
        self.no_tag_matches.setText(self.tr("No tag matches “{text}”.").format(text=typed))
        self.no_tag_matches.show()

    def _build_table(self) -> None:
        self.table_model = PaperTableModel(self.library, self)
        self.table_model.reorder_requested.connect(self.organiser.on_reorder_requested)
        self.table_model.modelAboutToBeReset.connect(self._remember_selection)
        self.table_model.modelReset.connect(self._restore_selection)
        self.table = PaperTableView(self)
        self.table.setModel(self.table_model)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.table.open_requested.connect(self._on_open_requested)
        self.table.customContextMenuRequested.connect(self._on_table_menu)
        self.table.horizontalHeader().sortIndicatorChanged.connect(self._on_sort_changed)

    def _on_problem_imported(self, ids: list[int]) -> None:
        count = len(ids)
        self.show_status(
            QCoreApplication.translate("MainWindow", "Imported %Ln paper(s).", "", count), 5000
        )

    def _on_duplicates_counted(self, pairs: int) -> None:
        self.sidebar_model.set_duplicate_count(pairs)
        if self._showing_duplicates:
            self.status_line.rest(
                QCoreApplication.translate("MainWindow", "%Ln possible duplicate(s)", "", pairs)
            )

    def _build_center(self) -> None:
        """The table, or the welcome panel (empty library), or the import problems."""
        self.welcome = WelcomePanel(self)
        self.welcome.offer(can_import=True, can_add_by_identifier=True)
        self.welcome.sample_requested.connect(self.transfers.load_sample_library)
        self.welcome.import_requested.connect(self.transfers.import_files)
        self.welcome.add_by_identifier_requested.connect(self.transfers.add_by_identifier)
        self.problems_panel = ImportProblemsPanel(self.library, self.operations, self)
        self.problems_panel.imported.connect(self._on_problem_imported)
        self.duplicate_search = DuplicateSearch(self.library, self)
        self.duplicate_search.found.connect(
            lambda pairs: self.sidebar_model.set_duplicate_count(len(pairs))
        )
        self.duplicates_panel = DuplicatesPanel(
            self.library, self.history, self.duplicate_search, parent=self
        )
        self.duplicates_panel.counted.connect(self._on_duplicates_counted)
        # Typed letters go first: duplicates compared on a thread wait until typing pauses.
        self.search_bar.field.textChanged.connect(self.duplicate_search.give_way)
        self.annotations_panel = AnnotationsPanel(self.library, self)
        self.annotations_panel.jump_requested.connect(self.show_annotation)
        self.transfers.copy_bibtex_action.triggered.disconnect()
        self.transfers.copy_bibtex_action.triggered.connect(self._on_copy)
        self.center = QStackedWidget(self)
        for page in (
            self.table,
            self.welcome,
            self.problems_panel,
            self.duplicates_panel,
            self.annotations_panel,
        ):
            self.center.addWidget(page)
        self.duplicate_search.refresh()  # the sidebar's count, found in the background

    # -- layout memory ------------------------------------------------------------------

    def _restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        if geometry:
            self.restoreGeometry(geometry)
        else:
            self.resize(1280, 780)
        splitter = self.settings.value("window/splitter")
        if splitter:
            self.splitter.restoreState(splitter)
        else:
            self.splitter.setSizes([200, 720, 360])
        columns = self.settings.value("table/columns")
        self.table.restore_layout(
            self.settings.value("table/header"),
            columns=str(columns).split(",") if columns is not None else None,
        )
        self._sync_sort_indicator()

    def save_layout(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/splitter", self.splitter.saveState())
        self.settings.setValue("table/header", self.table.save_layout())
        self.settings.setValue("table/columns", ",".join(SORT_COLUMNS))
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.transfers.import_flow.busy:
            stop = prompts.confirm(
                self,
                self.tr("Stop the import?"),
                self.tr(
                    "An import is still running. Stop it and close? Nothing of it is kept: "
                    "the library stays as it was before the import."
                ),
            )
            if not stop:
                event.ignore()
                return
            self.transfers.import_flow.stop(seconds=30)
        self.detail.save_pending()
        self.files.stop(seconds=10)  # a PDF being read is put down (read again next time)
        self.history.close()  # copies of removed attachments no undo can bring back now
        self.operations.shut_down()  # the writes asked for are made before the library closes
        self.manuscript.sync_now()
        self.save_layout()
        self.events.detach()
        self.change_watch.stop()
        self.search_runner.shut_down()
        self.duplicate_search.wait()  # it reads the library, which closes after the window
        super().closeEvent(event)

    # -- the library changed -------------------------------------------------------------

    def _on_library_changed(self, change: Change) -> None:
        self._pending.append(change)
        self.manuscript.sync_soon()
        # A command of several steps is shown once it is whole, never half done.
        if self.operations.idle:
            self._apply_timer.start()

    def _on_operation_finished(self) -> None:
        if self._pending and self.operations.idle:
            self._apply_timer.start()

    def apply_pending_changes(self) -> None:
        """Bring the views up to date now (before selecting a paper just added)."""
        if self._pending:
            self._apply_timer.stop()
            self._apply_changes()

    def _apply_changes(self) -> None:
        """Refresh the views once for everything that changed since the last turn."""
        changes, self._pending = self._pending, []
        kinds = {c.kind for c in changes}
        self.manuscript.tell_sync_problems()  # files the changes could not bring up to date
        if kinds & _SIDEBAR_KINDS:
            self.duplicate_search.refresh()
            self.sidebar_model.reload()
            self.sidebar.expandAll()
            self._reselect_sidebar()
        if kinds & _TABLE_KINDS and not self._only_rows_changed(changes):
            self._rerun_query()
        if self._showing_problems and kinds & {"papers", "problems"}:
            self.problems_panel.reload()
        if kinds & _ANNOTATION_KINDS:
            if not kinds & _SIDEBAR_KINDS:  # the sidebar re-read it otherwise
                self.sidebar_model.update_annotation_count()
            if self._showing_annotations:
                self.annotations_panel.reload()
        for change in changes:
            self.detail.refresh(change)
        self._update_center()
        self._update_actions()

    def _on_changed_elsewhere(self) -> None:
        self.status_line.tell(
            self.tr("The library was changed elsewhere; showing the changes."), 5000
        )
        self._on_library_changed(Change(ChangeKind.REFRESH))

    def _only_rows_changed(self, changes: list[Change]) -> bool:
        """Edits of papers already shown, in a view they cannot leave: re-read their rows
        instead of the whole view (which costs a query over every paper)."""
        if any(c.kind != ChangeKind.PAPERS for c in changes if c.kind in _TABLE_KINDS):
            return False
        edited = list(
            dict.fromkeys(i for c in changes if c.kind == ChangeKind.PAPERS for i in c.paper_ids)
        )
        if not edited or len(edited) > _FEW_EDITS:
            return False
        # A merge announces "papers" while it moves one of them to the trash.
        if any(self.library.paper(i).paper.deleted_at is not None for i in edited):
            return False
        return self.table_model.refresh_rows(edited)

    def _reselect_sidebar(self) -> None:
        shown = PROBLEMS_VIEW if self._showing_problems else self.table_model.view
        shown = DUPLICATES_VIEW if self._showing_duplicates else shown
        if self._showing_annotations:
            shown = ANNOTATIONS_VIEW
        index = self.sidebar_model.index_of(shown)
        if not index.isValid():  # the list or tag shown was deleted
            index = self.sidebar_model.index_of(View())
        blocked = self.sidebar.selectionModel().blockSignals(True)
        self.sidebar.setCurrentIndex(index)
        self.sidebar.selectionModel().blockSignals(blocked)
        if index.data(VIEW_ROLE) != shown:
            self._showing_problems = self._showing_duplicates = False
            self._showing_annotations = False
            self.table_model.show_view(View())

    def _update_center(self) -> None:
        if self._showing_duplicates:
            self.center.setCurrentWidget(self.duplicates_panel)
            self._on_duplicates_counted(len(self.duplicates_panel.shown_pairs()))
            return
        if self._showing_annotations:
            self.center.setCurrentWidget(self.annotations_panel)
            listed = self.annotations_panel.count()
            self.status_line.rest(
                QCoreApplication.translate("MainWindow", "%Ln annotation(s)", "", listed)
            )
            return
        if self._showing_problems:
            self.center.setCurrentWidget(self.problems_panel)
            problems = self.problems_panel.count()
            self.status_line.rest(
                QCoreApplication.translate("MainWindow", "%Ln import problem(s)", "", problems)
            )
            return
        empty = self.table_model.view == View() and not self.search_bar.text()
        empty = empty and self.table_model.rowCount() == 0
        self.center.setCurrentWidget(self.welcome if empty else self.table)
        shown = self.table_model.rowCount()
        self.table.set_empty_message(self._nothing_found() if shown == 0 else "")
        self.search_bar.set_count(shown, bool(self.search_bar.text()), capped=self._capped)
        self.status_line.rest(
            QCoreApplication.translate("MainWindow", "%Ln paper(s) shown", "", shown)
        )

    def _nothing_found(self) -> str:
        """What an empty table says: that the search found nothing, not that it is broken."""
        text = self.search_bar.text().strip()
        if not text or text != self._answered:
            return ""
        if self.table_model.view == View():
            return self.tr("No papers match “{query}”.").format(query=text)
        return self.tr("No papers in this view match “{query}”.").format(query=text)

    # -- views, search and sorting ---------------------------------------------------------

    def _on_sidebar_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        view = current.data(VIEW_ROLE)
        if view is None:
            return
        self.status_line.moved_on()  # the new view's count is shown, not the last message
        self._showing_problems = view == PROBLEMS_VIEW
        self._showing_duplicates = view == DUPLICATES_VIEW
        self._showing_annotations = view == ANNOTATIONS_VIEW
        if self._showing_duplicates:
            self.duplicates_panel.reload()
            self._update_center()
            return
        if self._showing_annotations:
            self.annotations_panel.reload()
            self._update_center()
            self._update_actions()
            return
        if view.kind == "search":  # a saved search: run it over the whole library
            self.table_model.show_view(View())
            self.search_bar.field.setText(current.data(QUERY_ROLE))
            self._update_center()
            self._update_actions()
            return
        if self._showing_problems:
            self.problems_panel.reload()
            self._update_center()
            return
        self.table_model.show_view(view)  # reads the view's ids once
        self._sync_sort_indicator()
        if self.search_bar.text():
            self._rerun_query()
        self._update_center()
        self._update_actions()

    def show_annotation(self, paper_id: int, annotation_id: int) -> None:
        """Show an annotation in its paper: the library's table with the paper selected,
        its abstract open at the annotated words."""
        self.search_bar.field.clear()
        self.show_view(View())
        self.select_ids([paper_id])
        self.detail.show_paper(paper_id)
        self.detail.show_annotation(annotation_id)

    def show_view(self, view: View) -> None:
        """Select a sidebar row (tests and keyboard users)."""
        self.apply_pending_changes()  # a list made a moment ago must be in the sidebar
        self.sidebar.setCurrentIndex(self.sidebar_model.index_of(view))

    def _on_query_changed(self, _text: str) -> None:
        self._rerun_query()
        self._update_center()
        self._update_actions()

    def _rerun_query(self) -> None:
        """Show the current view, narrowed by the search text when there is one."""
        text = self.search_bar.text()
        if not text:
            self.search_runner.cancel()
            if self.table_model.sort_key == RELEVANCE:
                self.table_model.show_hits(None)
            else:
                self.table_model.reload()
            return
        view = self.table_model.view
        # Every match, never a silent few: an action on the papers shown acts on all of them.
        if view == View():
            self.search_runner.request(text, None, quick_limit=QUICK_LIMIT)
        else:
            self.search_runner.request(text, None, view=view)

    def _on_hits(self, text: str, paper_ids: list[int]) -> None:
        if text != self.search_bar.text():  # the user typed on (or cleared the field)
            return
        # A quick answer stops at QUICK_LIMIT papers; the complete one follows at a pause.
        self._capped = self.table_model.view == View() and len(paper_ids) == QUICK_LIMIT
        self._answered = text.strip()
        self.table_model.show_hits(paper_ids)
        self._update_center()
        self._update_actions()
        self.search_finished.emit(text)

    def _on_nearest(self, text: str, paper_ids: list[int], replaced: list[list[str]]) -> None:
        """Nothing matched: the papers found with the nearest words, said to be approximate."""
        if text != self.search_bar.text():
            return
        self._on_hits(text, paper_ids)
        self.search_bar.show_nearest(len(paper_ids), [(typed, read) for typed, read in replaced])

    def _on_search_failed(self, text: str, error: Exception) -> None:
        if not isinstance(error, KnownError):
            raise error
        if text == self.search_bar.text():
            self.status_line.tell(core_sentences.of_error(error), 6000)

    def _on_sort_changed(self, column: int, _order: Qt.SortOrder) -> None:
        self._update_actions()

    def _sync_sort_indicator(self) -> None:
        header = self.table.horizontalHeader()
        blocked = header.blockSignals(True)
        key = self.table_model.sort_key
        if key in SORT_COLUMNS:
            order = (
                Qt.SortOrder.DescendingOrder
                if self.table_model.descending
                else (Qt.SortOrder.AscendingOrder)
            )
            header.setSortIndicator(SORT_COLUMNS.index(key), order)
        else:
            header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        header.blockSignals(blocked)

    def use_list_order(self) -> None:
        """Show the reading list shown in its own order again."""
        self.table_model.use_list_order()
        self._sync_sort_indicator()
        self._update_actions()

    # -- selection --------------------------------------------------------------------------

    def selected_ids(self) -> list[int]:
        """The selected papers in table order.

        Read from the selection's row ranges: `selectedRows()` asks the model for the
        flags of every selected cell (with the 20,000 papers of an import selected, it
        took 1.2 s of each keystroke).
        """
        shown = self.table_model.paper_ids()
        # Slices of the runs: the 100k papers of an import, selected, are one slice (read
        # row by row they cost every keystroke tens of milliseconds).
        chosen: list[int] = []
        for top, bottom in self._selected_runs():
            chosen += shown[top : bottom + 1]
        return chosen

    def select_ids(self, paper_ids: list[int]) -> None:
        """Select these papers in the table (those shown), the first one current.

        One selection of row ranges, made at once: selecting row by row told every
        listener once per row, and each of them read the whole selection (the papers of
        an import of 1,500 entries froze the window for seconds).
        """
        wanted = set(paper_ids)
        rows = [row for row, pid in enumerate(self.table_model.paper_ids()) if pid in wanted]
        selection = self.table.selectionModel()
        chosen = QItemSelection()
        last_column = max(self.table_model.columnCount() - 1, 0)
        for top, bottom in _runs(rows):
            chosen.select(
                self.table_model.index(top, 0), self.table_model.index(bottom, last_column)
            )
        flags = (
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows
        )
        selection.select(chosen, flags)
        if rows:
            first = self.table_model.index(rows[0], 0)
            selection.setCurrentIndex(first, QItemSelectionModel.SelectionFlag.NoUpdate)
            self.table.scrollTo(first)

    def _remember_selection(self) -> None:
        self._selected_before_reset = self.selected_ids()

    def _restore_selection(self) -> None:
        if self._selected_before_reset:
            self.select_ids(self._selected_before_reset)
        # A model reset clears the selection without a selectionChanged signal: when the
        # papers shown no longer include the one in the detail pane, let it go.
        self._on_selection_changed()

    def _on_selection_changed(self, *_args: object) -> None:
        count = self.selected_count()
        if count > 1:
            self.detail.show_many(count)
        elif count == 1:
            first = self.table_model.paper_id(self._selected_runs()[0][0])
            if first != self.detail.paper_id:
                self.detail.show_paper(first)
        else:
            self.detail.show_paper(None)
        self._update_actions()

    def _selected_runs(self) -> list[tuple[int, int]]:
        """The selected rows as (first, last) of each run, in order, without reading a
        row: a selection of 100k papers is one run."""
        selection = self.table.selectionModel().selection()
        spans = sorted(
            (selection.at(i).top(), selection.at(i).bottom()) for i in range(selection.size())
        )
        runs: list[tuple[int, int]] = []
        for top, bottom in spans:
            if runs and top <= runs[-1][1] + 1:
                runs[-1] = (runs[-1][0], max(runs[-1][1], bottom))
            else:
                runs.append((top, bottom))
        return runs

    def selected_count(self) -> int:
        """How many papers are selected (without listing them)."""
        return sum(bottom - top + 1 for top, bottom in self._selected_runs())

    def has_selection(self) -> bool:
        """Whether any paper is selected (without reading which)."""
        return self.table.selectionModel().hasSelection()

    def _on_open_requested(self) -> None:
        self.open_selected()

    def open_selected(self) -> None:
        """Show the first selected paper in the detail pane and move the keyboard there."""
        ids = self.selected_ids()
        if ids:
            self.detail.show_paper(ids[0])
            self.detail.tabs.setFocus()

    def _update_actions(self) -> None:
        self.window_actions.update_actions()
        self.organiser.update_actions()
        self.editing.update_actions()
        self.manuscript.update_actions()
        self.transfers.update_actions()
        if self._showing_annotations:  # Copy copies the annotations listed
            self.transfers.copy_bibtex_action.setEnabled(True)

    def _on_copy(self) -> None:
        """The one Copy key: the annotations while they are listed, else the papers'
        BibTeX (two actions on Ctrl+C would make Qt run neither)."""
        if self._showing_annotations:
            self.annotations_panel.copy_selected()
        else:
            self.transfers.copy_bibtex()

    # -- acting on the selection ------------------------------------------------------------

    def perform(
        self,
        command: undo_commands.QUndoCommand,
        *,
        on_stale: Callable[[StaleEditError], object] | None = None,
    ) -> None:
        """Do an undoable command off the GUI thread, then push it; a problem the user can
        fix is shown as a sentence (a stale edit is handed to `on_stale` when given)."""
        self.history.perform(command, on_stale=on_stale)

    def _tell(self, sentence: str) -> None:
        prompts.show_error(self, sentence)

    def _on_exported(self, count: int, path: str) -> None:
        self.show_status(
            QCoreApplication.translate(
                "MainWindow", "Exported %Ln paper(s) to {path}.", "", count
            ).format(path=path),
            EXPORT_NOTICE_MS,
        )
        self.show_in_folder.offer(Path(path), EXPORT_NOTICE_MS)

    def show_status(self, message: str, msec: int = 0) -> None:
        """Tell something in the status bar (for `msec`, or until replaced when 0)."""
        self.status_line.tell(message, msec)

    # -- what the helpers read of the table and the search bar ------------------------------------

    def widget(self) -> QWidget:
        """The window itself: the parent of its helpers' dialogs, menus and actions."""
        return self

    def current_view(self) -> View:
        """The view the table shows."""
        return self.table_model.view

    def current_view_name(self) -> str:
        """The name of the sidebar row shown ("papers" when there is none)."""
        return str(self.sidebar.currentIndex().data() or self.tr("papers"))

    def in_list_order(self) -> bool:
        """Whether the table shows a reading list in the list's own order."""
        return self.table_model.view.kind == "list" and self.table_model.sort_key == "position"

    def shown_ids(self) -> list[int]:
        """The papers shown, in table order: every match of the search, even while the
        table holds only the quick answer's first ones."""
        if self._capped and self.search_bar.text():
            model = self.table_model
            return self.library.find(
                model.view,
                self.search_bar.text(),
                model.sort_key,
                descending=model.descending,
            )
        return self.table_model.paper_ids()

    def shown_count(self) -> int:
        """How many papers the table shows."""
        return self.table_model.rowCount()

    def search_text(self) -> str:
        """What is typed in the search bar."""
        return self.search_bar.text()

    def focus_search(self) -> None:
        """Put the keyboard in the search bar."""
        self.search_bar.focus()

    # -- context menus and first start ----------------------------------------------------------

    def _on_table_menu(self, position: QPoint) -> None:
        if self.table.indexAt(position).isValid() and self.selected_ids():
            self.table_menu().exec(self.table.viewport().mapToGlobal(position))

    def table_menu(self) -> QMenu:
        """The papers table's context menu, for the selection and the view shown."""
        return paper_menu.build(
            self,
            self.organiser,
            self.window_actions.open_action,
            manuscript=self.manuscript,
            completer=self.completer,
            editing=self.editing,
        )

    def _on_sidebar_menu(self, position: QPoint) -> None:
        index = self.sidebar.indexAt(position)
        menu = self.organiser.sidebar_menu_for(index)
        self.manuscript.extend_sidebar_menu(menu, index)
        if not menu.isEmpty():
            menu.exec(self.sidebar.viewport().mapToGlobal(position))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and all(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        files = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if files:
            event.acceptProposedAction()
            self.transfers.import_files(files)


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """Ascending rows as (first, last) of each run of consecutive ones."""
    runs: list[tuple[int, int]] = []
    for row in rows:
        if runs and runs[-1][1] == row - 1:
            runs[-1] = (runs[-1][0], row)
        else:
            runs.append((row, row))
    return runs
