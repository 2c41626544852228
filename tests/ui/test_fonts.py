"""Chinese text is drawn in a plain sans-serif CJK font, not whichever covers it first."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QFontDatabase, QFontMetricsF, QRawFont
from PySide6.QtWidgets import QApplication

from desktop.ui import fonts


def test_han_falls_back_to_a_plain_sans_serif_family(qapp: QApplication) -> None:
    installed = QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese)
    if not set(fonts.CJK_SANS) & set(installed):
        pytest.fail("install fonts-noto-cjk (listed in .ci/debian-packages)")
    chosen = fonts.prefer_plain_cjk(qapp)
    assert chosen in fonts.CJK_SANS
    # A size no other test draws at: Qt keeps each font it resolved (per family and size),
    # and one resolved before the substitutions were made would answer from that cache.
    font = QFont(qapp.font())
    font.setPointSizeF(23.25)
    drawn = QRawFont.fromFont(font, QFontDatabase.WritingSystem.SimplifiedChinese)
    assert drawn.familyName() == chosen


def test_latin_text_keeps_the_interface_font(qapp: QApplication) -> None:
    """Only what the interface font lacks is drawn in the CJK one: an English sentence
    keeps its letters and narrow quotation marks (not the CJK font's full-width “ ”)."""
    fonts.prefer_plain_cjk(qapp)
    font = QFont(qapp.font())
    font.setPointSizeF(23.75)  # resolved here first (see above)
    drawn = QRawFont.fromFont(font, QFontDatabase.WritingSystem.Latin)
    assert drawn.familyName() not in fonts.CJK_SANS
    metrics = QFontMetricsF(font)
    assert metrics.horizontalAdvance("“") < 0.75 * metrics.horizontalAdvance("中")
    han = QRawFont.fromFont(font, QFontDatabase.WritingSystem.SimplifiedChinese)
    assert han.familyName() in fonts.CJK_SANS
