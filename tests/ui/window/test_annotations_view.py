"""The sidebar's Annotations: every annotation with its paper, jump to it, copy them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from desktop.core.views import View
from desktop.ui.models.sidebar_model import ANNOTATIONS_VIEW, COUNT_ROLE
from desktop.ui.window.main_window import MainWindow
from tests.ui.conftest import add

ABSTRACT = "Coral reefs recover after bleaching across the western Indian Ocean."


def _settle(qtbot: QtBot, window: MainWindow) -> None:
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: not window._pending and not window._apply_timer.isActive())


def _annotated(window: MainWindow, qtbot: QtBot) -> tuple[int, int, int]:
    library = window.library
    paper = add(library, "Reef recovery", 2020, "Obura", abstract=ABSTRACT)
    start = ABSTRACT.index("western")
    first = library.annotate(paper, start, start + len("western Indian Ocean"), note="zanzibar")
    second = library.annotate(paper, 0, len("Coral reefs"), note="Compare with Pemba")
    _settle(qtbot, window)
    return paper, first.id, second.id


def _labels(window: MainWindow) -> list[str]:
    listed = window.annotations_panel.list
    return [listed.item(row).text() for row in range(listed.count())]


def test_the_sidebar_lists_every_annotation_with_its_paper(
    window: MainWindow, qtbot: QtBot
) -> None:
    row = window.sidebar_model.index_of(ANNOTATIONS_VIEW)
    assert row.isValid() and row.data() == "Annotations"
    assert row.data(COUNT_ROLE) is None  # none yet
    _annotated(window, qtbot)
    assert window.sidebar_model.index_of(ANNOTATIONS_VIEW).data(COUNT_ROLE) == 2
    rect = window.sidebar.visualRect(window.sidebar_model.index_of(ANNOTATIONS_VIEW))
    QTest.mouseClick(window.sidebar.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.center.currentWidget() is window.annotations_panel
    assert _labels(window) == [
        "“Coral reefs”\nCompare with Pemba\n— in Reef recovery",
        "“western Indian Ocean”\nzanzibar\n— in Reef recovery",
    ]
    assert window.statusBar().currentMessage() == "2 annotations"
    # A new annotation shows up in the open list, and in the count.
    paper = window.library.annotations()[0][0].paper_id
    window.library.annotate(paper, ABSTRACT.index("bleaching"), ABSTRACT.index(" across"))
    _settle(qtbot, window)
    assert len(_labels(window)) == 3
    assert window.sidebar_model.index_of(ANNOTATIONS_VIEW).data(COUNT_ROLE) == 3


def test_activating_an_annotation_opens_its_paper_at_the_words(
    window: MainWindow, qtbot: QtBot
) -> None:
    paper, first, _second = _annotated(window, qtbot)
    window.search_bar.field.setText("attention")  # the paper is not among the hits
    window.show_view(ANNOTATIONS_VIEW)
    listed = window.annotations_panel.list
    row = next(r for r in range(listed.count()) if "western" in listed.item(r).text())
    listed.setCurrentRow(row)
    QTest.keyClick(listed, Qt.Key.Key_Return)
    assert window.center.currentWidget() is window.table
    assert window.table_model.view == View() and window.search_bar.text() == ""
    assert window.selected_ids() == [paper]
    assert window.detail.paper_id == paper
    assert window.detail.tabs.currentWidget() is window.detail.abstract
    assert window.detail.abstract.current_annotation_id() == first
    assert window.detail.abstract.text.textCursor().selectedText() == "western Indian Ocean"


def test_annotations_are_copied_as_markdown_with_their_paper(
    window: MainWindow, qtbot: QtBot
) -> None:
    _annotated(window, qtbot)
    window.show_view(ANNOTATIONS_VIEW)
    panel = window.annotations_panel
    panel.list.item(1).setSelected(True)
    panel.copy_button.click()
    assert QGuiApplication.clipboard().text() == (
        "## Reef recovery\n\n- “western Indian Ocean”: zanzibar\n"
    )
    panel.list.clearSelection()
    panel.copy_button.click()  # nothing selected: every annotation
    assert QGuiApplication.clipboard().text() == (
        "## Reef recovery\n\n- “Coral reefs”: Compare with Pemba\n"
        "- “western Indian Ocean”: zanzibar\n"
    )


def test_ctrl_c_copies_the_annotations_while_they_are_listed_and_bibtex_otherwise(
    window: MainWindow, qtbot: QtBot
) -> None:
    paper, _first, _second = _annotated(window, qtbot)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.show_view(ANNOTATIONS_VIEW)
    panel = window.annotations_panel
    panel.list.item(1).setSelected(True)
    panel.list.setFocus()
    QTest.keyClick(panel.list, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text().startswith("## Reef recovery\n\n- “western")
    window.show_view(View())
    window.select_ids([paper])
    window.table.setFocus()
    QTest.keyClick(window.table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text().startswith("@")


def test_with_no_annotations_the_view_says_how_to_make_one(window: MainWindow) -> None:
    window.show_view(ANNOTATIONS_VIEW)
    panel = window.annotations_panel
    assert panel.empty.isVisible() and not panel.list.isVisible()
    assert "Select words in a paper's abstract" in panel.empty.text()


def test_an_annotated_span_with_math_is_listed_as_text(window: MainWindow, qtbot: QtBot) -> None:
    abstract = "We report $^{13}$C CP/MAS spectra of cellulose in spruce wood."
    paper = add(
        window.library, "Solid-state $^{13}$C NMR of wood", 2019, "Jansen", abstract=abstract
    )
    start = abstract.index("$^{13}$C")
    window.library.annotate(paper, start, start + len("$^{13}$C CP/MAS spectra"), note="HETCOR?")
    _settle(qtbot, window)
    window.show_view(ANNOTATIONS_VIEW)
    assert _labels(window) == ["“¹³C CP/MAS spectra”\nHETCOR?\n— in Solid-state ¹³C NMR of wood"]
