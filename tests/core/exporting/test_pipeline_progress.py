"""An export tells how far it is (entries written of all) in every format, kept entries
counted as written; a cancel stops the writing midway and writes no file."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.core.errors import ExportCancelled
from desktop.core.formats.record import TELL_EVERY, Person, Record
from desktop.core.library import Library

COUNT = TELL_EVERY * 3 + 7


@pytest.fixture
def many(library: Library) -> list[int]:
    records = [
        Record(title=f"Paper {n}", year=2000 + n % 20, authors=[Person("Ada", f"Writer{n}")])
        for n in range(COUNT)
    ]
    library.add_records(records)
    return library.view_ids()


@pytest.mark.parametrize("format", ["bibtex", "biblatex", "ris", "csl-json", "markdown"])
def test_an_export_tells_the_entries_written(
    library: Library, many: list[int], format: str
) -> None:
    told: list[tuple[int, int]] = []
    heard = library.export(many, format, progress=lambda *p: told.append(p))
    assert told[0] == (0, COUNT) and told[-1] == (COUNT, COUNT)
    dones = [done for done, _ in told]
    assert dones == sorted(dones) and {total for _, total in told} == {COUNT}
    assert {TELL_EVERY, 2 * TELL_EVERY, 3 * TELL_EVERY} <= set(dones)  # as they are written
    again: list[tuple[int, int]] = []
    assert library.export(many, format, progress=lambda *p: again.append(p)) == heard
    assert again[-1] == (COUNT, COUNT)  # (on SQLite BibTeX, the kept entries at once)
    assert library.export(many, format) == heard  # nobody listening: the same bytes


def test_a_cancelled_export_stops_midway_and_writes_nothing(
    library: Library, many: list[int], tmp_path: Path
) -> None:
    told: list[tuple[int, int]] = []
    target = tmp_path / "out.ris"
    with pytest.raises(ExportCancelled):
        library.export_to_file(
            many,
            "ris",
            target,
            progress=lambda *p: told.append(p),
            cancel=lambda: len(told) >= 2,
        )
    assert not target.exists()
    assert told[-1][0] < COUNT  # it stopped before the last entry


def test_an_export_as_text_stops_midway_when_cancelled(library: Library, many: list[int]) -> None:
    told: list[tuple[int, int]] = []
    with pytest.raises(ExportCancelled):
        library.export(
            many, "bibtex", progress=lambda *p: told.append(p), cancel=lambda: len(told) >= 2
        )
    assert told[-1][0] < COUNT  # it stopped before the last entry
    with pytest.raises(ExportCancelled):  # a cancel after the last entry is heard too
        library.export(many[:1], "bibtex", cancel=lambda: True)
