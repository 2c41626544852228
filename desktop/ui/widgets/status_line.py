"""The status bar's words: a message told for a while stands its time, and the count of
what is shown (the resting message) waits behind it, to come back once it is over."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QStatusBar


class StatusLine(QObject):
    """Tells messages in `bar`; a change of the library meanwhile (which recounts the
    table) no longer replaces an import's summary or an export's confirmation at once."""

    def __init__(self, bar: QStatusBar) -> None:
        super().__init__(bar)
        self._bar = bar
        self._told = ""
        self._resting = ""
        bar.messageChanged.connect(self._on_changed)

    def tell(self, message: str, msec: int = 0) -> None:
        """Say `message` for `msec` (0: until anything replaces it)."""
        self._told = message if msec else ""
        self._bar.showMessage(message, msec)

    def rest(self, message: str) -> None:
        """Show the count of what is shown: now, or once the message told has had its time."""
        self._resting = message
        if self._told and self._bar.currentMessage() == self._told:
            return
        self._told = ""
        self._bar.showMessage(message)

    def moved_on(self) -> None:
        """The user went elsewhere (another view): the message told has been seen."""
        self._told = ""

    def _on_changed(self, message: str) -> None:
        if not message and self._told:  # its time is up
            self._told = ""
            self._bar.showMessage(self._resting)
