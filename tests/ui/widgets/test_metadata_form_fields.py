"""The detail pane's form shows and edits every field a paper holds, per its entry type."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QUndoStack
from pytestqt.qtbot import QtBot

from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.ui import prompts
from desktop.ui.background.operations import OperationRunner
from desktop.ui.undo_commands import History
from desktop.ui.widgets.detail_pane import RELOAD, DetailPane

KEPT = {"issn": "0967-0637", "translator": "Doe, Jane", "csl:PMCID": "PMC123"}


@pytest.fixture
def paper_id(ui_library: Library) -> int:
    record = Record(
        title="Particle aggregation",
        year=2019,
        journal="Deep-Sea Research",
        authors=[Person(given="Ana", family="Silva")],
        editors=[Person(given="Bo", family="Li")],
        extra=dict(KEPT),
    )
    return ui_library.add_paper(record).id


@pytest.fixture
def pane(ui_library: Library, paper_id: int, qtbot: QtBot) -> Iterator[DetailPane]:
    runner = OperationRunner()
    history = History(QUndoStack(), runner, lambda sentence: prompts.show_error(None, sentence))
    shown = DetailPane(ui_library, history)
    qtbot.addWidget(shown)
    shown.show()
    shown.show_paper(paper_id)
    yield shown
    runner.shut_down()


def _edit(pane: DetailPane, field: str, text: str) -> None:
    edit = pane.form.fields[field]
    edit.setText(text)
    edit.editingFinished.emit()
    pane._history.runner.wait_idle()


def test_every_kept_field_and_the_editors_are_shown(pane: DetailPane) -> None:
    form = pane.form
    for name, value in KEPT.items():
        assert form.fields[f"extra:{name}"].text() == value
    assert form.editors is not None and form.editors.toPlainText() == "Li, Bo"
    # An article's own fields are offered though empty; BibLaTeX and CSL names in the tip.
    assert {"volume", "pages", "doi", "extra:note"} <= set(form.fields)
    label = form._form.labelForField(form.fields["journal"])
    assert "journaltitle" in label.toolTip() and "container-title" in label.toolTip()


def test_a_kept_field_is_edited_and_undone(
    pane: DetailPane, ui_library: Library, paper_id: int
) -> None:
    _edit(pane, "extra:issn", "0028-0836")
    assert ui_library.paper(paper_id).paper.extra["issn"] == "0028-0836"
    _edit(pane, "extra:translator", "")  # emptied: removed
    assert "translator" not in ui_library.paper(paper_id).paper.extra
    pane._history.undo()
    pane._history.runner.wait_idle()
    assert ui_library.paper(paper_id).paper.extra["translator"] == "Doe, Jane"
    pane._history.undo()
    pane._history.runner.wait_idle()
    assert ui_library.paper(paper_id).paper.extra == KEPT


def test_editors_are_edited(pane: DetailPane, ui_library: Library, paper_id: int) -> None:
    assert pane.form.editors is not None
    pane.form.editors.setPlainText("Li, Bo\nWang, Fang")
    pane.form._on_edited()
    pane._history.runner.wait_idle()
    assert [p.family for p in ui_library.paper(paper_id).editors] == ["Li", "Wang"]


def test_choosing_a_type_changes_the_fields_offered(
    pane: DetailPane, ui_library: Library, paper_id: int
) -> None:
    form = pane.form
    assert "extra:school" not in form.fields
    form.entry_type.setCurrentText("phdthesis")
    form._on_type_chosen()
    pane._history.runner.wait_idle()
    assert ui_library.paper(paper_id).paper.entry_type == "phdthesis"
    assert "extra:school" in form.fields  # a thesis has a university
    # The journal the paper holds is still shown (among its other fields), never hidden.
    assert form.fields["journal"].text() == "Deep-Sea Research"
    _edit(pane, "extra:school", "Universidade de Lisboa")
    assert ui_library.paper(paper_id).paper.extra["school"] == "Universidade de Lisboa"


def test_add_field_gives_the_paper_a_new_one(
    pane: DetailPane, ui_library: Library, paper_id: int, scripted: object
) -> None:
    scripted.texts = ["Series", "container-title"]  # type: ignore[attr-defined]
    pane.form._on_add_field()
    assert "extra:series" in pane.form.fields
    _edit(pane, "extra:series", "Lecture Notes")
    assert ui_library.paper(paper_id).paper.extra["series"] == "Lecture Notes"
    pane.form._on_add_field()  # a CSL name of a field shown already: no second row
    assert "extra:container-title" not in pane.form.fields


def test_add_field_keywords_goes_to_the_keyword_row(
    pane: DetailPane, qtbot: QtBot, scripted: object
) -> None:
    pane.activateWindow()
    qtbot.waitUntil(pane.isActiveWindow)
    tabs = pane.tabs
    tabs.setCurrentIndex([tabs.tabText(i) for i in range(tabs.count())].index("Details"))
    scripted.texts = ["Keywords"]  # type: ignore[attr-defined]
    pane.form._on_add_field()
    assert "extra:keywords" not in pane.form.fields  # a row the paper could never save
    qtbot.waitUntil(pane.form.keywords.hasFocus)


def test_a_kept_field_edited_from_a_stale_copy_offers_the_choice(
    pane: DetailPane, ui_library: Library, paper_id: int, scripted: object
) -> None:
    other = Library.open(ui_library.url)
    other.update_paper(paper_id, expected_version=None, title="Their Title")
    other.close()
    scripted.choices = [RELOAD]  # type: ignore[attr-defined]
    _edit(pane, "extra:issn", "mine")
    assert scripted.asked == ["Changed by someone else"]  # type: ignore[attr-defined]
    assert ui_library.paper(paper_id).paper.extra["issn"] == KEPT["issn"]
    assert pane.form.fields["extra:issn"].text() == KEPT["issn"]


def test_what_a_pdf_import_guessed_is_labelled_in_words(
    pane: DetailPane, ui_library: Library
) -> None:
    record = Record(title="Tidal locking", extra={"papershelf-guessed": "title, authors"})
    pane.show_paper(ui_library.add_paper(record).id)
    form = pane.form
    label = form._form.labelForField(form.fields["extra:papershelf-guessed"])
    assert label.text() == "Guessed from the PDF"  # not the name it is kept under
