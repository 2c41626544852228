"""Helper processes: started, talked to in pickles, and always stopped."""

from __future__ import annotations

import os
import sys

import pytest

from desktop.core.runtime import helper_process
from desktop.core.runtime.helper_process import HelperProcess

_ECHO = """
import pickle, sys
from desktop.core.runtime import helper_process
answers = helper_process.answer_channel()
request = pickle.load(sys.stdin.buffer)
print("printed, not answered", flush=True)
helper_process.send_answer(answers, ("got", len(request)))
"""


def test_a_helper_answers_a_request_and_what_it_prints_goes_to_its_errors() -> None:
    helper = HelperProcess.start([sys.executable, "-c", _ECHO])
    try:
        helper.send(list(range(100_000)))
        assert helper.receive() == ("got", 100_000)
        helper.errors.seek(0)
        assert helper.errors.read() == b"printed, not answered\n"
    finally:
        helper.stop()


def test_a_request_larger_than_a_pipe_does_not_wait_for_the_helper_to_read_it() -> None:
    # The helper only reads its request once Python and its modules are loaded; the app
    # goes on meanwhile.
    helper = HelperProcess.start([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        helper.send(b"x" * 4_000_000)
        assert helper.process.poll() is None  # sent while the helper still sleeps
    finally:
        helper.stop()
    assert helper.process.returncode is not None  # and stopped: no process left behind


_NICENESS = """
import os, pickle, sys
from desktop.core.runtime import helper_process
answers = helper_process.answer_channel()
pickle.load(sys.stdin.buffer)
helper_process.send_answer(answers, os.nice(0))
"""


def _niceness_of_a_helper(*, background: bool) -> int:
    helper = HelperProcess.start([sys.executable, "-c", _NICENESS], background=background)
    try:
        helper.send(None)
        niceness: int = helper.receive()
    finally:
        helper.stop()
    return niceness


@pytest.mark.skipif(not hasattr(os, "nice"), reason="processes have no niceness here")
def test_a_helper_in_the_background_lets_the_app_go_first_from_its_start() -> None:
    app = os.nice(0)
    assert _niceness_of_a_helper(background=False) == app  # as the app runs
    # Lowered by the app as it starts the helper: Python and the helper's modules load
    # behind the app too.
    expected = min(app + helper_process.BACKGROUND_NICENESS, 19)
    assert _niceness_of_a_helper(background=True) == expected
    assert os.nice(0) == app  # the app's own is left as it was


def test_a_helper_that_dies_fails_to_answer() -> None:
    helper = HelperProcess.start([sys.executable, "-c", "raise SystemExit(3)"])
    try:
        helper.send("anything")
        with pytest.raises(EOFError):
            helper.receive()
    finally:
        helper.stop()


def test_the_cores_are_counted_without_an_affinity_call(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(helper_process.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(helper_process.os, "cpu_count", lambda: 8)
    assert helper_process.usable_cores() == 8


def test_helpers_need_two_cores_and_a_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(helper_process, "usable_cores", lambda: 2)
    assert helper_process.available()
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert not helper_process.available()
    monkeypatch.delattr(sys, "frozen")
    monkeypatch.setattr(helper_process, "usable_cores", lambda: 1)
    assert not helper_process.available()
