"""Making a reading list from what a LaTeX document cites (its .aux file)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from desktop.core import api
from desktop.ui import prompts


def _tr(text: str) -> str:
    return QCoreApplication.translate("AuxList", text)


def ask_aux(parent: QWidget) -> tuple[Path, str] | None:
    """The .aux file to read and the new list's name, or None when cancelled."""
    chosen, _ = QFileDialog.getOpenFileName(
        parent, _tr("New List from a LaTeX Document"), "", _tr("LaTeX .aux files (*.aux)")
    )
    if not chosen:
        return None
    name = prompts.ask_text(
        parent,
        _tr("New List from a LaTeX Document"),
        _tr("Name of the new list:"),
        text=Path(chosen).stem,
    )
    return (Path(chosen), name) if name else None


def outcome(made: api.CitedList) -> str:
    """What to tell the user: how many papers the list holds, and every key not found."""
    told = _tr("The list “{name}” holds the {count} cited paper(s) of the library.").format(
        name=made.reading_list.name, count=len(made.paper_ids)
    )
    if made.missing_keys:
        told += " " + _tr("These cited keys are not in the library: {keys}.").format(
            keys=", ".join(made.missing_keys)
        )
    return told
