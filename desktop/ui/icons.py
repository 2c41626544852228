"""Icons drawn as SVG in `resources/icons/`, tinted with the palette's text colour.

The SVGs stroke with `currentColor`; painting them in the palette's colour makes them
follow a light or dark system theme without a second set of files.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication

from desktop.ui import resources

_SIZES = (16, 20, 24, 32, 48)


def icon(name: str) -> QIcon:
    """The icon `resources/icons/<name>.svg` in the current palette's text colour."""
    colour = QApplication.palette().windowText().color().name()
    return _tinted(name, colour)


def app_icon() -> QIcon:
    """The Papershelf application icon (full colour)."""
    return QIcon(str(resources.ROOT / "papershelf.svg"))


def colour_swatch(colour: str, size: int = 12) -> QIcon:
    """A small rounded square of a tag's colour (grey when it has none)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour) if QColor.isValidColorName(colour) else QColor("#9a9a9a"))
    painter.drawRoundedRect(QRectF(1, 1, size - 2, size - 2), 3, 3)
    painter.end()
    return QIcon(pixmap)


def tag_dots(colours: tuple[str, ...], size: int = 10) -> QPixmap:
    """A row of overlapping dots, one per coloured tag, as Zotero shows them by a title."""
    return _dots(colours, QApplication.palette().color(QPalette.ColorRole.Base).name(), size)


@cache
def _dots(colours: tuple[str, ...], ring: str, size: int) -> QPixmap:
    step = size * 2 // 3
    width = size + step * (len(colours) - 1) + 4  # a little room before the text
    pixmap = QPixmap(max(width, 1), size + 2)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    # A thin ring in the base colour keeps overlapping dots apart on any background.
    painter.setPen(QPen(QColor(ring), 1.2))
    for number, colour in enumerate(colours):
        painter.setBrush(QColor(colour) if QColor.isValidColorName(colour) else QColor("#9a9a9a"))
        painter.drawEllipse(QRectF(1 + number * step, 1, size, size))
    painter.end()
    return pixmap


@cache
def _tinted(name: str, colour: str) -> QIcon:
    svg = (resources.ICONS / f"{name}.svg").read_text(encoding="utf-8")
    renderer = QSvgRenderer(QByteArray(svg.replace("currentColor", colour).encode()))
    result = QIcon()
    for size in _SIZES:
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        renderer.render(painter)
        painter.end()
        result.addPixmap(pixmap)
    return result
