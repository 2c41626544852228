"""Empty Trash from the window: a chunk of papers at a time, with progress and Cancel;
a cancel keeps the rest in the trash and says how many were deleted."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from desktop.core import library as library_module
from desktop.core import papers
from desktop.core.api import View
from desktop.ui import prompts
from desktop.ui.window.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts


@pytest.fixture
def trashed(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every paper of the small library in the trash, deleted two per transaction."""
    monkeypatch.setattr(library_module, "PAPERS_PER_DELETE", 2)
    ids = window.library.view_ids()
    window.library.delete_papers(ids)
    window.show_view(View("trash"))
    return sorted(ids)


def test_empty_trash_shows_its_progress_and_a_cancel_keeps_the_rest(
    window: MainWindow,
    qtbot: QtBot,
    trashed: list[int],
    scripted: ScriptedPrompts,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first_chunk, go_on = threading.Event(), threading.Event()
    delete = papers.delete_for_good

    def waits_after_the_first(session: Any, paper_ids: list[int]) -> list[int]:
        gone = delete(session, paper_ids)
        if not first_chunk.is_set():  # the user presses Cancel while this one is deleted
            first_chunk.set()
            go_on.wait(10)
        return gone

    monkeypatch.setattr(papers, "delete_for_good", waits_after_the_first)
    told: list[str] = []
    monkeypatch.setattr(prompts, "show_info", lambda _parent, _title, said: told.append(said))
    window.organiser.empty_trash()
    assert "trash" in scripted.confirmed[-1] and "files" in scripted.confirmed[-1]
    dialog = window.organiser.emptying.dialog
    assert dialog is not None and dialog.maximum() == len(trashed)
    assert first_chunk.wait(10)
    dialog.findChild(QPushButton).click()  # Cancel
    go_on.set()
    window.operations.wait_idle()
    assert window.library.paper_ids(trash=True) == trashed[2:]  # the rest is still there
    assert told == ["Stopped after deleting 2 papers for good. Still in the trash: 3."]
    assert window.organiser.emptying.dialog is None
    assert not window.undo_stack.canUndo()


def test_empty_trash_to_the_end_says_how_many_went(
    window: MainWindow, qtbot: QtBot, trashed: list[int], scripted: ScriptedPrompts
) -> None:
    window.organiser.empty_trash()
    window.operations.wait_idle()
    assert window.library.count(trash=True) == 0
    qtbot.waitUntil(lambda: window.table_model.rowCount() == 0)
    qtbot.waitUntil(lambda: not window._pending and not window._apply_timer.isActive())
    qtbot.wait(20)
    # The table's own count came first: the message stays.
    assert window.statusBar().currentMessage() == "Deleted 5 papers for good."
