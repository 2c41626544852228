"""The operation runner: the window's writes off the GUI thread, one at a time, in order,
and undo and redo through it."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop.core.api import Change
from desktop.core.errors import KnownError
from desktop.ui import undo_commands
from desktop.ui.background.operations import OperationRunner
from desktop.ui.window.main_window import MainWindow


@pytest.fixture
def runner() -> Any:
    shown = OperationRunner()
    yield shown
    shown.shut_down()


def _refuse(error: KnownError) -> None:
    raise AssertionError(f"no write should fail here: {error}")


def test_a_write_runs_off_the_gui_thread_and_its_result_comes_back_on_it(
    runner: OperationRunner,
) -> None:
    threads: dict[str, int] = {}

    def write() -> int:
        threads["write"] = threading.get_ident()
        return 42

    def done(result: int) -> None:
        threads["done"] = threading.get_ident()
        threads["result"] = result

    runner.run(write, on_done=done, on_failed=_refuse)
    runner.wait_idle()
    assert threads["write"] != threading.get_ident()
    assert threads["done"] == threading.get_ident()
    assert threads["result"] == 42


def test_writes_run_one_at_a_time_in_the_order_asked(runner: OperationRunner) -> None:
    started: list[int] = []
    ended: list[int] = []

    def write(n: int) -> int:
        started.append(n)
        time.sleep(0.02 if n % 2 == 0 else 0.001)  # a slow one never lets a later one pass
        ended.append(n)
        return n

    done: list[int] = []
    for n in range(6):
        runner.run(lambda n=n: write(n), on_done=done.append, on_failed=_refuse)
    assert not runner.idle
    runner.wait_idle()
    assert started == ended == done == list(range(6))


def test_an_undoable_step_tells_its_change_once_and_undo_runs_after_it(
    window: MainWindow, qtbot: QtBot
) -> None:
    library = window.library
    changes: list[Change] = []
    window.events.changed.connect(changes.append)
    ids = library.view_ids()[:2]
    window.perform(undo_commands.TagCommand(library, "to cite", ids, add=True))
    window.history.undo()  # asked while the tagging may still run: waits its turn
    assert window.undo_stack.count() == 0  # the stack holds only what happened
    window.operations.wait_idle()
    assert all("to cite" not in [t.name for t in library.paper(i).tags] for i in ids)
    assert window.undo_stack.count() == 1 and window.undo_stack.index() == 0
    assert len(changes) == 2  # one for the tagging, one for its undo
    window.history.redo()
    window.operations.wait_idle()
    assert len(changes) == 3 and window.undo_stack.index() == 1
    assert all("to cite" in [t.name for t in library.paper(i).tags] for i in ids)


def test_a_failed_undo_keeps_the_step_and_says_why(window: MainWindow, scripted: Any) -> None:
    library = window.library
    list_id = library.reading_list("To read").id
    assert list_id is not None
    window.perform(undo_commands.RenameListCommand(library, list_id, "Later"))
    window.operations.wait_idle()
    library.create_list("To read")  # the old name is taken meanwhile
    window.history.undo()
    window.operations.wait_idle()
    assert len(scripted.errors) == 1 and "To read" in scripted.errors[0]
    assert (window.undo_stack.count(), window.undo_stack.index()) == (1, 1)  # still there
    assert library.reading_list(list_id).name == "Later"
    library.delete_list("To read")
    window.history.undo()  # once the name is free again, the undo goes through
    window.operations.wait_idle()
    assert library.reading_list(list_id).name == "To read"
    assert window.undo_stack.index() == 0


def test_a_failed_step_is_not_pushed_and_later_writes_still_run(
    window: MainWindow, scripted: Any
) -> None:
    library = window.library
    window.perform(undo_commands.CreateListCommand(library, "To read"))  # taken
    window.perform(undo_commands.CreateListCommand(library, "Thesis"))
    window.operations.wait_idle()
    assert len(scripted.errors) == 1 and "To read" in scripted.errors[0]
    assert [window.undo_stack.text(i) for i in range(window.undo_stack.count())] == [
        "Create list “Thesis”"
    ]


def test_a_bug_in_a_write_is_raised_on_the_gui_thread_and_the_queue_goes_on(
    runner: OperationRunner, qtbot: QtBot
) -> None:
    after: list[str] = []
    with qtbot.captureExceptions() as exceptions:
        runner.run(lambda: 1 // 0, on_failed=_refuse)
        runner.run(lambda: "next", on_done=after.append, on_failed=_refuse)
        runner.wait_idle()
    assert [type(e[1]) for e in exceptions] == [ZeroDivisionError]
    assert after == ["next"]


def test_a_known_error_goes_to_the_caller_not_raised(runner: OperationRunner) -> None:
    told: list[str] = []

    def write() -> None:
        raise KnownError("The disk is full.")

    runner.run(write, on_failed=lambda error: told.append(str(error)))
    runner.wait_idle()
    assert told == ["The disk is full."]
