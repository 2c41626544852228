"""Files in the window: PDFs dropped on a paper or on the table, their text read in the
background and found by search (with the page shown in the detail pane), missing files
and Relink, the reader (pages, search inside, quote into the note, the last page read),
and a watched folder."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from pdf_maker import write_pdf
from PySide6.QtCore import QPointF, QSettings
from PySide6.QtGui import QTextCursor
from pytestqt.qtbot import QtBot

from desktop.core.library import Library, Progress
from desktop.ui import file_dialogs
from desktop.ui.background.folder_watch import FolderWatch
from desktop.ui.dialogs.pdf_reader import PdfReader
from desktop.ui.window.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts
from tests.ui.file_drops import drop_files


def _row_of(window: MainWindow, title: str) -> int:
    model = window.table_model
    return next(r for r in range(model.rowCount()) if model.index(r, 0).data() == title)


def _drop(window: MainWindow, files: list[Path], row: int | None) -> None:
    """A real drop of files on the table's viewport: on `row`, or below the last row."""
    viewport = window.table.viewport()
    if row is None:
        point = QPointF(10, viewport.height() - 3)
    else:
        rect = window.table.visualRect(window.table_model.index(row, 0))
        point = QPointF(rect.center())
    drop_files(viewport, point, files)


def _texts_read(qtbot: QtBot, window: MainWindow) -> None:
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: window.library.files_to_read() == 0, timeout=10_000)
    qtbot.waitUntil(lambda: not window.files.text_reader.busy, timeout=10_000)


def _two_page_pdf(tmp_path: Path, name: str = "paper.pdf") -> Path:
    return write_pdf(
        tmp_path / name,
        [
            [(18, "Residual Nets"), (10, "An introduction.")],
            [(10, "The zanzibar effect is strong in deep networks.")],
        ],
    )


