"""Reference counts PySide6 must not break: `True` on emit (6.12.0 takes one away per
emit; `desktop.ui.background.signals` gives it back) and `None` on calls returning nothing."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from desktop.ui.background import signals

UI = Path(signals.__file__).parent


class _Sender(QObject):
    sent = Signal(object)


def test_many_emits_leave_true_with_its_references() -> None:
    sender = _Sender()
    received: list[object] = []
    sender.sent.connect(received.append)
    before = sys.getrefcount(True)
    for number in range(5000):
        signals.emit(sender.sent, number)
    assert len(received) == 5000
    # Without the fix, True would have lost 5000 references here (and the process would
    # abort once it has none left).
    assert sys.getrefcount(True) >= before - 5


def test_window_code_never_emits_directly() -> None:
    direct = []
    for path in UI.rglob("*.py"):
        if path.name == "signals.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(r"\.emit\(", line) and "signals.emit(" not in line:
                direct.append(f"{path.relative_to(UI)}:{number}: {line.strip()}")
    assert direct == [], "use desktop.ui.background.signals.emit(signal, ...) instead"


def test_pyside_keeps_none_alive_across_calls() -> None:
    # PySide6 6.12.0 on CPython 3.11 drops a reference to None on every Qt call that
    # returns nothing (setText, start, processEvents...): a session aborts after some
    # tens of thousands of calls. pyproject must pin pyside6-essentials below 6.12.
    import PySide6

    assert not signals.void_calls_drop_none(), (
        f"PySide6 {PySide6.__version__} loses a reference to None on every void call; "
        "use pyside6-essentials<6.12 (6.11.3 is fine)"
    )
