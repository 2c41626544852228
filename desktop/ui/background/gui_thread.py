"""Handing work from background threads to the GUI thread without touching Qt there.

With PySide6 6.12.0, a signal emitted from a Python thread while the GUI thread runs
Python slots corrupts reference counts (measured: `None` loses references until the
interpreter aborts with "deallocating None"). So background threads never call Qt: they
put callables on a queue, and a timer in the GUI thread runs them. The cost is at most
`POLL_MS` of latency on a background result.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QTimer

#: How often the GUI thread looks for work handed over while background work runs (ms).
POLL_MS = 5

_queue: deque[Callable[[], object]] = deque()
_gui_thread_id: int | None = None
_pump: QTimer | None = None
#: Background jobs running; the timer only runs while there are some.
_running = 0


def ensure_started() -> None:
    """Start running handed-over work (in the GUI thread, once a QApplication exists)."""
    global _gui_thread_id, _pump
    if _pump is not None and _alive(_pump):
        return
    _gui_thread_id = threading.get_ident()
    _pump = QTimer(QCoreApplication.instance())
    _pump.setInterval(POLL_MS)
    _pump.timeout.connect(run_pending)
    if _running:
        _pump.start()


def job_started() -> None:
    """A background job began (GUI thread): look for its results until it ends."""
    global _running
    ensure_started()
    _running += 1
    assert _pump is not None
    _pump.start()


def job_ended() -> None:
    """A background job's last result was handled (GUI thread)."""
    global _running
    _running = max(0, _running - 1)
    if not _running and not _queue and _pump is not None and _alive(_pump):
        _pump.stop()


def in_gui_thread() -> bool:
    return _gui_thread_id is None or threading.get_ident() == _gui_thread_id


def call_soon(work: Callable[[], object]) -> None:
    """Run `work` in the GUI thread (now, when already there)."""
    if in_gui_thread():
        work()
    else:
        _queue.append(work)  # deque.append is safe across threads


def run_pending() -> None:
    """Run everything handed over so far (the timer calls this; tests may too)."""
    while _queue:
        work = _queue.popleft()
        try:
            work()
        except RuntimeError as error:
            # The widget waiting for this result was closed meanwhile: nobody to tell.
            if "already deleted" not in str(error):
                raise


def _alive(timer: QTimer) -> bool:
    try:
        timer.isActive()
    except RuntimeError:  # its parent was deleted (a test's window closed)
        return False
    return True
