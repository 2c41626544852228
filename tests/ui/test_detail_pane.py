"""The detail pane: validated metadata edits, stale-edit choice, annotations, notes, undo."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QUndoStack
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.ui import prompts
from desktop.ui.background.operations import OperationRunner
from desktop.ui.undo_commands import History
from desktop.ui.widgets import notes_editor
from desktop.ui.widgets.abstract_view import from_qt_position, to_qt_position
from desktop.ui.widgets.detail_pane import OVERWRITE, RELOAD, DetailPane

ABSTRACT = "We propose 𝒜-learning, a method. It learns fast and forgets slowly."


@pytest.fixture
def paper_id(ui_library: Library) -> int:
    record = Record(
        title="Fast Learners",
        year=2021,
        journal="JMLR",
        abstract=ABSTRACT,
        authors=[Person(given="Sergey", family="Levine"), Person(given="Chelsea", family="Finn")],
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


def _wait(pane: DetailPane) -> None:
    """Let the writes asked for finish (they run off the GUI thread)."""
    pane._history.runner.wait_idle()


def _undo(pane: DetailPane) -> None:
    pane._history.undo()
    _wait(pane)


def _redo(pane: DetailPane) -> None:
    pane._history.redo()
    _wait(pane)


def _edit(pane: DetailPane, field: str, text: str) -> None:
    edit = pane.form.fields[field]
    edit.setText(text)
    edit.editingFinished.emit()
    _wait(pane)


def test_shows_the_paper(pane: DetailPane) -> None:
    assert pane.heading.text() == "Fast Learners"
    assert pane.byline.text().splitlines() == ["Sergey Levine, Chelsea Finn", "JMLR · 2021"]
    assert pane.form.citekey.text()  # a key was made and is shown
    assert pane.form.authors.toPlainText() == "Levine, Sergey\nFinn, Chelsea"
    assert pane.abstract.text.toPlainText() == ABSTRACT


def test_an_edit_is_saved_and_undone(pane: DetailPane, ui_library: Library, paper_id: int) -> None:
    _edit(pane, "title", "Faster Learners")
    assert ui_library.paper(paper_id).paper.title == "Faster Learners"
    pane.form.authors.setPlainText("Levine, Sergey\nFinn, Chelsea\nAbbeel, Pieter")
    pane.form.year.setText("2022")
    pane.form.year.editingFinished.emit()
    _wait(pane)
    details = ui_library.paper(paper_id)
    assert [p.family for p in details.authors] == ["Levine", "Finn", "Abbeel"]
    assert details.paper.year == 2022
    _undo(pane)
    details = ui_library.paper(paper_id)
    assert [p.family for p in details.authors] == ["Levine", "Finn"]
    assert details.paper.year == 2021
    _undo(pane)
    assert ui_library.paper(paper_id).paper.title == "Fast Learners"
    _redo(pane)
    assert ui_library.paper(paper_id).paper.title == "Faster Learners"


def test_a_bad_doi_or_year_is_flagged_and_not_saved(
    pane: DetailPane, ui_library: Library, paper_id: int
) -> None:
    _edit(pane, "doi", "not a doi")
    assert not pane.form.problem.isHidden()
    assert "not a DOI" in pane.form.problem.text()
    pane.form.year.setText("20x1")
    pane.form.year.editingFinished.emit()
    _wait(pane)
    assert "not a year" in pane.form.problem.text()
    stored = ui_library.paper(paper_id).paper
    assert (stored.doi, stored.year) == ("", 2021)
    _edit(pane, "title", "Still Saved")  # other edits are not held back by the bad ones
    stored = ui_library.paper(paper_id).paper
    assert (stored.title, stored.doi, stored.year) == ("Still Saved", "", 2021)
    pane.form.year.setText("2021")
    _edit(pane, "doi", "https://doi.org/10.1000/xyz123")  # the resolver prefix is dropped
    assert pane.form.problem.isHidden()
    assert ui_library.paper(paper_id).paper.doi == "10.1000/xyz123"


def test_an_edit_from_a_stale_copy_offers_a_choice(
    pane: DetailPane, ui_library: Library, paper_id: int, scripted: object
) -> None:
    # Someone else (another window, another user) changes the paper behind the pane's back.
    other = Library.open(ui_library.url)
    other.update_paper(paper_id, expected_version=1, title="Their Title")
    other.close()
    scripted.choices = [RELOAD]  # type: ignore[attr-defined]
    _edit(pane, "journal", "Nature")
    assert scripted.asked == ["Changed by someone else"]  # type: ignore[attr-defined]
    stored = ui_library.paper(paper_id).paper
    assert (stored.title, stored.journal) == ("Their Title", "JMLR")  # nothing overwritten
    assert pane.form.fields["title"].text() == "Their Title"  # reloaded
    other = Library.open(ui_library.url)
    other.update_paper(paper_id, expected_version=None, title="Theirs Again")
    other.close()
    scripted.choices = [OVERWRITE]  # type: ignore[attr-defined]
    _edit(pane, "journal", "Nature")
    assert ui_library.paper(paper_id).paper.journal == "Nature"


def test_annotate_a_span_then_undo(
    pane: DetailPane, ui_library: Library, paper_id: int, scripted: object
) -> None:
    start = ABSTRACT.index("𝒜-learning")
    end = start + len("𝒜-learning")
    pane.abstract.select_span(start, end)
    assert pane.abstract.selected_span() == (start, end)
    assert pane.abstract.annotate_button.isEnabled()
    scripted.texts = ["the name needs a math font"]  # type: ignore[attr-defined]
    pane.abstract.annotate_button.click()
    _wait(pane)
    (annotation,) = ui_library.paper(paper_id).annotations
    assert (annotation.quote, annotation.note) == ("𝒜-learning", "the name needs a math font")
    _undo(pane)
    assert ui_library.paper(paper_id).annotations == []
    _redo(pane)
    assert [a.quote for a in ui_library.paper(paper_id).annotations] == ["𝒜-learning"]


def test_editing_an_annotation_note_is_undone_even_after_a_deletion_is_undone(
    pane: DetailPane, ui_library: Library, paper_id: int, scripted: object
) -> None:
    start = ABSTRACT.index("𝒜-learning")
    pane.abstract.select_span(start, start + len("𝒜-learning"))
    scripted.texts = ["first thought"]  # type: ignore[attr-defined]
    pane.abstract.annotate_button.click()
    _wait(pane)
    (annotation,) = ui_library.paper(paper_id).annotations
    ui_library.annotate(paper_id, 0, 1, note="another")  # so the id is not simply reused
    pane.show_paper(paper_id)  # in the window, the library's change notice does this
    scripted.texts = ["second thought"]  # type: ignore[attr-defined]
    pane._on_edit_annotation(annotation.id or 0)
    _wait(pane)

    def notes() -> list[str]:
        found = ui_library.paper(paper_id).annotations
        return [a.note for a in found if a.note != "another"]

    assert notes() == ["second thought"]
    pane.show_paper(paper_id)
    pane._on_delete_annotation(annotation.id or 0)
    _wait(pane)
    assert notes() == []
    _undo(pane)  # the annotation comes back, under a new id
    assert notes() == ["second thought"]
    _undo(pane)  # the edit is undone on the annotation as it is now
    assert notes() == ["first thought"]
    _redo(pane)
    assert notes() == ["second thought"]


def test_utf16_positions_convert_both_ways() -> None:
    text = "a𝒜b"  # 𝒜 is two UTF-16 code units
    assert [to_qt_position(text, i) for i in range(4)] == [0, 1, 3, 4]
    assert [from_qt_position(text, p) for p in (0, 1, 3, 4)] == [0, 1, 2, 3]


def test_a_note_saves_itself_and_is_there_after_reopening(
    pane: DetailPane, ui_library: Library, paper_id: int, qtbot: QtBot
) -> None:
    editor = pane.notes.editor
    editor.setFocus()
    QTest.keyClicks(editor, "Read **section 3** first")
    assert pane.notes.has_unsaved_text()
    # No focus change, no close: the quiet-time timer alone saves it.
    qtbot.waitUntil(lambda: not pane.notes.has_unsaved_text(), timeout=2000)
    reopened = Library.open(ui_library.url)
    try:
        assert [n.body for n in reopened.paper(paper_id).notes] == ["Read **section 3** first"]
    finally:
        reopened.close()
    QTest.keyClicks(editor, "!")
    pane.show_paper(None)  # switching papers saves at once
    assert [n.body for n in ui_library.paper(paper_id).notes] == ["Read **section 3** first!"]


def test_typing_without_pause_still_saves_within_a_second(
    pane: DetailPane, ui_library: Library, paper_id: int, qtbot: QtBot
) -> None:
    editor = pane.notes.editor
    started = time.monotonic()
    saved_after: float | None = None
    # A keystroke every 100 ms never lets the 500 ms quiet timer fire; the cap must.
    while time.monotonic() - started < 2.5:
        QTest.keyClicks(editor, "x")
        qtbot.wait(100)
        if ui_library.paper(paper_id).notes:
            saved_after = time.monotonic() - started
            break
    assert saved_after is not None
    assert saved_after <= notes_editor.MAX_UNSAVED_MS / 1000 + 0.3


def test_the_preview_renders_markdown_and_never_raw_html() -> None:
    html = notes_editor.render_markdown("**bold** <script>alert(1)</script>")
    assert "<strong>bold</strong>" in html
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_links_include_doi_arxiv_and_attachments(
    pane: DetailPane, ui_library: Library, paper_id: int, tmp_path: Path
) -> None:
    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(b"%PDF-1.4")
    ui_library.update_paper(
        paper_id, expected_version=None, doi="10.1000/abc", arxiv_id="2101.00001"
    )
    pane.links.attach_requested.emit(str(pdf), "")
    _wait(pane)
    pane.show_paper(paper_id)
    items = [pane.links.list.item(i).data(256) for i in range(pane.links.list.count())]
    assert items == ["https://doi.org/10.1000/abc", "https://arxiv.org/abs/2101.00001", str(pdf)]


def test_tags_are_edited_in_place_and_undone_in_one_step(
    pane: DetailPane, ui_library: Library, paper_id: int
) -> None:
    from desktop.ui.widgets.tag_editor import parse_tags

    assert parse_tags(" to read ,robotics,, Robotics ,robotics") == [
        "to read",
        "robotics",
        "Robotics",
    ]
    pane.tags.setText("robotics, to cite")
    pane.tags.editingFinished.emit()
    _wait(pane)
    assert [t.name for t in ui_library.paper(paper_id).tags] == ["robotics", "to cite"]
    pane.show_paper(paper_id)
    assert pane.tags.text() == "robotics, to cite"
    pane.tags.setText("to cite")
    pane.tags.editingFinished.emit()
    _wait(pane)
    assert [t.name for t in ui_library.paper(paper_id).tags] == ["to cite"]
    _undo(pane)
    assert [t.name for t in ui_library.paper(paper_id).tags] == ["robotics", "to cite"]
    _undo(pane)  # both tags of the first edit go in one step
    assert ui_library.paper(paper_id).tags == []


def test_a_note_for_a_paper_deleted_elsewhere_goes_to_the_clipboard(
    pane: DetailPane, ui_library: Library, paper_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtGui import QGuiApplication

    from desktop.ui import prompts

    told: list[str] = []
    monkeypatch.setattr(prompts, "show_error", lambda _parent, sentence: told.append(sentence))
    other_id = ui_library.add_paper(Record(title="Another")).id
    QTest.keyClicks(pane.notes.editor, "An idea worth keeping")
    with Library.open(ui_library.url) as elsewhere:  # someone deletes the paper for good
        elsewhere.delete_papers([paper_id])
        elsewhere.empty_trash()
    pane.show_paper(other_id)  # saving the note now cannot work...
    assert QGuiApplication.clipboard().text() == "An idea worth keeping"  # ...nothing is lost
    assert len(told) == 1 and "clipboard" in told[0]
    pane.show_paper(other_id)  # and the pane goes on working
    assert pane.heading.text() == "Another"


#: The note as the user typed it over the copy they had.
MINE = "Shared start. My own idea."


def _note_changed_elsewhere(ui_library: Library, paper_id: int, body: str) -> None:
    """Someone else (another window, another user) rewrites the paper's first note."""
    with Library.open(ui_library.url) as elsewhere:
        (note,) = elsewhere.paper(paper_id).notes
        elsewhere.edit_note(note.id, body, expected_version=note.version)


