"""Saving papers to a file in an export format the user picks by its file type."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from desktop.core.errors import KnownError
from desktop.core.library import Library
from desktop.ui import prompts

#: (file dialog filter, format name, extension), in the order the dialog offers them.
EXPORT_TYPES = (
    ("BibTeX (*.bib)", "bibtex", ".bib"),
    ("BibLaTeX (*.bib)", "biblatex", ".bib"),
    ("CSL-JSON (*.json)", "csl-json", ".json"),
    ("RIS (*.ris)", "ris", ".ris"),
    ("Markdown with notes (*.md)", "markdown", ".md"),
)


def ask_target(parent: QWidget, suggested: str) -> tuple[Path, str] | None:
    """Where to save and in which format, or None when the user cancels."""
    filters = ";;".join(f for f, _, _ in EXPORT_TYPES)
    path, chosen = QFileDialog.getSaveFileName(parent, "Export papers", suggested, filters)
    if not path:
        return None
    _filter, format_name, extension = next(t for t in EXPORT_TYPES if t[0] == chosen)
    target = Path(path)
    return (target if target.suffix else target.with_suffix(extension)), format_name


def write_export(library: Library, paper_ids: list[int], target: Path, format_name: str) -> int:
    """Write the papers to `target`; returns how many were written."""
    target.write_text(library.export(paper_ids, format_name), encoding="utf-8")
    return len(paper_ids)


def export_to_file(parent: QWidget, library: Library, paper_ids: list[int], what: str) -> None:
    """Ask where, then write; a problem (a folder that is read-only...) is told as a sentence."""
    if not paper_ids:
        return
    suggested = re.sub(r"[^\w.-]+", "-", what).strip("-") or "papers"
    chosen = ask_target(parent, suggested)
    if chosen is None:
        return
    target, format_name = chosen
    try:
        write_export(library, paper_ids, target, format_name)
    except KnownError as error:
        prompts.show_error(parent, str(error))
    except OSError as error:
        prompts.show_error(parent, f"Papershelf could not write {target}: {error.strerror}.")
