"""The welcome panel shown on an empty library."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from desktop.ui.widgets.welcome_panel import WelcomePanel


def test_the_explanation_is_shown_whole(qtbot: QtBot) -> None:
    panel = WelcomePanel()
    qtbot.addWidget(panel)
    panel.resize(700, 600)
    panel.show()
    qtbot.waitExposed(panel)
    (hint,) = [label for label in panel.findChildren(QLabel) if label.wordWrap()]
    # Two or more lines of text need more than one line's height.
    assert hint.height() >= hint.heightForWidth(hint.width()) > hint.fontMetrics().height() * 1.5
