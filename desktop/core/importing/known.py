"""Papers an import brings that the library already holds: the same citation key (or, for
an entry without one, the same title and year) and the same fields. Re-importing a file
must not add its papers a second time."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from desktop.core import folding, people
from desktop.core.dedupe import Candidate
from desktop.core.formats.record import MODELLED_FIELDS, Person, Record
from desktop.core.storage.models import Paper, Role

#: What must be equal, besides the people, for a record to be a paper already held.
_COMPARED = ("entry_type", "year", "month", *MODELLED_FIELDS, "extra")


class KnownPapers:
    """The library's papers by citation key and by (title, year), to recognise records."""

    def __init__(self, session: Session, everyone: Iterable[Candidate]) -> None:
        self._session = session
        self._by_key: dict[str, list[int]] = defaultdict(list)
        self._by_title: dict[tuple[str, int | None], list[tuple[int, str]]] = defaultdict(list)
        for candidate in everyone:
            self._by_key[candidate.citekey.casefold()].append(candidate.id)
            self._by_title[(candidate.title, candidate.year)].append(
                (candidate.id, candidate.citekey.casefold())
            )

    def held(self, records: Sequence[Record]) -> list[int | None]:
        """For each record, the id of the paper that already holds it, or None."""
        maybe = [self._maybe(record) for record in records]
        wanted = sorted({paper_id for ids in maybe for paper_id in ids})
        if not wanted:
            return [None] * len(records)
        stored = self._fingerprints(wanted)
        found: list[int | None] = []
        for record, ids in zip(records, maybe, strict=True):
            mine = fingerprint_of_record(record)
            found.append(next((i for i in ids if stored.get(i) == mine), None))
        return found

    def _maybe(self, record: Record) -> list[int]:
        alike = self._by_title.get((record.title, record.year), [])
        if not record.citekey:
            return [paper_id for paper_id, _ in alike]
        # Its key, or the key made unique from it when the file held the key twice.
        key = record.citekey.casefold()
        return [
            *self._by_key.get(key, []),
            *(paper_id for paper_id, theirs in alike if theirs != key and theirs.startswith(key)),
        ]

    def _fingerprints(self, paper_ids: list[int]) -> dict[int, tuple[Any, ...]]:
        names = [name for name in _COMPARED if name != "extra"]
        columns = [col(Paper.id), *(col(getattr(Paper, name)) for name in names), col(Paper.extra)]
        named = people.people_of(self._session, paper_ids)
        result = {}
        for start in range(0, len(paper_ids), 500):
            query = sa_select(*columns).where(
                col(Paper.id).in_(paper_ids[start : start + 500]), col(Paper.deleted_at).is_(None)
            )
            for row in self._session.execute(query):
                paper_id, *values = row
                authors = named.get((paper_id, Role.AUTHOR.value), [])
                editors = named.get((paper_id, Role.EDITOR.value), [])
                result[paper_id] = _fingerprint(values, authors, editors)
        return result


def fingerprint_of_record(record: Record) -> tuple[Any, ...]:
    """What a record would be stored as, in the form `_fingerprints` reads it back."""
    values = [
        (record.entry_type or "misc").lower(),
        record.year,
        record.month,
        *(getattr(record, name) or "" for name in MODELLED_FIELDS),
        dict(record.extra),
    ]
    return _fingerprint(values, record.authors, record.editors)


def _fingerprint(
    values: Sequence[Any], authors: Sequence[Person], editors: Sequence[Person]
) -> tuple[Any, ...]:
    def names(group: Sequence[Person]) -> tuple[str, ...]:
        return tuple(
            folding.for_identity("|".join((p.family, p.given, p.von, p.jr))) for p in group
        )

    *plain, extra = values
    return (*plain, json.dumps(extra or {}, sort_keys=True), names(authors), names(editors))
