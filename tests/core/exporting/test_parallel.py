"""A large BibTeX export is written by two processes: the file must be the one a single
process writes, byte for byte, whatever happens to the helper or the library meanwhile."""

from __future__ import annotations

import json
import logging
import sqlite3
import sys
import threading
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from desktop.core.api import ExportOptions
from desktop.core.errors import DatabaseError
from desktop.core.exporting import kept_entries, parallel
from desktop.core.library import Library
from desktop.core.runtime import helper_process
from desktop.core.runtime.helper_process import HelperProcess


@pytest.fixture
def split_from_ten(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Exports of ten papers or more are split; the helpers started are listed."""
    monkeypatch.setattr(parallel, "SPLIT_FROM", 10)
    monkeypatch.setattr(helper_process, "usable_cores", lambda: 2)
    started: list[list[str]] = []
    start = HelperProcess.start

    def counted(command: list[str]) -> HelperProcess:
        started.append(command)
        return start(command)

    monkeypatch.setattr(HelperProcess, "start", staticmethod(counted))
    return started


def _imported(library: Library, text: str) -> list[int]:
    """Import `text`; return once the checkpoint an import leaves in the background is done
    (an export while it runs is written by one process: see the last test)."""
    ids = library.import_text(text).paper_ids
    library._background.submit(lambda: None).result()
    return ids


def _one_process(library: Library, ids: list[int], format: str) -> str:
    """The export written afresh by this process alone (no helper, no kept entry)."""
    saved = parallel.SPLIT_FROM, kept_entries.FORMATS
    parallel.SPLIT_FROM, kept_entries.FORMATS = 10**9, ()
    try:
        return library.export(ids, format, options=ExportOptions(preambles=True))
    finally:
        parallel.SPLIT_FROM, kept_entries.FORMATS = saved


_BIB = """@preamble{"\\newcommand{\\noopsort}[1]{}"}
@comment{kept as it was}
""" + "".join(
    f"@article{{key{n},\n  title = {{A {'Study' if n % 3 else 'study of BERT'} number {n}}},\n"
    f'  author = {{M{{\\"u}}ller{n}, J{{\\"u}}rgen and Smith, Ann}},\n  year = {{{2000 + n}}},\n'
    f"  journal = {{Journal \\& Co}},\n  keywords = {{tag{n % 4}}},\n"
    f"  abstract = {{Costs 50\\% less; $x^2$ and Čech.}}\n}}\n\n"
    for n in range(40)
)


@pytest.mark.parametrize("format", ["bibtex", "biblatex"])
def test_a_split_export_is_the_file_one_process_writes(
    library: Library,
    split_from_ten: list[list[str]],
    format: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    ids = _imported(library, _BIB)[::-1]  # the order asked for, not the order stored
    with caplog.at_level(logging.WARNING):
        split = library.export(ids, format, options=ExportOptions(preambles=True))
    assert split == _one_process(library, ids, format)
    assert split.startswith("@preamble") and split.count("@article") == 40
    if library.engine.dialect.name == "sqlite":
        assert split_from_ten == [parallel.HELPER_COMMAND]
        assert "here instead" not in caplog.text
    else:
        assert split_from_ten == []  # PostgreSQL libraries are written by one process


def _keyed(n: int, key: str) -> str:
    return f"@misc{{{key}, title = {{Paper {n}}}}}\n"


def test_keys_written_in_both_parts_are_made_unique_as_one_process_would(
    tmp_path: Path, split_from_ten: list[list[str]]
) -> None:
    with Library.open(f"sqlite:///{tmp_path / 'keys.sqlite'}") as library:
        # "Müller2019" is written "Muller2019" (BibTeX keys are ASCII), which BibTeX takes
        # for "muller2019": one in each part, and the writer must rename the later one.
        entries = [_keyed(n, f"plain{n}") for n in range(20)]
        entries[2] = _keyed(2, "muller2019")
        entries[19] = _keyed(19, "Müller2019")
        ids = _imported(library, "".join(entries))
        split = library.export(ids, "bibtex", options=ExportOptions(preambles=True))
        assert split == _one_process(library, ids, "bibtex")
        assert "@misc{muller2019," in split and "@misc{Muller2019a," in split
        assert split_from_ten  # the helper ran; its part was written here


_FAILING_HELPERS = {
    "cannot start": None,
    "dies": "raise SystemExit(3)",
    "answers nonsense": "import pickle, sys; pickle.dump(('x', 1), sys.stdout.buffer)",
}


@pytest.mark.parametrize("helper", _FAILING_HELPERS.values(), ids=_FAILING_HELPERS.keys())
def test_a_failing_helper_leaves_its_part_to_this_process(
    tmp_path: Path,
    split_from_ten: list[list[str]],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    helper: str | None,
) -> None:
    command = (
        [str(tmp_path / "no-such-program")] if helper is None else [sys.executable, "-c", helper]
    )
    monkeypatch.setattr(parallel, "HELPER_COMMAND", command)
    with Library.open(f"sqlite:///{tmp_path / 'failing.sqlite'}") as library:
        ids = _imported(library, _BIB)
        with caplog.at_level(logging.WARNING):
            split = library.export(ids, "bibtex", options=ExportOptions(preambles=True))
        assert split == _one_process(library, ids, "bibtex")
    assert "could not be started" in caplog.text or "done here instead" in caplog.text


# Commits a change to the library (its file is the first argument), then runs the real
# helper: the two processes read different pictures of the library.
_CHANGING_HELPER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
connection.execute("UPDATE paper SET title = 'Changed meanwhile'")
connection.commit()
connection.close()
from desktop.core.exporting import kept_entries, parallel
parallel._main()
"""


def test_a_library_changed_during_the_export_is_exported_again_in_one_picture(
    tmp_path: Path, split_from_ten: list[list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "changing.sqlite"
    command = [sys.executable, "-c", _CHANGING_HELPER, str(path)]
    monkeypatch.setattr(parallel, "HELPER_COMMAND", command)
    with Library.open(f"sqlite:///{path}") as library:
        ids = _imported(library, _BIB)
        exported = library.export(ids, "bibtex", options=ExportOptions(preambles=True))
        assert split_from_ten == [command]  # the helper ran, and changed the library
        assert exported == _one_process(library, ids, "bibtex")
        assert exported.count("Changed meanwhile") == 40  # not some papers before, some after


def test_a_commit_by_another_connection_is_seen(tmp_path: Path) -> None:
    path = tmp_path / "watched.sqlite"
    with Library.open(f"sqlite:///{path}") as library:
        with parallel.committed_elsewhere(library.engine) as changed:
            library.import_text(_keyed(1, "a"))  # this process, another connection
            seen_here = changed()
        with parallel.committed_elsewhere(library.engine) as changed:
            other = sqlite3.connect(path)
            other.execute("UPDATE paper SET title = 'x'")
            other.commit()
            other.close()
            seen_elsewhere = changed()
        library.export(library.view_ids(), "bibtex")  # keeps the entries it wrote
        with parallel.committed_elsewhere(library.engine) as changed:
            library.export(library.view_ids(), "bibtex")  # reading kept ones commits nothing
            unchanged = not changed()
    assert (seen_here, seen_elsewhere, unchanged) == (True, True, True)


def test_small_exports_are_written_here(library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(helper_process, "usable_cores", lambda: 2)
    assert not parallel.worth_splitting(library.engine, parallel.SPLIT_FROM - 1, "bibtex")
    assert not parallel.worth_splitting(library.engine, 10**6, "csl-json")
    monkeypatch.setattr(helper_process, "usable_cores", lambda: 1)
    assert not parallel.worth_splitting(library.engine, 10**6, "bibtex")


def test_an_export_during_a_checkpoint_is_written_here(
    tmp_path: Path, split_from_ten: list[list[str]]
) -> None:
    # Just after a large import, the library copies its log into the database file in the
    # background: that keeps the second core busy, and a helper would only take turns.
    with Library.open(f"sqlite:///{tmp_path / 'busy.sqlite'}") as library:
        ids = library.import_text(_BIB).paper_ids
        release = threading.Event()
        library._in_background(release.wait)
        try:
            during = library.export(ids, "bibtex", options=ExportOptions(preambles=True))
        finally:
            release.set()
        assert split_from_ten == []
        library._background.submit(lambda: None).result()  # the checkpoint has ended
        _forget_kept_entries(library)
        assert library.export(ids, "bibtex", options=ExportOptions(preambles=True)) == during
        assert split_from_ten == [parallel.HELPER_COMMAND]


def _forget_kept_entries(library: Library) -> None:
    """As if no export had been written yet: every entry is written again."""
    with library.engine.begin() as connection:
        connection.exec_driver_sql("DELETE FROM exportentry")


@pytest.mark.parametrize("failing", ["write", "committed_elsewhere"])
def test_a_library_that_cannot_be_read_is_told_in_a_sentence(
    tmp_path: Path,
    split_from_ten: list[list[str]],
    monkeypatch: pytest.MonkeyPatch,
    failing: str,
) -> None:
    with Library.open(f"sqlite:///{tmp_path / 'unreadable.sqlite'}") as library:
        ids = _imported(library, _BIB)

        def unreadable(*args: object, **kwargs: object) -> str:
            raise OperationalError("SELECT ...", {}, sqlite3.OperationalError("disk I/O error"))

        monkeypatch.setattr(parallel, failing, unreadable)
        with pytest.raises(DatabaseError, match=r"could not read the library.*disk I/O error"):
            library.export(ids, "bibtex", options=ExportOptions(preambles=True))


def test_our_fields_reach_both_processes(library: Library, split_from_ten: list[list[str]]) -> None:
    """`ExportOptions.our_fields` writes the topic of every paper, the helper's too."""
    # Read into the topic we model (a `topic` field of a .bib stays the file's own field).
    items = [{"id": f"k{n}", "title": "T", "custom": {"topic": f"Topic {n}"}} for n in range(20)]
    ids = _imported(library, json.dumps(items))
    asked = library.export(ids, "biblatex", options=ExportOptions(our_fields=True))
    assert [f"  topic = {{Topic {n}}},\n" in asked for n in range(20)] == [True] * 20
    assert "topic" not in library.export(ids, "biblatex")
    if library.engine.dialect.name == "sqlite":
        assert split_from_ten == [parallel.HELPER_COMMAND, parallel.HELPER_COMMAND]
