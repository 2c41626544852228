"""A person's match key, remembered or not, is the one its name parts give."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core import people, undo
from desktop.core.formats.record import Person
from desktop.core.library import Library
from desktop.core.storage import db
from desktop.core.storage.models import Role

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
        first = [i for i, _ in people.stored_people(session, [levine, finn, shouting])]
        assert first[0] == first[2] != first[1]
        # Found again by key; only the one not met before is stored.
        known: people.Known = {}
        found = people.stored_people(session, [abbeel, finn, shouting], known)
        again = [i for i, _ in found]
        assert again[1:] == [first[1], first[0]]
        # Each with their parts as stored: the shouted name's row is the first spelling.
        assert [parts for _, parts in found] == [
            ("Pieter", "Abbeel", "", ""),
            ("Chelsea", "Finn", "", ""),
            ("Sergey", "Levine", "", ""),
        ]
        stored = session.connection().exec_driver_sql(
            "SELECT id, given, family FROM person ORDER BY id"
        )
        assert [tuple(row[1:]) for row in stored] == [
            ("Sergey", "Levine"),  # as first named, not as met again
            ("Chelsea", "Finn"),
            ("Pieter", "Abbeel"),
        ]
        assert known == {
            people.match_key(p): f for p, f in zip([abbeel, finn, levine], found, strict=True)
        }


# Two papers naming one person in two cases, in one import (one batch), and a third in a
# later import (the person found stored). Titles differ: they are not duplicates.
_SAME_PERSON_SPELT_THREE_WAYS = """
@article{alpha, author = {Levine, Sergey and Finn, Chelsea}, title = {Alpha}, year = {2016}}
@article{beta, author = {LEVINE, SERGEY}, title = {Beta}, year = {2017}}
"""
_LATER = "@article{gamma, author = {levine, sergey}, title = {Gamma}, year = {2018}}"


def _author_lines(bibtex: str) -> list[str]:
    return [line.strip() for line in bibtex.splitlines() if line.strip().startswith("author")]


def test_each_paper_exports_its_own_spelling_of_a_person_stored_once(library: Library) -> None:
    ids = library.import_text(_SAME_PERSON_SPELT_THREE_WAYS).paper_ids
    ids += library.import_text(_LATER).paper_ids
    with db.read_session(library.engine) as session:
        person_rows = session.connection().exec_driver_sql("SELECT count(*) FROM person")
        assert person_rows.scalar_one() == 2  # Levine once, Finn once
    expected = [
        "author = {Levine, Sergey and Finn, Chelsea},",
        "author = {LEVINE, SERGEY},",
        "author = {levine, sergey},",
    ]
    assert _author_lines(library.export(ids)) == expected
    assert _author_lines(library.export(ids)) == expected  # again, from the kept entries
    for paper_id, line in zip(ids, expected, strict=True):
        assert _author_lines(library.export([paper_id])) == [line]
    # Every paper's people read at once (a whole-library export) gives the same spellings.
    with db.read_session(library.engine) as session:
        every = people.people_of(session, None, shared=True)
        chosen = people.people_of(session, ids)
    for paper_id in ids:
        assert every[paper_id, "author"] == chosen[paper_id, "author"]
    assert [p.family for p in every[ids[1], "author"]] == ["LEVINE"]
    assert [p.given for p in every[ids[2], "author"]] == ["sergey"]


def test_links_made_batch_after_batch_give_each_name_its_person_and_spelling(
    library: Library,
) -> None:
    """An import's later batches find the spellings met before (`KnownPeople`): a name
    spelt otherwise than stored still keeps its own parts, and names without parts are
    each told by what is written."""
    ids = library.import_text("@misc{a, title = {A}}\n@misc{b, title = {B}}").paper_ids

    def named() -> list[Person]:  # new objects each batch, as a reader makes them
        return [
            Person(given="Sergey", family="Levine", as_written="Levine, Sergey"),
            Person(given="SERGEY", family="LEVINE", as_written="LEVINE, SERGEY"),
            Person(as_written="Acme Corp"),
        ]

    known = people.KnownPeople()
    with db.write_session(library.engine) as session:
        people.link_many(session, [(ids[0], Role.EDITOR, named())], known)
        later = [*reversed(named()), Person(as_written="Other Inc")]
        people.link_many(session, [(ids[1], Role.EDITOR, later)], known)
    with db.read_session(library.engine) as session:
        found = people.people_of(session, ids, roles=(Role.EDITOR.value,))
        rows = session.connection().exec_driver_sql(
            "SELECT paper_id, position, person_id FROM paperperson "
            "WHERE role = 'editor' ORDER BY paper_id, position"
        )
        person_of = {(paper_id, position): person for paper_id, position, person in rows}
    spelt = [("Sergey", "Levine", "Levine, Sergey"), ("SERGEY", "LEVINE", "LEVINE, SERGEY")]
    acme, other = ("", "", "Acme Corp"), ("", "", "Other Inc")
    as_found = {
        key: [(p.given, p.family, p.as_written) for p in named] for key, named in found.items()
    }
    assert as_found == {
        (ids[0], "editor"): [*spelt, acme],
        (ids[1], "editor"): [acme, *reversed(spelt), other],
    }
    levine = person_of[ids[0], 0]
    assert person_of[ids[0], 1] == person_of[ids[1], 1] == person_of[ids[1], 2] == levine
    assert person_of[ids[0], 2] == person_of[ids[1], 0] != person_of[ids[1], 3]
    assert levine not in (person_of[ids[0], 2], person_of[ids[1], 3])


def test_a_paper_edited_or_its_edit_undone_keeps_its_own_spelling(library: Library) -> None:
    ids = library.import_text(_SAME_PERSON_SPELT_THREE_WAYS).paper_ids
    shouted = library.paper(ids[1]).authors
    assert [(p.given, p.family) for p in shouted] == [("SERGEY", "LEVINE")]
    # A person added who is stored under another spelling gets this paper's own.
    finn = Person(given="CHELSEA", family="FINN", as_written="FINN, CHELSEA")
    take_back = library.apply(
        undo.EditPaper(ids[1], values={"authors": [*shouted, finn]}, expected={"authors": shouted})
    )
    edited = library.paper(ids[1]).authors
    assert [(p.given, p.family) for p in edited] == [("SERGEY", "LEVINE"), ("CHELSEA", "FINN")]
    assert _author_lines(library.export([ids[1]])) == [
        "author = {LEVINE, SERGEY and FINN, CHELSEA},"
    ]
    assert _author_lines(library.export([ids[0]])) == [
        "author = {Levine, Sergey and Finn, Chelsea},"
    ]
    library.apply(take_back)  # undone: the paper's one author, still in its own spelling
    assert _author_lines(library.export([ids[1]])) == ["author = {LEVINE, SERGEY},"]
    assert _author_lines(library.export([ids[0]])) == [
        "author = {Levine, Sergey and Finn, Chelsea},"
    ]


def test_a_name_composed_another_way_is_given_back_as_written(library: Library) -> None:
    # "Müller" with the umlaut composed and written as u plus a combining mark: one person
    # (the key composes both), two spellings kept code point for code point.
    composed, decomposed = "M\u00fcller", "Mu\u0308ller"
    text = "\n".join(
        f"@article{{k{n}, author = {{{family}, Anna}}, title = {{Paper {n}}}}}"
        for n, family in enumerate([composed, decomposed])
    )
    ids = library.import_text(text).paper_ids
    with db.read_session(library.engine) as session:
        named = people.people_of(session, ids)
    assert [named[i, "author"][0].family for i in ids] == [composed, decomposed]