def test_a_pdf_dropped_on_a_paper_is_attached_and_its_words_found(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    library = window.library
    row = _row_of(window, "Deep Residual Learning")
    paper_id = window.table_model.paper_id(row)
    _drop(window, [_two_page_pdf(tmp_path)], row)
    _texts_read(qtbot, window)
    (attached,) = library.attached_files(paper_id)
    assert attached.copied and attached.text_indexed
    assert attached.path is not None and attached.path.parent == library.files_folder()
    with qtbot.waitSignal(window.search_finished, timeout=5000):
        window.search_bar.field.setText("fulltext:zanzibar")
    assert window.table_model.paper_ids() == [paper_id]
    window.select_ids([paper_id])
    qtbot.waitUntil(lambda: window.detail.links.places.count() == 1)
    place = window.detail.links.places.item(0).text()
    assert place.startswith("p. 2:") and "zanzibar effect" in place
    assert window.detail.links.places.isVisibleTo(window.detail.links)


def test_a_pdf_dropped_beside_the_papers_becomes_a_paper(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    before = window.library.count()
    _drop(window, [_two_page_pdf(tmp_path, "scan.pdf")], None)
    qtbot.waitUntil(lambda: window.library.count() == before + 1, timeout=10_000)
    qtbot.waitUntil(lambda: not window.transfers.import_flow.busy, timeout=10_000)
    (new,) = [i for i in window.library.view_ids() if not window.library.paper(i).paper.year]
    details = window.library.paper(new)
    assert details.paper.title == "Residual Nets"
    assert [t.name for t in details.tags] == ["guessed from PDF"]
    report = getattr(window.transfers, "report_dialog", None)
    if report is not None:
        report.close()


def test_a_missing_file_shows_as_missing_and_is_relinked(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    library = window.library
    paper_id = window.table_model.paper_id(_row_of(window, "Long Short-Term Memory"))
    attached = library.attach_file(paper_id, _two_page_pdf(tmp_path))
    assert attached.path is not None
    attached.path.unlink()
    window.select_ids([paper_id])
    links = window.detail.links
    qtbot.waitUntil(lambda: links.list.count() == 1)
    item = links.list.item(0)
    assert item.text().endswith("— missing")
    links.list.setCurrentItem(item)
    assert links.relink.isEnabled() and not links.read.isEnabled()
    moved = _two_page_pdf(tmp_path, "found-again.pdf")
    links.relink_requested.emit(attached.attachment.id, str(moved))
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: library.attached_file(attached.attachment.id).present)
    qtbot.waitUntil(lambda: not links.list.item(0).text().endswith("— missing"))


def _remove_first_attachment(window: MainWindow, qtbot: QtBot, paper_id: int) -> None:
    """Select the paper, its first attachment, and press Remove."""
    window.select_ids([paper_id])
    links = window.detail.links
    qtbot.waitUntil(lambda: links.list.count() >= 1)
    links.list.setCurrentRow(0)
    links.remove.click()
    window.operations.wait_idle()


def test_removing_a_copied_file_says_where_it_goes_and_moves_it_there(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, scripted: ScriptedPrompts
) -> None:
    library = window.library
    paper_id = window.table_model.paper_id(_row_of(window, "Deep Residual Learning"))
    attached = library.attach_file(paper_id, _two_page_pdf(tmp_path))
    assert attached.path is not None
    scripted.confirm_answer = False
    _remove_first_attachment(window, qtbot, paper_id)
    assert "files folder" in scripted.confirmed[-1] and "trash" in scripted.confirmed[-1]
    assert attached.path.is_file() and library.attached_files(paper_id)  # asked, said no
    scripted.confirm_answer = True
    _remove_first_attachment(window, qtbot, paper_id)
    assert library.attached_files(paper_id) == []
    assert not attached.path.exists()
    assert [p.read_bytes() for p in (library.files_folder() / ".trash").iterdir()] == [
        _two_page_pdf(tmp_path, "same.pdf").read_bytes()
    ]


def test_removing_a_linked_file_says_the_file_stays(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, scripted: ScriptedPrompts
) -> None:
    library = window.library
    paper_id = window.table_model.paper_id(_row_of(window, "Deep Residual Learning"))
    source = _two_page_pdf(tmp_path, "mine.pdf")
    library.attach_file(paper_id, source, link=True)
    _remove_first_attachment(window, qtbot, paper_id)
    assert "stays where it is" in scripted.confirmed[-1]
    assert str(source) in scripted.confirmed[-1]
    assert library.attached_files(paper_id) == [] and source.is_file()


def test_the_reader_finds_quotes_and_remembers_the_page(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, scripted: object
) -> None:
    library = window.library
    paper_id = window.table_model.paper_id(_row_of(window, "Deep Residual Learning"))
    attached = library.attach_file(paper_id, _two_page_pdf(tmp_path))
    _texts_read(qtbot, window)
    reader = window.files.open_reader(attached.attachment.id)
    assert isinstance(reader, PdfReader)
    qtbot.addWidget(reader)
    assert reader.page == 0 and reader.page_image.pixmap().width() > 100
    reader.find_field.setText("zanzibar")
    assert reader.page == 1 and reader.found.text() == "1 of 1"
    assert reader.page_text.textCursor().selectedText() == "zanzibar"
    reader.quote_selection()  # the hit alone: its whole line is quoted
    body = library.paper(paper_id).notes[0].body
    assert body == "> The zanzibar effect is strong in deep networks.\n> (p. 2)\n"
    cursor = reader.page_text.textCursor()  # the reader selects words of their own
    cursor.setPosition(4)
    cursor.setPosition(19, QTextCursor.MoveMode.KeepAnchor)
    reader.page_text.setTextCursor(cursor)
    scripted.texts.append("Check this in Table 2.")  # type: ignore[attr-defined]
    assert reader.annotate_selection()
    body = library.paper(paper_id).notes[0].body
    assert body.endswith("\n\n> zanzibar effect\n> (p. 2)\n\nCheck this in Table 2.\n")
    reader.close()
    assert library.attached_file(attached.attachment.id).attachment.last_page == 1
    again = window.files.open_reader(attached.attachment.id)
    assert again is not None
    qtbot.addWidget(again)
    assert again.page == 1  # where it was left
    again.close()


def test_the_readers_title_shows_math_as_text(window: MainWindow, tmp_path: Path) -> None:
    library = window.library
    paper_id = window.table_model.paper_id(_row_of(window, "Deep Residual Learning"))
    library.update_paper(paper_id, expected_version=None, title="$^{13}$C labelling of glucose")
    attached = library.attach_file(paper_id, _two_page_pdf(tmp_path))
    reader = window.files.open_reader(attached.attachment.id)
    assert reader is not None
    try:
        assert reader.windowTitle() == "¹³C labelling of glucose — Papershelf reader"
    finally:
        reader.close()


def test_our_own_files_open_without_the_warning(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: object, scripted: object
) -> None:
    from desktop.ui import link_opener

    opened: list[str] = []
    monkeypatch.setattr(  # type: ignore[attr-defined]
        link_opener.QDesktopServices,
        "openUrl",
        lambda url: opened.append(url.toLocalFile()) or True,
    )
    library = window.library
    # The library lives outside the home folder, where a linked file would ask first.
    monkeypatch.setattr(link_opener, "allowed_folders", lambda: [])  # type: ignore[attr-defined]
    paper_id = window.table_model.paper_id(_row_of(window, "Deep Residual Learning"))
    attached = library.attach_file(paper_id, _two_page_pdf(tmp_path))
    window.select_ids([paper_id])
    links = window.detail.links
    qtbot.waitUntil(lambda: links.list.count() == 1)
    links.list.itemActivated.emit(links.list.item(0))
    assert opened == [str(attached.path)]
    assert scripted.asked == []  # type: ignore[attr-defined]


def test_a_watched_folder_brings_new_pdfs_in(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, settings: QSettings
) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    _two_page_pdf(inbox, "already-there.pdf")
    watch: FolderWatch = window.files.watch
    watch.watch(inbox)
    assert watch.scan() == []  # what was there before is left alone
    before = window.library.count()
    _two_page_pdf(inbox, "new.pdf")
    watch.scan()  # its size is noted
    assert watch.scan() == [inbox / "new.pdf"]  # and taken once it stays put
    qtbot.waitUntil(lambda: window.library.count() == before + 1, timeout=10_000)
    qtbot.waitUntil(lambda: not window.transfers.import_flow.busy, timeout=10_000)
    assert watch.scan() == []  # never twice
    again = FolderWatch(settings)
    assert again.folder == inbox and again.scan() == []  # remembered across starts


def test_choosing_a_watched_folder_offers_to_bring_in_the_pdfs_already_there(
    window: MainWindow,
    qtbot: QtBot,
    tmp_path: Path,
    scripted: ScriptedPrompts,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    inbox = tmp_path / "inbox"
    (inbox / "2024").mkdir(parents=True)
    held = _two_page_pdf(tmp_path, "held.pdf")
    (first,) = window.library.import_files([held]).paper_ids
    (inbox / "held copy.pdf").write_bytes(held.read_bytes())  # the same file: not again
    write_pdf(inbox / "2024" / "scan.pdf", [[(20, "Sparse Coding in the Visual Cortex")]])
    before = window.library.count()
    monkeypatch.setattr(
        "desktop.ui.window.files.QFileDialog.getExistingDirectory", lambda *_a: str(inbox)
    )
    scripted.confirm_answer = True
    with qtbot.waitSignal(window.transfers.import_flow.finished, timeout=20_000):
        window.files.choose_watched_folder()
    (asked,) = scripted.confirmed
    assert "already holds 2 PDFs" in asked
    assert window.library.count() == before + 1  # the scan; the copy was recognised
    assert len(window.library.attached_files(first)) == 1
    assert "1 already in your library" in window.statusBar().currentMessage()
    assert window.files.watch.folder == inbox and window.files.watch.scan() == []


def test_pdfs_already_in_a_watched_folder_can_be_left_alone(
    window: MainWindow,
    tmp_path: Path,
    scripted: ScriptedPrompts,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    _two_page_pdf(inbox, "old.pdf")
    before = window.library.count()
    file_dialogs.remember(tmp_path / "exports" / "last.bib")  # a file saved there before
    (tmp_path / "exports").mkdir()
    opened_in: list[str] = []

    def choose(_parent: object, _title: str, start: str) -> str:
        opened_in.append(start)
        return str(inbox)

    monkeypatch.setattr("desktop.ui.window.files.QFileDialog.getExistingDirectory", choose)
    scripted.confirm_answer = False
    window.files.choose_watched_folder()
    assert opened_in == [str(tmp_path / "exports")]  # the dialog opens where the user was
    assert len(scripted.confirmed) == 1
    assert not window.transfers.import_flow.busy and window.library.count() == before
    assert "Watching" in window.statusBar().currentMessage()


def _parked(window: MainWindow) -> list[Path]:
    trash = window.library.files_folder() / ".trash"
    return sorted(trash.iterdir()) if trash.is_dir() else []


def _undo(window: MainWindow, *, redo: bool = False) -> None:
    window.history.redo() if redo else window.history.undo()
    window.operations.wait_idle()


def test_attaching_a_dropped_file_is_undone_and_redone(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    library = window.library
    row = _row_of(window, "Deep Residual Learning")
    paper_id = window.table_model.paper_id(row)
    _drop(window, [_two_page_pdf(tmp_path), _two_page_pdf(tmp_path, "b.pdf")], row)
    window.operations.wait_idle()
    attached = library.attached_files(paper_id)
    assert len(attached) == 2 and window.undo_stack.undoText() == "Attach 2 files"
    _undo(window)
    assert library.attached_files(paper_id) == []
    assert len(_parked(window)) == 2 and not any(a.path and a.path.exists() for a in attached)
    _undo(window, redo=True)
    assert [a.present for a in library.attached_files(paper_id)] == [True, True]
    assert _parked(window) == []
    _undo(window)  # and once more away: then a new step leaves no way back to them
    window.select_ids([paper_id])
    window.organiser.set_status("read")
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: _parked(window) == [])
    assert not window.undo_stack.canRedo()


def test_removing_and_relinking_are_undone_and_redone(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, scripted: ScriptedPrompts
) -> None:
    library = window.library
    paper_id = window.table_model.paper_id(_row_of(window, "Deep Residual Learning"))
    attached = library.attach_file(paper_id, _two_page_pdf(tmp_path))
    assert attached.path is not None
    _remove_first_attachment(window, qtbot, paper_id)
    assert window.undo_stack.undoText() == "Remove attachment"
    _undo(window)
    (back,) = library.attached_files(paper_id)
    assert back.present and back.path == attached.path and _parked(window) == []
    _undo(window, redo=True)
    assert library.attached_files(paper_id) == [] and len(_parked(window)) == 1
    _undo(window)
    (back,) = library.attached_files(paper_id)
    old_bytes = attached.path.read_bytes()
    other = write_pdf(tmp_path / "other.pdf", [[(18, "Another file altogether")]])
    window.detail.links.relink_requested.emit(back.attachment.id, str(other))
    window.operations.wait_idle()
    assert window.undo_stack.undoText() == "Relink file"
    assert attached.path.read_bytes() == other.read_bytes()  # the old copy is parked
    _undo(window)
    assert attached.path.read_bytes() == old_bytes
    _undo(window, redo=True)
    assert attached.path.read_bytes() == other.read_bytes()


def test_copies_no_undo_can_reach_go_when_the_window_closes(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, scripted: ScriptedPrompts
) -> None:
    library = window.library
    paper_id = window.table_model.paper_id(_row_of(window, "Deep Residual Learning"))
    library.attach_file(paper_id, _two_page_pdf(tmp_path))
    _remove_first_attachment(window, qtbot, paper_id)
    assert len(_parked(window)) == 1  # Undo can bring it back while the window is open
    window.close()
    assert _parked(window) == []


def test_a_watched_folder_looks_into_subfolders_and_takes_each_file_once(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, settings: QSettings
) -> None:
    inbox = tmp_path / "inbox"
    (inbox / "old").mkdir(parents=True)
    _two_page_pdf(inbox / "old", "there-before.pdf")
    watch: FolderWatch = window.files.watch
    watch.watch(inbox)
    assert watch.scan() == []
    before = window.library.count()
    (inbox / "2024" / "march").mkdir(parents=True)
    new = _two_page_pdf(inbox / "2024" / "march", "scan.pdf")
    hidden = inbox / ".thumbnails"
    hidden.mkdir()
    write_pdf(hidden / "preview.pdf", [[(10, "A preview, not a paper")]])
    watch.scan()
    assert watch.scan() == [new]  # the subfolder's, not the hidden folder's
    qtbot.waitUntil(lambda: window.library.count() == before + 1, timeout=10_000)
    qtbot.waitUntil(lambda: not window.transfers.import_flow.busy, timeout=10_000)
    new.rename(inbox / "sorted.pdf")  # moved elsewhere in the folder: the same file
    watch.scan()
    assert watch.scan() == []
    assert window.library.count() == before + 1


def test_a_watched_folder_holding_the_files_folder_leaves_the_copies_alone(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    library = window.library
    library.set_files_folder(tmp_path / "inbox" / "Papershelf files")
    watch: FolderWatch = window.files.watch
    watch.watch(tmp_path / "inbox")
    paper_id = window.table_model.paper_id(_row_of(window, "Deep Residual Learning"))
    attached = library.attach_file(paper_id, _two_page_pdf(tmp_path))
    assert attached.path is not None and attached.path.is_relative_to(tmp_path / "inbox")
    watch.scan()
    assert watch.scan() == []


def test_the_status_bar_counts_the_pdfs_read_and_its_cancel_stops_the_reading(
    small_library: Library,
    settings: QSettings,
    tmp_path: Path,
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for number, paper_id in enumerate(small_library.view_ids()[:3]):
        pdf = write_pdf(tmp_path / f"p{number}.pdf", [[(10, f"word{number}")]])
        small_library.attach_file(paper_id, pdf)
    # The reading waits after its first file until Cancel was pressed: without this it
    # may read all three before the window sees the first progress.
    pressed = threading.Event()
    read_file_texts = small_library.read_file_texts

    def reading_slowly(ids: list[int] | None, *, progress: Progress, **kwargs: Any) -> Any:
        def report(done: int, total: int) -> None:
            progress(done, total)
            if done == 1:
                assert pressed.wait(10)

        return read_file_texts(ids, progress=report, **kwargs)

    monkeypatch.setattr(small_library, "read_file_texts", reading_slowly)
    window = MainWindow(small_library, settings)
    qtbot.addWidget(window)
    window.show()
    status = window.files.status
    qtbot.waitUntil(lambda: status.isVisible(), timeout=10_000)
    assert status.label.text() == "Reading the text of PDFs: 1 of 3"
    assert (status.bar.value(), status.bar.maximum()) == (1, 3)
    reader = window.files.text_reader
    with qtbot.waitSignal(reader.finished, timeout=10_000) as finished:
        status.cancel.click()
        pressed.set()
    assert finished.args[0].read == 1  # stopped after the file it was reading
    assert small_library.files_to_read() == 2 and not status.isVisible()
    window.close()


def test_add_file_copies_it_under_the_key_and_link_file_leaves_it_where_it_is(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QPushButton

    from desktop.ui import prompts

    library = window.library
    paper_id = window.table_model.paper_id(_row_of(window, "Long Short-Term Memory"))
    citekey = library.paper(paper_id).paper.citekey
    window.select_ids([paper_id])
    copied, linked = _two_page_pdf(tmp_path, "download.pdf"), _two_page_pdf(tmp_path, "mine.pdf")
    buttons = {b.text(): b for b in window.detail.links.findChildren(QPushButton)}
    for label, chosen in (("Add file…", copied), ("Link file…", linked)):
        monkeypatch.setattr(prompts, "ask_open_files", lambda *_a, c=chosen: [str(c)])
        buttons[label].click()
        window.operations.wait_idle()
    qtbot.waitUntil(lambda: len(library.attached_files(paper_id)) == 2, timeout=10_000)
    first, second = library.attached_files(paper_id)
    assert first.copied and first.path == library.files_folder() / f"{citekey}.pdf"
    assert first.path.read_bytes() == copied.read_bytes() and copied.is_file()
    assert not second.copied and second.path == linked  # the user's file, where it was


def test_the_files_folder_is_a_setting_chosen_from_the_attachments_menu(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    library = window.library
    assert library.files_folder() == tmp_path / "ui.files"  # beside the SQLite file
    shared = tmp_path / "group share"
    offered: list[str] = []

    def choose(_parent: Any, _title: str, now: str) -> str:
        offered.append(now)
        return str(shared)

    monkeypatch.setattr(QFileDialog, "getExistingDirectory", choose)
    menus = [a.menu() for a in window.menuBar().actions() if a.menu() is not None]
    attachments = next(m for m in menus if m.title() == "&Attachments")
    assert window.files.files_folder_action in attachments.actions()
    window.files.files_folder_action.trigger()
    window.operations.wait_idle()
    assert offered == [str(tmp_path / "ui.files")]
    assert library.files_folder() == shared
    qtbot.waitUntil(lambda: not window._pending and not window._apply_timer.isActive())
    qtbot.wait(20)
    # The table's own count came first: the message stays.
    assert window.statusBar().currentMessage() == f"Files are now copied to {shared}."


def test_a_folder_dropped_on_the_table_brings_its_pdfs_in_even_on_a_paper(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, scripted: ScriptedPrompts
) -> None:
    library = window.library
    folder = tmp_path / "Downloads"
    (folder / "2024").mkdir(parents=True)
    _two_page_pdf(folder, "nets.pdf")
    write_pdf(folder / "2024" / "scan.pdf", [[(20, "Sparse Coding in the Cortex")]])
    (folder / "notes.txt").write_text("not a paper")
    row = _row_of(window, "Deep Residual Learning")
    paper_id = window.table_model.paper_id(row)
    before = library.count()
    _drop(window, [folder], row)  # a folder is many papers, not this paper's files
    qtbot.waitUntil(lambda: library.count() == before + 2, timeout=10_000)
    qtbot.waitUntil(lambda: not window.transfers.import_flow.busy, timeout=10_000)
    assert library.attached_files(paper_id) == []
    titles = {r.title for r in library.rows(library.view_ids()).values()}
    assert {"Residual Nets", "Sparse Coding in the Cortex"} <= titles
    assert scripted.errors == []
    empty = tmp_path / "Empty"
    empty.mkdir()
    _drop(window, [empty], None)
    qtbot.waitUntil(lambda: bool(scripted.errors), timeout=10_000)
    assert scripted.errors == [f"There are no PDFs in {empty} or its subfolders."]
    assert library.count() == before + 2
