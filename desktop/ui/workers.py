"""Running a slow core call off the GUI thread and getting its result back as a signal.

The call runs in Qt's global thread pool; `finished(result)` or `failed(error)` arrive on
the GUI thread. Progress reported by the call (done, total) arrives as `progressed`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from desktop.ui import signals


class Worker(QObject):
    """One background call. Keep a reference until `finished` or `failed` arrives."""

    finished = Signal(object)
    failed = Signal(object)
    progressed = Signal(int, int)

    def __init__(self, work: Callable[[Worker], Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._work = work
        self.cancelled = False

    def start(self) -> None:
        QThreadPool.globalInstance().start(_Runnable(self))

    def report(self, done: int, total: int) -> None:
        """Called by the work (on its thread) to tell how far it is."""
        signals.emit(self.progressed, done, total)

    def cancel(self) -> None:
        """Ask the work to stop; it checks `is_cancelled` at safe points."""
        self.cancelled = True

    def is_cancelled(self) -> bool:
        return self.cancelled

    def run(self) -> None:
        try:
            result = self._work(self)
        except Exception as error:  # handed to the GUI thread, which decides what to show
            signals.emit(self.failed, error)
            return
        signals.emit(self.finished, result)


class _Runnable(QRunnable):
    def __init__(self, worker: Worker) -> None:
        super().__init__()
        self._worker = worker

    def run(self) -> None:
        self._worker.run()
