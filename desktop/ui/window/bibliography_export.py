"""Saving papers as a formatted bibliography (HTML, Markdown or plain text, chosen by the
file type), in the remembered citation style, written on a worker like an export."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QLocale, Signal
from PySide6.QtWidgets import QWidget

from desktop.core import api
from desktop.core.errors import ExportCancelled, KnownError
from desktop.core.library import Library
from desktop.ui import core_sentences, file_dialogs, prompts
from desktop.ui.background import progress
from desktop.ui.background.workers import Job


@dataclass(frozen=True)
class BibliographyForm:
    """A form a bibliography file can be written in: citeproc's output and the file type."""

    output: str
    extension: str

    def file_filter(self) -> str:
        names = {
            "html": QCoreApplication.translate("BibliographyExport", "Web page (*.html *.htm)"),
            "markdown": QCoreApplication.translate("BibliographyExport", "Markdown (*.md)"),
            "text": QCoreApplication.translate("BibliographyExport", "Plain text (*.txt)"),
        }
        return names[self.output]


FORMS = (
    BibliographyForm("html", ".html"),
    BibliographyForm("markdown", ".md"),
    BibliographyForm("text", ".txt"),
)


def ask_target(parent: QWidget, suggested: str) -> tuple[Path, str] | None:
    """Where to save and in which form (`html`, `markdown`, `text`); None if cancelled."""
    filters = [form.file_filter() for form in FORMS]
    path, chosen = file_dialogs.save_file(
        parent,
        QCoreApplication.translate("BibliographyExport", "Export as formatted bibliography"),
        ";;".join(filters),
        suggested=suggested,
    )
    if not path:
        return None
    form = FORMS[filters.index(chosen)] if chosen in filters else FORMS[0]
    target = Path(path)
    return (target if target.suffix else target.with_suffix(form.extension)), form.output


def bibliography_text(formatted: api.Formatted, *, title: str) -> str:
    """The file's text: the entries, inside a page of its own for HTML."""
    if formatted.output != "html":
        return formatted.bibliography
    # The entries are citeproc's HTML, the paper's text in them escaped; the title is ours.
    # Tags alone on their lines: markup, not words for a translator.
    head = "\n".join(("<html>", "<head>", "<meta charset='utf-8'>", "<title>"))
    return (
        f"{head}{html.escape(title)}</title>\n</head>\n<body>\n"
        f"{formatted.bibliography}</body>\n</html>\n"
    )


def write_bibliography(
    library: Library,
    paper_ids: list[int],
    *,
    to: Path,
    style: str,
    output: str,
    job: Job | None = None,
) -> api.Formatted:
    """Format the papers in `style` as `output` (`html`, `markdown`, `text`) and write
    them to `to`, whole or not at all; what was written (its entries, and the papers the
    style wrote nothing for). Safe from a worker; the `job` hears (references formatted,
    in all), and once it is cancelled nothing is written (ExportCancelled)."""
    cancelled = job.is_cancelled if job is not None else None
    formatted = library.bibliography(
        paper_ids,
        style=style,
        output=output,
        cancel=cancelled,
        progress=job.report if job is not None else None,
    )
    text = bibliography_text(formatted, title=to.stem)
    if cancelled is not None and cancelled():
        raise ExportCancelled()  # the file the user chose is left as it was
    api.write_whole(to, text)
    return formatted


class BibliographyExport(progress.DialogJob):
    """Writes a formatted bibliography on a worker; `finished(count)` once it is written."""

    finished = Signal(int)
    #: The references were written: how many, and the file (for the window to tell).
    written = Signal(int, str)

    def __init__(self, library: Library, parent: QWidget) -> None:
        super().__init__(parent)
        self._library = library
        self._target = Path()

    def export_to_file(self, paper_ids: list[int], what: str, *, style: str) -> None:
        """Ask where, then write in the background; a problem is told as a sentence."""
        if not paper_ids or self._worker is not None:
            return
        suggested = re.sub(r"[^\w.-]+", "-", what).strip("-") or "bibliography"
        chosen = ask_target(self._parent, suggested)
        if chosen is None:
            return
        library, ids = self._library, list(paper_ids)  # the thread must not touch this QObject
        target, output = chosen
        self._target = target
        self._start_counting(
            lambda job: write_bibliography(
                library, ids, to=target, style=style, output=output, job=job
            ),
            total=len(ids),
            told=lambda done, total: _told(done, total, file=target.name),
            title=QCoreApplication.translate("BibliographyExport", "Export"),
            finished=self._on_finished,
            failed=self._on_failed,
        )

    def _on_finished(self, formatted: Any) -> None:
        self._end()
        count = len(formatted.entries)
        self.written.emit(count, str(self._target))
        unwritten = formatted.unwritten_sentence()
        if unwritten is not None:  # a paper left out of the file is told, never in silence
            prompts.show_info(
                self._parent,
                QCoreApplication.translate("BibliographyExport", "Export"),
                QCoreApplication.translate(
                    "BibliographyExport", "Wrote %Ln reference(s) to {file}.", "", count
                ).format(file=self._target.name)
                + " "
                + core_sentences.translated(unwritten),
            )
        self.finished.emit(count)

    def _on_failed(self, error: Any) -> None:
        if isinstance(error, ExportCancelled):
            self._end()  # a Cancel the job saw before the dialog's went (never written)
            return
        if isinstance(error, KnownError):  # a style not known, a folder that is read-only
            self._end_failed(error)
            return
        self._end()  # citeproc-py failing inside a style: a sentence, never a traceback
        prompts.show_error(
            self._parent,
            QCoreApplication.translate(
                "BibliographyExport",
                "These papers could not be formatted in the citation style chosen; "
                "try another style (Edit > Citation Style…).",
            ),
        )


def _told(done: int, total: int, *, file: str) -> str:
    """The dialog's label: the references formatted of all, once the formatting started."""
    if done == 0:
        return QCoreApplication.translate(
            "BibliographyExport", "Formatting %Ln reference(s) for {file}…", "", total
        ).format(file=file)
    return QCoreApplication.translate(
        "BibliographyExport", "{done} of {total} references formatted for {file}…"
    ).format(done=QLocale().toString(done), total=QLocale().toString(total), file=file)
