"""Reading import files: a large BibTeX bibliography is read by a helper process.

The helper must give what reading in this process gives (records, problems, preambles),
and an import must not depend on it: when it cannot start or dies halfway, the files are
read here and no record is given twice. A cancelled import stops it.
"""

from __future__ import annotations

import logging
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desktop.core.formats import registry
from desktop.core.formats.bibtex import reader
from desktop.core.formats.encoding import decode_bytes
from desktop.core.formats.record import ParseResult, Record
from desktop.core.importing import reading
from desktop.core.importing.storing import ImportCancelled
from desktop.core.library import Library
from desktop.core.runtime import helper_process
from desktop.core.search.index import Prepared, Preparing


@pytest.fixture
def helper_for_any_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reading, "HELPER_FROM_BYTES", 0)
    monkeypatch.setattr(helper_process, "usable_cores", lambda: 2)


def _entries(count: int, start: int = 0) -> str:
    return "".join(
        f"@article{{key{n},\n  title = {{Paper number {n}}},\n  author = {{Family{n}, Given}},\n"
        f"  year = {{{1990 + n % 30}}},\n  abstract = {{{'words ' * 300}}}\n}}\n\n"
        for n in range(start, start + count)
    )


@pytest.fixture
def no_fallback(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """The helper read everything: nothing was read here after it failed."""
    with caplog.at_level(logging.WARNING, logger="desktop.core.importing.reading"):
        yield
    assert "here instead" not in caplog.text


def _read_all(paths: list[Path], format: str = "auto") -> tuple[ParseResult, bool, int]:
    """What `read_files` gives, whether a helper read it, and how many batches came."""
    with reading.read_files(paths, format=format) as read:
        by_helper = read._helper is not None
        batches = list(read.batches)
    read.result.records = [record for batch in batches for record in batch]
    return read.result, by_helper, len(batches)


def _read_here(paths: list[Path]) -> ParseResult:
    files = [(path.name, path.read_bytes(), path) for path in paths]
    return registry.read_many(files)[1]


@pytest.mark.usefixtures("helper_for_any_size", "no_fallback")
def test_the_helper_reads_corpus_files_as_they_are_read_here(corpus_dir: Path) -> None:
    # The largest files: with and without @string abbreviations, crossref, problems.
    paths = sorted(corpus_dir.rglob("*.bib"), key=lambda p: p.stat().st_size)[-12:]
    for path in paths:
        result, by_helper, _ = _read_all([path])
        assert by_helper
        assert result == _read_here([path]), path


@pytest.mark.usefixtures("helper_for_any_size", "no_fallback")
def test_the_helper_reads_several_files_as_one_bibliography(tmp_path: Path) -> None:
    first = tmp_path / "a.bib"
    first.write_text(_entries(50) + "@comment{kept}\n", encoding="utf-8")
    second = tmp_path / "b.bib"
    second.write_bytes(_entries(50, start=40).encode("cp1252") + b"@misc{x, title={caf\xe9}}\n")
    result, by_helper, batches = _read_all([first, second])
    assert by_helper and batches > 1
    assert result == _read_here([first, second])
    assert len(result.records) == 101
    assert result.preambles == ["@comment{kept}"]
    assert sum("is also used" in p.message for p in result.problems) == 10
    assert "Windows-1252" in result.problems[0].message  # the guessed encoding comes first


@pytest.mark.usefixtures("helper_for_any_size")
def test_other_formats_are_read_here(tmp_path: Path) -> None:
    ris = tmp_path / "big.ris"
    ris.write_text("TY  - JOUR\nTI  - A title\nER  - \n" * 20_000, encoding="utf-8")
    result, by_helper, _ = _read_all([ris])
    assert not by_helper and len(result.records) == 20_000


_NONSENSE = "import pickle, sys; pickle.dump(('batch', []), sys.stdout.buffer)"


@pytest.mark.usefixtures("helper_for_any_size")
@pytest.mark.parametrize(
    ("helper", "logged"),
    [
        (None, "could not be started"),
        ("raise SystemExit(3)", "done here instead"),
        (_NONSENSE, "began with 'batch'"),
    ],
    ids=["no program", "cannot start", "answers nonsense"],
)
def test_a_helper_that_fails_at_once_leaves_the_reading_here(
    helper: str | None,
    logged: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    path = tmp_path / "many.bib"
    path.write_text(_entries(200), encoding="utf-8")
    command = (
        [str(tmp_path / "no-such-program")] if helper is None else [sys.executable, "-c", helper]
    )
    monkeypatch.setattr(reading, "HELPER_COMMAND", command)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with caplog.at_level(logging.WARNING, logger="desktop.core.importing.reading"):
        result, by_helper, _ = _read_all([path])
    assert not by_helper
    assert result == _read_here([path])
    assert logged in caplog.text
    assert not list(tmp_path.glob("papershelf-reading-*"))  # no batches file left behind


# Starts the real helper, which dies right after sending its second batch.
_DYING_HELPER = """
import os
from desktop.core.importing import reading
from desktop.core.runtime import helper_process
send, sent = reading._send, []
def dying(answers, message):
    send(answers, message)
    sent.append(message[0])
    if sent.count("batch") == 2:
        os._exit(7)
reading._send = dying
reading._main()
"""
# Starts the real helper, which announces its second batch as one record longer, then
# lingers (as a helper reading a large file would go on).
_MISCOUNTING_HELPER = """
import time
from desktop.core.importing import reading
from desktop.core.runtime import helper_process
send, sent = reading._send, []
def miscounting(answers, message):
    sent.append(message[0])
    if sent.count("batch") == 2:
        send(answers, ("batch", message[1] + 1))
        time.sleep(120)
    send(answers, message)
reading._send = miscounting
reading._main()
"""


@pytest.mark.usefixtures("helper_for_any_size")
@pytest.mark.parametrize(
    "helper", [_DYING_HELPER, _MISCOUNTING_HELPER], ids=["dies", "says what is not so"]
)
def test_a_helper_failing_halfway_gives_way_to_reading_here_without_repeats(
    helper: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "many.bib"
    path.write_text(_entries(6000) + "@article{broken, title = {x\n", encoding="utf-8")
    monkeypatch.setattr(reading, "HELPER_COMMAND", [sys.executable, "-c", helper])
    # Read here in smaller batches than the helper's: the batch where it stopped is cut.
    monkeypatch.setattr(reader, "BATCH_CHARS", reader.BATCH_CHARS // 7)
    with (
        caplog.at_level(logging.WARNING, logger="desktop.core.importing.reading"),
        reading.read_files([path]) as read,
    ):
        helper = read._helper
        assert helper is not None
        records = []
        for batch in read.batches:
            records += batch
            if "done here instead" in caplog.text:
                # Stopped at once, not left reading beside this process.
                assert helper.process.process.poll() is not None
    read.result.records = records
    result = read.result
    assert "done here instead" in caplog.text
    expected = _read_here([path])
    assert result == expected
    assert [r.citekey for r in result.records] == [f"key{n}" for n in range(6000)]
    assert len(result.problems) == 1


@pytest.mark.usefixtures("helper_for_any_size", "no_fallback")
def test_the_helper_reads_ahead_of_the_import_and_ends_early(tmp_path: Path) -> None:
    # Its batches wait in a file, not in a pipe: the helper does not wait for the import
    # to take them, and ends (letting go of the file's text) long before.
    path = tmp_path / "many.bib"
    path.write_text(_entries(6000), encoding="utf-8")
    with reading.read_files([path]) as read:
        assert read._helper is not None
        first = next(read.batches)
        read._helper.process.process.wait(timeout=60)  # every batch written, none taken yet
        rest = [record for batch in read.batches for record in batch]
    assert [*first, *rest] == _read_here([path]).records


@pytest.mark.usefixtures("helper_for_any_size")
@pytest.mark.parametrize("taken", [0, 1, "all"])
def test_a_reading_leaves_no_file_behind(
    taken: int | str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "many.bib"
    path.write_text(_entries(3000), encoding="utf-8")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temporary"))
    (tmp_path / "temporary").mkdir()
    with reading.read_files([path]) as read:
        helper = read._helper
        assert helper is not None
        for number in range(3000 if taken == "all" else int(taken)):
            if next(read.batches, None) is None:
                break
            # A batch's file goes once the batch is taken: the folder does not fill up.
            assert not reading.batch_path(helper.folder, number).exists()
    assert helper.process.errors.closed
    assert not list((tmp_path / "temporary").iterdir())


# Sends its count, then waits for a file to appear before its one batch and its end.
_WAITING_HELPER = """
import os, pickle, sys, time
from desktop.core.importing import packed, reading
from desktop.core.formats.record import Record
answers = reading.helper_process.answer_channel()
request = pickle.load(sys.stdin.buffer)
reading._send(answers, ("expected", (1, True)))
while not os.path.exists(sys.argv[1]):
    time.sleep(0.01)
with reading.batch_path(reading.Path(request["batches"]), 0).open("wb") as batch:
    packed.write([Record(title="Late")], batch)
reading._send(answers, ("batch", 1))
reading._send(answers, ("done", ([], [], "utf-8")))
"""


@pytest.mark.usefixtures("helper_for_any_size", "no_fallback")
def test_a_reading_is_ready_once_the_helper_has_said_something_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "one.bib"
    path.write_text(_entries(1), encoding="utf-8")
    signal = tmp_path / "go"
    command = [sys.executable, "-c", _WAITING_HELPER, str(signal)]
    monkeypatch.setattr(reading, "HELPER_COMMAND", command)
    with reading.read_files([path]) as read:
        assert not read.ready()  # the helper waits: so would taking the next batch
        signal.touch()
        deadline = time.monotonic() + 60
        while not read.ready() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert read.ready()
        assert [record.title for record in next(read.batches)] == ["Late"]
        assert next(read.batches, None) is None and read.ready()


@pytest.mark.usefixtures("helper_for_any_size")
def test_closing_a_reading_stops_its_helper(tmp_path: Path) -> None:
    path = tmp_path / "many.bib"
    path.write_text(_entries(5000), encoding="utf-8")
    read = reading.read_files([path])
    helper = read._helper
    assert helper is not None
    next(read.batches)
    read.close()
    assert helper.process.process.returncode is not None  # stopped and waited for


@pytest.mark.usefixtures("helper_for_any_size", "no_fallback")
def test_an_import_read_by_the_helper_stores_everything_once(
    library: Library, tmp_path: Path
) -> None:
    path = tmp_path / "many.bib"
    path.write_text(_entries(3000) + "@article{key7, title = {Same key}}\n", encoding="utf-8")
    seen: list[tuple[int, int]] = []
    report = library.import_file(path, progress=lambda done, total: seen.append((done, total)))
    assert report.imported == 3001 and library.count() == 3001
    assert [p.message for p in report.problems] == [p.message for p in _read_here([path]).problems]
    assert seen[-1][0] == 3001 and all(done <= total for done, total in seen)
    assert seen[0][1] >= 3000  # the helper's early count of entries
    first = library.search("Paper number 2999")[0]
    assert library.paper(first.paper_id).paper.citekey == "key2999"


@pytest.mark.usefixtures("helper_for_any_size", "no_fallback")
def test_the_helper_tells_whether_the_text_holds_a_nul(tmp_path: Path) -> None:
    """Storing skips looking for NUL characters in every value only when the helper saw
    none in the whole text."""
    clean, dirty = tmp_path / "clean.bib", tmp_path / "dirty.bib"
    clean.write_text(_entries(2), encoding="utf-8")
    dirty.write_text(_entries(2) + "@misc{nul, title = {A\x00B}}\n", encoding="utf-8")
    with reading.read_files([clean]) as read:
        assert read.nul_free and sum(map(len, read.batches)) == 2
    with reading.read_files([clean, dirty]) as read:
        assert not read.nul_free and sum(map(len, read.batches)) == 5


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "cp1252"])
@pytest.mark.parametrize("nul", [False, True])
def test_entries_and_nul_characters_are_counted_in_any_encoding(encoding: str, nul: bool) -> None:
    """In UTF-8 the bytes are looked through, not the text: the same answers."""
    text = "@misc{a, title={Über}}\n@misc{b, title={B" + ("\x00" if nul else "") + "}}\n"
    data = text.encode(encoding)
    decoded, found, _note = decode_bytes(data)
    assert decoded == text and found.replace("_", "-") in (encoding, "utf-16-le")
    assert reading._entries_and_nul(data, decoded, found) == (2, nul)


@pytest.mark.usefixtures("helper_for_any_size")
def test_an_import_read_by_the_helper_removes_nul_characters(
    library: Library, tmp_path: Path
) -> None:
    path = tmp_path / "nul.bib"
    path.write_text(
        _entries(2) + "@misc{nul, title = {Has a NUL\x00 inside}, author = {Nu\x00ll, Ann}}\n",
        encoding="utf-8",
    )
    library.import_file(path)
    stored = library.paper_by_citekey("nul")
    assert stored.paper.title == "Has a NUL inside"
    assert [(a.family, a.as_written) for a in stored.authors] == [("Null", "Null, Ann")]


@pytest.mark.usefixtures("helper_for_any_size")
def test_papers_are_prepared_for_the_index_while_the_helper_reads(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While it waits for the helper, the import prepares the papers it stored for the
    search index; should that fail, the import does not, and search still finds them."""
    library.build_search_index()
    path = tmp_path / "many.bib"
    path.write_text(_entries(3000), encoding="utf-8")
    prepare = Preparing.prepare
    while_storing: list[int | None] = []

    def watched(papers: Preparing, at_most: int | None = None) -> list[Prepared]:
        if threading.current_thread() is threading.main_thread():
            while_storing.append(at_most)
        return prepare(papers, at_most)

    def slow_reading(*args: Any) -> Iterator[list[Record]]:
        for batch in batches(*args):
            time.sleep(0.05)  # the helper has not written the next batch yet
            yield batch

    batches = reading._from_helper
    monkeypatch.setattr(reading, "_from_helper", slow_reading)
    monkeypatch.setattr(reading._Helper, "has_news", lambda helper: False)
    monkeypatch.setattr(Preparing, "prepare", watched)
    library.import_file(path)
    assert while_storing and all(at_most for at_most in while_storing)
    assert library.paper(library.search("Paper number 2999")[0].paper_id).paper.citekey == (
        "key2999"
    )

    def failing(papers: Preparing, at_most: int | None = None) -> list[Prepared]:
        raise MemoryError("folding papers")

    monkeypatch.setattr(Preparing, "prepare", failing)
    again = tmp_path / "more.bib"
    again.write_text(_entries(3000, start=3000), encoding="utf-8")
    assert library.import_file(again).imported == 3000
    monkeypatch.undo()
    assert library.paper(library.search("Paper number 5999")[0].paper_id).paper.citekey == (
        "key5999"
    )


@pytest.mark.usefixtures("helper_for_any_size")
def test_a_cancelled_import_read_by_the_helper_stores_nothing(
    library: Library, tmp_path: Path
) -> None:
    path = tmp_path / "many.bib"
    path.write_text(_entries(3000), encoding="utf-8")
    progress: list[int] = []
    with pytest.raises(ImportCancelled):
        library.import_file(
            path, progress=lambda done, total: progress.append(done), cancel=lambda: bool(progress)
        )
    assert progress and library.count() == 0


def test_small_bibtex_files_are_read_here(tmp_path: Path) -> None:
    small = tmp_path / "small.bib"
    small.write_text(_entries(3), encoding="utf-8")
    assert small.stat().st_size < reading.HELPER_FROM_BYTES
    assert _read_all([small]) == (_read_here([small]), False, 1)


def test_one_core_reads_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reading, "HELPER_FROM_BYTES", 0)
    monkeypatch.setattr(helper_process, "usable_cores", lambda: 1)
    path = tmp_path / "many.bib"
    path.write_text(_entries(100), encoding="utf-8")
    assert _read_all([path]) == (_read_here([path]), False, 1)
