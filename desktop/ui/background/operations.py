"""Every write from the window, one at a time, off the GUI thread.

Writes wait their turn in a queue and run on the runner's one thread, so they keep the
order they were asked in. When its turn comes an operation is made (on the GUI thread),
which lets an undo pick its command only once the writes before it are done. Its outcome
comes back on the GUI thread: the result to `on_done`, a KnownError to `on_failed` (which
tells the user), anything else raised again there as a bug. `finished` follows each one.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Signal
from shiboken6 import Shiboken

from desktop.core.errors import KnownError
from desktop.ui.background import gui_thread

T = TypeVar("T")


@dataclass(frozen=True)
class Operation(Generic[T]):
    """A write to run off the GUI thread and what to do with its outcome there."""

    write: Callable[[], T]
    on_done: Callable[[T], object]
    on_failed: Callable[[KnownError], object]


#: Makes the operation when its turn comes; None when there is nothing left to do.
Maker = Callable[[], "Operation[Any] | None"]


class OperationRunner(QObject):
    """Runs operations in order on one thread; `finished()` after each one's callback."""

    finished = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        gui_thread.ensure_started()
        self._waiting: deque[Maker] = deque()
        self._running: Operation[Any] | None = None
        self._closed = False
        self._jobs: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(
            target=_serve, args=(self._jobs,), name="papershelf-operations", daemon=True
        )
        self._thread.start()

    @property
    def idle(self) -> bool:
        """True when no write runs and none waits."""
        return self._running is None and not self._waiting

    def run(
        self,
        write: Callable[[], T],
        *,
        on_done: Callable[[T], object] = lambda _result: None,
        on_failed: Callable[[KnownError], object],
    ) -> None:
        """Run `write` after the writes asked for before it."""
        self.run_when_ready(lambda: Operation(write, on_done, on_failed))

    def run_when_ready(self, make: Maker) -> None:
        """Call `make` once the writes before are done, and run what it returns."""
        if self._closed:
            return
        self._waiting.append(make)
        if self._running is None:
            self._start_next()

    def wait_idle(self, seconds: float = 10.0) -> None:
        """Keep the GUI thread's events flowing until every write asked for is done."""
        deadline = time.monotonic() + seconds
        while not self.idle:
            if time.monotonic() > deadline:
                raise TimeoutError("a write to the library did not finish")
            QCoreApplication.processEvents()
            time.sleep(0.001)

    def shut_down(self, seconds: float = 30.0) -> None:
        """Finish the writes asked for, then stop the thread (before the library closes)."""
        try:
            self.wait_idle(seconds)
        finally:
            self._closed = True
            self._waiting.clear()
            self._jobs.put(None)
            self._thread.join(seconds)

    def _start_next(self) -> None:
        while self._waiting and self._running is None:
            operation = self._waiting.popleft()()
            if operation is None:
                continue  # nothing to do any more (an undo with nothing left to undo)
            self._running = operation
            self._jobs.put(self._job_for(operation))

    def _job_for(self, operation: Operation[Any]) -> Callable[[], None]:
        write = operation.write  # the thread touches no Qt object, only this callable

        def job() -> None:
            try:
                result = write()
            except Exception as error:  # judged on the GUI thread: a sentence or a bug
                failure = error  # `error` is unbound once the except block ends
                gui_thread.call_soon(lambda: self._on_outcome(operation, None, failure))
                return
            gui_thread.call_soon(lambda: self._on_outcome(operation, result, None))

        return job

    def _on_outcome(
        self, operation: Operation[Any], result: object, error: Exception | None
    ) -> None:
        if not Shiboken.isValid(self):
            return  # the window is gone: nobody to tell
        try:
            if error is None:
                operation.on_done(result)
            elif isinstance(error, KnownError):
                operation.on_failed(error)
            else:
                raise error  # a bug: the crash reporter logs it
        finally:
            # Even after a bug the next write runs, so the queue never stalls.
            self._running = None
            self.finished.emit()
            self._start_next()


def _serve(jobs: queue.SimpleQueue[Callable[[], None] | None]) -> None:
    while (job := jobs.get()) is not None:
        job()
