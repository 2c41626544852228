"""Files dropped from a file manager, as the window system hands a drop over: the drag
enters (and must be accepted) before it drops."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QObject, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication


def drop_files(target: QObject, point: QPointF, files: list[Path]) -> None:
    """Drop `files` (or folders) on `target` at `point`."""
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(f)) for f in files])
    how = (
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    entering = QDragEnterEvent(point.toPoint(), *how)
    QApplication.sendEvent(target, entering)
    assert entering.isAccepted()
    QApplication.sendEvent(target, QDropEvent(point, *how))
