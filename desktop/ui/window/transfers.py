"""Getting papers in and out from the window: import (files, drops, pasted text), add by
DOI or arXiv id, export, copy as BibTeX, the sample library, and background index work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QGuiApplication

from desktop.core.errors import KnownError
from desktop.ui import prompts, sample_library
from desktop.ui.background.import_flow import IMPORT_FILTERS
from desktop.ui.background.workers import Worker
from desktop.ui.dialogs.import_report import ImportReportDialog, summary
from desktop.ui.window import export_flow

if TYPE_CHECKING:
    from desktop.ui.window.main_window import MainWindow


class Transfers:
    """The File menu's work, and the welcome panel's."""

    def __init__(self, window: MainWindow) -> None:
        self._w = window
        self._library = window.library
        self.report_dialog: ImportReportDialog | None = None
        # Workers are kept until they finish (Qt would otherwise delete them early).
        self._lookup: Worker | None = None
        self._refresher: Worker | None = None
        self._indexer: Worker | None = None

    def load_sample_library(self) -> None:
        report = sample_library.load(self._library)
        self._w.statusBar().showMessage(f"Added {report.imported} sample papers.", 5000)

    def import_files(self, paths: list[str] | None = None) -> None:
        """Import files (asking which when none are given), in the background."""
        if self._w.import_flow.busy:
            return
        chosen = paths or prompts.ask_open_files(self._w, "Import papers", IMPORT_FILTERS)
        if chosen:
            self._w.import_flow.start(list(chosen))

    def on_import_finished(self, reports: list[Any]) -> None:
        if not reports:
            return
        new = [i for r in reports for i in r.paper_ids]
        if new:
            self._w.apply_pending_changes()  # the new papers must be in the table first
            self._w.select_ids(new)
        self._w.statusBar().showMessage(summary(reports), 8000)
        if any(r.duplicates or r.problems for r in reports):
            self.report_dialog = ImportReportDialog(
                self._library, reports, self._w, self._w.undo_stack
            )
            self.report_dialog.open()

    def add_by_identifier(self, text: str | None = None) -> None:
        """Fetch a paper by DOI or arXiv id (in the background) and select it."""
        text = text or prompts.ask_text(
            self._w, "Add by identifier", "DOI (10.1038/nature14539) or arXiv id (1706.03762):"
        )
        if not text:
            return
        wanted = text
        worker = Worker(lambda _job: self._library.add_by_identifier(wanted), self._w)
        worker.finished.connect(lambda details: self._on_added(details.id))
        worker.failed.connect(self._on_worker_failed)
        self._w.statusBar().showMessage(f"Looking up {text}…")
        self._lookup = worker
        worker.start()

    def _on_added(self, paper_id: int) -> None:
        self._w.apply_pending_changes()  # the new paper must be in the table first
        self._w.select_ids([paper_id])
        self._w.statusBar().showMessage("Added.", 4000)

    def _on_worker_failed(self, error: Exception) -> None:
        self._w.statusBar().clearMessage()
        if isinstance(error, KnownError):
            prompts.show_error(self._w, str(error))
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
            report = self._library.import_text(text, source="pasted text")
        except KnownError as error:
            prompts.show_error(self._w, str(error))
            return
        self.on_import_finished([report])

    def copy_bibtex(self) -> None:
        ids = self._w.selected_ids()
        if ids:
            QGuiApplication.clipboard().setText(self._library.export(ids, "bibtex"))
            self._w.statusBar().showMessage(
                f"Copied the BibTeX of {len(ids)} paper{'s' if len(ids) != 1 else ''}.", 4000
            )

    def export_selection(self) -> None:
        export_flow.export_to_file(
            self._w, self._library, self._w.selected_ids(), "selected papers"
        )

    def export_view(self) -> None:
        name = self._w.sidebar.currentIndex().data() or "papers"
        export_flow.export_to_file(
            self._w, self._library, self._w.table_model.paper_ids(), str(name)
        )

    def refresh_from_others(self) -> None:
        """Re-read the library for changes made elsewhere (another user, another window)."""
        worker = Worker(lambda _job: self._library.refresh(), self._w)
        worker.failed.connect(self._on_worker_failed)
        self._refresher = worker
        worker.start()

    def prepare_search(self) -> None:
        """Build the search index in the background so the first keystroke is fast."""
        worker = Worker(lambda _job: self._library.build_search_index(), self._w)
        worker.failed.connect(self._on_worker_failed)
        self._indexer = worker
        worker.start()
