"""Importing files from the window: a worker per batch, a progress dialog with Cancel,
and the report at the end. Cancelling leaves the library as it was (the core's import is
one transaction)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from desktop.core import api
from desktop.core.api import ImportReport, watched_folders
from desktop.core.errors import KnownError
from desktop.core.library import Library
from desktop.ui.background import progress
from desktop.ui.background.workers import Job, Worker

IMPORT_FILTERS = api.import_file_filter()


class ImportFlow(progress.DialogJob):
    """Imports a batch of files in the background; `finished(reports)` when done."""

    finished = Signal(list)
    progressed = Signal(int, int)

    def __init__(self, library: Library, parent: QWidget) -> None:
        super().__init__(parent)
        self._library = library
        self.cancelled = False

    def start(
        self, paths: list[str | Path], *, show_progress: bool = True, keywords_as_tags: bool = False
    ) -> None:
        """Import these files together, in one transaction: Cancel leaves the library as it
        was, and BibTeX files share their @string abbreviations and crossrefs. A folder
        stands for the PDFs in it and its subfolders. With `keywords_as_tags`, the papers'
        keywords tag them too."""
        if self._worker is not None or not paths:
            return
        files = [Path(p) for p in paths]
        self.cancelled = False

        library = self._library  # the thread must not touch this QObject

        def work(job: Job) -> list[ImportReport]:
            def progress(done: int, total: int) -> None:
                job.report((1000 * len(files) * done) // max(total, 1), 1000 * len(files))

            # Looked into here, not on the window's thread: a folder may hold thousands.
            opened = watched_folders.importable(files, skipped=_own_folders(library))
            return [
                library.import_files(
                    opened,
                    keywords_as_tags=keywords_as_tags,
                    progress=progress,
                    cancel=job.is_cancelled,
                )
            ]

        worker = Worker(work, self)
        worker.progressed.connect(self._on_progress)
        worker.finished.connect(self._on_finished)
        worker.failed.connect(self._on_failed)
        self._worker = worker
        if show_progress:
            names = ", ".join(p.name for p in files[:3]) + ("…" if len(files) > 3 else "")
            dialog = progress.open_dialog(
                self._parent,
                self.tr("Importing {files}").format(files=names),
                title=self.tr("Import"),
                maximum=1000 * len(files),
                cancel=self.tr("Cancel"),
            )
            dialog.canceled.connect(self.cancel)
            self._dialog = dialog
        worker.start()

    def cancel(self) -> None:
        if self._worker is not None:
            self.cancelled = True
            self._worker.cancel()

    def stop(self, seconds: float) -> None:
        """Cancel and wait (at most `seconds`) for the import to roll itself back."""
        worker = self._worker
        if worker is not None:
            self.cancel()
            worker.wait(seconds)

    def _on_progress(self, done: int, total: int) -> None:
        self.progressed.emit(done, total)
        if self._dialog is not None:
            self._dialog.setMaximum(total)
            self._dialog.setValue(min(done, total - 1))

    def _on_finished(self, reports: Any) -> None:
        self._end()
        self.finished.emit(list(reports))

    def _on_failed(self, error: Any) -> None:
        self._end_failed(error, quietly=self.cancelled)  # a cancel says nothing
        self.finished.emit([])


def _own_folders(library: Library) -> list[Path]:
    """What a dropped folder is not looked into for: the library's files folder (its
    copies are papers already)."""
    try:
        return [library.files_folder()]
    except KnownError:  # a library on a server with no folder set: the import says so
        return []
