"""From library to manuscript in the window: Copy as Citation (in a remembered style),
a reading list kept in sync with a .bib, and a list made from a LaTeX document's .aux."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QModelIndex, QObject, QSettings, QTimer, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu

from desktop.core import api
from desktop.ui import core_sentences, prompts
from desktop.ui.dialogs import aux_list, citations, synced_files
from desktop.ui.models.sidebar_model import KIND_ROLE, NAME_ROLE, VIEW_ROLE, SidebarModel
from desktop.ui.window.actions import make_action
from desktop.ui.window.bibliography_export import BibliographyExport
from desktop.ui.window.clipboard_copy import ClipboardCopy
from desktop.ui.window.context import WindowContext

# How long after the last change synced files are rewritten.
SYNC_DELAY_MS = 500


class Manuscript(QObject):
    """The window's citation, sync and .aux actions, and their sidebar entries."""

    #: Another citation style was chosen (the detail pane's preview follows it).
    style_changed = Signal(str)

    def __init__(self, context: WindowContext, settings: QSettings) -> None:
        super().__init__(context.widget())
        self._context = context
        self._library = context.library
        self._settings = settings
        window = context.widget()
        self.copy_citation_action = make_action(
            window,
            self.tr("Copy as Citation"),
            self.copy_citation,
            keys=QKeySequence("Ctrl+Alt+C"),
            tip=self.tr("Copy the in-text citation of the selected papers, in the style chosen"),
        )
        self.copy_bibliography_action = make_action(
            window,
            self.tr("Copy Bibliography"),
            self.copy_bibliography,
            keys=QKeySequence("Ctrl+Alt+B"),
            tip=self.tr("Copy the selected papers' references, in the citation style chosen"),
        )
        self.citation_style_action = make_action(
            window,
            self.tr("Citation Style…"),
            self.choose_style,
            tip=self.tr("Choose the style of “Copy as Citation” (APA, IEEE, GB/T 7714…)"),
        )
        self.export_bibliography_action = make_action(
            window,
            self.tr("Export as Formatted Bibliography…"),
            self.export_bibliography,
            tip=self.tr(
                "Save the selected papers' references, in the citation style chosen, as a web "
                "page, Markdown or plain text"
            ),
        )
        self.export_shown_bibliography_action = make_action(
            window,
            self.tr("Export Papers Shown as Formatted Bibliography…"),
            self.export_shown_bibliography,
            tip=self.tr(
                "Save the references of every paper shown (this list, tag or search), in the "
                "citation style chosen, as a web page, Markdown or plain text"
            ),
        )
        self.bibliography_export = BibliographyExport(self._library, window)
        #: Copies of many papers' references run here, in the background.
        self.clipboard_copy = ClipboardCopy(self._library, window)
        self.clipboard_copy.copied.connect(lambda told: self._context.show_status(told, 4000))
        self.list_from_aux_action = make_action(
            window,
            self.tr("New List from LaTeX Document…"),
            self.list_from_aux,
            tip=self.tr("Make a reading list of the papers a LaTeX document cites (its .aux)"),
        )
        # A burst of changes (an import, a drag of many papers, another user's edits)
        # rewrites each synced file once, half a second after the last of them.
        self._library.defer_syncing()
        self._sync_timer = QTimer(self, singleShot=True, interval=SYNC_DELAY_MS)
        self._sync_timer.timeout.connect(self._sync_pending)

    def update_actions(self) -> None:
        self.copy_citation_action.setEnabled(self._context.has_selection())
        self.copy_bibliography_action.setEnabled(self._context.has_selection())
        self.export_bibliography_action.setEnabled(self._context.has_selection())
        self.export_shown_bibliography_action.setEnabled(self._context.shown_count() > 0)

    # -- citations ---------------------------------------------------------------------

    def copy_citation(self) -> None:
        self.clipboard_copy.copy_citation(
            self._context.selected_ids(), style=citations.remembered_style(self._settings)
        )

    def copy_bibliography(self) -> None:
        self.clipboard_copy.copy_bibliography(
            self._context.selected_ids(), style=citations.remembered_style(self._settings)
        )

    def choose_style(self) -> None:
        chosen = citations.choose_style(self._context.widget(), self._settings)
        if chosen is not None:
            self.style_changed.emit(chosen)

    def export_bibliography(self) -> None:
        """Save the selected papers as a formatted bibliography in the remembered style."""
        self.bibliography_export.export_to_file(
            self._context.selected_ids(),
            self.tr("bibliography"),
            style=citations.remembered_style(self._settings),
        )

    def export_shown_bibliography(self) -> None:
        """Save every paper shown (all the search finds, not only the rows the table holds)
        as a formatted bibliography, in the table's order."""
        self.bibliography_export.export_to_file(
            self._context.shown_ids(),
            self._context.current_view_name(),
            style=citations.remembered_style(self._settings),
        )

    # -- files kept in sync ------------------------------------------------------------

    def extend_sidebar_menu(self, menu: QMenu, index: QModelIndex) -> None:
        """Add the sync and .aux entries to a sidebar row's menu."""
        model = index.model()
        if isinstance(model, SidebarModel) and index == model.lists_index():
            menu.addAction(self.list_from_aux_action)
        if index.data(KIND_ROLE) != "list":
            return
        list_id, name = index.data(VIEW_ROLE).key, index.data(NAME_ROLE)
        menu.addSeparator()
        synced = synced_files.synced_file_of(self._library, name)
        if synced is None:
            menu.addAction(self.tr("Keep in Sync with a File…")).triggered.connect(
                lambda: self.keep_in_sync(list_id, name)
            )
            return
        state = self.tr(" (stopped)") if synced.paused else ""
        shown = menu.addAction(self.tr("Kept in sync with {path}").format(path=synced.path) + state)
        shown.setEnabled(False)
        if synced.paused:
            why = core_sentences.translated(synced.paused)
            menu.addAction(self.tr("Why Syncing Stopped…")).triggered.connect(
                lambda: prompts.show_info(self._context.widget(), self.tr("Syncing Stopped"), why)
            )
            menu.addAction(
                self.tr("Resume Syncing (keeps your version beside it)")
            ).triggered.connect(
                lambda: self._run(
                    lambda: self._library.resume_synced_file(synced.path),
                    on_done=self._on_resumed,
                )
            )
        menu.addAction(self.tr("Stop Keeping in Sync")).triggered.connect(
            lambda: self._run(lambda: self._library.remove_synced_file(synced.path))
        )

    def _on_resumed(self, resumed: object) -> None:
        """A resumed file that still could not be written is told (its write is not one
        of the reports that `tell_sync_problems` shows)."""
        report = resumed[0] if isinstance(resumed, tuple) else None
        if isinstance(report, api.SyncReport) and report.outcome is api.Outcome.FAILED:
            prompts.show_error(self._context.widget(), core_sentences.translated(report.message))

    def keep_in_sync(self, list_id: int, name: str) -> None:
        target = synced_files.ask_target(self._context.widget(), name)
        if target is not None:
            # The save dialog asked before an existing file is replaced.
            self._run(lambda: self._library.add_synced_file(list_id, target, replace=True))

    def sync_soon(self) -> None:
        """The library changed: rewrite the synced files once the changes stop coming."""
        self._sync_timer.start()

    def sync_now(self) -> None:
        """Rewrite what is still due (the window closes; its writes are all made)."""
        self._sync_timer.stop()
        self._library.sync_pending()

    def _sync_pending(self) -> None:
        self._run(self._library.sync_pending)

    def tell_sync_problems(self) -> None:
        synced_files.tell_problems(self._context.widget(), self._library)

    # -- lists from a .aux --------------------------------------------------------------

    def list_from_aux(self) -> None:
        asked = aux_list.ask_aux(self._context.widget())
        if asked is not None:
            self.make_list_from_aux(*asked)

    def make_list_from_aux(self, aux: Path, name: str) -> None:
        def done(made: object) -> None:
            if isinstance(made, api.CitedList):
                prompts.show_info(
                    self._context.widget(), self.tr("New List"), aux_list.outcome(made)
                )

        self._run(lambda: self._library.list_from_aux(aux, name=name), on_done=done)

    def _run(
        self,
        write: Callable[[], object],
        *,
        on_done: Callable[[object], object] | None = None,
    ) -> None:
        """A write through the window's operation runner; a problem told as a sentence, and
        what syncing could not do told after it."""

        def finished(result: object) -> None:
            if on_done is not None:
                on_done(result)
            self.tell_sync_problems()

        self._context.operations.run(
            write,
            on_done=finished,
            on_failed=lambda error: prompts.show_error(
                self._context.widget(), core_sentences.of_error(error)
            ),
        )
