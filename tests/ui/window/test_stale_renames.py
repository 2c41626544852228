"""Renaming a list, tag or saved search that someone else changed since the user began:
the window offers to keep their change or to rename anyway, as it does for papers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop.core.library import Library
from desktop.ui import prompts
from desktop.ui.window.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts

KEEP, RENAME = "Keep their change", "Rename anyway"
ASKED = "Changed by someone else"


@pytest.fixture
def elsewhere(window: MainWindow) -> Iterator[Library]:
    """The same library opened by someone else (another window, another user)."""
    other = Library.open(str(window.library.engine.url))
    yield other
    other.close()


def _meanwhile(monkeypatch: pytest.MonkeyPatch, change: Callable[[], object], typed: str) -> None:
    """The user types `typed` in the rename dialog while `change` is made elsewhere."""

    def ask_text(*_args: Any, **_kwargs: Any) -> str:
        change()
        return typed

    monkeypatch.setattr(prompts, "ask_text", ask_text)


@pytest.mark.parametrize("choice", [RENAME, KEEP])
def test_a_stale_list_rename_offers_a_choice(
    window: MainWindow,
    qtbot: QtBot,
    scripted: ScriptedPrompts,
    elsewhere: Library,
    monkeypatch: pytest.MonkeyPatch,
    choice: str,
) -> None:
    expected = "Thesis" if choice == RENAME else "Their name"
    library = window.library
    list_id = library.reading_list("To read").id
    _meanwhile(monkeypatch, lambda: elsewhere.rename_list(list_id, "Their name"), "Thesis")
    scripted.choices = [choice]
    window.organiser.rename_list(list_id)
    qtbot.waitUntil(lambda: ASKED in scripted.asked, timeout=5_000)
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: library.reading_list(list_id).name == expected, timeout=5_000)
    assert scripted.errors == []
    if choice == RENAME:  # one undo step, back to their name
        window.history.undo()
        window.operations.wait_idle()
        assert library.reading_list(list_id).name == "Their name"


def test_a_stale_tag_rename_can_go_ahead(
    window: MainWindow,
    qtbot: QtBot,
    scripted: ScriptedPrompts,
    elsewhere: Library,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    library = window.library
    _meanwhile(monkeypatch, lambda: elsewhere.edit_tag("robotics", colour="#112233"), "robots")
    scripted.choices = [RENAME]
    window.organiser.rename_tag("robotics")
    qtbot.waitUntil(lambda: ASKED in scripted.asked, timeout=5_000)
    qtbot.waitUntil(
        lambda: [(t.name, t.colour) for t, _ in library.tags()] == [("robots", "#112233")],
        timeout=5_000,
    )
    assert scripted.errors == []


def test_a_stale_saved_search_rename_can_go_ahead(
    window: MainWindow,
    qtbot: QtBot,
    scripted: ScriptedPrompts,
    elsewhere: Library,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    library = window.library
    saved = library.save_search("deep", "deep learning")
    _meanwhile(monkeypatch, lambda: elsewhere.rename_saved_search(saved.id, "theirs"), "mine")
    scripted.choices = [RENAME]
    window.organiser.rename_saved_search(saved.id, "deep")
    qtbot.waitUntil(lambda: ASKED in scripted.asked, timeout=5_000)
    qtbot.waitUntil(lambda: [s.name for s in library.saved_searches()] == ["mine"], timeout=5_000)
    assert scripted.errors == []
