"""A "Show in Folder" button for the status bar, offered for a while after a file is written."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QToolButton, QWidget


class ShowInFolderButton(QToolButton):
    """Opens the folder of the file last written in the system's file manager."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setText(self.tr("Show in Folder"))
        self.setAutoRaise(True)
        self.hide()
        self._path: Path | None = None
        self._hide_timer = QTimer(self, singleShot=True)
        self._hide_timer.timeout.connect(self.hide)
        self.clicked.connect(self._on_clicked)

    @property
    def path(self) -> Path | None:
        """The file whose folder the button opens."""
        return self._path

    def offer(self, path: Path, msec: int) -> None:
        """Show the button for `msec`, for the folder holding `path`."""
        self._path = path
        self.setToolTip(str(path.parent))
        self.show()
        self._hide_timer.start(msec)

    def _on_clicked(self) -> None:
        if self._path is not None:
            # The folder, not the file: opening the file could run it; a file manager
            # that selects the file needs a different call on each system.
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self._path.parent)))
