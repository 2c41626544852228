"""Emitting signals must not take references away from `True` (PySide6 6.12.0 does)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from desktop.ui import signals

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
    assert direct == [], "use desktop.ui.signals.emit(signal, ...) instead"
