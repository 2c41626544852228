"""The selected paper's formatted reference in the remembered citation style, read-only.

Formatted on a worker (the first use of a style parses it, a tenth of a second for APA);
an answer for a paper or style no longer asked for is dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QFrame, QWidget

from desktop.core.errors import KnownError
from desktop.core.library import Library
from desktop.ui import core_sentences
from desktop.ui.background.workers import Worker
from desktop.ui.plain_text import ResourcelessBrowser


class CitationPreview(ResourcelessBrowser):
    """Shows one paper's reference (`show_paper`); `shown` once an answer is in."""

    shown = Signal()

    def __init__(self, library: Library, style: Callable[[], str], parent: QWidget) -> None:
        super().__init__(parent)
        self._library = library
        self._style = style
        self._asked: tuple[int, str] | None = None
        self._workers: set[Worker] = set()
        self.setReadOnly(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMaximumHeight(self.fontMetrics().lineSpacing() * 5)
        self.setToolTip(
            QCoreApplication.translate(
                "CitationPreview", "The reference in the citation style chosen (Edit menu)"
            )
        )

    def show_paper(self, paper_id: int | None) -> None:
        """Format the paper's reference (again: its version or the style may have changed)."""
        if paper_id is None:
            self._asked = None
            self.clear()
            return
        library, style = self._library, self._style()
        asked = self._asked = (paper_id, style)
        # citeproc's HTML escapes the paper's text; the browser loads nothing it names.
        worker = Worker(lambda _job: library.cite([paper_id], style=style, output="html"), self)
        worker.finished.connect(lambda formatted: self._on_formatted(asked, formatted))
        worker.failed.connect(lambda error: self._on_failed(asked, error))
        worker.finished.connect(lambda _r: self._workers.discard(worker))
        worker.failed.connect(lambda _e: self._workers.discard(worker))
        self._workers.add(worker)
        worker.start()

    def _on_formatted(self, asked: tuple[int, str], formatted: Any) -> None:
        if asked != self._asked:
            return
        unwritten = formatted.unwritten_sentence()
        if formatted.entries:
            self.setHtml("".join(f"<p>{entry}</p>" for entry in formatted.entries))
        elif unwritten is not None:  # the style has a reference list, but nothing for this
            self.setPlainText(core_sentences.translated(unwritten))
        else:
            self.setPlainText(
                QCoreApplication.translate(
                    "CitationPreview", "The style {style} writes no reference list."
                ).format(style=asked[1])
            )
        self.shown.emit()

    def _on_failed(self, asked: tuple[int, str], error: Any) -> None:
        if asked != self._asked:
            return
        if isinstance(error, KnownError):
            self.setPlainText(core_sentences.of_error(error))
        else:  # citeproc-py failing inside a style: a sentence, never a traceback
            self.setPlainText(
                QCoreApplication.translate(
                    "CitationPreview", "This paper could not be formatted in the style {style}."
                ).format(style=asked[1])
            )
        self.shown.emit()
