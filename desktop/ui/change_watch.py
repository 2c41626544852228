"""Noticing changes made by someone else (another user on PostgreSQL, another window on
the same SQLite file) without restarting.

Every few seconds the window compares a small snapshot of the library with the last one:
how many papers and trashed papers there are, and the rows on screen. Our own writes
re-take the snapshot first, so only other people's changes are announced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from desktop.core.library import Library
from desktop.ui import signals

#: How often the library is looked at for other people's changes (milliseconds).
POLL_MS = 5000
#: Papers, papers in the trash, and the rows on screen by id.
Snapshot = tuple[int, int, dict[int, Any]]


class ChangeWatch(QObject):
    """Emits `changed_elsewhere()` when the library changed behind the window's back."""

    changed_elsewhere = Signal()

    def __init__(
        self, library: Library, visible_ids: Callable[[], list[int]], parent: QObject
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._visible_ids = visible_ids
        self._last: Snapshot | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self.check)
        self._timer.start()

    def snapshot(self) -> Snapshot:
        """Paper and trash counts, and the rows on screen by id."""
        rows = self._library.rows(self._visible_ids())
        return (self._library.count(), self._library.count(trash=True), dict(rows))

    def stop(self) -> None:
        """Stop looking (the window is closing; the library may close next)."""
        self._timer.stop()

    def rebase(self) -> None:
        """Take the current state as known (after our own change, or after showing theirs)."""
        self._last = self.snapshot()

    def check(self) -> bool:
        """Compare with the last snapshot; True (and the signal) when something changed."""
        now = self.snapshot()
        changed = self._last is not None and _differ(self._last, now)
        self._last = now
        if changed:
            signals.emit(self.changed_elsewhere)
        return changed


def _differ(before: Snapshot, after: Snapshot) -> bool:
    # Rows that scrolled into or out of view are no news; a row that differs is.
    if before[:2] != after[:2]:
        return True
    old, new = before[2], after[2]
    return any(old[i] != new[i] for i in old.keys() & new.keys())