def _a_note_typed_over_a_stale_copy(pane: DetailPane, ui_library: Library, paper_id: int) -> None:
    ui_library.add_note(paper_id, "Shared start.")
    pane.show_paper(paper_id)
    _note_changed_elsewhere(ui_library, paper_id, "Their careful paragraph.")
    QTest.keyClicks(pane.notes.editor, " My own idea.")


@pytest.mark.parametrize(
    ("choice", "expected"),
    [
        # Closing the question (None) keeps both too: nobody's text is dropped.
        ("Keep both as two notes", ["Their careful paragraph.", MINE]),
        (None, ["Their careful paragraph.", MINE]),
        ("Merge: their text, then mine", [f"Their careful paragraph.\n\n{MINE}"]),
        ("Save mine over theirs", [MINE]),
    ],
)
def test_a_note_changed_elsewhere_is_never_overwritten_unasked(
    pane: DetailPane,
    ui_library: Library,
    paper_id: int,
    scripted: object,
    choice: str | None,
    expected: list[str],
) -> None:
    _a_note_typed_over_a_stale_copy(pane, ui_library, paper_id)
    scripted.choices = [choice]  # type: ignore[attr-defined]
    pane.notes.save_now()
    assert scripted.asked == ["Note changed elsewhere"]  # type: ignore[attr-defined]
    assert sorted(n.body for n in ui_library.paper(paper_id).notes) == sorted(expected)
    shown = pane.notes.editor.toPlainText()
    assert "My own idea." in shown  # what the user typed is still in front of them
    assert not pane.notes.has_unsaved_text()
    # And the editor goes on from what is stored: the next keystrokes save without a question.
    QTest.keyClicks(pane.notes.editor, "!")
    pane.notes.save_now()
    assert scripted.asked == ["Note changed elsewhere"]  # type: ignore[attr-defined]
    assert shown + "!" in [n.body for n in ui_library.paper(paper_id).notes]


