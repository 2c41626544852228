"""Turns the library's change callbacks into a Qt signal the widgets connect to.

`Library` calls its listeners on whatever thread made the write; the news is handed to
the GUI thread (`gui_thread.call_soon`) and emitted there, so views only refresh there.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from desktop.core.api import Change
from desktop.core.library import Library
from desktop.ui.background import gui_thread


class LibraryEvents(QObject):
    """Emits `changed(Change)` once per committed write to the library."""

    changed = Signal(object)

    def __init__(self, library: Library, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._library = library
        gui_thread.ensure_started()
        library.subscribe(self._on_change)

    def _on_change(self, change: Change) -> None:
        # Imports write from a worker thread; the news is emitted in the GUI thread.
        gui_thread.call_soon(lambda: self.changed.emit(change))

    def detach(self) -> None:
        """Stop listening (the window is closing)."""
        self._library.unsubscribe(self._on_change)
