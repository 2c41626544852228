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
