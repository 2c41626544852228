"""Copying the selection to the clipboard (its BibTeX, its formatted bibliography, its
in-text citation): at once for a few papers, on a worker behind a dialog with progress and
Cancel for many. A cancelled copy leaves the clipboard as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from desktop.core import api
from desktop.core.errors import ExportCancelled, KnownError
from desktop.core.library import Library
from desktop.ui import core_sentences, prompts
from desktop.ui.background import progress
from desktop.ui.background.workers import Job
from desktop.ui.dialogs import citations

# Up to this many papers a copy is made at once, on the GUI thread: BibTeX costs about
# 0.1 ms a paper (50 ms), a reference 2 to 10 ms in citeproc-py, made twice (rich text
# and plain text), so a bibliography of a few papers only.
BIBTEX_AT_ONCE = 500
REFERENCES_AT_ONCE = 20
# An in-text citation needs no references, but its papers are put in the style's order
# (and APA's citation sorts them again): about as long a paper as a reference.
CITATIONS_AT_ONCE = 20


# `Library.bibliography` or `Library.citation`: the papers formatted in a style, as asked.
Formatting = Callable[..., api.Formatted]


def made_twice(
    make: Formatting, paper_ids: list[int], *, style: str, job: Job
) -> tuple[api.Formatted, api.Formatted]:
    """The papers formatted by `make` (a bibliography, or the in-text citation) as HTML and
    as plain text. Safe from a worker: the `job` hears (papers formatted, in all) over
    both, and its cancel stops the formatting (ExportCancelled)."""
    count = len(paper_ids)

    def told(before: int) -> Any:
        return lambda done, _total: job.report(before + done, 2 * count)

    html = make(paper_ids, style=style, output="html", cancel=job.is_cancelled, progress=told(0))
    text = make(
        paper_ids, style=style, output="text", cancel=job.is_cancelled, progress=told(count)
    )
    return html, text


class ClipboardCopy(progress.DialogJob):
    """Puts the papers' BibTeX or bibliography on the clipboard; `copied(sentence)` says
    what was copied, once it is there (never for a copy cancelled or failed)."""

    copied = Signal(str)

    def __init__(self, library: Library, parent: QWidget) -> None:
        super().__init__(parent)
        self._library = library

    def copy_bibtex(self, paper_ids: list[int]) -> None:
        """The papers' BibTeX as plain text."""
        if not paper_ids or self.busy:
            return
        library, ids = self._library, list(paper_ids)  # the thread must not touch this QObject
        count = len(ids)
        if count <= BIBTEX_AT_ONCE:
            self._put_bibtex(library.export(ids, "bibtex"), count=count)
            return
        self._start_counting(
            lambda job: library.export(ids, "bibtex", cancel=job.is_cancelled, progress=job.report),
            total=count,
            told=lambda _done, _total: QCoreApplication.translate(
                "ClipboardCopy", "Copying the BibTeX of %Ln paper(s)…", "", count
            ),
            title=self.tr("Copy"),
            finished=lambda text: self._on_bibtex(text, count=count),
            failed=self._on_failed,
        )

    def copy_bibliography(self, paper_ids: list[int], *, style: str) -> None:
        """The papers' references in `style`, as rich text and plain text."""
        count = len(paper_ids)
        self._copy_formatted(
            paper_ids,
            style=style,
            make=self._library.bibliography,
            at_once=REFERENCES_AT_ONCE,
            told=QCoreApplication.translate(
                "ClipboardCopy", "Formatting %Ln reference(s) to copy…", "", count
            ),
            put=self._put_bibliography,
        )

    def copy_citation(self, paper_ids: list[int], *, style: str) -> None:
        """The papers' one in-text citation in `style`, as rich text and plain text."""
        count = len(paper_ids)
        self._copy_formatted(
            paper_ids,
            style=style,
            make=self._library.citation,
            at_once=CITATIONS_AT_ONCE,
            told=QCoreApplication.translate(
                "ClipboardCopy",
                "Formatting the in-text citation of %Ln paper(s) to copy…",
                "",
                count,
            ),
            put=self._put_citation,
        )

    def _copy_formatted(
        self,
        paper_ids: list[int],
        *,
        style: str,
        make: Formatting,
        at_once: int,
        told: str,
        put: Callable[..., None],
    ) -> None:
        """Format the papers with `make` twice (rich text, plain text) and `put` both on the
        clipboard: at once for up to `at_once` papers, else on a worker (`told` in its
        dialog)."""
        if not paper_ids or self.busy:
            return
        ids = list(paper_ids)  # the thread must not touch this QObject
        if len(ids) <= at_once:
            try:
                html = make(ids, style=style, output="html")
                text = make(ids, style=style, output="text")
            except KnownError as error:  # a style not known
                prompts.show_error(self._parent, core_sentences.of_error(error))
                return
            put((html, text), style=style)
            return
        self._start_counting(
            lambda job: made_twice(make, ids, style=style, job=job),
            total=2 * len(ids),
            told=lambda _done, _total: told,
            title=self.tr("Copy"),
            finished=lambda both: self._on_formatted(both, style=style, put=put),
            failed=self._on_failed,
        )

    def _on_formatted(
        self,
        both: tuple[api.Formatted, api.Formatted],
        *,
        style: str,
        put: Callable[..., None],
    ) -> None:
        self._end()
        put(both, style=style)

    def _put_citation(self, both: tuple[api.Formatted, api.Formatted], *, style: str) -> None:
        self.copied.emit(citations.put_citation(*both, style=style).status)

    def _on_bibtex(self, text: str, *, count: int) -> None:
        self._end()
        self._put_bibtex(text, count=count)

    def _put_bibtex(self, text: str, *, count: int) -> None:
        QGuiApplication.clipboard().setText(text)
        self.copied.emit(
            QCoreApplication.translate(
                "ClipboardCopy", "Copied the BibTeX of %Ln paper(s).", "", count
            )
        )

    def _put_bibliography(self, both: tuple[api.Formatted, api.Formatted], *, style: str) -> None:
        told = citations.put_bibliography(*both, style=style)
        self.copied.emit(told.status)
        if told.warning is not None:  # a paper left out of the copy is told, never in silence
            prompts.show_info(self._parent, self.tr("Copy"), told.warning)

    def _on_failed(self, error: Any) -> None:
        if isinstance(error, ExportCancelled):
            self._end()  # a Cancel the job saw before the dialog's went: nothing copied
            return
        self._end_failed(error)
