"""Running a slow core call off the GUI thread and getting its result back as a signal.

The call runs in a Python thread that never touches a Qt object: it gets a plain `Job`
to report progress and check for cancellation, and its outcome is handed to the GUI
thread (see `gui_thread`), where `finished(result)`, `failed(error)` and
`progressed(done, total)` are emitted, so slots always run there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, Signal

from desktop.ui.background import gui_thread


class Job:
    """What the background work sees: a progress callback and a cancel flag (no Qt)."""

    def __init__(self, on_progress: Callable[[int, int], None]) -> None:
        self._on_progress = on_progress
        self.cancelled = False

    def report(self, done: int, total: int) -> None:
        """Tell how far the work is (called on the work's thread)."""
        on_progress = self._on_progress
        gui_thread.call_soon(lambda: on_progress(done, total))

    def is_cancelled(self) -> bool:
        return self.cancelled


class Worker(QObject):
    """One background call. Keep a reference until `finished` or `failed` arrives."""

    finished = Signal(object)
    failed = Signal(object)
    progressed = Signal(int, int)

    def __init__(self, work: Callable[[Job], Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._work = work
        self._job: Job | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        gui_thread.ensure_started()
        # Everything the thread needs is taken here, in the GUI thread.
        job = self._job = Job(self._emit_progress)
        finish, fail = self._emit_finished, self._emit_failed
        thread = threading.Thread(
            target=_run,
            args=(self._work, job, finish),
            kwargs={"fail": fail},
            name="papershelf-worker",
        )
        thread.daemon = True  # quitting mid-import rolls the import back (one transaction)
        self._thread = thread
        thread.start()

    def wait(self, seconds: float) -> None:
        """Block until the work's thread ends (at most `seconds`); its result is dropped."""
        if self._thread is not None:
            self._thread.join(seconds)

    @property
    def running(self) -> bool:
        """Whether the work's thread is still at it."""
        return self._thread is not None and self._thread.is_alive()

    def cancel(self) -> None:
        """Ask the work to stop; it checks `Job.is_cancelled` at safe points."""
        if self._job is not None:
            self._job.cancelled = True

    # A worker dies with its parent (a widget closed while its work ran): then nobody is
    # left to tell, and what the work handed back is dropped.

    def _emit_progress(self, done: int, total: int) -> None:
        if shiboken6.isValid(self):
            self.progressed.emit(done, total)

    def _emit_finished(self, result: Any) -> None:
        if shiboken6.isValid(self):
            self.finished.emit(result)

    def _emit_failed(self, error: Exception) -> None:
        if shiboken6.isValid(self):
            self.failed.emit(error)


def _run(
    work: Callable[[Job], Any],
    job: Job,
    finish: Callable[[Any], None],
    *,
    fail: Callable[[Exception], None],
) -> None:
    try:
        result = work(job)
    except Exception as error:  # handed to the GUI thread, which decides what to show
        failure = error  # `error` is unbound once the except block ends
        gui_thread.call_soon(lambda: fail(failure))
        return
    gui_thread.call_soon(lambda: finish(result))
