"""Duplicates compared on a thread of the app (a frozen app, one core, a small library)
wait while the user types, so that the window's thread has Python to itself for the
keystrokes; closing the window does not wait for a pause in typing."""

from __future__ import annotations

import time

import pytest
from pytestqt.qtbot import QtBot

from desktop.core import dedupe
from desktop.ui.background.duplicate_search import TYPING_PAUSE_MS
from desktop.ui.window.main_window import MainWindow
from tests.ui.conftest import add


@pytest.fixture
def copy_id(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> int:
    """A copy of one of the window's papers, added just now; comparing may wait after
    every paper."""
    monkeypatch.setattr(dedupe, "_BETWEEN_EVERY", 1)
    return add(window.library, "Offline Reinforcement Learning", 2020, "Levine")


def test_comparing_on_a_thread_waits_while_the_user_types(
    window: MainWindow, qtbot: QtBot, copy_id: int
) -> None:
    search = window.duplicate_search
    window.search_bar.field.setText("lev")  # a keystroke
    started = time.monotonic()
    with qtbot.waitSignal(search.found, timeout=10_000) as found:
        search.refresh(now=True)
        time.sleep(0.5)  # no event is handled: the pause in typing cannot come
        worker = search._worker
        assert worker is not None and worker.running  # waiting, not done
    assert time.monotonic() - started >= TYPING_PAUSE_MS / 1000
    assert copy_id in {pair.paper_id for pair in found.args[0]}


def test_waiting_for_the_search_does_not_wait_for_a_pause_in_typing(
    window: MainWindow, copy_id: int
) -> None:
    search = window.duplicate_search
    search.give_way()
    search.refresh(now=True)
    worker = search._worker
    assert worker is not None
    started = time.monotonic()
    search.wait(10)  # as the window does when it closes
    assert not worker.running
    assert time.monotonic() - started < 5
