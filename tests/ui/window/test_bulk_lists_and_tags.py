"""Add to New List and Delete Tag over many papers: a chunk of papers per step with
progress and Cancel (a Cancel leaves the library as it was), still one undo step whose
undo and redo give back exactly the state before."""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from ui.conftest import cancel_after

from desktop.core.api import undo
from desktop.ui import prompts, undo_commands
from desktop.ui.background import progress
from desktop.ui.background.workers import Job
from desktop.ui.window.main_window import MainWindow


def _settle(qtbot: QtBot, window: MainWindow) -> None:
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: not window._pending and not window._apply_timer.isActive())


def _progress_seen(monkeypatch: pytest.MonkeyPatch) -> list[list[Any]]:
    """For each progress dialog the window opens: its label, then each (done, total) told."""
    seen: list[list[Any]] = []
    job_of = progress.job_of

    def seen_job_of(dialog: Any) -> Job:
        told: list[Any] = [dialog.labelText()]
        seen.append(told)
        job = job_of(dialog)
        report = job.report

        def reported(done: int, total: int) -> None:
            told.append((done, total))
            report(done, total)

        job.report = reported  # type: ignore[method-assign]
        return job

    monkeypatch.setattr(progress, "job_of", seen_job_of)
    return seen


def _cancelled_after_a_chunk(
    monkeypatch: pytest.MonkeyPatch, window: MainWindow, step: type[undo.Step]
) -> tuple[list[Job], list[str]]:
    """Chunks of 2 papers, and the user pressing Cancel after the first `step` applied:
    the progress jobs seen, and the sentences the window showed as errors."""
    monkeypatch.setattr(undo_commands, "CHUNK", 2)
    jobs = cancel_after(monkeypatch, window.library, when=lambda s: isinstance(s, step))
    told: list[str] = []
    monkeypatch.setattr(prompts, "show_error", lambda _parent, sentence: told.append(sentence))
    return jobs, told


def _steps_applied(monkeypatch: pytest.MonkeyPatch, window: MainWindow) -> list[type]:
    """The kinds of step the library applies from now on, in order."""
    applied: list[type] = []
    apply = window.library.apply

    def recorded(step: undo.Step) -> undo.Step:
        applied.append(type(step))
        return apply(step)

    monkeypatch.setattr(window.library, "apply", recorded)
    return applied


def _lists(window: MainWindow) -> list[tuple[str, int]]:
    return [(found.name, count) for found, count in window.library.lists()]


def _members(window: MainWindow, name: str) -> list[int]:
    return [item.paper.id for item in window.library.list_items(name)]


