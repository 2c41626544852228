"""Text from a paper shown as text: never as HTML that could load a file or a web page.

Qt guesses that a string holding `<img src=...>` is rich text and renders it (a title with
`<img src="/dev/zero">` crashed the window, a FIFO hung it). Labels and message boxes are
told the text is plain; tooltips, which cannot be told, get it escaped inside rich text;
text browsers load no resource at all.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QByteArray, Qt, QUrl
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import QLabel, QMessageBox, QTextBrowser, QWidget


def tooltip(text: str) -> str:
    """A tooltip showing `text` as it is, whatever markup it holds."""
    if not text:
        return ""
    escaped = html.escape(text).replace("\n", "<br>")
    return f"<p style='white-space:pre-wrap'>{escaped}</p>"


def label(parent: QWidget | None = None) -> QLabel:
    """A label that shows its text as plain text."""
    made = QLabel(parent)
    made.setTextFormat(Qt.TextFormat.PlainText)
    return made


def message_box(box: QMessageBox) -> QMessageBox:
    """`box`, showing its sentence as plain text (sentences name titles and files)."""
    box.setTextFormat(Qt.TextFormat.PlainText)
    return box


class ResourcelessBrowser(QTextBrowser):
    """A QTextBrowser that loads no image, style sheet or page: not local files (a
    `/dev/zero` image would take all memory), not remote ones. Links are still clicked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)

    def loadResource(self, kind: int, name: QUrl | str) -> Any:
        # Something, never nothing: given nothing (or an empty value), QTextDocument reads
        # a local file itself. A blank pixel for an image, a space for anything else.
        if kind == QTextDocument.ResourceType.ImageResource.value:
            blank = QImage(1, 1, QImage.Format.Format_ARGB32)
            blank.fill(0)
            return blank
        return QByteArray(b" ")
