"""People stored once: "Levine, Sergey" and "Sergey Levine" are the same row."""

from __future__ import annotations

import unicodedata

from sqlalchemy import delete
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col, select

from desktop.core.formats.record import Person as NamedPerson
from desktop.core.models import PaperPerson, Person, Role


def match_key(person: NamedPerson) -> str:
    """The identity of a person: their name parts, case- and spacing-insensitive."""
    parts = (person.family, person.given, person.von, person.jr)
    if not any(parts):
        parts = (person.as_written, "", "", "")
    return "|".join(" ".join(unicodedata.normalize("NFC", p).casefold().split()) for p in parts)


def person_ids(session: Session, people: list[NamedPerson]) -> list[int]:
    """The row id of each person, inserting the ones not stored yet (safe against races)."""
    keys = [match_key(p) for p in people]
    found = _ids_by_key(session, set(keys))
    for person, key in zip(people, keys, strict=True):
        if key not in found:
            _insert_ignoring_conflict(session, person, key)
    missing = {key for key in keys if key not in found}
    if missing:
        found.update(_ids_by_key(session, missing))
    return [found[key] for key in keys]


def _ids_by_key(session: Session, keys: set[str]) -> dict[str, int]:
    if not keys:
        return {}
    rows = session.execute(
        select(Person.match_key, Person.id).where(col(Person.match_key).in_(keys))
    )
    return {key: person_id for key, person_id in rows}


def _insert_ignoring_conflict(session: Session, person: NamedPerson, key: str) -> None:
    # Two writers adding the same new person at once must both succeed (PostgreSQL runs
    # them concurrently), so the insert yields to a row that appeared meanwhile.
    values = {
        "given": person.given,
        "family": person.family,
        "von": person.von,
        "jr": person.jr,
        "match_key": key,
    }
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    session.execute(insert(Person).values(**values).on_conflict_do_nothing())


def set_people(session: Session, paper_id: int, role: Role, people: list[NamedPerson]) -> None:
    """Replace the authors (or editors) of a paper, in the given order."""
    session.execute(
        delete(PaperPerson).where(
            col(PaperPerson.paper_id) == paper_id, col(PaperPerson.role) == role.value
        )
    )
    ids = person_ids(session, people)
    session.add_all(
        PaperPerson(
            paper_id=paper_id,
            role=role.value,
            position=position,
            person_id=person_id,
            as_written=person.as_written,
        )
        for position, (person, person_id) in enumerate(zip(people, ids, strict=True))
    )


def people_of(session: Session, paper_ids: list[int]) -> dict[tuple[int, str], list[NamedPerson]]:
    """Authors and editors of many papers at once: {(paper_id, role): [person, ...]}."""
    result: dict[tuple[int, str], list[NamedPerson]] = {}
    if not paper_ids:
        return result
    rows = session.execute(
        select(PaperPerson.paper_id, PaperPerson.role, PaperPerson.as_written, Person)
        .join(Person, col(Person.id) == PaperPerson.person_id)
        .where(col(PaperPerson.paper_id).in_(paper_ids))
        .order_by(col(PaperPerson.paper_id), col(PaperPerson.role), col(PaperPerson.position))
    )
    for paper_id, role, as_written, person in rows:
        result.setdefault((paper_id, role), []).append(
            NamedPerson(
                given=person.given,
                family=person.family,
                von=person.von,
                jr=person.jr,
                as_written=as_written,
            )
        )
    return result
