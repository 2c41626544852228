"""Reference counts PySide6 must not break (6.12.0 did, hence the pin in pyproject.toml):
`True` on emit, values emitted from threads, and `None` on calls returning nothing."""

from __future__ import annotations

import sys
import threading

from PySide6.QtCore import QObject, Signal
from pyside_refcounts import void_calls_drop_none
from pytestqt.qtbot import QtBot

from desktop.ui.background import gui_thread


class _Sender(QObject):
    sent = Signal(object)


def test_many_emits_leave_true_with_its_references() -> None:
    sender = _Sender()
    received: list[object] = []
    sender.sent.connect(received.append)
    before = sys.getrefcount(True)
    for number in range(5000):
        sender.sent.emit(number)
    assert len(received) == 5000
    # PySide6 6.12.0 took one reference from True per emit (the process aborts once
    # it has none left): 5,000 here. True's count is the whole process's, and threads
    # left by earlier tests (an index being built) may let go of a few meanwhile.
    assert sys.getrefcount(True) >= before - 500


def test_values_handed_over_from_threads_arrive_intact(qtbot: QtBot) -> None:
    gui_thread.ensure_started()
    gui = threading.get_ident()
    sender = _Sender()
    received: list[tuple[object, int]] = []
    sender.sent.connect(lambda value: received.append((value, threading.get_ident())))
    sent = [None, True, False, 0, "", ("a", 1), [None, True]] * 200

    def hand_over() -> None:
        for value in sent:
            gui_thread.call_soon(lambda value=value: sender.sent.emit(value))

    thread = threading.Thread(target=hand_over)
    thread.start()
    thread.join(10)
    qtbot.waitUntil(lambda: len(received) == len(sent), timeout=5000)
    assert [value for value, _ in received] == sent
    assert {where for _, where in received} == {gui}


def test_pyside_keeps_none_alive_across_calls() -> None:
    # PySide6 6.12.0 on CPython 3.11 drops a reference to None on every Qt call that
    # returns nothing (setText, start, processEvents...): a session aborts after some
    # tens of thousands of calls. pyproject must pin pyside6-essentials below 6.12.
    import PySide6

    assert not void_calls_drop_none(), (
        f"PySide6 {PySide6.__version__} loses a reference to None on every void call; "
        "use pyside6-essentials<6.12 (6.11.3 is fine)"
    )
