"""Saving papers to a file in an export format the user picks by its file type.

The export runs on a worker, so a large one neither freezes the window nor goes unseen:
a dialog shows once it takes a while, with the entries written of all as the core tells
them, and Cancel, which stops the writing (no file is written).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QLocale, Signal
from PySide6.QtWidgets import QWidget

from desktop.core import api
from desktop.core.library import Library
from desktop.ui import file_dialogs, prompts
from desktop.ui.background import progress
from desktop.ui.dialogs import export_options


@dataclass(frozen=True)
class ExportChoice:
    """Where an export goes, in which format, and what it writes besides the papers."""

    target: Path
    format_name: str
    options: api.ExportOptions


def ask_target(parent: QWidget, suggested: str) -> tuple[Path, str] | None:
    """Where to save and in which format, or None when the user cancels."""
    formats = api.export_formats()
    filters = ";;".join(f.file_filter for f in formats)
    path, chosen = file_dialogs.save_file(
        parent,
        QCoreApplication.translate("ExportFlow", "Export papers"),
        filters,
        suggested=suggested,
    )
    if not path:
        return None
    format = next((f for f in formats if f.file_filter == chosen), formats[0])
    target = Path(path)
    return (target if target.suffix else target.with_suffix(format.extensions[0])), format.name


def ask_choice(parent: QWidget, suggested: str, *, whole_library: bool) -> ExportChoice | None:
    """The file, the format and (for BibTeX and BibLaTeX) the options; None if cancelled."""
    chosen = ask_target(parent, suggested)
    if chosen is None:
        return None
    target, format_name = chosen
    format = next(f for f in api.export_formats() if f.name == format_name)
    options = export_options.ask(parent, format=format, whole_library=whole_library)
    return None if options is None else ExportChoice(target, format_name, options)


def write_export(
    library: Library,
    paper_ids: list[int],
    choice: ExportChoice,
    *,
    cancelled: Callable[[], bool] = lambda: False,
    progress: Callable[[int, int], None] | None = None,
) -> api.Unspelled:
    """Write the papers as `choice` says (the file whole, or the one there left as it
    was); the characters an ASCII-only export left as UTF-8. Safe from a worker; once
    `cancelled`, the writing stops and no file is written. `progress` hears (entries
    written, entries in all)."""
    return library.export_to_file(
        paper_ids,
        choice.format_name,
        choice.target,
        options=choice.options,
        cancel=cancelled,
        progress=progress,
    )


class ExportFlow(progress.DialogJob):
    """Exports papers to a file on a worker; `finished(count)` once the file is written."""

    finished = Signal(int)
    #: The papers were written: how many, and the file (for the window to tell).
    written = Signal(int, str)

    def __init__(self, library: Library, parent: QWidget) -> None:
        super().__init__(parent)
        self._library = library
        self._count = 0
        self._target = Path()

    def export_to_file(self, paper_ids: list[int], what: str) -> None:
        """Ask where, then write in the background; a problem (a folder that is read-only...)
        is told as a sentence."""
        if not paper_ids or self._worker is not None:
            return
        suggested = re.sub(r"[^\w.-]+", "-", what).strip("-") or "papers"
        whole = len(set(paper_ids)) >= self._library.count()
        choice = ask_choice(self._parent, suggested, whole_library=whole)
        if choice is None:
            return
        self.start(paper_ids, choice)

    def start(self, paper_ids: list[int], choice: ExportChoice) -> None:
        """Write the papers as `choice` says, in the background."""
        library, ids = self._library, list(paper_ids)  # the thread must not touch this QObject
        self._target = choice.target
        count = self._count = len(ids)
        self._start_counting(
            lambda job: write_export(
                library, ids, choice, cancelled=job.is_cancelled, progress=job.report
            ),
            total=count,
            told=lambda done, total: self._told(done, total, count=count),
            title=QCoreApplication.translate("ExportFlow", "Export"),
            finished=self._on_finished,
            failed=self._on_failed,
        )

    def _told(self, done: int, total: int, *, count: int) -> str:
        """The dialog's label: the papers before the writing starts, then the entries."""
        file = self._target.name
        if done == 0:
            return QCoreApplication.translate(
                "ExportFlow", "Exporting %Ln paper(s) to {file}…", "", count
            ).format(file=file)
        return QCoreApplication.translate(
            "ExportFlow", "{done} of {total} entries written to {file}…"
        ).format(done=QLocale().toString(done), total=QLocale().toString(total), file=file)

    def _on_finished(self, left: Any) -> None:
        self._end()
        if isinstance(left, api.Unspelled) and left.count:
            prompts.show_info(
                self._parent,
                QCoreApplication.translate("ExportFlow", "Export"),
                export_options.unspelled_sentence(left),
            )
        self.written.emit(self._count, str(self._target))
        self.finished.emit(self._count)

    def _on_failed(self, error: Any) -> None:
        self._end_failed(error)  # a file that could not be written is a KnownError too
