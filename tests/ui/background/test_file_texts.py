"""Reading the text of attached PDFs in the background: files attached before are read
when it starts, a file changed on disk is read again, and Cancel stops between files."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from pdf_maker import write_pdf
from pytestqt.qtbot import QtBot

from desktop.core.formats.record import Record
from desktop.core.library import Library, Progress
from desktop.ui.background.file_texts import FileTextReader


def _paper_with_pdf(library: Library, tmp_path: Path, word: str, name: str) -> int:
    paper_id = library.add_paper(Record(title=f"About {word}", citekey=name)).id
    library.attach_file(paper_id, write_pdf(tmp_path / f"{name}.pdf", [[(10, word)]]))
    return paper_id


def test_files_attached_before_are_read_once_it_starts(
    ui_library: Library, tmp_path: Path, qtbot: QtBot
) -> None:
    first = _paper_with_pdf(ui_library, tmp_path, "quokka", "a")
    second = _paper_with_pdf(ui_library, tmp_path, "wombat", "b")
    reader = FileTextReader(ui_library)
    progress: list[tuple[int, int]] = []
    reader.progressed.connect(lambda done, total: progress.append((done, total)))
    with qtbot.waitSignal(reader.finished, timeout=10_000) as finished:
        reader.start()
    assert finished.args[0].read == 2
    assert progress[-1] == (2, 2)
    assert [h.paper_id for h in ui_library.search("fulltext:quokka")] == [first]
    assert [h.paper_id for h in ui_library.search("fulltext:wombat")] == [second]
    reader.stop(5)


def test_a_file_changed_on_disk_is_read_again(
    ui_library: Library, tmp_path: Path, qtbot: QtBot
) -> None:
    paper_id = _paper_with_pdf(ui_library, tmp_path, "quokka", "a")
    reader = FileTextReader(ui_library)
    with qtbot.waitSignal(reader.finished, timeout=10_000):
        reader.request(None)
    (attached,) = ui_library.attached_files(paper_id)
    assert attached.path is not None
    write_pdf(tmp_path / "new.pdf", [[(10, "platypus")]]).replace(attached.path)
    with qtbot.waitSignal(reader.finished, timeout=10_000) as finished:
        reader.request(None)  # what the check now and then does
    assert finished.args[0].read == 1
    assert ui_library.search("fulltext:quokka") == []
    assert [h.paper_id for h in ui_library.search("fulltext:platypus")] == [paper_id]
    reader.stop(5)


def test_cancel_keeps_what_was_read_and_stops(
    ui_library: Library, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    for number in range(3):
        _paper_with_pdf(ui_library, tmp_path, f"word{number}", f"p{number}")
    # The run waits after its first file until the window has pressed Cancel: without
    # this, the thread may read all three before the GUI sees the first progress.
    cancel_pressed = threading.Event()
    read_file_texts = ui_library.read_file_texts

    def reading_slowly(ids: list[int] | None, *, progress: Progress, **kwargs: Any) -> Any:
        def report(done: int, total: int) -> None:
            progress(done, total)
            if done == 1:
                assert cancel_pressed.wait(10)

        return read_file_texts(ids, progress=report, **kwargs)

    monkeypatch.setattr(ui_library, "read_file_texts", reading_slowly)
    reader = FileTextReader(ui_library)

    def on_progress(done: int, _total: int) -> None:
        if done >= 1:
            reader.cancel()
            cancel_pressed.set()

    reader.progressed.connect(on_progress)
    with qtbot.waitSignal(reader.finished, timeout=10_000) as finished:
        reader.request(None)
    assert finished.args[0].read == 1
    assert ui_library.files_to_read() == 2
    reader.stop(5)
