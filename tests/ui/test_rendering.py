"""The window rendered offscreen, light and dark, to PNG files that are not blank."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.core.library import Library
from desktop.ui.window.main_window import MainWindow


def _dark_palette() -> QPalette:
    palette = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#2b2b2b",
        QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#1f1f1f",
        QPalette.ColorRole.AlternateBase: "#262626",
        QPalette.ColorRole.Text: "#e6e6e6",
        QPalette.ColorRole.Button: "#353535",
        QPalette.ColorRole.ButtonText: "#e6e6e6",
        QPalette.ColorRole.Highlight: "#2f6fb0",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.PlaceholderText: "#8c8c8c",
        QPalette.ColorRole.ToolTipBase: "#353535",
        QPalette.ColorRole.ToolTipText: "#e6e6e6",
    }
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))
    return palette


def _distinct_colours(image: QImage) -> int:
    seen = set()
    for y in range(0, image.height(), 7):
        for x in range(0, image.width(), 7):
            seen.add(image.pixel(x, y))
    return len(seen)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_window_renders_in_light_and_dark(
    theme: str, small_library: Library, settings: QSettings, qtbot: QtBot, tmp_path: Path
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    original = app.palette()
    if theme == "dark":
        app.setPalette(_dark_palette())
    try:
        small_library.add_to_list("To read", small_library.view_ids()[:2])
        small_library.tag_papers("robotics", small_library.view_ids()[:1])
        window = MainWindow(small_library, settings)
        qtbot.addWidget(window)
        window.resize(1200, 720)
        window.show()
        window.select_ids(small_library.view_ids()[1:2])
        qtbot.wait(20)
        path = tmp_path / f"window-{theme}.png"
        assert window.grab().save(str(path))
        image = QImage(str(path))
        assert (image.width(), image.height()) == (1200, 720)
        assert _distinct_colours(image) > 20  # text, icons, selection: not a blank fill
        background = image.pixelColor(600, 700).lightness()  # an empty part of the table
        assert (background < 100) if theme == "dark" else (background > 180)
        window.close()
    finally:
        app.setPalette(original)
