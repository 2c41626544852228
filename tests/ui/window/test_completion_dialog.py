"""The window's "Find missing titles and identifiers", driven against stand-ins for arXiv and
Crossref answering from corpus papers (see tests/core/search_services.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from core.lookup_server import FakeServices, running_services
from core.search_services import Collection, SearchIndex, build_collection, corpus_records
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from desktop.core.library import Library
from desktop.ui.dialogs.completion import CompletionDialog
from desktop.ui.window.main_window import MainWindow


@pytest.fixture(scope="module")
def collection(corpus_dir: Path) -> Collection:
    return build_collection(corpus_records(corpus_dir), size=4, absent=1)


@pytest.fixture
def stub(collection: Collection, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServices]:
    with running_services() as running:
        SearchIndex(collection.known).serve(running)
        monkeypatch.setenv("PAPERSHELF_ARXIV_URL", running.url)
        monkeypatch.setenv("PAPERSHELF_CROSSREF_URL", running.url)
        yield running


@pytest.fixture
def listing_window(
    ui_library: Library, settings: QSettings, qtbot: QtBot, collection: Collection
) -> Iterator[MainWindow]:
    shown = MainWindow(ui_library, settings)
    qtbot.addWidget(shown)
    shown.show()
    yield shown
    if shown.completer.dialog is not None:
        shown.completer.dialog.reject()
        shown.completer.dialog.wait()
    shown.close()


def _import_listing(window: MainWindow, collection: Collection) -> list[int]:
    report = window.library.import_text(collection.listing(), source="listing.txt")
    window.transfers._on_import_finished([report])
    return report.paper_ids


def _found(qtbot: QtBot, dialog: CompletionDialog) -> None:
    dialog.start()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=30000)


def test_the_import_report_offers_it_and_fill_in_is_one_undo_step(
    listing_window: MainWindow, qtbot: QtBot, stub: FakeServices, collection: Collection
) -> None:
    window = listing_window
    ids = _import_listing(window, collection)
    report = window.transfers.report_dialog
    assert report is not None and report.find_titles_button.isVisible()
    report.find_titles_button.click()
    dialog = window.completer.dialog
    assert dialog is not None and dialog.isVisible()
    assert "about a minute for 20 papers" in dialog.findChildren(type(dialog.status))[0].text()
    _found(qtbot, dialog)

    assert len(dialog.proposals) == len(ids)
    sure = [p for p in dialog.proposals if p.confident]
    assert len(sure) == len(collection.targets)
    ticked = [
        dialog.papers.topLevelItem(row).checkState(0) == Qt.CheckState.Checked
        for row in range(dialog.papers.topLevelItemCount())
    ]
    assert ticked.count(True) == len(sure)
    # The unsure one (no service knows it) is shown first, beside its candidates.
    unsure = next(p for p in dialog.proposals if not p.confident)
    assert dialog.papers.currentItem().data(0, Qt.ItemDataRole.UserRole) == unsure.paper.paper_id
    assert dialog.comparison.columnCount() >= 2
    assert dialog.comparison.horizontalHeaderItem(0).text() == "This paper"
    headers = [
        dialog.comparison.verticalHeaderItem(r).text() for r in range(dialog.comparison.rowCount())
    ]
    evidence = dialog.comparison.item(headers.index("Evidence"), 1).text()
    assert "authors in order" in evidence and "% alike" in evidence
    assert dialog.use.currentText().startswith("None of them")

    dialog.fill_in()
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: not dialog.isVisible())
    library = window.library
    titles = {library.paper(i).paper.title for i in ids}
    assert {r.title for r in collection.targets} <= titles
    assert len(library.untitled_ids()) == 1
    assert window.history.stack.undoText().startswith("Fill in 4 papers")

    window.history.undo()
    window.operations.wait_idle()
    assert len(library.untitled_ids()) == len(ids)


def test_offline_the_dialog_says_so_and_nothing_changes(
    listing_window: MainWindow,
    qtbot: QtBot,
    collection: Collection,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with running_services() as gone:
        url = gone.url
    monkeypatch.setenv("PAPERSHELF_ARXIV_URL", url)
    monkeypatch.setenv("PAPERSHELF_CROSSREF_URL", url)
    window = listing_window
    ids = window.library.import_text(collection.listing(), source="l.txt").paper_ids
    window.completer.complete(ids)
    dialog = window.completer.dialog
    assert dialog is not None
    _found(qtbot, dialog)
    assert "could not reach arXiv" in dialog.status.text()
    assert dialog.status.text().endswith("Nothing was changed.")
    assert not dialog.fill_button.isEnabled()
    assert len(window.library.untitled_ids()) == len(ids)


def test_cancel_keeps_what_was_found(
    listing_window: MainWindow, qtbot: QtBot, stub: FakeServices, collection: Collection
) -> None:
    window = listing_window
    ids = window.library.import_text(collection.listing(), source="l.txt").paper_ids
    window.completer.complete(ids)
    dialog = window.completer.dialog
    assert dialog is not None
    dialog.start()
    dialog.cancel()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=30000)
    assert len(dialog.proposals) < len(ids)
    assert dialog.status.text().startswith("Stopped after")


def test_a_candidate_chosen_by_hand_and_a_typed_year_replaced_only_when_ticked(
    listing_window: MainWindow, qtbot: QtBot, stub: FakeServices, collection: Collection
) -> None:
    window = listing_window
    library = window.library
    ids = library.import_text(collection.listing(), source="l.txt").paper_ids
    first = ids[0]
    library.update_paper(first, expected_version=None, year=1900)
    window.completer.complete([first])
    dialog = window.completer.dialog
    assert dialog is not None
    _found(qtbot, dialog)
    (proposal,) = dialog.proposals
    dialog.choose(first, None)
    assert dialog.choices() == []
    dialog.choose(first, 0)
    boxes = [dialog.asks.itemAt(i).widget() for i in range(dialog.asks.count())]
    assert len(boxes) == 1 and "1900" in boxes[0].text()
    dialog.fill_in()
    window.operations.wait_idle()
    assert library.paper(first).paper.year == 1900
    assert library.paper(first).paper.title == proposal.candidates[0].record.title


def test_offered_in_the_paper_menu_and_on_untitled_rows(window: MainWindow) -> None:
    from desktop.core.views import View
    from desktop.ui.window import paper_menu

    action = window.completer.complete_action
    paper_menus = [a.menu() for a in window.menuBar().actions() if a.text() == "&Paper"]
    assert action in paper_menus[0].actions()
    library = window.library
    rows = library.rows(library.view_ids())
    untitled = next(i for i, row in rows.items() if not row.title)
    titled = next(i for i, row in rows.items() if row.title)

    def menu_for(paper_id: int) -> list[object]:
        window.select_ids([paper_id])
        menu = paper_menu.build(
            window,
            window.organiser,
            window.window_actions.open_action,
            completer=window.completer,
        )
        return list(menu.actions())

    assert action in menu_for(untitled)
    assert action not in menu_for(titled)
    # What it looks up: the selection; with none, a list's papers; else every untitled one.
    window.select_ids([titled])
    assert window.completer.papers_to_complete() == [titled]
    window.table.clearSelection()
    assert window.completer.papers_to_complete() == [untitled]
    to_read = library.reading_list("To read").id
    library.add_to_list(to_read, [titled])
    window.show_view(View("list", to_read))
    window.apply_pending_changes()
    window.table.clearSelection()
    assert window.completer.papers_to_complete() == [titled]


def test_a_candidates_math_is_shown_as_text_and_filled_in_as_found(
    listing_window: MainWindow, qtbot: QtBot, stub: FakeServices, collection: Collection
) -> None:
    window = listing_window
    library = window.library
    first = library.import_text(collection.listing(), source="l.txt").paper_ids[0]
    window.completer.complete([first])
    dialog = window.completer.dialog
    assert dialog is not None
    _found(qtbot, dialog)
    (proposal,) = dialog.proposals
    best = proposal.candidates[0]
    written = "$^{13}$C NMR of H$_2$O"
    record = dataclasses.replace(best.record, title=written)
    changed = dataclasses.replace(best, record=record)
    dialog.show_proposals([dataclasses.replace(proposal, candidates=[changed])])
    assert dialog.comparison.item(0, 1).text() == "¹³C NMR of H₂O"
    assert dialog.use.itemText(0) == "Candidate 1: ¹³C NMR of H₂O"
    dialog.choose(first, 0)
    dialog.fill_in()
    window.operations.wait_idle()
    assert library.paper(first).paper.title == written
