"""Saving papers to a file in an export format the user picks by its file type.

The export runs on a worker, so a large one neither freezes the window nor goes unseen:
a busy dialog shows once it takes a while (the core tells no progress for an export).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from desktop.core import api
from desktop.core.library import Library
from desktop.ui.background import progress
from desktop.ui.background.workers import Worker


def ask_target(parent: QWidget, suggested: str) -> tuple[Path, str] | None:
    """Where to save and in which format, or None when the user cancels."""
    formats = api.export_formats()
    filters = ";;".join(f.file_filter for f in formats)
    path, chosen = QFileDialog.getSaveFileName(
        parent, QCoreApplication.translate("ExportFlow", "Export papers"), suggested, filters
    )
    if not path:
        return None
    format = next((f for f in formats if f.file_filter == chosen), formats[0])
    target = Path(path)
    return (target if target.suffix else target.with_suffix(format.extensions[0])), format.name


def write_export(library: Library, paper_ids: list[int], target: Path, *, format_name: str) -> int:
    """Write the papers to `target` (whole, or the file there is left as it was); returns
    how many were written (safe from a worker). The files' preambles go with a whole
    library only, as on the command line."""
    everything = len(set(paper_ids)) >= library.count()
    options = api.ExportOptions(preambles=everything)
    library.export_to_file(paper_ids, format_name, target, options=options)
    return len(paper_ids)


class ExportFlow(progress.DialogJob):
    """Exports papers to a file on a worker; `finished(count)` once the file is written."""

    finished = Signal(int)

    def __init__(self, library: Library, parent: QWidget) -> None:
        super().__init__(parent)
        self._library = library

    def export_to_file(self, paper_ids: list[int], what: str) -> None:
        """Ask where, then write in the background; a problem (a folder that is read-only...)
        is told as a sentence."""
        if not paper_ids or self._worker is not None:
            return
        suggested = re.sub(r"[^\w.-]+", "-", what).strip("-") or "papers"
        chosen = ask_target(self._parent, suggested)
        if chosen is None:
            return
        self.start(paper_ids, *chosen)

    def start(self, paper_ids: list[int], target: Path, format_name: str) -> None:
        """Write the papers to `target` in the background."""
        library, ids = self._library, list(paper_ids)  # the thread must not touch this QObject
        worker = Worker(
            lambda _job: write_export(library, ids, target, format_name=format_name), self
        )
        worker.finished.connect(self._on_finished)
        worker.failed.connect(self._on_failed)
        self._worker = worker
        count = len(ids)
        # No maximum: a busy indicator, as the core tells no progress; nothing to cancel.
        self._dialog = progress.open_dialog(
            self._parent,
            QCoreApplication.translate(
                "ExportFlow", "Exporting %Ln paper(s) to {file}…", "", count
            ).format(file=target.name),
            title=QCoreApplication.translate("ExportFlow", "Export"),
            maximum=0,
            cancel=None,
        )
        worker.start()

    def _on_finished(self, count: Any) -> None:
        self._end()
        self.finished.emit(int(count))

    def _on_failed(self, error: Any) -> None:
        self._end_failed(error)  # a file that could not be written is a KnownError too
