"""A person's match key, remembered or not, is the one its name parts give."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core import people
from desktop.core.formats.record import Person
from desktop.core.library import Library
from desktop.core.storage import db

# Parts from a small alphabet (so that names recur and are remembered), with the NUL that
# separates the remembered parts, case, spacing and an accent written two ways.
_part = st.lists(st.sampled_from(["a", "B", " ", "\0", "é", "e\u0301", "|"]), max_size=4).map(
    "".join
)
_people = st.lists(
    st.builds(Person, given=_part, family=_part, von=_part, jr=_part, as_written=_part),
    max_size=30,
)


def _expected(person: Person) -> str:
    """The key by its definition: each part composed, casefolded and single-spaced; the
    name as written when no part is given."""
    parts = [person.family, person.given, person.von, person.jr]
    if not any(parts):
        parts = [person.as_written, "", "", ""]
    return "|".join(
        " ".join(unicodedata.normalize("NFC", part).casefold().split()) for part in parts
    )


@settings(max_examples=300, deadline=None)
@given(named=_people)
def test_match_keys_remembered_are_those_the_parts_give(named: list[Person]) -> None:
    for person in named + named:  # the second time, remembered where they may be
        assert people.match_key(person) == _expected(person)


def test_names_told_apart_only_by_where_a_nul_falls_get_their_own_keys() -> None:
    first = Person(given="b", family="a\0")
    second = Person(given="\0b", family="a")
    assert people.match_key(first) == _expected(first)
    assert people.match_key(second) == _expected(second)
    assert people.match_key(first) != people.match_key(second)


def test_people_with_no_parts_are_told_by_their_name_as_written() -> None:
    assert people.match_key(Person(as_written="Acme Corp")) == "acme corp|||"
    assert people.match_key(Person(as_written="Other Inc")) == "other inc|||"


def test_people_are_stored_once_each_as_and_in_the_order_first_named(library: Library) -> None:
    levine = Person(given="Sergey", family="Levine")
    shouting = Person(given="SERGEY", family="LEVINE")  # the same person, the same key
    finn = Person(given="Chelsea", family="Finn")
    abbeel = Person(given="Pieter", family="Abbeel")
    with db.write_session(library.engine) as session:
        first = people.person_ids(session, [levine, finn, shouting])
        assert first[0] == first[2] != first[1]
        # Found again by key; only the one not met before is stored.
        known: dict[str, int] = {}
        again = people.person_ids(session, [abbeel, finn, shouting], known)
        assert again[1:] == [first[1], first[0]]
        stored = session.connection().exec_driver_sql(
            "SELECT id, given, family FROM person ORDER BY id"
        )
        assert [tuple(row[1:]) for row in stored] == [
            ("Sergey", "Levine"),  # as first named, not as met again
            ("Chelsea", "Finn"),
            ("Pieter", "Abbeel"),
        ]
        assert known == {
            people.match_key(p): i for p, i in zip([abbeel, finn, levine], again, strict=True)
        }
