"""Records packed for the trip from the reading helper come back equal, every field."""

from __future__ import annotations

import pickle
from dataclasses import fields
from pathlib import Path

from desktop.core.formats import registry
from desktop.core.formats.record import Person, Record
from desktop.core.importing import packed


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
    back = packed.unpack(pickle.loads(pickle.dumps(packed.pack([record, Record()]))))
    assert back == [record, Record()]
    assert isinstance(back[0].authors[0], Person)


def test_the_corpus_comes_back_as_it_was_read(corpus_dir: Path) -> None:
    paths = sorted(corpus_dir.rglob("*.bib"))
    assert len(paths) > 5
    for path in paths:
        records = registry.read(path.read_bytes(), source=path.name, path=path)[1].records
        assert packed.unpack(pickle.loads(pickle.dumps(packed.pack(records)))) == records
