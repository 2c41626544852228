"""Binding a reading list to a file kept in sync, and telling what syncing could not do."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from desktop.core import api
from desktop.core.library import Library
from desktop.ui import core_sentences, file_dialogs, prompts


def ask_target(parent: QWidget, list_name: str) -> Path | None:
    """The .bib file to keep in sync with `list_name` (the save dialog asks before an
    existing file is replaced), or None."""
    chosen, _ = file_dialogs.save_file(
        parent,
        QCoreApplication.translate("SyncedFiles", "Keep “{name}” in Sync with a File").format(
            name=list_name
        ),
        QCoreApplication.translate("SyncedFiles", "BibTeX (*.bib)"),
        suggested=list_name + ".bib",
    )
    return Path(chosen) if chosen else None


def synced_file_of(library: Library, list_name: str) -> api.SyncedFile | None:
    """The file kept in sync with the list called `list_name`, if any."""
    return next((f for f in library.synced_files() if f.list_name == list_name), None)


def tell_problems(parent: QWidget, library: Library) -> None:
    """Show what keeping files in sync could not do (a file changed elsewhere is left
    alone: the user must know it is no longer kept in sync)."""
    for report in library.take_sync_reports():
        prompts.show_error(parent, core_sentences.translated(report.message))
