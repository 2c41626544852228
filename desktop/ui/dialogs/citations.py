"""Copying formatted citations to the clipboard, in a CSL style the window remembers."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QCoreApplication, QMimeData, QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QInputDialog, QWidget

from desktop.core import api
from desktop.ui import core_sentences

#: Where the chosen style is remembered in the window's settings.
STYLE_KEY = "citation/style"
#: Offered first when choosing; any other style id or a .csl path can be typed.
COMMON_STYLES = (
    "apa",
    "ieee",
    "chicago-author-date",
    "harvard-cite-them-right",
    "modern-language-association",
    "nature",
    "vancouver",
    "china-national-standard-gb-t-7714-2015-numeric",
    "china-national-standard-gb-t-7714-2015-author-date",
)


def remembered_style(settings: QSettings) -> str:
    """The style last chosen (APA until one is)."""
    return str(settings.value(STYLE_KEY, api.DEFAULT_STYLE) or api.DEFAULT_STYLE)


def choose_style(parent: QWidget, settings: QSettings) -> str | None:
    """Ask for a style id or .csl path and remember it; None when cancelled."""
    current = remembered_style(settings)
    styles = list(dict.fromkeys([current, *COMMON_STYLES]))
    chosen, accepted = QInputDialog.getItem(
        parent,
        QCoreApplication.translate("Citations", "Citation Style"),
        QCoreApplication.translate(
            "Citations",
            "Style for “Copy as Citation” and “Copy Bibliography” (a CSL style id, or the path "
            "of a .csl file):",
        ),
        styles,
        0,
        True,
    )
    if not accepted or not chosen.strip():
        return None
    settings.setValue(STYLE_KEY, chosen.strip())
    return chosen.strip()


class Copied(NamedTuple):
    """What a copy tells: a line for the status bar, and a warning worth a box of its own
    (papers the style wrote nothing for, which the copy leaves out), or None."""

    status: str
    warning: str | None


def put_bibliography(html: api.Formatted, text: api.Formatted, *, style: str) -> Copied:
    """Put a formatted bibliography on the clipboard, as rich text (HTML) and plain text
    (the same references formatted as each); returns what to tell."""
    _put_on_clipboard(html=html.bibliography, text=text.bibliography)
    count = len(text.entries)
    copied = QCoreApplication.translate(
        "Citations", "Copied %Ln reference(s) in the style {style}.", "", count
    ).format(style=style)
    unwritten = text.unwritten_sentence()
    return Copied(copied, None if unwritten is None else core_sentences.translated(unwritten))


def put_citation(html: api.Formatted, text: api.Formatted, *, style: str) -> Copied:
    """Put the papers' one in-text citation (`(LeCun et al., 2015)`, `[1], [2]`) on the
    clipboard, as rich text and plain text (the same citation formatted as each); returns
    what to tell."""
    _put_on_clipboard(html=html.citation, text=text.citation)
    return Copied(
        QCoreApplication.translate(
            "Citations", "Copied the in-text citation in the style {style}."
        ).format(style=style),
        None,
    )


def _put_on_clipboard(*, html: str, text: str) -> None:
    data = QMimeData()
    data.setHtml(html)
    data.setText(text)
    QGuiApplication.clipboard().setMimeData(data)
