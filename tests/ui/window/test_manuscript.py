"""Copy as Citation, a list kept in sync with a file, and a list from a .aux, in the window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from desktop.core.views import View
from desktop.ui import prompts
from desktop.ui.dialogs import citations, synced_files
from desktop.ui.window import paper_menu
from desktop.ui.window.main_window import MainWindow


def _id_of(window: MainWindow, title: str) -> int:
    library = window.library
    return next(i for i, row in library.rows(library.view_ids()).items() if row.title == title)


def test_copy_bibliography_and_citation_in_the_remembered_style(
    window: MainWindow, settings: QSettings
) -> None:
    lstm = _id_of(window, "Long Short-Term Memory")
    window.select_ids([lstm])
    labels = [
        a.text()
        for a in paper_menu.build(
            window,
            window.organiser,
            window.window_actions.open_action,
            manuscript=window.manuscript,
        ).actions()
    ]
    assert "Copy as Citation" in labels and "Copy Bibliography" in labels
    window.manuscript.copy_bibliography_action.trigger()
    data = QGuiApplication.clipboard().mimeData()
    # APA 7 (the default): "Family, I. (year). Title. *Journal*."
    assert data.text() == "Hochreiter, A. (1997). Long Short-Term Memory. Neural Computation.\n"
    assert "<i>Neural Computation</i>" in data.html()
    # The in-text citation: APA's "(Family, year)".
    window.manuscript.copy_citation_action.trigger()
    assert QGuiApplication.clipboard().text() == "(Hochreiter, 1997)"

    settings.setValue(citations.STYLE_KEY, "ieee")
    window.manuscript.copy_bibliography_action.trigger()
    text = QGuiApplication.clipboard().text()
    assert text.startswith("[1]") and "A. Hochreiter" in text  # IEEE: initials first
    window.manuscript.copy_citation_action.trigger()
    assert QGuiApplication.clipboard().text() == "[1]"
    assert citations.remembered_style(settings) == "ieee"


def test_a_list_kept_in_sync_from_its_sidebar_menu(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = window.library
    list_id = library.reading_list("To read").id
    assert list_id is not None
    index = window.sidebar_model.index_of(View("list", list_id))
    menu = window.organiser.sidebar_menu_for(index)
    window.manuscript.extend_sidebar_menu(menu, index)
    offered = [a for a in menu.actions() if a.text() == "Keep in Sync with a File…"]
    assert len(offered) == 1

    bib = tmp_path / "to-read.bib"
    monkeypatch.setattr(synced_files, "ask_target", lambda _parent, _name: bib)
    offered[0].trigger()
    window.operations.wait_idle()
    assert bib.exists() and "@" not in bib.read_text()
    library.add_to_list(list_id, [_id_of(window, "Deep Residual Learning")])
    qtbot.waitUntil(lambda: "Deep Residual Learning" in bib.read_text(), timeout=5000)

    menu = window.organiser.sidebar_menu_for(index)
    window.manuscript.extend_sidebar_menu(menu, index)
    texts = [a.text() for a in menu.actions()]
    assert f"Kept in sync with {bib}" in texts and "Stop Keeping in Sync" in texts


def test_a_file_changed_elsewhere_is_told(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, scripted: Any
) -> None:
    library = window.library
    bib = tmp_path / "to-read.bib"
    library.add_synced_file("To read", bib)
    bib.write_text("% edited by hand\n")
    library.add_to_list("To read", [_id_of(window, "Deep Residual Learning")])
    qtbot.waitUntil(lambda: bool(scripted.errors))
    assert "changed outside Papershelf" in scripted.errors[0]
    assert bib.read_text() == "% edited by hand\n"


def _sidebar_menu_of(window: MainWindow, list_name: str) -> dict[str, Any]:
    list_id = window.library.reading_list(list_name).id
    index = window.sidebar_model.index_of(View("list", list_id or 0))
    menu = window.organiser.sidebar_menu_for(index)
    window.manuscript.extend_sidebar_menu(menu, index)
    return {action.text(): action for action in menu.actions()}


def test_a_stopped_file_says_why_and_a_resume_that_cannot_write_is_told(
    window: MainWindow, tmp_path: Path, scripted: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = window.library
    bib = tmp_path / "to-read.bib"
    library.add_synced_file("To read", bib)
    bib.write_text("% edited by hand\n")
    library.add_to_list("To read", [_id_of(window, "Deep Residual Learning")])
    library.sync_pending()
    library.take_sync_reports()
    told: list[str] = []
    monkeypatch.setattr(prompts, "show_info", lambda _p, _title, said: told.append(said))
    offered = _sidebar_menu_of(window, "To read")
    assert f"Kept in sync with {bib} (stopped)" in offered
    offered["Why Syncing Stopped…"].trigger()
    assert len(told) == 1 and told[0].startswith(f"{bib} was changed outside Papershelf")

    bib.unlink()
    bib.mkdir()  # the file cannot be written (even by root) until the folder goes
    offered["Resume Syncing (keeps your version beside it)"].trigger()
    window.operations.wait_idle()
    assert scripted.errors == [f"Papershelf could not read {bib}: Is a directory."]


def test_a_list_from_a_latex_document_names_the_missing_keys(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = window.library
    key = library.paper(_id_of(window, "Attention Is All You Need")).paper.citekey
    aux = tmp_path / "paper.aux"
    aux.write_text(f"\\citation{{{key},knuth1984}}\n")
    told: list[str] = []
    monkeypatch.setattr(prompts, "show_info", lambda _p, _title, sentence: told.append(sentence))
    window.manuscript.make_list_from_aux(aux, "Cited")
    window.operations.wait_idle()
    assert [item.paper.title for item in library.list_items("Cited")] == [
        "Attention Is All You Need"
    ]
    assert told and "knuth1984" in told[0] and "1 cited paper" in told[0]


def test_a_burst_of_changes_rewrites_a_synced_file_once(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desktop.core.exporting import files

    library = window.library
    library.create_list("Burst")
    bib = tmp_path / "burst.bib"
    library.add_synced_file("Burst", bib)
    writes: list[Path] = []
    original = files.write_whole

    def counting(path: Path, text: str) -> None:
        writes.append(path)
        original(path, text)

    monkeypatch.setattr(files, "write_whole", counting)
    titles = ["Long Short-Term Memory", "Deep Residual Learning"]
    for title in titles:
        library.add_to_list("Burst", [_id_of(window, title)])
    assert writes == []  # not at each change
    qtbot.waitUntil(lambda: writes == [bib], timeout=5000)
    window.operations.wait_idle()
    assert all(title in bib.read_text() for title in titles) and writes == [bib]
