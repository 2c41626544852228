"""Probing the installed PySide6 for the reference-counting bug of 6.12.0 (the pin in
pyproject.toml keeps it out; these tell when it is back)."""

from __future__ import annotations

import ctypes
import sys

_PROBE_CALLS = 200


def void_calls_drop_none() -> bool:
    """Whether each Qt call returning nothing takes a reference from `None` (6.12.0 on
    CPython 3.11 does: a session aborts after some tens of thousands of calls)."""
    from PySide6.QtCore import QTimer

    timer = QTimer()
    before = sys.getrefcount(None)
    for _ in range(_PROBE_CALLS):
        timer.stop()
    dropped = before - sys.getrefcount(None) >= _PROBE_CALLS * 3 // 4
    if dropped:  # give back what the probe itself took, so the tests can go on
        for _ in range(_PROBE_CALLS):
            ctypes.pythonapi.Py_IncRef(ctypes.py_object(None))
    return dropped