def test_many_papers_go_into_a_new_list_a_chunk_at_a_time_one_undo_step(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(undo_commands, "CHUNK", 2)  # 5 papers: 3 chunks, like 100k in 50
    seen = _progress_seen(monkeypatch)
    monkeypatch.setattr(prompts, "ask_text", lambda *_a, **_k: "Ocean")
    before = _lists(window)
    ids = list(reversed(window.library.view_ids()))  # an order of the user's
    window.select_ids(ids)
    order = window.selected_ids()
    window.organiser.add_selection_to_new_list()
    _settle(qtbot, window)
    assert seen == [["Add to New List “Ocean”", (2, 4), (3, 4), (4, 4)]]  # made, 3 chunks
    assert _members(window, "Ocean") == order
    list_id = window.library.reading_list("Ocean").id
    assert window.undo_stack.count() == 1
    applied = _steps_applied(monkeypatch, window)
    window.history.undo()
    _settle(qtbot, window)
    assert _lists(window) == before
    # The list was new: undo deletes it whole, redo brings it back whole, a step each
    # (out and back in a chunk at a time read the whole list again for every chunk).
    assert applied == [undo.DeleteList]
    applied.clear()
    window.history.redo()
    _settle(qtbot, window)
    assert applied == [undo.RestoreList]
    assert _members(window, "Ocean") == order
    assert window.library.reading_list("Ocean").id == list_id  # under its own id again
    window.history.undo()
    _settle(qtbot, window)
    assert _lists(window) == before


def test_a_new_list_cancelled_midway_is_not_made(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The user presses Cancel after the first chunk of papers went in.
    jobs, told = _cancelled_after_a_chunk(monkeypatch, window, undo.AddToList)
    monkeypatch.setattr(prompts, "ask_text", lambda *_a, **_k: "Ocean")
    before = _lists(window)
    window.select_ids(window.library.view_ids())
    window.organiser.add_selection_to_new_list()
    _settle(qtbot, window)
    assert jobs and jobs[0].cancelled, "the new list shows its progress, with Cancel"
    assert _lists(window) == before  # the chunk and the list taken back
    assert window.undo_stack.count() == 0
    assert told == []  # the user pressed Cancel: nothing to tell


def _tag_state(window: MainWindow) -> list[tuple[str, str, list[int]]]:
    """Each tag, its colour, and the papers carrying it (the trash's too)."""
    library = window.library
    everyone = [*library.paper_ids(), *library.paper_ids(trash=True)]
    names = {i: [tag.name for tag in library.paper(i).tags] for i in everyone}
    return [
        (tag.name, tag.colour, sorted(i for i in everyone if tag.name in names[i]))
        for tag, _ in library.tags()
    ]


def _tags_of(window: MainWindow, paper_id: int) -> list[Any]:
    return list(window.library.paper(paper_id).tags)


def test_a_tag_of_many_papers_is_deleted_a_chunk_at_a_time_one_undo_step(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = window.library
    ids = library.view_ids()
    library.tag_papers("robotics", ids)  # coloured #e4572e
    library.delete_papers(ids[:1])  # a paper in the trash keeps its tags
    _settle(qtbot, window)
    before = _tag_state(window)
    assert before == [("robotics", "#e4572e", sorted(ids))]
    monkeypatch.setattr(undo_commands, "CHUNK", 2)
    seen = _progress_seen(monkeypatch)
    window.organiser.delete_tag("robotics")
    _settle(qtbot, window)
    assert seen == [["Delete tag “robotics”", (1, 4), (2, 4), (3, 4), (4, 4)]]  # 3 chunks, then
    assert library.tags() == []
    assert not any(_tags_of(window, i) for i in ids)
    assert window.undo_stack.count() == 1
    window.history.undo()
    _settle(qtbot, window)
    assert _tag_state(window) == before  # the same papers, the same colour
    assert seen[1][-1] == (4, 4)  # the undo counts its steps too
    window.history.redo()
    _settle(qtbot, window)
    assert library.tags() == []
    window.history.undo()
    _settle(qtbot, window)
    assert _tag_state(window) == before


def test_a_tag_deletion_cancelled_midway_leaves_the_tag_on_every_paper(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = window.library
    ids = library.view_ids()
    library.tag_papers("robotics", ids)
    _settle(qtbot, window)
    before = _tag_state(window)
    # The user presses Cancel after the first chunk of papers lost the tag.
    jobs, told = _cancelled_after_a_chunk(monkeypatch, window, undo.UntagPapers)
    window.organiser.delete_tag("robotics")
    _settle(qtbot, window)
    assert jobs and jobs[0].cancelled, "deleting the tag shows its progress, with Cancel"
    assert _tag_state(window) == before
    assert window.undo_stack.count() == 0
    assert told == []


def test_chunks_taken_out_of_a_list_come_back_in_one_step_in_their_order(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(undo_commands, "CHUNK", 2)  # 5 papers: 3 chunks
    library = window.library
    library.create_list("Shelf")
    ids = list(reversed(library.view_ids()))
    library.add_to_list("Shelf", ids)
    order = _members(window, "Shelf")
    list_id = library.reading_list("Shelf").id
    leaving = order[1:]  # every paper but the first, in 2 + 2 chunks
    window.history.perform(undo_commands.RemoveFromListCommand(library, list_id, leaving))
    _settle(qtbot, window)
    assert _members(window, "Shelf") == order[:1]
    applied = _steps_applied(monkeypatch, window)
    window.history.undo()
    _settle(qtbot, window)
    assert applied == [undo.ReturnToList]  # the chunks put back at once
    assert _members(window, "Shelf") == order  # each in its place
    applied.clear()
    window.history.redo()
    _settle(qtbot, window)
    assert applied == [undo.RemoveFromList]
    assert _members(window, "Shelf") == order[:1]


def test_chunks_added_to_a_list_are_taken_out_in_one_step(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(undo_commands, "CHUNK", 2)
    library = window.library
    ids = library.view_ids()
    library.create_list("Shelf")
    library.add_to_list("Shelf", ids[:1])
    list_id = library.reading_list("Shelf").id
    window.history.perform(undo_commands.AddToListCommand(library, list_id, ids))
    _settle(qtbot, window)
    after = _members(window, "Shelf")
    assert after[0] == ids[0] and sorted(after) == sorted(ids)
    applied = _steps_applied(monkeypatch, window)
    window.history.undo()
    _settle(qtbot, window)
    assert applied == [undo.RemoveFromList]
    assert _members(window, "Shelf") == ids[:1]  # the paper that was there stays
    applied.clear()
    window.history.redo()
    _settle(qtbot, window)
    assert applied == [undo.ReturnToList]
    assert _members(window, "Shelf") == after
