"""Getting papers in and out from the window: import (files, drops, pasted text), add by
DOI or arXiv id, export, copy as BibTeX, the sample library, and background index work.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication, QKeySequence

from desktop.core.errors import KnownError
from desktop.ui import core_sentences, prompts, sample_library
from desktop.ui.background.import_flow import IMPORT_FILTERS, ImportFlow
from desktop.ui.background.workers import Worker
from desktop.ui.dialogs.import_report import ImportReportDialog, summary
from desktop.ui.window import export_flow
from desktop.ui.window.actions import make_action
from desktop.ui.window.clipboard_copy import ClipboardCopy
from desktop.ui.window.context import WindowContext

#: The setting: whether imported keywords also tag the papers (off: they are keywords only).
KEYWORDS_AS_TAGS_KEY = "import/keywords_as_tags"


class Transfers:
    """The File menu's work, and the welcome panel's, and their actions."""

    def __init__(self, context: WindowContext) -> None:
        self._context = context
        self._library = context.library
        self.report_dialog: ImportReportDialog | None = None
        #: Opens "Find missing titles and identifiers" for papers (set by the window).
        self.find_titles: Callable[[list[int]], None] | None = None
        #: Imports run here, one at a time, in the background.
        self.import_flow = ImportFlow(self._library, context.widget())
        self.import_flow.finished.connect(self._on_import_finished)
        #: Exports run here, one at a time, in the background.
        self.export_flow = export_flow.ExportFlow(self._library, context.widget())
        #: Copies of many papers' BibTeX run here, in the background.
        self.clipboard_copy = ClipboardCopy(self._library, context.widget())
        self.clipboard_copy.copied.connect(lambda told: self._context.show_status(told, 4000))
        # Workers are kept until they finish (Qt would otherwise delete them early).
        self._lookup: Worker | None = None
        self._refresher: Worker | None = None
        self._indexer: Worker | None = None
        self._make_actions()

    def _make_actions(self) -> None:
        std = QKeySequence.StandardKey
        window = self._context.widget()
        self.import_action = make_action(
            window,
            QCoreApplication.translate("Transfers", "Import…"),
            self.import_files,
            keys=QKeySequence(std.Open),
            tip=QCoreApplication.translate(
                "Transfers", "Import BibTeX, BibLaTeX, RIS, CSL-JSON or a pasted listing"
            ),
            icon="import",
        )
        self.add_identifier_action = make_action(
            window,
            QCoreApplication.translate("Transfers", "Add by DOI or arXiv id…"),
            self.add_by_identifier,
            keys=QKeySequence("Ctrl+Shift+D"),
            tip=QCoreApplication.translate(
                "Transfers", "Fetch a paper's details from its DOI or arXiv id"
            ),
            icon="add",
        )
        self.export_selection_action = make_action(
            window,
            QCoreApplication.translate("Transfers", "Export Selected Papers…"),
            self.export_selection,
            keys=QKeySequence("Ctrl+E"),
            tip=QCoreApplication.translate("Transfers", "Save the selected papers as BibTeX, RIS…"),
            icon="export",
        )
        self.export_view_action = make_action(
            window,
            QCoreApplication.translate("Transfers", "Export Papers Shown…"),
            self.export_view,
            keys=None,
            tip=QCoreApplication.translate(
                "Transfers", "Save every paper shown (this list, tag or search) to a file"
            ),
        )
        self.copy_bibtex_action = make_action(
            window,
            QCoreApplication.translate("Transfers", "Copy as BibTeX"),
            self.copy_bibtex,
            keys=QKeySequence(std.Copy),
            tip=QCoreApplication.translate("Transfers", "Copy the BibTeX of the selected papers"),
        )
        self.paste_action = make_action(
            window,
            QCoreApplication.translate("Transfers", "Paste BibTeX, DOI or arXiv id"),
            self.paste,
            keys=QKeySequence(std.Paste),
            tip=QCoreApplication.translate(
                "Transfers",
                "Add papers from BibTeX (or RIS…) text or a DOI / arXiv id on the clipboard",
            ),
        )
        self.refresh_action = make_action(
            window,
            QCoreApplication.translate("Transfers", "Refresh"),
            self.refresh_from_others,
            keys=QKeySequence(std.Refresh),
            tip=QCoreApplication.translate(
                "Transfers", "Show changes other people or programs made to this library"
            ),
        )
        self.sample_action = make_action(
            window,
            QCoreApplication.translate("Transfers", "Load Sample Library"),
            self.load_sample_library,
            keys=None,
            tip=QCoreApplication.translate(
                "Transfers", "Add a few classic papers to look around with"
            ),
            icon="sample",
        )
        #: Their keys mean something else in a text field or the sidebar: table only.
        self.table_actions = (self.copy_bibtex_action, self.paste_action)
        self.keywords_as_tags_action = make_action(
            window,
            QCoreApplication.translate("Transfers", "Import Keywords as Tags"),
            self._on_keywords_as_tags,
            keys=None,
            tip=QCoreApplication.translate(
                "Transfers",
                "Also tag imported papers with their keywords (kept as keywords either way)",
            ),
        )
        self.keywords_as_tags_action.setCheckable(True)
        chosen = self._context.settings.value(KEYWORDS_AS_TAGS_KEY, False, type=bool)
        self.keywords_as_tags_action.setChecked(bool(chosen))

    def update_actions(self) -> None:
        """Enable what fits the selection and the papers shown."""
        any_selected = self._context.has_selection()
        self.copy_bibtex_action.setEnabled(any_selected)
        self.export_selection_action.setEnabled(any_selected)
        self.export_view_action.setEnabled(self._context.shown_count() > 0)

    def load_sample_library(self) -> None:
        library = self._library  # the runner's thread must not touch the window
        self._context.operations.run(
            lambda: sample_library.load(library),
            on_done=lambda report: self._on_sample_loaded(report.imported),
            on_failed=self._on_write_failed,
        )

    def _on_sample_loaded(self, count: int) -> None:
        added = QCoreApplication.translate("Transfers", "Added %Ln sample paper(s).", "", count)
        self._context.show_status(added, 5000)

    def import_files(self, paths: list[str] | None = None) -> None:
        """Import files (asking which when none are given), in the background."""
        if self.import_flow.busy:
            return
        chosen = paths or prompts.ask_open_files(
            self._context.widget(),
            QCoreApplication.translate("Transfers", "Import papers"),
            IMPORT_FILTERS,
        )
        if chosen:
            self.import_flow.start(
                list(chosen), keywords_as_tags=self.keywords_as_tags_action.isChecked()
            )

    def _on_keywords_as_tags(self) -> None:
        self._context.settings.setValue(
            KEYWORDS_AS_TAGS_KEY, self.keywords_as_tags_action.isChecked()
        )

    def _on_import_finished(self, reports: list[Any]) -> None:
        if not reports:
            return
        new = [i for r in reports for i in r.paper_ids]
        if new and not self._library.search_index_built() and self._indexer_done():
            self.prepare_search()  # not at the next keystroke: 100k papers take seconds
        # The new papers must be in the table first, and the table's count of any change
        # (papers held already still go into the import's list) must not replace the summary.
        self._context.apply_pending_changes()
        if new:
            self._context.select_ids(new)
        self._context.show_status(summary(reports), 8000)
        untitled = self._untitled(new) if self.find_titles is not None else []
        if untitled or any(r.duplicates or r.problems for r in reports):
            self.report_dialog = ImportReportDialog(
                self._library,
                reports,
                self._context.widget(),
                history=self._context.history,
                untitled=untitled,
                find_titles=self.find_titles,
            )
            self.report_dialog.open()

    def _untitled(self, paper_ids: list[int]) -> list[int]:
        """The papers just imported without a title (a pasted listing's, mostly)."""
        # Asked of the library, not read as table rows: the rows of 100k papers took 4 s
        # on this thread, the window frozen, where the untitled ones' ids take 30 ms.
        untitled = set(self._library.untitled_ids())
        return [i for i in paper_ids if i in untitled]

    def add_by_identifier(self, text: str | None = None) -> None:
        """Fetch a paper by DOI or arXiv id (in the background) and select it."""
        text = text or prompts.ask_text(
            self._context.widget(),
            QCoreApplication.translate("Transfers", "Add by identifier"),
            QCoreApplication.translate(
                "Transfers", "DOI (10.1038/nature14539) or arXiv id (1706.03762):"
            ),
        )
        if not text:
            return
        wanted = text
        worker = Worker(
            lambda _job: self._library.add_by_identifier(wanted), self._context.widget()
        )
        worker.finished.connect(lambda details: self._on_added(details.id))
        worker.failed.connect(self._on_worker_failed)
        self._context.show_status(
            QCoreApplication.translate("Transfers", "Looking up {identifier}…").format(
                identifier=text
            )
        )
        self._lookup = worker
        worker.start()

    def _on_added(self, paper_id: int) -> None:
        self._context.apply_pending_changes()  # the new paper must be in the table first
        self._context.select_ids([paper_id])
        self._context.show_status(QCoreApplication.translate("Transfers", "Added."), 4000)

    def _on_worker_failed(self, error: Exception) -> None:
        self._context.show_status("")  # nothing is being looked up now
        if isinstance(error, KnownError):
            prompts.show_error(self._context.widget(), core_sentences.of_error(error))
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
        library = self._library
        source = QCoreApplication.translate("Transfers", "pasted text")
        self._context.operations.run(
            lambda: library.import_text(text, source=source),
            on_done=lambda report: self._on_import_finished([report]),
            on_failed=self._on_write_failed,
        )

    def _on_write_failed(self, error: KnownError) -> None:
        prompts.show_error(self._context.widget(), core_sentences.of_error(error))

    def copy_bibtex(self) -> None:
        self.clipboard_copy.copy_bibtex(self._context.selected_ids())

    def export_selection(self) -> None:
        self.export_flow.export_to_file(
            self._context.selected_ids(), QCoreApplication.translate("Transfers", "selected papers")
        )

    def export_view(self) -> None:
        self.export_flow.export_to_file(
            self._context.shown_ids(), self._context.current_view_name()
        )

    def refresh_from_others(self) -> None:
        """Re-read the library for changes made elsewhere (another user, another window)."""
        worker = Worker(lambda _job: self._library.refresh(), self._context.widget())
        worker.failed.connect(self._on_worker_failed)
        self._refresher = worker
        worker.start()

    def _indexer_done(self) -> bool:
        return self._indexer is None or not self._indexer.running

    def prepare_search(self) -> None:
        """Build the search index in the background so the first keystroke is fast."""
        worker = Worker(lambda _job: self._library.build_search_index(), self._context.widget())
        worker.failed.connect(self._on_worker_failed)
        self._indexer = worker
        worker.start()
