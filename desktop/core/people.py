"""People stored once: "Levine, Sergey" and "Sergey Levine" are the same row."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import bindparam, delete
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from desktop.core import folding
from desktop.core.formats.record import Person as NamedPerson
from desktop.core.storage import db, kept_exports
from desktop.core.storage.models import PaperPerson, Person, Role


def match_key(person: NamedPerson) -> str:
    """The identity of a person: their name parts, case- and spacing-insensitive."""
    # An import names the same people again and again (550k names, 50k people at 100k
    # papers): the keys are remembered by the parts joined, one string to hash and
    # compare, which halved the time this took with a cache keyed by the parts' tuple.
    raw = _spelling(person)
    key = _KEYS.get(raw)
    if key is None:
        parts = (person.family, person.given, person.von, person.jr)
        if not any(parts):
            parts = (person.as_written, "", "", "")
        key = "|".join(map(folding.for_identity, parts))
        if _tells_the_person(raw):
            if len(_KEYS) >= _KEYS_KEPT:
                _KEYS.clear()
            _KEYS[raw] = key
    return key


def _spelling(person: NamedPerson) -> str:
    """A name's parts joined with NULs (family, given, von, jr): one string to hash."""
    return f"{person.family}\0{person.given}\0{person.von}\0{person.jr}"


def _tells_the_person(spelling: str) -> bool:
    """Whether a `_spelling` alone tells who a name is: not when a part holds the separator,
    nor when there is no part at all (the name as written counts then)."""
    return spelling.count("\0") == 3 and spelling != "\0\0\0"


#: Match keys by the name parts joined with NULs (`_spelling`), up to _KEYS_KEPT.
_KEYS: dict[str, str] = {}
_KEYS_KEPT = 65_536


#: A name's parts as stored: (given, family, von, jr).
Parts = tuple[str, str, str, str]
#: What is known of a stored person, by match key: their row id and their parts as stored.
Known = dict[str, tuple[int, Parts]]


def _parts_of(person: NamedPerson) -> Parts:
    return (person.given, person.family, person.von, person.jr)


def stored_people(
    session: Session, people: list[NamedPerson], known: Known | None = None
) -> list[tuple[int, Parts]]:
    """The row id of each person and their name parts as stored (which may be another
    spelling of this one), inserting the people not stored yet (safe against races).

    `known` is what earlier calls in the same transaction found; it is read first and
    grows with what this call finds (people rows are never deleted).
    """
    found: Known = {} if known is None else known
    keys = list(map(match_key, people))
    unseen = set(keys).difference(found)
    if unseen:
        found.update(_stored_by_key(session, unseen))
        missing = unseen.difference(found)
        if missing:
            new: dict[str, NamedPerson] = {}  # in the order first named, as first named
            for key, person in zip(keys, people, strict=True):
                if key in missing:
                    new.setdefault(key, person)
            _insert_ignoring_conflict(session, new)
            # Read back, not taken from `new`: another writer's row may be the one stored.
            found.update(_stored_by_key(session, missing))
    return list(map(found.__getitem__, keys))


#: The people's ids and name parts by their match keys (the keys are bound after it).
_STORED_BY_KEY = "SELECT match_key, id, given, family, von, jr FROM person WHERE match_key IN"


def _stored_by_key(session: Session, keys: set[str]) -> Known:
    rows = db.plain_rows_where_in(session, _STORED_BY_KEY, sorted(keys))
    return {row[0]: (row[1], tuple(row[2:])) for row in rows if row[1]}


def _insert_ignoring_conflict(session: Session, new: dict[str, NamedPerson]) -> None:
    """Store these people, skipping any another writer stored meanwhile (its row is the
    one both see)."""
    rows = [(p.given, p.family, p.von, p.jr, key) for key, p in new.items()]
    columns = ("given", "family", "von", "jr", "match_key")
    db.insert_plain_rows(session, Person, columns, rows=rows, ignoring_conflicts=True)


_LINK_COLUMNS = ("paper_id", "role", "position", "person_id", "as_written")
#: A link whose person is spelt here otherwise than stored keeps its own parts too.
_OWN_LINK_COLUMNS = (*_LINK_COLUMNS, "own_parts")


@dataclass
class KnownPeople:
    """What an import has found of the stored people, passed from one batch to the next."""

    #: By match key, as `stored_people` keeps it.
    by_key: Known = field(default_factory=dict)
    #: By `_spelling`: the person's row id, and the link's own parts (`_encoded`) when the
    #: stored person is spelt otherwise, else None.
    by_spelling: dict[str, tuple[int, str | None]] = field(default_factory=dict)


