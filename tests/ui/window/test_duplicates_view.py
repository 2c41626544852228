"""The "Possible duplicates" view: always in the sidebar with its count, pairs compared side
by side with a choice per field, merged or kept apart, all at once; each one undo step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot
from ui.conftest import ScriptedPrompts, add, cancel_after

from desktop.core.api import OTHER, undo
from desktop.core.library import Library
from desktop.ui import undo_commands
from desktop.ui.models.sidebar_model import COUNT_ROLE, DUPLICATES_VIEW
from desktop.ui.window.main_window import MainWindow


def _settle(qtbot: QtBot, window: MainWindow) -> None:
    """Let the writes finish, the changes apply, and the duplicate search answer."""
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: not window._pending and not window._apply_timer.isActive())
    qtbot.waitUntil(lambda: not window.duplicate_search.busy, timeout=10_000)


def _show_duplicates(qtbot: QtBot, window: MainWindow) -> None:
    window.sidebar.setCurrentIndex(window.sidebar_model.index_of(DUPLICATES_VIEW))
    _settle(qtbot, window)
    assert window.center.currentWidget() is window.duplicates_panel


def _count(window: MainWindow) -> int | None:
    return window.sidebar_model.index_of(DUPLICATES_VIEW).data(COUNT_ROLE)


def _copies(library: Library) -> tuple[int, int, int]:
    """Two copies of an LSTM paper already in `small_library`, the second with more fields."""
    first = next(
        i for i, r in library.rows(library.view_ids()).items() if r.citekey.startswith("hochreiter")
    )
    second = add(
        library,
        "Long short-term memory",
        1997,
        "Hochreiter",
        journal="Neural Comput.",
        pages="1735-1780",
        extra={"issn": "0899-7667"},
    )
    third = add(library, "Long Short Term Memory", 1997, "Hochreiter")
    return first, second, third


def test_the_view_is_always_in_the_sidebar_with_its_count(window: MainWindow, qtbot: QtBot) -> None:
    assert window.sidebar_model.index_of(DUPLICATES_VIEW).isValid()
    _settle(qtbot, window)
    assert _count(window) is None  # none in the small library
    _show_duplicates(qtbot, window)
    assert "No possible duplicates" in window.duplicates_panel.heading.text()
    _copies(window.library)
    _settle(qtbot, window)
    assert _count(window) == 3  # three copies: three pairs
    assert len(window.duplicates_panel.shown_pairs()) == 3
    assert "3 pairs of papers" in window.duplicates_panel.heading.text()


def test_a_pair_compared_side_by_side_is_merged_as_chosen_and_undone(
    window: MainWindow, qtbot: QtBot
) -> None:
    library = window.library
    first, second, _third = _copies(library)
    _show_duplicates(qtbot, window)
    panel = window.duplicates_panel
    row = panel.shown_pairs().index((second, first))
    panel.tree.setCurrentItem(panel.tree.topLevelItem(row))
    panel.compare_current()
    dialog = panel.dialog
    assert (dialog.keep_id, dialog.other_id) == (first, second)  # the older paper is kept
    marked = {name for name, _group in dialog.choices()}
    assert {"title", "journal", "pages", "extra:issn"} <= marked
    assert "year" not in marked  # the same in both: nothing to choose
    dialog.choose("journal", OTHER)
    dialog.merge_button.click()
    _settle(qtbot, window)
    merged = library.paper(first).paper
    assert merged.journal == "Neural Comput."  # chosen
    assert merged.title == "Long Short-Term Memory"  # the kept paper's, by default
    assert merged.pages == "1735-1780"  # empty in the kept paper: filled from the other
    assert merged.extra.get("issn") == "0899-7667"
    assert library.paper(second).paper.deleted_at is not None
    assert all(second not in pair for pair in panel.shown_pairs())
    window.history.undo()
    _settle(qtbot, window)
    assert library.paper(first).paper.journal == "Neural Computation"
    assert library.paper(second).paper.deleted_at is None
    assert (second, first) in panel.shown_pairs()


def test_not_duplicates_is_remembered_after_the_window_closes(
    window: MainWindow, qtbot: QtBot, tmp_path: object
) -> None:
    library = window.library
    first, second, _third = _copies(library)
    _show_duplicates(qtbot, window)
    panel = window.duplicates_panel
    row = panel.shown_pairs().index((second, first))
    panel.tree.setCurrentItem(panel.tree.topLevelItem(row))
    # Driven as the user would: the dialog opens, "Not duplicates" is clicked in it.
    QTimer.singleShot(0, lambda: panel.dialog.different_button.click())
    panel.compare_current()
    qtbot.waitUntil(lambda: (second, first) not in panel.shown_pairs())
    _settle(qtbot, window)
    assert (second, first) not in panel.shown_pairs()
    assert _count(window) == 2
    again = Library.open(library.url)  # another window, later
    try:
        assert all(d.other_id != first for d in again.likely_duplicates(second))
    finally:
        again.close()


def test_merge_all_and_keep_all_are_one_undo_step_each(
    window: MainWindow, qtbot: QtBot, scripted: ScriptedPrompts
) -> None:
    library = window.library
    first, second, third = _copies(library)
    add(library, "Attention is all you need", 2017, "Vaswani")
    _show_duplicates(qtbot, window)
    panel = window.duplicates_panel
    assert len(panel.shown_pairs()) == 4
    before = library.count()
    panel.keep_all_button.click()
    _settle(qtbot, window)
    assert panel.shown_pairs() == [] and _count(window) is None
    window.history.undo()
    _settle(qtbot, window)
    assert len(panel.shown_pairs()) == 4
    panel.merge_all_button.click()
    # While the merges are written (off the GUI thread), the panel says so and waits.
    assert panel.heading.text() == "Settling 4 pairs…"
    assert not panel.merge_all_button.isEnabled() and not panel.compare_button.isEnabled()
    _settle(qtbot, window)
    assert scripted.asked == ["Merge all"]
    assert library.count() == before - 3  # two LSTM copies and one Attention copy
    assert library.paper(first).paper.deleted_at is None
    assert library.paper(second).paper.deleted_at is not None
    assert library.paper(third).paper.deleted_at is not None
    assert panel.shown_pairs() == []
    window.history.undo()
    _settle(qtbot, window)
    assert library.count() == before
    assert window.undo_stack.index() == 0  # keep all and merge all: one step each


def test_titles_in_the_pairs_read_their_math_as_text(window: MainWindow, qtbot: QtBot) -> None:
    add(window.library, "Effects of CO$_2$ enrichment on phytoplankton", 2004, "Riebesell")
    add(window.library, "Effects of CO2 enrichment on phytoplankton", 2004, "Riebesell")
    _show_duplicates(qtbot, window)
    item = window.duplicates_panel.tree.topLevelItem(0)
    shown = item.text(0) + item.text(1)
    assert "CO₂ enrichment" in shown and "$" not in shown


def test_merge_all_goes_a_chunk_at_a_time_and_cancel_takes_it_all_back(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = window.library
    _copies(library)
    for title, year, name in [
        ("Attention is all you need", 2017, "Vaswani"),
        ("Attention is all you need", 2017, "Vaswani"),
        ("Deep residual learning for image recognition", 2016, "He"),
        ("Deep residual learning for image recognition", 2016, "He"),
    ]:
        add(library, title, year, name)
    _show_duplicates(qtbot, window)
    panel = window.duplicates_panel
    monkeypatch.setattr(undo_commands, "MERGES_PER_STEP", 1)
    merged: list[int] = []

    def second_merge(step: undo.Step) -> bool:
        if not isinstance(step, undo.MergeMany):
            return False
        merged.append(len(step.pairs))
        return len(merged) == 2

    # The user presses Cancel after the second chunk.
    jobs = cancel_after(monkeypatch, library, when=second_merge)
    before = library.count()
    panel.merge_all(confirmed=True)
    _settle(qtbot, window)
    assert jobs, "merging many shows its progress, with Cancel"
    assert merged == [1, 1]  # one merge per step, stopped after the second
    assert library.count() == before  # both merges taken back
    assert window.undo_stack.count() == 0


def test_a_pair_with_a_long_title_shows_its_rows_whole(window: MainWindow, qtbot: QtBot) -> None:
    title = (
        "Particle aggregation and the vertical flux of organic matter in the stratified "
        "coastal waters of the northern Baltic Sea during the spring blooms of three years"
    )
    add(window.library, title, 2019, "Bartholomew-Featherstonehaugh")
    add(
        window.library,
        title.replace("the stratified", "stratified"),
        2019,
        "Bartholomew-Featherstonehaugh",
    )
    window.resize(1000, 700)
    _show_duplicates(qtbot, window)
    tree = window.duplicates_panel.tree
    item = tree.topLevelItem(0)
    lines = tree.fontMetrics().lineSpacing()
    width = tree.columnWidth(0)
    # The title alone needs several lines at the column's width; before, a row had two.
    assert tree.visualItemRect(item).height() >= 4 * lines
    narrow = tree.visualItemRect(item).height()
    window.resize(1600, 700)  # wider columns: the row takes fewer lines again
    qtbot.waitUntil(lambda: tree.columnWidth(0) > width)
    qtbot.waitUntil(lambda: tree.visualItemRect(item).height() < narrow)


def test_the_comparison_reads_math_as_text_with_each_value_beside_its_button(
    window: MainWindow, qtbot: QtBot
) -> None:
    abstract = (
        "We report $^{13}$C CP/MAS spectra of cellulose I$\\beta$ in spruce and birch wood, "
        "with the crystallinity index estimated from the C4 region of each spectrum, and "
        "compare earlywood with latewood across three growth rings of each tree."
    )
    kept = add(
        window.library, "Solid-state $^{13}$C NMR of cellulose", 2019, "Jansen", abstract=abstract
    )
    other = add(window.library, "Solid-state 13C NMR of cellulose", 2019, "Jansen")
    _show_duplicates(qtbot, window)
    panel = window.duplicates_panel
    panel.tree.setCurrentItem(panel.tree.topLevelItem(panel.shown_pairs().index((other, kept))))
    panel.compare_current()
    dialog = panel.dialog
    qtbot.addWidget(dialog)
    dialog.show()
    shown = [label.text() for label in dialog.findChildren(QLabel)]
    assert "Solid-state ¹³C NMR of cellulose" in shown  # the kept title, as the table shows it
    assert "Solid-state 13C NMR of cellulose" in shown
    assert not [text for text in shown if "$" in text]
    # The other paper has no abstract: "(empty)" stands beside its button, not lines below.
    (empty,) = [
        c
        for c in dialog.findChildren(QWidget)
        if getattr(c, "label", None) and c.label.text() == "(empty)"
    ]
    qtbot.waitUntil(lambda: empty.height() > 3 * empty.label.fontMetrics().height())
    image = empty.label.grab().toImage()
    background = image.pixelColor(0, 0)
    inked_rows = [
        y
        for y in range(image.height())
        if any(image.pixelColor(x, y) != background for x in range(image.width()))
    ]
    assert inked_rows and inked_rows[0] < empty.label.fontMetrics().height()  # on the top line
