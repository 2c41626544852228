"""The welcome panel shown on an empty library."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from desktop.core.library import Library
from desktop.ui.window.main_window import MainWindow


def test_the_explanation_is_shown_whole(
    ui_library: Library, settings: QSettings, qtbot: QtBot
) -> None:
    window = MainWindow(ui_library, settings)
    qtbot.addWidget(window)
    window.resize(1400, 850)
    window.show()
    qtbot.waitExposed(window)
    assert window.center.currentWidget() is window.welcome
    (hint,) = [label for label in window.welcome.findChildren(QLabel) if label.wordWrap()]
    # The text takes two lines at this width; both must fit.
    assert hint.heightForWidth(hint.width()) > hint.fontMetrics().height() * 1.5
    assert hint.height() >= hint.heightForWidth(hint.width())
    window.close()
