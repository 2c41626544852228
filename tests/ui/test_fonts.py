"""Chinese text is drawn in a plain sans-serif CJK font, not whichever covers it first."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QFontDatabase, QRawFont
from PySide6.QtWidgets import QApplication

from desktop.ui import fonts


def test_han_falls_back_to_a_plain_sans_serif_family(qapp: QApplication) -> None:
    installed = QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese)
    if not set(fonts.CJK_SANS) & set(installed):
        pytest.fail("install fonts-noto-cjk (listed in .ci/debian-packages)")
    chosen = fonts.prefer_plain_cjk(qapp)
    assert chosen in fonts.CJK_SANS
    drawn = QRawFont.fromFont(QFont(qapp.font()), QFontDatabase.WritingSystem.SimplifiedChinese)
    assert drawn.familyName() == chosen
