"""The Papershelf window: sidebar, paper table and detail pane under a search bar.

The window composes the widgets and turns user actions into `Library` calls (undoable
ones through the undo stack). It refreshes from the library's change notifications only,
gathered once per turn of the event loop, so a view never shows a half-done operation.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QItemSelectionModel,
    QModelIndex,
    QPoint,
    QSettings,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QKeySequence,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QColorDialog,
    QMainWindow,
    QMenu,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.core.browse import View
from desktop.core.errors import KnownError
from desktop.core.library import Change, Library
from desktop.ui import exporting, icons, paper_menu, prompts, sample_library, undo_commands
from desktop.ui.dialogs.import_report import ImportReportDialog, summary
from desktop.ui.import_flow import IMPORT_FILTERS, ImportFlow
from desktop.ui.library_events import LibraryEvents
from desktop.ui.models.paper_table_model import COLUMN_KEYS, PaperTableModel
from desktop.ui.models.sidebar_model import (
    KIND_ROLE,
    NAME_ROLE,
    PROBLEMS_VIEW,
    VIEW_ROLE,
    SidebarModel,
)
from desktop.ui.search_runner import SearchRunner
from desktop.ui.widgets.detail_pane import DetailPane
from desktop.ui.widgets.import_problems_panel import ImportProblemsPanel
from desktop.ui.widgets.paper_table_view import PaperTableView
from desktop.ui.widgets.search_bar import QUERY_HELP, SearchBar
from desktop.ui.widgets.sidebar_view import SidebarView
from desktop.ui.widgets.welcome_panel import WelcomePanel
from desktop.ui.workers import Worker

#: Search hits asked for; more matches than this are reported as "500+ found".
SEARCH_LIMIT = 500
STATUS_SHORTCUTS = {"unread": "Ctrl+1", "reading": "Ctrl+2", "read": "Ctrl+3"}
#: Change kinds after which the table's rows may differ.
#: Up to this many edited papers are re-read one by one; more re-read the whole view.
_FEW_EDITS = 20
_TABLE_KINDS = {"papers", "trash", "lists", "tags", "refresh"}
_SIDEBAR_KINDS = {"papers", "trash", "lists", "tags", "refresh", "problems"}


class MainWindow(QMainWindow):
    """The main window over one open library."""

    #: The table shows the hits of this query (tests and benchmarks wait for it).
    search_finished = Signal(str)

    def __init__(self, library: Library, settings: QSettings | None = None) -> None:
        super().__init__()
        self.library = library
        self.settings = settings if settings is not None else QSettings()
        self.undo_stack = QUndoStack(self)
        self.events = LibraryEvents(library, self)
        self._pending: list[Change] = []
        self._apply_timer = QTimer(self, singleShot=True, interval=0)
        self._apply_timer.timeout.connect(self._apply_changes)
        self.events.changed.connect(self._on_library_changed)
        self.setWindowTitle("Papershelf")
        self.setWindowIcon(icons.app_icon())
        self.actions_by_name: dict[str, QAction] = {}
        self._build_widgets()
        self._build_actions()
        self._build_menus()
        self._restore_layout()
        self.sidebar.setCurrentIndex(self.sidebar_model.index_of(View()))
        self._update_center()
        self._update_actions()

    # -- building ------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self.search_bar = SearchBar(self)
        self.search_bar.query_changed.connect(self._on_query_changed)
        self.search_runner = SearchRunner(self.library, self)
        self.search_runner.hits_ready.connect(self._on_hits)
        self.search_runner.failed.connect(self._on_search_failed)
        self.sidebar_model = SidebarModel(self.library, self)
        self.sidebar_model.papers_dropped.connect(self._on_papers_dropped)
        self.sidebar = SidebarView(self)
        self.sidebar.setModel(self.sidebar_model)
        self.sidebar.expandAll()
        self.sidebar.selectionModel().currentChanged.connect(self._on_sidebar_current)
        self.sidebar.customContextMenuRequested.connect(self._on_sidebar_menu)
        self.table_model = PaperTableModel(self.library, self)
        self.table_model.reorder_requested.connect(self._on_reorder_requested)
        self.table_model.modelAboutToBeReset.connect(self._remember_selection)
        self.table_model.modelReset.connect(self._restore_selection)
        self.table = PaperTableView(self)
        self.table.setModel(self.table_model)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.table.open_requested.connect(self._on_open_requested)
        self.table.customContextMenuRequested.connect(self._on_table_menu)
        self.table.horizontalHeader().sortIndicatorChanged.connect(self._on_sort_changed)
        self.welcome = WelcomePanel(self)
        self.welcome.offer(can_import=True, can_add_by_identifier=True)
        self.welcome.sample_requested.connect(self.load_sample_library)
        self.welcome.import_requested.connect(self.import_files)
        self.welcome.add_by_identifier_requested.connect(self.add_by_identifier)
        self.import_flow = ImportFlow(self.library, self)
        self.import_flow.finished.connect(self._on_import_finished)
        self.setAcceptDrops(True)
        self.center = QStackedWidget(self)
        self.center.addWidget(self.table)
        self.center.addWidget(self.welcome)
        self.problems_panel = ImportProblemsPanel(self.library, self)
        self.problems_panel.imported.connect(
            lambda ids: self.statusBar().showMessage(f"Imported {len(ids)} paper(s).", 5000)
        )
        self.center.addWidget(self.problems_panel)
        self.detail = DetailPane(self.library, self.undo_stack, self)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(self.sidebar)
        self.splitter.addWidget(self.center)
        self.splitter.addWidget(self.detail)
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
        self._selected_before_reset: list[int] = []
        self._capped = False
        self._showing_problems = False

    def _action(
        self, name: str, text: str, slot: Any, shortcut: Any = None, tip: str = "", icon: str = ""
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, list):
                action.setShortcuts(shortcut)
            else:
                action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        if icon:
            action.setIcon(icons.icon(icon))
        action.triggered.connect(slot)
        self.addAction(action)
        self.actions_by_name[name] = action
        return action

    def _build_actions(self) -> None:
        std = QKeySequence.StandardKey
        find = [*QKeySequence.keyBindings(std.Find), QKeySequence("Ctrl+L")]
        self._action("find", "Find", self.search_bar.focus, find, "Search the library")
        self._action("quit", "Quit", self.close, QKeySequence(std.Quit))
        self._action(
            "open", "Open paper", self._on_open_requested, None, "Show the paper's details (Enter)"
        )
        self._action(
            "copy_citekey",
            "Copy citation key",
            self.copy_citekeys,
            QKeySequence("Ctrl+Shift+C"),
            "Copy the citation keys of the selected papers",
        )
        self._action(
            "trash",
            "Move to Trash",
            self.trash_selection,
            QKeySequence(std.Delete),
            "Move the selected papers to the trash (undo with Ctrl+Z)",
            "trash",
        )
        self._action(
            "restore",
            "Restore from Trash",
            self.restore_selection,
            None,
            "Put the selected papers back in the library",
        )
        self._action(
            "empty_trash",
            "Empty Trash…",
            self.empty_trash,
            None,
            "Delete the papers in the trash for good",
        )
        self._action(
            "new_list",
            "New Reading List…",
            self.create_list,
            QKeySequence("Ctrl+Shift+N"),
            "Create a reading list",
            "list",
        )
        self._action(
            "remove_from_list",
            "Remove from This List",
            self.remove_selection_from_list,
            None,
            "Take the selected papers out of this list (they stay in the library)",
        )
        self._action(
            "move_up",
            "Move Up in List",
            lambda: self.move_selection(-1),
            QKeySequence("Ctrl+Shift+Up"),
            "Move the selected papers up in this list",
        )
        self._action(
            "move_down",
            "Move Down in List",
            lambda: self.move_selection(1),
            QKeySequence("Ctrl+Shift+Down"),
            "Move the selected papers down in this list",
        )
        self._action(
            "list_order",
            "Sort by List Order",
            self._on_list_order,
            None,
            "Show this reading list in its own order",
        )
        self._action(
            "remove_tag",
            "Remove This Tag",
            self.untag_selection,
            None,
            "Take this tag off the selected papers",
        )
        self._action(
            "import",
            "Import…",
            self.import_files,
            QKeySequence(std.Open),
            "Import BibTeX, BibLaTeX, RIS, CSL-JSON or a pasted listing",
            "import",
        )
        self._action(
            "add_identifier",
            "Add by DOI or arXiv id…",
            self.add_by_identifier,
            QKeySequence("Ctrl+Shift+D"),
            "Fetch a paper's details from its DOI or arXiv id",
            "add",
        )
        self._action(
            "export_selection",
            "Export Selected Papers…",
            self.export_selection,
            QKeySequence("Ctrl+E"),
            "Save the selected papers as BibTeX, RIS…",
            "export",
        )
        self._action(
            "export_view",
            "Export Papers Shown…",
            self.export_view,
            None,
            "Save every paper shown (this list, tag or search) to a file",
        )
        self._action(
            "copy_bibtex",
            "Copy as BibTeX",
            self.copy_bibtex,
            QKeySequence(std.Copy),
            "Copy the BibTeX of the selected papers",
        )
        self._action(
            "paste",
            "Paste BibTeX, DOI or arXiv id",
            self.paste,
            QKeySequence(std.Paste),
            "Add papers from BibTeX (or RIS…) text or a DOI / arXiv id on the clipboard",
        )
        self._action(
            "refresh",
            "Refresh",
            self.refresh_from_others,
            QKeySequence(std.Refresh),
            "Show changes other people or programs made to this library",
        )
        self._action(
            "sample",
            "Load Sample Library",
            self.load_sample_library,
            None,
            "Add a few classic papers to look around with",
            "sample",
        )
        # These keys mean something else in a text field or the sidebar: table only.
        for name in ("trash", "copy_bibtex", "paste", "copy_citekey"):
            self.actions_by_name[name].setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            self.table.addAction(self.actions_by_name[name])
        undo = self.undo_stack.createUndoAction(self, "Undo")
        undo.setShortcuts(QKeySequence.keyBindings(std.Undo))
        redo = self.undo_stack.createRedoAction(self, "Redo")
        redo.setShortcuts([*QKeySequence.keyBindings(std.Redo), QKeySequence("Ctrl+Shift+Z")])
        for name, action in (("undo", undo), ("redo", redo)):
            self.addAction(action)
            self.actions_by_name[name] = action

    def _build_menus(self) -> None:
        actions = self.actions_by_name
        file_menu = self.menuBar().addMenu("&File")
        for name in ("import", "add_identifier", "paste"):
            file_menu.addAction(actions[name])
        file_menu.addSeparator()
        for name in ("export_selection", "export_view"):
            file_menu.addAction(actions[name])
        file_menu.addSeparator()
        file_menu.addAction(actions["new_list"])
        file_menu.addAction(actions["sample"])
        file_menu.addAction(actions["refresh"])
        file_menu.addSeparator()
        file_menu.addAction(actions["quit"])
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.addAction(actions["undo"])
        edit_menu.addAction(actions["redo"])
        edit_menu.addSeparator()
        edit_menu.addAction(actions["copy_bibtex"])
        edit_menu.addAction(actions["copy_citekey"])
        edit_menu.addAction(actions["find"])
        edit_menu.addSeparator()
        edit_menu.addAction(actions["trash"])
        self.status_menu = QMenu("Reading status", self)
        for status, keys in STATUS_SHORTCUTS.items():
            self._action(
                f"status_{status}",
                f"Mark as {status.capitalize()}",
                lambda _=False, s=status: self.set_status(s),
                QKeySequence(keys),
                f"Mark the selected papers as {status}",
                status,
            )
            self.status_menu.addAction(actions[f"status_{status}"])
        self.priority_menu = QMenu("Priority", self)
        for level in range(6):
            label = "No priority" if level == 0 else "★" * level
            self._action(
                f"priority_{level}",
                label,
                lambda _=False, p=level: self.set_priority(p),
                QKeySequence(f"Alt+{level}"),
                f"Set the priority of the selection to {level}",
            )
            self.priority_menu.addAction(actions[f"priority_{level}"])
        paper = self.menuBar().addMenu("&Paper")
        paper.addAction(actions["open"])
        paper.addMenu(self.status_menu)
        paper.addMenu(self.priority_menu)
        paper.addSeparator()
        for name in ("remove_from_list", "move_up", "move_down", "list_order", "remove_tag"):
            paper.addAction(actions[name])
        paper.addSeparator()
        paper.addAction(actions["trash"])
        paper.addAction(actions["restore"])
        paper.addAction(actions["empty_trash"])
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction("Search Syntax").triggered.connect(self._show_search_help)
        help_menu.addAction("About Papershelf").triggered.connect(self._show_about)

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
        self.table.restore_layout(self.settings.value("table/header"))
        self._sync_sort_indicator()

    def save_layout(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/splitter", self.splitter.saveState())
        self.settings.setValue("table/header", self.table.save_layout())
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.detail.save_pending()
        self.save_layout()
        self.events.detach()
        super().closeEvent(event)

    # -- the library changed -------------------------------------------------------------

    def _on_library_changed(self, change: Change) -> None:
        self._pending.append(change)
        self._apply_timer.start()

    def _apply_changes(self) -> None:
        """Refresh the views once for everything that changed since the last turn."""
        changes, self._pending = self._pending, []
        kinds = {c.kind for c in changes}
        if kinds & _SIDEBAR_KINDS:
            self.sidebar_model.reload()
            self.sidebar.expandAll()
            self._reselect_sidebar()
        if kinds & _TABLE_KINDS and not self._only_rows_changed(changes):
            self.table_model.forget_view()
            self._rerun_query()
        if self._showing_problems and kinds & {"papers", "problems"}:
            self.problems_panel.reload()
        for change in changes:
            self.detail.refresh(change)
        self._update_center()
        self._update_actions()

    def _only_rows_changed(self, changes: list[Change]) -> bool:
        """Edits of papers already shown, in a view they cannot leave: re-read their rows
        instead of the whole view (which costs a query over every paper)."""
        if any(c.kind != "papers" for c in changes if c.kind in _TABLE_KINDS):
            return False
        edited = list(dict.fromkeys(i for c in changes if c.kind == "papers" for i in c.paper_ids))
        if not edited or len(edited) > _FEW_EDITS:
            return False
        # A merge announces "papers" while it moves one of them to the trash.
        if any(self.library.paper(i).paper.deleted_at is not None for i in edited):
            return False
        return self.table_model.refresh_rows(edited)

    def _reselect_sidebar(self) -> None:
        shown = PROBLEMS_VIEW if self._showing_problems else self.table_model.view
        index = self.sidebar_model.index_of(shown)
        if not index.isValid():  # the list or tag shown was deleted
            index = self.sidebar_model.index_of(View())
        blocked = self.sidebar.selectionModel().blockSignals(True)
        self.sidebar.setCurrentIndex(index)
        self.sidebar.selectionModel().blockSignals(blocked)
        if index.data(VIEW_ROLE) != shown:
            self._showing_problems = False
            self.table_model.show_view(View())

    def _update_center(self) -> None:
        if self._showing_problems:
            self.center.setCurrentWidget(self.problems_panel)
            self.statusBar().showMessage(f"{self.problems_panel.list.count()} import problem(s)")
            return
        empty = self.table_model.view == View() and not self.search_bar.text()
        empty = empty and self.table_model.rowCount() == 0
        self.center.setCurrentWidget(self.welcome if empty else self.table)
        shown = self.table_model.rowCount()
        self.search_bar.set_count(shown, bool(self.search_bar.text()), capped=self._capped)
        self.statusBar().showMessage(f"{shown:,} paper{'s' if shown != 1 else ''} shown")

    # -- views, search and sorting ---------------------------------------------------------

    def _on_sidebar_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        view = current.data(VIEW_ROLE)
        if view is None:
            return
        self._showing_problems = view == PROBLEMS_VIEW
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

    def show_view(self, view: View) -> None:
        """Select a sidebar row (tests and keyboard users)."""
        self.sidebar.setCurrentIndex(self.sidebar_model.index_of(view))

    def _on_query_changed(self, _text: str) -> None:
        self._rerun_query()
        self._update_center()

    def _rerun_query(self) -> None:
        """Show the current view, narrowed by the search text when there is one."""
        text = self.search_bar.text()
        if not text:
            self.search_runner.cancel()
            if self.table_model.sort_key == "relevance":
                self.table_model.show_hits(None)
            else:
                self.table_model.reload()
            return
        # Inside a list or tag, ask for every hit: the view keeps only its own papers.
        whole = self.table_model.view == View()
        self.search_runner.request(text, SEARCH_LIMIT if whole else 10**7)

    def _on_hits(self, text: str, paper_ids: list[int]) -> None:
        if text != self.search_bar.text():  # the user typed on (or cleared the field)
            return
        self._capped = self.table_model.view == View() and len(paper_ids) >= SEARCH_LIMIT
        self.table_model.show_hits(paper_ids)
        self._update_center()
        self._update_actions()
        self.search_finished.emit(text)

    def _on_search_failed(self, text: str, error: Exception) -> None:
        if not isinstance(error, KnownError):
            raise error
        if text == self.search_bar.text():
            self.statusBar().showMessage(str(error), 6000)

    def _on_sort_changed(self, column: int, _order: Qt.SortOrder) -> None:
        self._update_actions()

    def _sync_sort_indicator(self) -> None:
        header = self.table.horizontalHeader()
        blocked = header.blockSignals(True)
        key = self.table_model.sort_key
        if key in COLUMN_KEYS:
            order = (
                Qt.SortOrder.DescendingOrder
                if self.table_model.descending
                else (Qt.SortOrder.AscendingOrder)
            )
            header.setSortIndicator(COLUMN_KEYS.index(key), order)
        else:
            header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        header.blockSignals(blocked)

    def _on_list_order(self) -> None:
        self.table_model.use_list_order()
        self._sync_sort_indicator()
        self._update_actions()

    # -- selection --------------------------------------------------------------------------

    def selected_ids(self) -> list[int]:
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [self.table_model.paper_id(r) for r in rows]

    def select_ids(self, paper_ids: list[int]) -> None:
        """Select these papers in the table (those shown), the first one current."""
        wanted = set(paper_ids)
        selection = self.table.selectionModel()
        selection.clearSelection()
        first: QModelIndex | None = None
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        for row, paper_id in enumerate(self.table_model.paper_ids()):
            if paper_id in wanted:
                index = self.table_model.index(row, 0)
                selection.select(index, flags)
                first = first or index
        if first is not None:
            selection.setCurrentIndex(first, QItemSelectionModel.SelectionFlag.NoUpdate)
            self.table.scrollTo(first)

    def _remember_selection(self) -> None:
        self._selected_before_reset = self.selected_ids()

    def _restore_selection(self) -> None:
        if self._selected_before_reset:
            self.select_ids(self._selected_before_reset)

    def _on_selection_changed(self, *_args: object) -> None:
        ids = self.selected_ids()
        if ids and ids[0] != self.detail.paper_id:
            self.detail.show_paper(ids[0])
        elif not ids:
            self.detail.show_paper(None)
        self._update_actions()

    def _on_open_requested(self) -> None:
        ids = self.selected_ids()
        if ids:
            self.detail.show_paper(ids[0])
            self.detail.tabs.setFocus()

    def _update_actions(self) -> None:
        any_selected = bool(self.table.selectionModel().selectedRows())
        view = self.table_model.view
        in_trash = view.kind == "trash"
        in_list = view.kind == "list"
        ordered = in_list and self.table_model.sort_key == "position"
        enabled = {
            "open": any_selected,
            "copy_citekey": any_selected,
            "copy_bibtex": any_selected,
            "export_selection": any_selected,
            "export_view": self.table_model.rowCount() > 0,
            "trash": any_selected and not in_trash,
            "restore": any_selected and in_trash,
            "remove_from_list": any_selected and in_list,
            "move_up": any_selected and ordered,
            "move_down": any_selected and ordered,
            "list_order": in_list and not ordered,
            "remove_tag": any_selected and view.kind == "tag",
            "empty_trash": self.library.count(trash=True) > 0 if in_trash else True,
        }
        for name, on in enabled.items():
            self.actions_by_name[name].setEnabled(on)
        for menu in (self.status_menu, self.priority_menu):
            menu.setEnabled(any_selected and not in_trash)

    # -- acting on the selection ------------------------------------------------------------

    def _run(self, command: undo_commands.QUndoCommand) -> None:
        """Push an undoable command; a problem the user can fix is shown as a sentence."""
        try:
            undo_commands.perform(self.undo_stack, command)
        except KnownError as error:
            prompts.show_error(self, str(error))

    def set_status(self, status: str) -> None:
        ids = self.selected_ids()
        if not ids:
            return
        old = {i: row.status for i, row in self.library.rows(ids).items()}
        self._run(
            undo_commands.SetFieldCommand(self.library, "status", status, old, f"Mark as {status}")
        )

    def set_priority(self, priority: int) -> None:
        ids = self.selected_ids()
        if not ids:
            return
        old = {i: row.priority for i, row in self.library.rows(ids).items()}
        self._run(
            undo_commands.SetFieldCommand(self.library, "priority", priority, old, "Set priority")
        )

    def trash_selection(self) -> None:
        ids = self.selected_ids()
        if ids and self.table_model.view.kind != "trash":
            self._run(undo_commands.TrashCommand(self.library, ids))

    def restore_selection(self) -> None:
        ids = self.selected_ids()
        if ids and self.table_model.view.kind == "trash":
            self._run(undo_commands.TrashCommand(self.library, ids, restore=True))

    def empty_trash(self) -> None:
        count = self.library.count(trash=True)
        if count and prompts.confirm(
            self,
            "Empty Trash",
            f"Delete the {count:,} paper{'s' if count != 1 else ''} in the trash for good, "
            "with their notes? This cannot be undone.",
        ):
            self.library.empty_trash()
            self.undo_stack.clear()  # older steps may refer to papers now gone

    def copy_citekeys(self) -> None:
        rows = self.library.rows(self.selected_ids())
        keys = [rows[i].citekey for i in self.selected_ids() if i in rows]
        if keys:
            QGuiApplication.clipboard().setText(", ".join(keys))
            self.statusBar().showMessage(f"Copied {', '.join(keys)[:80]}", 4000)

    def add_selection_to_list(self, list_id: int) -> None:
        ids = self.selected_ids()
        if ids:
            self._run(undo_commands.AddToListCommand(self.library, list_id, ids))

    def add_selection_to_new_list(self) -> None:
        name = prompts.ask_text(self, "New reading list", "Name of the new list:")
        if not name:
            return
        self._run(undo_commands.CreateListCommand(self.library, name))
        found = next((rl for rl, _ in self.library.lists() if rl.name == name), None)
        if found is not None and found.id is not None:
            self.add_selection_to_list(found.id)

    def remove_selection_from_list(self) -> None:
        view = self.table_model.view
        ids = self.selected_ids()
        if view.kind == "list" and isinstance(view.key, int) and ids:
            self._run(undo_commands.RemoveFromListCommand(self.library, view.key, ids))

    def move_selection(self, step: int) -> None:
        """Move the selected papers one place up (-1) or down (+1) in the list shown."""
        view = self.table_model.view
        if view.kind != "list" or self.table_model.sort_key != "position":
            return
        order = self.table_model.paper_ids()
        moving = set(self.selected_ids())
        positions = range(len(order)) if step < 0 else range(len(order) - 1, -1, -1)
        for i in positions:
            j = i + step
            if order[i] in moving and 0 <= j < len(order) and order[j] not in moving:
                order[i], order[j] = order[j], order[i]
        if order != self.table_model.paper_ids() and isinstance(view.key, int):
            self._run(undo_commands.ReorderListCommand(self.library, view.key, order))

    def _on_reorder_requested(self, list_id: int, order: list[int]) -> None:
        self._run(undo_commands.ReorderListCommand(self.library, list_id, order))

    def tag_selection(self, name: str) -> None:
        ids = self.selected_ids()
        if ids:
            self._run(undo_commands.TagCommand(self.library, name, ids, add=True))

    def tag_selection_new(self) -> None:
        name = prompts.ask_text(self, "New tag", "Tag the selected papers with:")
        if name:
            self.tag_selection(name)

    def untag_selection(self) -> None:
        view = self.table_model.view
        name = next((t.name for t, _ in self.library.tags() if t.id == view.key), None)
        if view.kind == "tag" and name is not None:
            self._run(undo_commands.TagCommand(self.library, name, self.selected_ids(), add=False))

    def _on_papers_dropped(self, view: View, paper_ids: list[int]) -> None:
        if view.kind == "list" and isinstance(view.key, int):
            self._run(undo_commands.AddToListCommand(self.library, view.key, paper_ids))
        elif view.kind == "tag":
            name = next((t.name for t, _ in self.library.tags() if t.id == view.key), None)
            if name is not None:
                self._run(undo_commands.TagCommand(self.library, name, paper_ids, add=True))
        elif view.kind == "trash":
            self._run(undo_commands.TrashCommand(self.library, paper_ids))

    # -- reading lists and tags in the sidebar ------------------------------------------------

    def create_list(self) -> None:
        name = prompts.ask_text(self, "New reading list", "Name of the new list:")
        if name:
            self._run(undo_commands.CreateListCommand(self.library, name))

    def _on_sidebar_menu(self, position: QPoint) -> None:
        index = self.sidebar.indexAt(position)
        kind = index.data(KIND_ROLE)
        view = index.data(VIEW_ROLE)
        menu = QMenu(self)
        if kind == "list" or index == self.sidebar_model.lists_index():
            menu.addAction(self.actions_by_name["new_list"])
        if kind == "list":
            menu.addAction("Rename List…").triggered.connect(lambda: self.rename_list(view.key))
            menu.addAction("Delete List").triggered.connect(lambda: self.delete_list(view.key))
        if kind == "tag":
            name = index.data(NAME_ROLE)
            menu.addAction("Rename Tag…").triggered.connect(lambda: self.rename_tag(name))
            menu.addAction("Tag Colour…").triggered.connect(lambda: self.recolour_tag(name))
            menu.addAction("Delete Tag").triggered.connect(lambda: self.delete_tag(name))
        if kind == "trash":
            menu.addAction(self.actions_by_name["empty_trash"])
        if not menu.isEmpty():
            menu.exec(self.sidebar.viewport().mapToGlobal(position))

    def rename_list(self, list_id: int) -> None:
        old = self.library.reading_list(list_id).name
        name = prompts.ask_text(self, "Rename list", "New name:", old)
        if name and name != old:
            self._run(undo_commands.RenameListCommand(self.library, list_id, name))

    def delete_list(self, list_id: int) -> None:
        self._run(undo_commands.DeleteListCommand(self.library, list_id))

    def rename_tag(self, name: str) -> None:
        new = prompts.ask_text(self, "Rename tag", "New name:", name)
        if new and new != name:
            self._run(undo_commands.EditTagCommand(self.library, name, new_name=new))

    def recolour_tag(self, name: str) -> None:
        colour = QColorDialog.getColor(parent=self, title=f"Colour of “{name}”")
        if colour.isValid():
            self._run(undo_commands.EditTagCommand(self.library, name, colour=colour.name()))

    def delete_tag(self, name: str) -> None:
        self._run(undo_commands.DeleteTagCommand(self.library, name))

    # -- context menu and first start ----------------------------------------------------------

    def _on_table_menu(self, position: QPoint) -> None:
        if self.table.indexAt(position).isValid() and self.selected_ids():
            paper_menu.build(self, self.library).exec(self.table.viewport().mapToGlobal(position))

    def _show_search_help(self) -> None:
        prompts.show_info(self, "Search syntax", QUERY_HELP)

    def _show_about(self) -> None:
        where = self.library.url.split("@")[-1]  # never show a password
        prompts.show_info(
            self,
            "About Papershelf",
            "Papershelf keeps your papers, reading lists, notes and annotations in one "
            f"library.\n\nThis library: {where}",
        )

    def load_sample_library(self) -> None:
        report = sample_library.load(self.library)
        self.statusBar().showMessage(f"Added {report.imported} sample papers.", 5000)

    # -- import, export, the clipboard --------------------------------------------------------

    def import_files(self, paths: list[str] | None = None) -> None:
        """Import files (asking which when none are given), in the background."""
        if self.import_flow.busy:
            return
        chosen = paths or prompts.ask_open_files(self, "Import papers", IMPORT_FILTERS)
        if chosen:
            self.import_flow.start(list(chosen))

    def _on_import_finished(self, reports: list[Any]) -> None:
        if not reports:
            return
        self.statusBar().showMessage(summary(reports), 8000)
        if any(r.duplicates or r.problems for r in reports):
            self.report_dialog = ImportReportDialog(self.library, reports, self)
            self.report_dialog.open()
        new = [i for r in reports for i in r.paper_ids]
        if new:
            QTimer.singleShot(0, lambda: self.select_ids(new))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and all(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        files = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if files:
            event.acceptProposedAction()
            self.import_files(files)

    def add_by_identifier(self, text: str | None = None) -> None:
        """Fetch a paper by DOI or arXiv id (in the background) and select it."""
        text = text or prompts.ask_text(
            self, "Add by identifier", "DOI (10.1038/nature14539) or arXiv id (1706.03762):"
        )
        if not text:
            return
        wanted = text
        worker = Worker(lambda _w: self.library.add_by_identifier(wanted), self)
        worker.finished.connect(lambda details: self._on_added(details.id))
        worker.failed.connect(self._on_worker_failed)
        self.statusBar().showMessage(f"Looking up {text}…")
        self._lookup = worker
        worker.start()

    def _on_added(self, paper_id: int) -> None:
        self.statusBar().showMessage("Added.", 4000)
        QTimer.singleShot(0, lambda: self.select_ids([paper_id]))

    def _on_worker_failed(self, error: Exception) -> None:
        self.statusBar().clearMessage()
        if isinstance(error, KnownError):
            prompts.show_error(self, str(error))
            return
        raise error

    def paste(self) -> None:
        """Paste a DOI / arXiv id (one line) or BibTeX, RIS, CSL-JSON, listing text."""
        text = QGuiApplication.clipboard().text().strip()
        if not text:
            return
        if "\n" not in text and "@" not in text and len(text) < 200:
            self.add_by_identifier(text)
            return
        try:
            report = self.library.import_text(text, source="pasted text")
        except KnownError as error:
            prompts.show_error(self, str(error))
            return
        self._on_import_finished([report])

    def copy_bibtex(self) -> None:
        ids = self.selected_ids()
        if ids:
            QGuiApplication.clipboard().setText(self.library.export(ids, "bibtex"))
            self.statusBar().showMessage(
                f"Copied the BibTeX of {len(ids)} paper{'s' if len(ids) != 1 else ''}.", 4000
            )

    def export_selection(self) -> None:
        exporting.export_to_file(self, self.library, self.selected_ids(), "selected papers")

    def export_view(self) -> None:
        name = self.sidebar.currentIndex().data() or "papers"
        exporting.export_to_file(self, self.library, self.table_model.paper_ids(), str(name))

    def refresh_from_others(self) -> None:
        """Re-read the library for changes made elsewhere (another user, another window)."""
        worker = Worker(lambda _w: self.library.refresh(), self)
        worker.failed.connect(self._on_worker_failed)
        self._refresher = worker
        worker.start()

    def prepare_search(self) -> None:
        """Build the search index in the background so the first keystroke is fast."""
        worker = Worker(lambda _w: self.library.build_search_index(), self)
        worker.failed.connect(self._on_worker_failed)
        self._indexer = worker
        worker.start()