def test_a_note_changed_elsewhere_is_not_deleted(
    pane: DetailPane, ui_library: Library, paper_id: int, scripted: object
) -> None:
    ui_library.add_note(paper_id, "Draft.")
    pane.show_paper(paper_id)
    _note_changed_elsewhere(ui_library, paper_id, "Their careful paragraph.")
    pane.notes._on_delete()
    assert [n.body for n in ui_library.paper(paper_id).notes] == ["Their careful paragraph."]
    assert scripted.errors and "changed elsewhere" in scripted.errors[0]  # type: ignore[attr-defined]
    assert pane.notes.editor.toPlainText() == "Their careful paragraph."


def test_a_selection_of_several_stays_on_its_summary_as_it_changes(
    pane: DetailPane, qtbot: QtBot
) -> None:
    """Each keystroke of a search with many papers selected tells the new count: the
    summary stays shown (hidden and shown again, it made the whole window lay out and
    paint again, 10 ms of a keystroke)."""
    pane.show_many(100_000)
    assert pane.pages.currentWidget() is pane.summary
    assert pane.paper_id is None
    hidden: list[QEvent.Type] = []

    class _Watch(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Hide:
                hidden.append(event.type())
            return False

    watch = _Watch()
    pane.summary.installEventFilter(watch)
    pane.show_many(200)
    assert not hidden
    assert "200" in pane.summary.count_label.text()
    pane.show_paper(None)  # then nothing selected: the summary goes
    assert pane.pages.currentWidget() is not pane.summary
