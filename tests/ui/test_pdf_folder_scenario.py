"""The issue's "done" walk from a folder of PDFs, through the window only: the folder is
dropped on the window; the PDF naming a DOI is looked up, the others' titles are guessed
(and marked so); two copies of one paper are found among the possible duplicates and
merged side by side; the papers go into a new reading list, reordered; a span of an
abstract is annotated, a line of a PDF quoted from the reader into a note, and both are
found again by search; the list is exported to BibTeX; the
folder dropped again adds nothing; after quit and reopen everything is as it was left.
The library is only read, to check."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from core.importing.test_lookup import DEEP_LEARNING, _crossref_answer
from core.lookup_server import FakeServices, running_services
from pdf_maker import write_cjk_pdf, write_pdf
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QInputMethodEvent, QWindow
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QTreeWidget
from pytestqt.qtbot import QtBot

from desktop.core.api import KEEP
from desktop.core.library import Library
from desktop.core.views import View
from desktop.ui import prompts
from desktop.ui.models.sidebar_model import COUNT_ROLE, DUPLICATES_VIEW
from desktop.ui.window import export_flow
from desktop.ui.window.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts
from tests.ui.file_drops import drop_files

GUESSED_TAG = "guessed from PDF"
DEEP = "Deep learning"
PREPRINT = "Tidal Locking of Small Moons"  # from the PDF's metadata
JOURNAL = "Tidal locking of small moons"  # the same paper: its first page's largest words
SPARSE = "Sparse Coding in the Visual Cortex"
REVIEW = "深度强化学习综述"
#: The words of the stand-in Crossref abstract the reader annotates.
QUOTE = "It has a second sentence too."
NOTE = "quokka: check against the 2016 book"
#: A line of the sparse-coding PDF, quoted from the reader with a comment.
SPARSE_LINE = "Receptive fields of simple cells emerge from sparseness."
READER_NOTE = "wombat: the 1996 result"


@pytest.fixture
def services(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServices]:
    """Crossref, stood in for by a local server that knows the DOI of "Deep learning"."""
    with running_services() as running:
        monkeypatch.setenv("PAPERSHELF_CROSSREF_URL", running.url)
        monkeypatch.setenv("PAPERSHELF_ARXIV_URL", running.url)
        running.answer("/works/10.1038/nature14539", _crossref_answer(DEEP_LEARNING))
        yield running


def write_folder(folder: Path) -> Path:
    """A download folder: five PDFs (one in a subfolder, two of them one paper), a note."""
    (folder / "journal").mkdir(parents=True)
    write_pdf(
        folder / "lecun2015.pdf",
        [[(16, DEEP), (9, "Nature 521, 436-444 (2015) doi:10.1038/nature14539")]],
    )
    write_pdf(
        folder / "preprint.pdf",
        [[(9, "Preprint"), (20, "Tidal locking"), (10, "Ada Lovelace, Alan Turing")]],
        title=PREPRINT,
        author="Ada Lovelace; Alan Turing",
    )
    write_pdf(
        folder / "journal" / "moons.pdf",
        [[(9, "Icarus 12"), (20, JOURNAL), (10, "The moons lock within a million years.")]],
        author="Lovelace, Ada; Turing, Alan",
    )
    write_pdf(
        folder / "scan0042.pdf",
        [[(22, SPARSE), (10, SPARSE_LINE)]],
    )
    write_cjk_pdf(folder / "review.pdf", [[(22, REVIEW), (10, "本文讨论等离子体约束。")]])
    (folder / "reading notes.txt").write_text("not a paper", encoding="utf-8")
    return folder


def drop_on_window(window: MainWindow, paths: list[Path]) -> None:
    """Drag `paths` from a file manager and drop them in the middle of the window, handed
    to the window as the window system hands a drop over (it enters, then drops)."""
    handle = window.windowHandle()
    assert isinstance(handle, QWindow)
    point = QPointF(window.center.mapTo(window, window.center.rect().center()))
    drop_files(handle, point, paths)


def settle(qtbot: QtBot, window: MainWindow) -> None:
    """Let the writes finish, the changes reach the views, the background work answer."""
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: not window._pending and not window._apply_timer.isActive())
    qtbot.waitUntil(lambda: not window.duplicate_search.busy, timeout=10_000)


def bring_in(qtbot: QtBot, window: MainWindow, folder: Path) -> str:
    """The folder dropped on the window, its PDFs imported and read; what the status bar
    says once the window settled (the changes after the import must not hide its summary)."""
    with qtbot.waitSignal(window.transfers.import_flow.finished, timeout=60_000) as done:
        drop_on_window(window, [folder])
    assert done.args is not None and done.args[0], "the import failed"
    settle(qtbot, window)
    qtbot.waitUntil(lambda: window.library.files_to_read() == 0, timeout=20_000)
    return window.statusBar().currentMessage()


def by_title(library: Library) -> dict[str, int]:
    return {row.title: paper_id for paper_id, row in library.rows(library.view_ids()).items()}


def open_comparison(qtbot: QtBot, window: MainWindow, pair: tuple[int, int]) -> None:
    """The Possible duplicates view picked in the sidebar, and `pair` compared."""
    index = window.sidebar_model.index_of(DUPLICATES_VIEW)
    rect = window.sidebar.visualRect(index)
    QTest.mouseClick(window.sidebar.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    settle(qtbot, window)
    panel = window.duplicates_panel
    assert window.center.currentWidget() is panel
    assert panel.shown_pairs() == [pair]
    assert min(columns_of(panel.tree)) > 200  # the evidence is not cut to a sliver
    panel.tree.setCurrentItem(panel.tree.topLevelItem(0))
    panel.compare_button.click()


def columns_of(tree: QTreeWidget) -> list[int]:
    """The widths of a tree's columns, as shown."""
    return [tree.header().sectionSize(c) for c in range(tree.columnCount())]


