"""Storing an import: its work bounded whatever the file holds."""

from __future__ import annotations

import resource
import subprocess
import sys
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop.core.formats import citekeys
from desktop.core.formats.record import ParseResult, Person, Record
from desktop.core.importing import storing
from desktop.core.importing.reading import Reading
from desktop.core.library import Library
from desktop.core.storage import db

#: The goal for any import of a 1 MB file (address space, so the kernel refuses past it).
ONE_GB = 1 << 30


def _shared_title_file(path: Path) -> int:
    """About 1 MB of entries that all take their title from one @string; how many."""
    parts = ['@string{t = "A Study of Shared Titles in Large Bibliographies"}\n']
    size = len(parts[0])
    while size < 1_000_000:
        parts.append(f"@article{{k{len(parts)}, title = t, year = 2020}}\n")
        size += len(parts[-1])
    path.write_text("".join(parts), encoding="utf-8")
    return len(parts) - 1


def _within_one_gb() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ONE_GB, ONE_GB))


@pytest.mark.slow
def test_a_megabyte_of_papers_sharing_one_title_imports_in_bounded_time_and_memory(
    tmp_path: Path,
) -> None:
    # Each newcomer was compared with, and listed beside, every paper before it of the same
    # title: 24k entries took gigabytes and many minutes.
    source = tmp_path / "shared.bib"
    entries = _shared_title_file(source)
    assert entries > 20_000
    library = f"sqlite:///{tmp_path / 'lib.sqlite'}"
    done = subprocess.run(
        [sys.executable, "-m", "desktop", "--db", library, "import", str(source)],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_within_one_gb,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"Imported {entries} paper(s)" in done.stdout
    assert f"At least {entries - 1:,} papers share one title" in done.stdout


def test_records_are_let_go_of_once_stored_while_the_next_batches_come(library: Library) -> None:
    # A 100k import kept every record (its abstract, its people) until the end, only for
    # the duplicate search: 400 MB at the import's peak.
    batches = [
        [
            Record(title=f"Paper {b}-{n}", abstract="words " * 100, authors=[Person("A", f"B{n}")])
            for n in range(300)
        ]
        for b in range(4)
    ]
    alive = [[weakref.ref(record) for record in batch] for batch in batches]
    still_held: list[int] = []

    def given() -> Iterator[list[Record]]:
        for number in range(len(batches)):
            if number >= 2:  # the one before is still the import's loop variable
                still_held.append(sum(ref() is not None for ref in alive[number - 2]))
            yield batches[number]
            batches[number] = []

    reading = Reading(["bibtex"], ParseResult(), given(), expected=1200)
    report = storing.ImportReport(source="test", format="bibtex")
    with db.write_session(library.engine) as session:
        storing.store(
            session,
            reading,
            report,
            destination=storing.Destination(),
            citekey_pattern=citekeys.DEFAULT_PATTERN,
        )
    assert report.imported == 1200
    assert still_held == [0, 0]


def crowded_and_warned_files(folder: Path) -> list[Path]:
    """Two files: thirteen entries of one title, author and year; one entry with a month
    that is no month (a warning)."""
    crowded, warned = folder / "crowded.bib", folder / "warned.bib"
    crowded.write_text(
        "".join(
            f"@article{{s{n}, title = {{Same Title}}, author = {{Doe, J}}, year = 2020}}\n"
            for n in range(13)
        ),
        encoding="utf-8",
    )
    warned.write_text("@article{x, title = {Other}, year = 1999, month = 13}\n", encoding="utf-8")
    return [crowded, warned]


def test_a_capped_duplicate_list_is_said_apart_from_the_problems_kept(
    library: Library, tmp_path: Path
) -> None:
    # The "At least N papers share one title" sentence was counted as one more warning of
    # the import than the problems pane kept, under the names of all the import's files.
    report = library.import_files(crowded_and_warned_files(tmp_path))
    kept = library.import_problems()
    assert [(p.source, p.message) for p in report.problems] == [(p.source, p.message) for p in kept]
    assert [p.source for p in kept] == ["warned.bib"]
    (note,) = report.duplicate_notes
    assert note.startswith("At least 12 papers share one title")
    assert report.to_json()["duplicate_notes"] == [note]
