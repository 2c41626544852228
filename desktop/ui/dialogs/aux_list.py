"""Making a reading list from what a LaTeX document cites (its .aux file)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from desktop.core import api
from desktop.ui import file_dialogs, prompts


def ask_aux(parent: QWidget) -> tuple[Path, str] | None:
    """The .aux file to read and the new list's name, or None when cancelled."""
    chosen = file_dialogs.open_file(
        parent,
        QCoreApplication.translate("AuxList", "New List from a LaTeX Document"),
        QCoreApplication.translate("AuxList", "LaTeX .aux files (*.aux)"),
    )
    if not chosen:
        return None
    name = prompts.ask_text(
        parent,
        QCoreApplication.translate("AuxList", "New List from a LaTeX Document"),
        QCoreApplication.translate("AuxList", "Name of the new list:"),
        text=Path(chosen).stem,
    )
    return (Path(chosen), name) if name else None


def outcome(made: api.CitedList) -> str:
    """What to tell the user: how many papers the list holds, and every key not found."""
    count = len(made.paper_ids)
    told = QCoreApplication.translate(
        "AuxList", "The list “{name}” holds the %Ln cited paper(s) of the library.", "", count
    ).format(name=made.reading_list.name)
    if made.missing_keys:
        told += " " + QCoreApplication.translate(
            "AuxList", "These cited keys are not in the library: {keys}."
        ).format(keys=", ".join(made.missing_keys))
    return told
