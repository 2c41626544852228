"""Turns the library's change callbacks into a Qt signal the widgets connect to.

`Library` calls its listeners on whatever thread made the write; a queued Qt signal brings
the news to the GUI thread, so views only ever refresh there.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from desktop.core.library import Change, Library
from desktop.ui import signals


class LibraryEvents(QObject):
    """Emits `changed(Change)` once per committed write to the library."""

    changed = Signal(object)

    def __init__(self, library: Library, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._library = library
        library.subscribe(self._on_change)

    def _on_change(self, change: Change) -> None:
        signals.emit(self.changed, change)

    def detach(self) -> None:
        """Stop listening (the window is closing)."""
        self._library.unsubscribe(self._on_change)
