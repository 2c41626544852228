"""The library's possible duplicates, looked for off the GUI thread after it changes.

Looking costs seconds at 100k papers, so one search runs at a time, a little after the
last change (a burst of edits is looked at once), and its answer is kept by the library
until the next change.

A large library is looked at by a helper process where one can run. Otherwise (a frozen
app, one core, a small library) the papers are compared on a thread of this process,
which takes turns with the window's thread for Python: that comparing waits while the
user types (`give_way`), so that the first keystrokes after an import are not slowed.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QTimer, Signal

from desktop.core.api import LikelyDuplicate
from desktop.core.errors import KnownError
from desktop.core.library import Library
from desktop.ui.background.workers import Job, Worker

#: How long after a change the search starts (ms): typing in the detail pane saves often.
SETTLE_MS = 400
#: How long after the last keystroke comparing on a thread goes on (ms).
TYPING_PAUSE_MS = 300


class DuplicateSearch(QObject):
    """Tells `found(pairs)` whenever the possible duplicates of the library are known anew."""

    #: list[LikelyDuplicate], the newer paper of each pair first.
    found = Signal(list)
    #: The search started (the answer known before is out of date).
    started = Signal()

    def __init__(self, library: Library, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._library = library
        self._worker: Worker | None = None
        self._again = False
        self._timer = QTimer(self, singleShot=True, interval=SETTLE_MS)
        self._timer.timeout.connect(self._start)
        self._way_clear = threading.Event()
        self._way_clear.set()
        self._typing = QTimer(self, singleShot=True, interval=TYPING_PAUSE_MS)
        self._typing.timeout.connect(self._way_clear.set)

    @property
    def busy(self) -> bool:
        return self._worker is not None or self._timer.isActive()

    def refresh(self, *, now: bool = False) -> None:
        """Tell the answer at once when the library has not changed since the last search;
        otherwise look again (soon, or `now`)."""
        known = self._library.known_duplicates()
        if known is not None and not self.busy:
            self.found.emit(known)
            return
        if now:
            self._timer.stop()
            self._start()
        else:
            self._timer.start()

    def give_way(self) -> None:
        """The user is typing: comparing on a thread waits until they pause for
        `TYPING_PAUSE_MS` (a helper process's search goes on, behind the app)."""
        self._way_clear.clear()
        self._typing.start()

    def _start(self) -> None:
        if self._worker is not None:
            self._again = True  # the library changed while it looked: look once more after
            return
        self.started.emit()
        library = self._library
        way_clear = self._way_clear

        def work(_job: Job) -> list[LikelyDuplicate]:
            return library.possible_duplicates(between=way_clear.wait)

        worker = self._worker = Worker(work, self)
        worker.finished.connect(self._on_finished)
        worker.failed.connect(self._on_failed)
        worker.start()

    def _on_finished(self, pairs: list[LikelyDuplicate]) -> None:
        self._worker = None
        if self._again:
            self._again = False
            self._start()
            return
        self.found.emit(pairs)

    def _on_failed(self, error: Exception) -> None:
        self._worker = None
        self._again = False
        if not isinstance(error, KnownError):
            raise error  # a bug: the crash report tells it
        # The library could not be read just now (locked, gone): the next change looks again.

    def wait(self, seconds: float = 30.0) -> None:
        """Block until a running search ends (tests, closing the window)."""
        self._typing.stop()
        self._way_clear.set()  # nobody types while this waits
        if self._worker is not None:
            self._worker.wait(seconds)
