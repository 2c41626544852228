"""Full text over abstracts and notes, on both engines, safe against any typed text."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.core.formats.record import Record
from desktop.core.library import Library
from desktop.core.search import fulltext


def _match(library: Library, text: str, field: str | None = None) -> set[int]:
    with library.engine.connect() as connection:
        return fulltext.match(connection, text, field)


def test_abstracts_and_notes_are_found_and_kept_current(library: Library) -> None:
    tokamak = library.add_paper(
        Record(title="", abstract="Magnetic control of tokamak plasmas through deep RL.")
    ).id
    other = library.add_paper(Record(title="Other", abstract="Nothing about fusion here.")).id
    assert _match(library, "tokamak") == {tokamak}
    assert _match(library, "Tokamak plasmas") == {tokamak}  # a phrase, any case
    assert _match(library, "plasmas tokamak") == set()  # phrase order matters
    assert _match(library, "tokam") == {tokamak}  # the word being typed is a prefix
    assert _match(library, "fusion", "note") == set()

    note = library.add_note(other, "Compare with the fusion review.")
    assert _match(library, "review", "note") == {other}
    assert _match(library, "review", "abstract") == set()
    library.edit_note(note.id or 0, "Nothing to see")
    assert _match(library, "review") == set()
    library.update_paper(tokamak, expected_version=None, abstract="Now about stellarators.")
    assert _match(library, "tokamak") == set()
    assert _match(library, "stellarators") == {tokamak}
    library.delete_papers([tokamak])
    library.empty_trash()
    assert _match(library, "stellarators") == set()


def test_accents_fold_on_sqlite(tmp_path: object) -> None:
    with Library.open(f"sqlite:///{tmp_path}/l.sqlite") as library:
        paper = library.add_paper(Record(abstract="Résumé of the Müller equation.")).id
        assert _match(library, "muller") == {paper}
        assert _match(library, "resume") == {paper}


NASTY = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40
) | st.sampled_from(
    [
        "NEAR(",
        '"',
        "a*",
        "x:y",
        "-",
        "AND OR NOT",
        "'; DROP TABLE paper;--",
        "a & b | !c",
        "title:",
        "(",
        ")",
        "^",
        "don't",
        "C++",
        "\x00",
    ]
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=NASTY)
def test_no_typed_text_reaches_the_query_syntax(library: Library, text: str) -> None:
    assert isinstance(_match(library, text), set)
    assert isinstance(_match(library, text, "note"), set)


def test_checking_a_few_papers_agrees_with_full_text(library: Library) -> None:
    texts = [
        "Deep RL controls the tokamak plasma shape.",
        "A Tokamak_plasma study; résumé of Müller's results.",
        "Plasma physics without control.",
        "",
    ]
    ids = {library.add_paper(Record(title=f"P{n}", abstract=t)).id for n, t in enumerate(texts)}
    note_on = next(iter(ids))
    library.add_note(note_on, "Remember the stellarator comparison.")
    with library.engine.connect() as connection:
        for words in (
            "tokamak plasma",
            "plasma",
            "tokam",
            "resume of muller",
            "control",
            "stellarator",
            "plasma tokamak",
            "x",
            "_",
        ):
            for field in (None, "abstract", "note"):
                expected = fulltext.match(connection, words, field)
                assert fulltext.match_within(connection, words, field, paper_ids=ids) == expected, (
                    words,
                    field,
                )


_WORDS = ["plasma", "Plasmas", "tokamak", "résumé", "resume", "Müller", "x", "ab", "a_b", "3d"]
_GLUE = [" ", ", ", "-", "_", ". ", "'s ", "\n", "(", ")"]


@settings(max_examples=40, deadline=None)
@given(
    abstracts=st.lists(
        st.lists(st.tuples(st.sampled_from(_WORDS), st.sampled_from(_GLUE)), max_size=8).map(
            lambda pairs: "".join(word + glue for word, glue in pairs)
        ),
        min_size=1,
        max_size=6,
    ),
    query=st.lists(st.sampled_from([*_WORDS, "pla", "tok", "mull", "r"]), min_size=1, max_size=3),
)
def test_checking_papers_one_by_one_agrees_with_fts5(
    tmp_path_factory: pytest.TempPathFactory, abstracts: list[str], query: list[str]
) -> None:
    """The within-check (a regular expression over folded text) answers as FTS5 does."""
    url = f"sqlite:///{tmp_path_factory.mktemp('fts') / 'library.sqlite'}"
    with Library.open(url) as library:
        ids = {library.add_paper(Record(title="T", abstract=a)).id for a in abstracts}
        words = " ".join(query)
        with library.engine.connect() as connection:
            expected = fulltext.match(connection, words, "abstract")
            assert fulltext.match_within(connection, words, "abstract", paper_ids=ids) == expected
