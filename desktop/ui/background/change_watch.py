"""Noticing changes made by someone else (another user on PostgreSQL, another window on
the same SQLite file) without restarting.

Every few seconds the window asks the library whether its revision moved on behind our
back (one row read; our own writes do not count). When it did, the library catches up in
the background (its search index is rebuilt there) and `changed_elsewhere` follows.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from shiboken6 import Shiboken

from desktop.core.errors import KnownError
from desktop.core.library import Library
from desktop.ui.background.workers import Worker

#: How often the library is asked about other people's changes (milliseconds).
POLL_MS = 2000


class ChangeWatch(QObject):
    """Emits `changed_elsewhere()` once the library has caught up with others' changes."""

    changed_elsewhere = Signal()

    def __init__(self, library: Library, parent: QObject) -> None:
        super().__init__(parent)
        self._library = library
        self._worker: Worker | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self.check)
        self._timer.start()

    @property
    def idle(self) -> bool:
        """True unless the library is catching up with someone else's changes."""
        return self._worker is None

    def stop(self) -> None:
        """Stop looking (the window is closing; the library may close next)."""
        self._timer.stop()

    def check(self) -> bool:
        """Start catching up when someone else changed the library; True when so."""
        if self._worker is not None:
            return False
        try:
            changed = self._library.changed_elsewhere()
        except KnownError:
            return False  # the server is away for a moment: look again at the next tick
        if changed:
            library = self._library  # the thread must not touch this QObject
            self._worker = Worker(lambda _job: library.catch_up())
            self._worker.finished.connect(self._on_caught_up)
            self._worker.failed.connect(self._on_failed)
            self._worker.start()
        return changed

    def _on_caught_up(self, _result: Any) -> None:
        if not Shiboken.isValid(self):
            return  # the window is gone
        self._worker = None
        self.changed_elsewhere.emit()

    def _on_failed(self, _error: Any) -> None:
        self._worker = None
