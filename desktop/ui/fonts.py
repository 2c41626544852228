"""Which font draws Chinese, Japanese and Korean text the interface font lacks.

Left to itself Qt takes the first installed family that covers the script, which may be a
calligraphic one (AR PL KaitiM on many Linux desktops): the window would show a Chinese
title in brush strokes. A plain sans-serif CJK family is named first instead.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontDatabase, QFontInfo
from PySide6.QtWidgets import QApplication

#: Plain CJK sans-serif families, Simplified Chinese forms first: Linux (fonts-noto-cjk,
#: the same font as Source Han Sans), Windows, macOS.
CJK_SANS = (
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "Microsoft YaHei",
    "PingFang SC",
    "Noto Sans CJK JP",
)


def prefer_plain_cjk(app: QApplication) -> str | None:
    """Make the first installed family of `CJK_SANS` the fallback of the app's font;
    returns it (None when none is installed: Qt's own choice stays)."""
    installed = set(QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese))
    wanted = [family for family in CJK_SANS if family in installed]
    if not wanted:
        return None
    for family in {app.font().family(), QFont().defaultFamily(), "Sans Serif"}:
        QFont.insertSubstitutions(family, [*_drawn_with(family, wanted), *wanted])
    return wanted[0]


def _drawn_with(family: str, cjk: list[str]) -> list[str]:
    """The installed family the system draws `family` with when `family` only names one
    (fontconfig's "Sans Serif"), to be kept first: a name's substitutes are tried before
    the system's choice, and Latin text, quotation marks among it, would be drawn in the
    CJK font (full-width “ ” in an English sentence)."""
    drawn = QFontInfo(QFont(family)).family()
    return [] if drawn == family or drawn in cjk else [drawn]
