"""Handing work from background threads to the GUI thread.

A background thread puts a callable on a queue and wakes the GUI thread with a queued
signal that carries nothing; the GUI thread then runs everything queued. Only plain Python
callables cross threads, so a result reaches its slot as it was made.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal, Slot

_queue: deque[Callable[[], object]] = deque()
_gui_thread_id: int | None = None


class _Relay(QObject):
    """Lives in the GUI thread; `handed_over` from any thread runs the queue there."""

    handed_over = Signal()

    def __init__(self, parent: QObject | None) -> None:
        super().__init__(parent)
        # Queued even if emitted in the GUI thread: work never runs inside the emitter.
        self.handed_over.connect(self._on_handed_over, Qt.ConnectionType.QueuedConnection)

    @Slot()
    def _on_handed_over(self) -> None:
        run_pending()


_relay: _Relay | None = None


def ensure_started() -> None:
    """Start running handed-over work (in the GUI thread, once a QApplication exists)."""
    global _gui_thread_id, _relay
    if _relay is not None and _alive(_relay):
        return
    _gui_thread_id = threading.get_ident()
    _relay = _Relay(QCoreApplication.instance())
    if _queue:  # handed over while there was no relay to wake
        _relay.handed_over.emit()


def in_gui_thread() -> bool:
    return _gui_thread_id is None or threading.get_ident() == _gui_thread_id


def call_soon(work: Callable[[], object]) -> None:
    """Run `work` in the GUI thread (now, when already there)."""
    if in_gui_thread():
        work()
        return
    _queue.append(work)  # deque.append is safe across threads
    relay = _relay
    if relay is not None:
        relay.handed_over.emit()


def run_pending() -> None:
    """Run everything handed over so far (the relay calls this; tests may too)."""
    while _queue:
        work = _queue.popleft()
        try:
            work()
        except RuntimeError as error:
            # The widget waiting for this result was closed meanwhile: nobody to tell.
            if "already deleted" not in str(error):
                raise


def _alive(relay: QObject) -> bool:
    try:
        relay.objectName()
    except RuntimeError:  # its parent was deleted
        return False
    return True