def search(qtbot: QtBot, window: MainWindow, text: str) -> list[int]:
    """Type `text` in the search bar (after clearing it); the papers the table shows once
    the complete answer (abstracts, notes and PDFs too) came."""
    field = window.search_bar.field
    field.clear()
    if text.isascii():
        QTest.keyClicks(field, text)
    else:  # Chinese comes from an input method, committed whole
        typed = QInputMethodEvent()
        typed.setCommitString(text)
        QApplication.sendEvent(field, typed)
    runner = window.search_runner
    qtbot.waitUntil(
        lambda: window._answered == text and not runner.busy and runner._running is None,
        timeout=10_000,
    )
    return window.table_model.paper_ids()


def test_from_a_folder_of_pdfs_to_an_annotated_deduplicated_reading_list(
    tmp_path: Path,
    settings: QSettings,
    qtbot: QtBot,
    services: FakeServices,
    scripted: ScriptedPrompts,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url = f"sqlite:///{tmp_path / 'shelf.sqlite'}"
    library = Library.open(url)
    window = MainWindow(library, settings)
    qtbot.addWidget(window)
    window.resize(1200, 760)
    window.show()
    assert window.center.currentWidget() is window.welcome

    # 1. The folder of PDFs is dropped on the window (on the welcome panel: it is empty).
    said = bring_in(qtbot, window, write_folder(tmp_path / "Downloads"))
    titles = by_title(library)
    assert sorted(titles) == sorted([DEEP, PREPRINT, JOURNAL, SPARSE, REVIEW])
    assert window.center.currentWidget() is window.table
    assert sorted(window.table_model.paper_ids()) == sorted(titles.values())
    for title, paper_id in titles.items():
        details = library.paper(paper_id)
        guessed = GUESSED_TAG in [t.name for t in details.tags]
        assert guessed == (title != DEEP), title  # looked up by its DOI, or guessed
        assert [f.present and f.copied for f in library.attached_files(paper_id)] == [True]
    deep = library.paper(titles[DEEP])
    assert deep.paper.doi == "10.1038/nature14539" and deep.authors[0].family == "LeCun"
    assert [p.family for p in library.paper(titles[JOURNAL]).authors] == ["Lovelace", "Turing"]
    assert QUOTE in deep.paper.abstract
    kept, other = titles[PREPRINT], titles[JOURNAL]  # the preprint came first
    assert said == "Imported 5 papers; 1 may be a duplicate of a paper you had."
    report = window.transfers.report_dialog
    assert report is not None and report.isVisible()
    (pair,) = [
        report.duplicates.topLevelItem(r) for r in range(report.duplicates.topLevelItemCount())
    ]
    assert pair.text(0).startswith(JOURNAL) and pair.text(1).startswith(PREPRINT)
    assert min(columns_of(report.duplicates)) > 200  # the paper one had is not cut short
    report.close()  # settled later, in the Possible duplicates view

    # 2. The two copies of the tidal-locking paper are the one possible duplicate, merged
    # through the side-by-side comparison: the older copy (the preprint) is kept.
    settle(qtbot, window)
    duplicates = window.sidebar_model.index_of(DUPLICATES_VIEW)
    assert duplicates.data(COUNT_ROLE) == 1
    open_comparison(qtbot, window, (other, kept))
    dialog = window.duplicates_panel.dialog
    assert (dialog.keep_id, dialog.other_id) == (kept, other)
    assert "title" in dict(dialog.choices())
    shown = [label.text() for label in dialog.findChildren(QLabel)]
    assert "Guessed from the PDF" in shown and "papershelf-guessed" not in shown
    assert "with the notes, files, tags and lists of both" in shown[0]  # both PDFs stay
    dialog.choose("title", KEEP)
    dialog.merge_button.click()
    settle(qtbot, window)
    assert window.duplicates_panel.shown_pairs() == []
    assert window.sidebar_model.index_of(DUPLICATES_VIEW).data(COUNT_ROLE) is None
    assert library.count() == 4 and library.count(trash=True) == 1
    assert library.paper(kept).paper.title == PREPRINT
    files = library.attached_files(kept)
    assert len(files) == 2 and all(f.present for f in files)  # both PDFs kept on it

    # 3. Every paper into a new reading list, then the Chinese review moved to the top.
    window.show_view(View())
    window.table.setFocus()
    QTest.keyClick(window.table, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert len(window.selected_ids()) == 4
    chosen = window.selected_ids()
    offered: list[list[str]] = []

    def pick_new_list(*_args: object, items: list[str], **_kwargs: object) -> str:
        offered.append(items)
        return items[-1]

    monkeypatch.setattr(prompts, "ask_item", pick_new_list)
    scripted.texts = ["Moons and more"]
    window.editing.add_to_list_action.trigger()  # Papers > Add to List… > New list…
    settle(qtbot, window)
    assert offered == [["New list…"]]
    assert window.undo_stack.undoText() == "Add to New List “Moons and more”"
    reading = library.reading_list("Moons and more")
    assert [i.paper.id for i in library.list_items(reading.id)] == chosen
    window.show_view(View("list", reading.id))
    review = titles[REVIEW]
    for _ in range(3):  # at most three places up
        if window.table_model.paper_ids()[0] == review:
            break
        window.select_ids([review])
        assert window.organiser.move_up_action.isEnabled()
        window.organiser.move_up_action.trigger()
        settle(qtbot, window)
    order = [review, *(i for i in chosen if i != review)]
    assert [i.paper.id for i in library.list_items(reading.id)] == order

    # 4. A span of the looked-up paper's abstract is annotated.
    window.select_ids([titles[DEEP]])
    qtbot.waitUntil(lambda: window.detail.paper_id == titles[DEEP])
    window.detail.tabs.setCurrentWidget(window.detail.abstract)
    abstract = library.paper(titles[DEEP]).paper.abstract
    start = abstract.index(QUOTE)
    window.detail.abstract.select_span(start, start + len(QUOTE))
    scripted.texts = [NOTE]
    window.detail.abstract.annotate_button.click()
    settle(qtbot, window)
    annotations = library.paper(titles[DEEP]).annotations
    assert [(a.quote, a.note) for a in annotations] == [(QUOTE, NOTE)]

    # 4b. In the reader, a line of the sparse-coding PDF is quoted in its note, commented.
    window.select_ids([titles[SPARSE]])
    qtbot.waitUntil(lambda: window.detail.paper_id == titles[SPARSE])
    window.detail.tabs.setCurrentWidget(window.detail.links)
    window.detail.links.list.setCurrentRow(0)
    window.detail.links.read.click()  # Links > Read
    reader = window.files.readers[-1]
    qtbot.addWidget(reader)
    reader.find_field.setText("sparseness")
    assert reader.found.text() == "1 of 1"
    scripted.texts = [READER_NOTE]
    reader.annotate.click()  # Annotate…: the hit's line, then the comment
    settle(qtbot, window)
    (note,) = library.paper(titles[SPARSE]).notes
    assert note.body == f"> {SPARSE_LINE}\n> (p. 1)\n\n{READER_NOTE}\n"
    reader.close()

    # 5. The notes are found again, by a plain word and by `note:`; the PDFs' words too.
    window.show_view(View())
    assert search(qtbot, window, "quokka") == [titles[DEEP]]
    assert search(qtbot, window, "note:quokka") == [titles[DEEP]]
    assert search(qtbot, window, "note:wombat") == [titles[SPARSE]]
    assert search(qtbot, window, "等离子体") == [review]  # the text of the Chinese PDF
    assert search(qtbot, window, "fulltext:sparseness") == [titles[SPARSE]]
    window.search_bar.field.clear()

    # 6. The list exported to BibTeX.
    window.show_view(View("list", reading.id))
    target = tmp_path / "moons.bib"
    monkeypatch.setattr(export_flow, "ask_target", lambda _parent, _name: (target, "bibtex"))
    window.transfers.export_view_action.trigger()
    qtbot.waitUntil(target.exists, timeout=10_000)
    exported = target.read_text(encoding="utf-8")
    assert len(re.findall(r"^@\w+\{", exported, re.MULTILINE)) == 4
    for title in (DEEP, PREPRINT, SPARSE, REVIEW):
        assert title in exported, title
    assert JOURNAL not in exported and "10.1038/nature14539" in exported
    assert "papershelf-guessed" not in exported  # the mark is ours: bibtex has no use for it

    # 7. The same folder dropped again: no paper is made twice, no file attached again
    # (the two copies of the merged paper are both its files now: 4 papers hold the 5).
    said = bring_in(qtbot, window, tmp_path / "Downloads")
    assert said == "Imported 0 papers; 4 already in your library."
    assert library.count() == 4
    assert len(library.attached_files(kept)) == 2
    assert [i.paper.id for i in library.list_items(reading.id)] == order

    # 8. Quit, reopen: the list in its order, the annotation, the merged paper's files.
    window.close()
    library.close()
    reopened = Library.open(url)
    try:
        assert [i.paper.id for i in reopened.list_items(reading.id)] == order
        details = reopened.paper(titles[DEEP])
        assert [(a.quote, a.note) for a in details.annotations] == [(QUOTE, NOTE)]
        assert [n.body for n in reopened.paper(titles[SPARSE]).notes] == [note.body]
        files = reopened.attached_files(kept)
        assert len(files) == 2 and all(f.present and f.path and f.path.is_file() for f in files)
        assert reopened.count() == 4
        again = MainWindow(reopened, settings)
        qtbot.addWidget(again)
        again.show()
        again.show_view(View("list", reading.id))
        assert again.table_model.paper_ids() == order
        assert search(qtbot, again, "note:quokka") == [titles[DEEP]]
        again.close()
    finally:
        reopened.close()