def link_many(
    session: Session,
    links: list[tuple[int, Role, list[NamedPerson]]],
    known: KnownPeople | None = None,
) -> None:
    """Give new papers their people at once: [(paper_id, role, people in order)];
    `known`: what earlier batches of the same import found (it grows with this one's).

    An import of 100k papers names 50k people 560k times: a spelling met before is one
    lookup here, its match key not made again (this step's own work took 14% less).
    """
    known = KnownPeople() if known is None else known
    spelled = known.by_spelling
    everyone = [person for _, _, named in links for person in named]
    # `_spelling`, written out in one comprehension rather than called a name at a time
    # (560k calls were a third of the time).
    spellings = [f"{p.family}\0{p.given}\0{p.von}\0{p.jr}" for p in everyone]
    unmet = [
        (p, spelling)
        for p, spelling in zip(everyone, spellings, strict=True)
        if spelling not in spelled
    ]
    # A name whose parts do not tell the person is looked up each time it is met.
    each_time: dict[int, tuple[int, str | None]] = {}
    if unmet:
        stored = stored_people(session, [person for person, _ in unmet], known.by_key)
        for (person, spelling), (person_id, stored_parts) in zip(unmet, stored, strict=True):
            parts = _parts_of(person)
            found = (person_id, None if parts == stored_parts else _encoded(parts))
            if _tells_the_person(spelling):
                spelled[spelling] = found
            else:
                each_time[id(person)] = found
    each = map(spelled.get, spellings)
    rows, own_rows = [], []
    for paper_id, role, named in links:
        value = role.value  # an enum's value is a slow read: once a paper, not a name
        for position, person in enumerate(named):
            person_id, own = next(each) or each_time[id(person)]
            if own is None:
                rows.append((paper_id, value, position, person_id, person.as_written))
            else:
                own_rows.append((paper_id, value, position, person_id, person.as_written, own))
    db.insert_plain_rows(session, PaperPerson, _LINK_COLUMNS, rows=rows)
    db.insert_plain_rows(session, PaperPerson, _OWN_LINK_COLUMNS, rows=own_rows)


def set_people(session: Session, paper_id: int, role: Role, *, people: list[NamedPerson]) -> None:
    """Replace the authors (or editors) of a paper, in the given order."""
    # No trigger sees people added to a paper that had none in this role (migration 0014).
    kept_exports.forget(session, [paper_id])
    session.execute(
        delete(PaperPerson).where(
            col(PaperPerson.paper_id) == paper_id, col(PaperPerson.role) == role.value
        )
    )
    stored = stored_people(session, people)
    session.add_all(
        PaperPerson(
            paper_id=paper_id,
            role=role.value,
            position=position,
            person_id=person_id,
            as_written=person.as_written,
            own_parts=_own_parts(_parts_of(person), stored_parts),
        )
        for position, (person, (person_id, stored_parts)) in enumerate(
            zip(people, stored, strict=True)
        )
    )


def _own_parts(parts: Parts, stored: Parts) -> str | None:
    """A link's `own_parts`: its parts when they are not the stored person's, else None."""
    return None if parts == stored else _encoded(parts)


def _encoded(parts: Parts) -> str:
    """Parts as `own_parts` holds them (read back by `people_of`)."""
    return json.dumps(parts, ensure_ascii=False)


def people_of(
    session: Session,
    paper_ids: list[int] | None,
    *,
    shared: bool = False,
    roles: tuple[str, ...] = (Role.AUTHOR.value, Role.EDITOR.value),
) -> dict[tuple[int, str], list[NamedPerson]]:
    """Authors and editors (or only those of `roles`) of many papers at once, or of every
    paper (None): {(paper_id, role): [person, ...]}.

    With `shared`, a person written the same way is one object for every paper naming
    them: for callers that only read (an export of 100k papers reads 350k links).
    """
    result: dict[tuple[int, str], list[NamedPerson]] = {}
    if paper_ids is not None and not paper_ids:
        return result
    connection = session.connection()  # plain rows: this runs for thousands of papers
    names: dict[int | None, list[str]] = {}
    if paper_ids is None:
        # Every paper: each person read once, not once per paper naming them.
        persons = sa_select(
            col(Person.id), col(Person.given), col(Person.family), col(Person.von), col(Person.jr)
        )
        names = {row[0]: list(row[1:]) for row in connection.execute(persons)}
    made: dict[tuple[int, str, str | None], NamedPerson] = {}
    for role in roles:  # a query each: no role read per link
        named: list[NamedPerson] = []
        last = None
        for row in connection.execute(*_links(role, paper_ids)):
            paper_id, person_id, as_written, own = row[:4]
            if paper_id != last:  # the links come paper by paper
                last = paper_id
                named = result[paper_id, role] = []
            person = made.get((person_id, as_written, own))
            if person is None:
                if own is not None:  # this paper's spelling, not the person's
                    given, family, von, jr = json.loads(own)
                else:
                    given, family, von, jr = row[4:] or names[person_id]
                person = NamedPerson(
                    given=given, family=family, von=von, jr=jr, as_written=as_written
                )
                if shared:
                    made[person_id, as_written, own] = person
            named.append(person)
    return result


def _links(role: str, paper_ids: list[int] | None) -> tuple[Any, dict[str, object]]:
    """The query for the links of one role in order (with each link's own name parts), and
    its parameters; for chosen papers, with the person's name parts too."""
    if paper_ids is None:
        return _EVERY_PAPERS_LINKS, {"role": role}
    return _CHOSEN_PAPERS_LINKS, {"role": role, "ids": paper_ids}


# Built once, the ids bound at each call: a statement built around a list of ids is
# built and keyed anew at every call (for 100 table rows, 0.5 ms of 1.4).
_EVERY_PAPERS_LINKS = (
    sa_select(
        col(PaperPerson.paper_id),
        col(PaperPerson.person_id),
        col(PaperPerson.as_written),
        col(PaperPerson.own_parts),
    )
    .where(col(PaperPerson.role) == bindparam("role"))
    .order_by(col(PaperPerson.paper_id), col(PaperPerson.position))
)
_CHOSEN_PAPERS_LINKS = (
    _EVERY_PAPERS_LINKS.add_columns(
        col(Person.given), col(Person.family), col(Person.von), col(Person.jr)
    )
    .join(Person, col(Person.id) == PaperPerson.person_id)
    .where(col(PaperPerson.paper_id).in_(bindparam("ids", expanding=True)))
)
