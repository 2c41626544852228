"""Keywords in the window: kept apart from tags on import unless asked, turned into tags
for a selection (one undo step), shown decoded, edited in the detail pane (one undo step,
found by keyword: at once), and a tag list filtered as one types."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QInputMethodEvent, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.core.library import Library
from desktop.ui.models.sidebar_model import NAME_ROLE
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


def _search(window: MainWindow, qtbot: QtBot, query: str) -> list[str]:
    """The titles the table shows for a query typed in the search bar."""
    with qtbot.waitSignal(window.search_finished, timeout=5000):
        window.search_bar.field.setText(query)
    model = window.table_model
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def _keyword_box(window: MainWindow, qtbot: QtBot, paper_id: int) -> Any:
    """The shown paper's keyword box under Details, holding the keyboard."""
    window.select_ids([paper_id])
    assert window.detail.paper_id == paper_id
    tabs = window.detail.tabs
    tabs.setCurrentIndex([tabs.tabText(i) for i in range(tabs.count())].index("Details"))
    assert window.detail.form.keywords.isVisible()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    box = window.detail.form.keywords
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    return box


def _type_chinese(box: Any, text: str) -> None:
    """Type as a Chinese input method does: it commits the characters chosen."""
    event = QInputMethodEvent()
    event.setCommitString(text)
    QApplication.sendEvent(box, event)


def _leave(window: MainWindow, qtbot: QtBot) -> None:
    """Put the keyboard elsewhere (which saves what was typed), then let the write end."""
    window.search_bar.field.setFocus()
    qtbot.waitUntil(window.search_bar.field.hasFocus)
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


KURIL = "Kraternaya Bight (Yanluch Island, Kurile Islands)"


def test_keywords_are_edited_in_the_detail_pane_undone_in_one_step_and_searched(
    window: MainWindow, qtbot: QtBot
) -> None:
    library = window.library
    library.import_text(BIB)
    _settle(qtbot, window)
    kuril = library.paper_by_citekey("kuril")
    box = _keyword_box(window, qtbot, kuril.id)
    assert box.toPlainText() == f"{KURIL}\nsea urchins\n$\\epsilon$-MOEA"  # one a line
    steps = window.undo_stack.count()
    QTest.keyClick(box, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(box, Qt.Key.Key_Return)
    _type_chinese(box, "海胆")
    _leave(window, qtbot)
    stored = library.paper(kuril.id).paper.keywords
    assert stored == [KURIL, "sea urchins", "$\\epsilon$-MOEA", "海胆"]  # the comma kept
    assert window.undo_stack.count() == steps + 1
    assert window.undo_stack.undoText() == "Edit paper"
    assert window.detail.keywords.text().endswith("· 海胆")
    assert _search(window, qtbot, "keyword:海胆") == ["Sea urchins of the Kuril Islands"]
    assert _search(window, qtbot, "keyword:yanluch") == ["Sea urchins of the Kuril Islands"]
    window.history.undo()
    _settle(qtbot, window)
    assert library.paper(kuril.id).paper.keywords == [KURIL, "sea urchins", "$\\epsilon$-MOEA"]
    assert _search(window, qtbot, "keyword:海胆") == []
    window.history.redo()
    _settle(qtbot, window)
    assert _search(window, qtbot, "keyword:海胆") == ["Sea urchins of the Kuril Islands"]


def test_keywords_are_removed_only_when_the_user_clears_them(
    window: MainWindow, qtbot: QtBot
) -> None:
    library = window.library
    library.import_text(BIB)
    _settle(qtbot, window)
    kuril = library.paper_by_citekey("kuril")
    semi = library.paper_by_citekey("semi")
    _keyword_box(window, qtbot, kuril.id)
    _leave(window, qtbot)  # in and out again, nothing typed
    _keyword_box(window, qtbot, semi.id)  # another paper shown meanwhile
    _leave(window, qtbot)
    assert library.paper(kuril.id).paper == kuril.paper  # not even its version moved
    assert library.paper(semi.id).paper == semi.paper
    steps = window.undo_stack.count()
    box = _keyword_box(window, qtbot, kuril.id)
    box.selectAll()
    QTest.keyClick(box, Qt.Key.Key_Delete)
    _leave(window, qtbot)
    assert library.paper(kuril.id).paper.keywords == []
    assert window.detail.keywords.isHidden()
    assert _search(window, qtbot, "keyword:urchins") == []
    assert window.undo_stack.count() == steps + 1
    window.history.undo()
    _settle(qtbot, window)
    assert library.paper(kuril.id).paper.keywords == kuril.paper.keywords


def test_a_long_tag_name_is_shortened_before_its_count(window: MainWindow, qtbot: QtBot) -> None:
    library = window.library
    long_name = "Kraternaya Bight (Yanluch Island, Kurile Islands)"
    library.create_tag(long_name)
    library.tag_papers(long_name, library.paper_ids()[:3])
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: long_name in window.sidebar.shown_tags())
    sidebar, model = window.sidebar, window.sidebar_model
    sidebar.expand(model.tags_index())
    parent = model.tags_index()
    index = next(
        model.index(r, 0, parent)
        for r in range(model.rowCount(parent))
        if model.index(r, 0, parent).data(NAME_ROLE) == long_name
    )
    rect = sidebar.visualRect(index)
    assert sidebar.fontMetrics().horizontalAdvance(long_name) > rect.width()  # too long
    image = sidebar.viewport().grab().toImage()
    background = image.pixelColor(rect.right() - 2, rect.center().y())

    def inked(x: int) -> bool:
        return any(
            image.pixelColor(x, y) != background for y in range(rect.top() + 2, rect.bottom() - 1)
        )

    count_left = rect.right() - 8 - sidebar.fontMetrics().horizontalAdvance("3")
    assert inked(count_left + 2)  # the count is drawn
    # The shortened name ends before the count: a clear gap between them.
    gap = [x for x in range(count_left - 5, count_left) if inked(x)]
    assert gap == [], f"the name runs into the count at x={gap}"


def test_a_tag_filter_that_matches_nothing_says_so(window: MainWindow, qtbot: QtBot) -> None:
    # The Tags header was left alone with nothing under it and no word why.
    said = window.no_tag_matches
    assert said.isHidden()
    QTest.keyClicks(window.tag_filter, "zzz")
    assert window.sidebar.shown_tags() == []
    assert not said.isHidden() and said.text() == "No tag matches “zzz”."
    grey = window.palette().color(QPalette.ColorRole.PlaceholderText)
    assert said.palette().color(QPalette.ColorRole.WindowText) == grey
    window.tag_filter.setText("rob")  # the small library's "robotics"
    assert window.sidebar.shown_tags() == ["robotics"] and said.isHidden()
    # A tag made while the filter finds nothing is found, and the sentence goes.
    window.tag_filter.setText("zzz")
    window.library.tag_papers("zzz top", [window.library.view_ids()[0]])
    _settle(qtbot, window)
    assert window.sidebar.shown_tags() == ["zzz top"] and said.isHidden()
    window.tag_filter.setText("   ")
    assert said.isHidden()
