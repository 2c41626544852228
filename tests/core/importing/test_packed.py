"""Records packed for the trip from the reading helper come back equal, every field."""

from __future__ import annotations

import io
from dataclasses import fields
from pathlib import Path

from desktop.core.formats import registry
from desktop.core.formats.record import Person, Record
from desktop.core.importing import packed


def _round_trip(records: list[Record]) -> list[Record]:
    """The records written to a batch file by the helper, read back by the import."""
    file = io.BytesIO()
    packed.write(records, file)
    file.seek(0)
    return packed.unpack(packed.read(file))


def test_every_field_of_a_record_comes_back() -> None:
    # A value in each field, none of them the default: a field left out would come back
    # as its default, or shifted into its neighbour's place.
    record = Record(
        **{
            field.name: f"value of {field.name}"
            for field in fields(Record)
            if field.type == "str" or field.name == "citekey"
        },
        year=2019,
        month=4,
        authors=[Person("Ann", "Lee", "van", "Jr", "van Lee, Jr, Ann"), Person(family="B")],
        editors=[Person(as_written="Editor")],
        keywords=["k"],
        extra={"isbn": "1"},
        latex={"title": "{T}"},
        line=7,
        annotations=[("span", "note")],
    )
    back = _round_trip([record, Record()])
    assert back == [record, Record()]
    assert isinstance(back[0].authors[0], Person)


def test_the_corpus_comes_back_as_it_was_read(corpus_dir: Path) -> None:
    paths = sorted(corpus_dir.rglob("*.bib"))
    assert len(paths) > 5
    for path in paths:
        records = registry.read(path.read_bytes(), source=path.name, path=path)[1].records
        assert _round_trip(records) == records


def test_what_records_share_comes_back_to_each() -> None:
    # Written without the pickler's memo, an object two records share (a person the
    # reader split once, a name's string) is written for each of them.
    person = Person("Ann", "Lee", as_written="Lee, Ann")
    records = [Record(title="A", authors=[person, person]), Record(title="B", authors=[person])]
    back = _round_trip(records)
    assert back == records
    back[0].authors[0].given = "Changed"
    assert back[0].authors[1].given == "Ann"
    assert back[1].authors[0].given == "Ann"
