"""Emitting Qt signals from Python, working around a reference-counting bug.

PySide6 6.12.0's `SignalInstance.emit()` hands back `True` without owning a reference to
it, so each call takes one reference away from `True`. After some thousands of emits the
interpreter aborts ("bool_dealloc: deallocating True or False"). `emit()` below returns
that reference when, and only when, the installed PySide6 is measured to drop it, so it
stays correct once a fixed PySide6 is installed. Code in `desktop.ui` never calls
`.emit()` directly (a test checks).
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

from PySide6.QtCore import QObject, Signal, SignalInstance


class _Probe(QObject):
    ping = Signal()


def _emit_drops_a_reference() -> bool:
    probe = _Probe()
    before = sys.getrefcount(True)
    result = probe.ping.emit()  # type: ignore[func-returns-value]
    del result
    dropped = sys.getrefcount(True) < before
    if dropped:
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(True))  # the probe's own loss
    return dropped


#: Whether this PySide6 has the bug (measured once, at import).
EMIT_DROPS_A_REFERENCE = _emit_drops_a_reference()


def emit(signal: SignalInstance, *args: Any) -> None:
    """`signal.emit(*args)`, without losing a reference to the value it returns."""
    result = signal.emit(*args)  # type: ignore[func-returns-value]
    if EMIT_DROPS_A_REFERENCE:
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(result))


def void_calls_drop_none() -> bool:
    """Whether this PySide6 takes a reference from `None` on each call returning nothing.

    PySide6 6.12.0 on CPython 3.11 does (setText, start, processEvents...): a session
    then aborts after some tens of thousands of calls. Nothing here can undo that; the
    answer is another PySide6 (6.11.3 is fine), and `app.run` warns when it sees this.
    """
    from PySide6.QtCore import QTimer

    timer = QTimer()
    before = sys.getrefcount(None)
    for _ in range(_PROBE_CALLS):
        timer.stop()
    dropped = before - sys.getrefcount(None) >= _PROBE_CALLS * 3 // 4
    if dropped:  # give back what the probe itself took
        for _ in range(_PROBE_CALLS):
            ctypes.pythonapi.Py_IncRef(ctypes.py_object(None))
    return dropped


_PROBE_CALLS = 200
