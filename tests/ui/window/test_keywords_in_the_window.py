"""Keywords in the window: kept apart from tags on import unless asked, turned into tags
for a selection (one undo step), shown decoded, and a tag list filtered as one types."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from desktop.core.library import Library
from desktop.ui.window.main_window import MainWindow
from desktop.ui.window.transfers import KEYWORDS_AS_TAGS_KEY

BIB = r"""
@article{kuril, title = {Sea urchins of the Kuril Islands}, year = 2019,
  keywords = {Kraternaya Bight (Yanluch Island, Kurile Islands), sea urchins, $\epsilon$-MOEA}}
@article{semi, title = {Semicolons}, keywords = {reefs, corals; bleaching}}
"""


def _settle(qtbot: QtBot, window: MainWindow) -> None:
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: not window._pending and not window._apply_timer.isActive())


def _import(window: MainWindow, qtbot: QtBot, path: Path) -> None:
    with qtbot.waitSignal(window.transfers.import_flow.finished, timeout=10_000):
        window.transfers.import_files([str(path)])
    _settle(qtbot, window)


def _tag_names(library: Library) -> set[str]:
    return {tag.name for tag, _count in library.tags()}


def test_an_import_keeps_keywords_apart_unless_the_option_is_on(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, settings: QSettings
) -> None:
    path = tmp_path / "keywords.bib"
    path.write_text(BIB, encoding="utf-8")
    library = window.library
    before = _tag_names(library)
    assert not window.transfers.keywords_as_tags_action.isChecked()
    _import(window, qtbot, path)
    assert _tag_names(library) == before  # no tag made of a keyword
    kuril = library.paper_by_citekey("kuril")
    assert "sea urchins" in kuril.paper.keywords
    window.transfers.keywords_as_tags_action.trigger()  # File > Import Keywords as Tags
    assert settings.value(KEYWORDS_AS_TAGS_KEY, type=bool) is True
    _import(window, qtbot, path)
    assert _tag_names(library) - before == {
        "Kraternaya Bight (Yanluch Island, Kurile Islands)",
        "sea urchins",
        "$\\epsilon$-MOEA",
        "reefs, corals",
        "bleaching",
    }
    # Remembered for the next window.
    again = MainWindow(library, settings)
    qtbot.addWidget(again)
    assert again.transfers.keywords_as_tags_action.isChecked()


def test_turning_the_selections_keywords_into_tags_is_one_undo_step(
    window: MainWindow, qtbot: QtBot
) -> None:
    library = window.library
    report = library.import_text(BIB)
    _settle(qtbot, window)
    before = _tag_names(library)
    window.select_ids(report.paper_ids)
    action = window.organiser.keywords_to_tags_action
    assert action.isEnabled()
    action.trigger()
    _settle(qtbot, window)
    semi = library.paper_by_citekey("semi")
    assert sorted(t.name for t in semi.tags) == ["bleaching", "reefs, corals"]
    assert len(_tag_names(library) - before) == 5
    assert window.undo_stack.undoText() == "Turn keywords into tags"
    window.history.undo()
    _settle(qtbot, window)
    assert library.paper_by_citekey("semi").tags == []
    assert library.paper_by_citekey("kuril").tags == []


def test_keywords_and_tags_show_their_math_decoded(window: MainWindow, qtbot: QtBot) -> None:
    library = window.library
    report = library.import_text(BIB, keywords_as_tags=True)
    _settle(qtbot, window)
    kuril = library.paper_by_citekey("kuril").id
    window.select_ids([kuril])
    window.detail.show_paper(kuril)
    shown = window.detail.keywords.text()
    assert shown.startswith("Keywords: Kraternaya Bight (Yanluch Island, Kurile Islands)")
    assert shown.endswith("· ϵ-MOEA")
    assert window.detail.keywords.isVisible()
    model = window.sidebar_model
    parent = model.tags_index()
    labels = [model.index(row, 0, parent).data() for row in range(model.rowCount(parent))]
    assert "ϵ-MOEA" in labels and "$\\epsilon$-MOEA" not in labels
    assert len(report.paper_ids) == 2


def test_the_tag_list_is_filtered_as_one_types(window: MainWindow, qtbot: QtBot) -> None:
    library = window.library
    paper = library.view_ids()[0]
    for name in ("sea urchins", "Sea cucumbers", "corals", "$\\epsilon$-MOEA"):
        library.tag_papers(name, [paper])
    _settle(qtbot, window)
    sidebar = window.sidebar
    assert len(sidebar.shown_tags()) == 5  # and the small library's "robotics"
    QTest.keyClicks(window.tag_filter, "sea")
    assert sorted(sidebar.shown_tags()) == ["Sea cucumbers", "sea urchins"]
    window.tag_filter.setText("ϵ-mo")  # as shown, math decoded
    assert sidebar.shown_tags() == ["$\\epsilon$-MOEA"]
    # A tag made while the filter is typed in is filtered too.
    window.tag_filter.setText("cor")
    library.tag_papers("coral bleaching", [paper])
    _settle(qtbot, window)
    assert sorted(sidebar.shown_tags()) == ["coral bleaching", "corals"]
    window.tag_filter.clear()
    assert len(sidebar.shown_tags()) == 6


def test_keywords_of_many_papers_become_tags_a_chunk_at_a_time_with_cancel(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desktop.ui import undo_commands
    from desktop.ui.background import progress

    library = window.library
    report = library.import_text(BIB)
    _settle(qtbot, window)
    monkeypatch.setattr(undo_commands, "CHUNK", 1)  # a paper per step, like 2,000 of 100k
    dialogs: list[tuple[str, int]] = []
    job_of = progress.job_of

    def seen_job_of(dialog: Any) -> Any:
        dialogs.append((dialog.labelText(), dialog.maximum()))
        return job_of(dialog)

    monkeypatch.setattr(progress, "job_of", seen_job_of)
    window.select_ids(report.paper_ids)
    window.organiser.keywords_to_tags_action.trigger()
    _settle(qtbot, window)
    count = len(report.paper_ids)
    assert dialogs == [("Turn keywords into tags", count)]  # steps done of all, with Cancel
    semi = library.paper_by_citekey("semi")
    assert sorted(t.name for t in semi.tags) == ["bleaching", "reefs, corals"]
    assert window.undo_stack.count() == 1  # one undo step however many chunks
    window.history.undo()
    _settle(qtbot, window)
    assert all(library.paper(i).tags == [] for i in report.paper_ids)
