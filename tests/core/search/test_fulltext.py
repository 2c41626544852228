"""Full text over abstracts and notes, on both engines, safe against any typed text."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from sqlmodel import col

from desktop.core.formats.record import Record
from desktop.core.library import Library
from desktop.core.search import fulltext
from desktop.core.search.held import HeldIds
from desktop.core.storage.models import Paper


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


def _every(
    library: Library, groups: list[list[tuple[str, str | None]]], wanted: int = 100
) -> list[int]:
    with library.engine.connect() as connection:
        return fulltext.match_every(
            connection,
            groups,
            wanted=wanted,
            usable=lambda ids: ids,
            unindexed=fulltext.Unindexed.read(connection),
        )


def test_papers_holding_every_group_are_those_each_groups_answers_share(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`match_every` (the engine walking common words' lists side by side) finds what the
    words' own answers hold in common, in id order: abstracts on both engines, notes on
    SQLite (PostgreSQL keeps them in another table, so a note's words are not asked)."""
    sqlite = library.engine.dialect.name == "sqlite"
    texts = [
        "Deep RL controls the tokamak plasma shape.",
        "Tokamak plasma studies: résumé of Müller's control results.",
        "Plasma physics without any control.",
        "Stellarator plasma control, compared with tokamaks.",
        "",
    ]
    ids = [
        library.add_paper(Record(title=f"P{n}", abstract=t)).id or 0 for n, t in enumerate(texts)
    ]
    library.add_note(ids[2], "A tokamak after all.")
    groups_asked = [
        [[("plasma", None)], [("control", None)]],
        [[("tokamak plasma", None)]],  # a phrase
        [[("tokam", None)], [("contr", "abstract")]],  # the prefixes being typed
        [[("stellarator", None), ("resume of muller", None)], [("plasma", "abstract")]],
        [[("tokamak", "note")], [("physics", None)]],
        [[("plasma", None)], [("x\"*:&|'", None)]],  # user text reaches no query syntax
        [[("plasma", "fulltext")]],  # attached files: not looked for here
    ]
    for groups in groups_asked:
        with library.engine.connect() as connection:
            shared = set(ids)
            for group in groups:
                answers: set[int] = set()
                for text, field in group:
                    if field == "fulltext" or (field == "note" and not sqlite):
                        continue
                    if not sqlite and field is None:
                        field = "abstract"
                    answers |= fulltext.match(connection, text, field)
                shared &= answers
        found = _every(library, groups)
        assert found == sorted(shared), groups
    assert _every(library, [[("plasma", None)], [("control", None)]]) == ids[:4]
    # Prefixes spelled out as the words they begin (tokamak, tokamaks; control, controls),
    # one of them in one column; the third paper holds "tokamak" in its note only.
    prefixes = [[("tokam", None)], [("contr", "abstract")]]
    assert _every(library, prefixes) == (ids[:4] if sqlite else [ids[0], ids[1], ids[3]])
    # Read from the lowest id on, in batches, until `usable` has kept as many as wanted.
    assert _every(library, [[("plasma", None)]], wanted=2) == ids[:2]
    monkeypatch.setattr(fulltext, "_EVERY_BATCH_AT_LEAST", 1)
    batches: list[list[int]] = []

    def usable(batch: list[int]) -> list[int]:
        batches.append(batch)
        return [i for i in batch if i == ids[3]]

    with library.engine.connect() as connection:
        found = fulltext.match_every(
            connection,
            [[("plasma", None)]],
            wanted=1,
            usable=usable,
            unindexed=fulltext.Unindexed.read(connection),
        )
    assert found == [ids[3]]
    assert batches == [ids[:2], ids[2:4]]


def test_only_papers_the_index_holds_are_given_past_its_highest(library: Library) -> None:
    """Narrowed to an index's papers (`among`), an answer leaves out papers it does not
    hold: those in a gap below its highest id (the trash) and, when another program has
    added papers since it was built, those past it."""
    ids = [
        library.add_paper(Record(title=f"P{i}", abstract="Lattice models.")).id or 0
        for i in range(5)
    ]
    assert ids == sorted(ids)

    def narrowed(held_ids: list[int]) -> set[int]:
        entries = dict.fromkeys(held_ids)
        held = HeldIds(entries.keys())
        held.added_many(held_ids)
        with library.engine.connect() as connection:
            return fulltext.match(connection, "lattice", among=held)

    # The newest two are unknown to the index (as if written after it was built).
    assert narrowed(ids[:3]) == set(ids[:3])
    # The highest is held, one below it is not.
    assert narrowed([ids[0], ids[2], ids[3], ids[4]]) == {ids[0], ids[2], ids[3], ids[4]}
    assert narrowed([ids[1], ids[3]]) == {ids[1], ids[3]}


def _fts5_prefix_answer(library: Library, word: str, column: str) -> set[int]:
    """FTS5's own answer for `word` as a prefix (the reference for spelling one out)."""
    with library.engine.connect() as connection:
        rows = connection.exec_driver_sql(
            f"SELECT rowid FROM fts_paper WHERE {column} MATCH ?",
            (fulltext.fts5_query([word]),),
        )
        return {rowid for (rowid,) in rows}


def test_a_prefix_spelled_out_as_the_words_it_begins_finds_what_fts5_finds(
    tmp_path: object,
) -> None:
    with Library.open(f"sqlite:///{tmp_path}/l.sqlite") as library:
        abstracts = [
            "Regional climate models.",
            "Climates of the past.",
            "A climatic shift, seen twice: climatic.",
            "Climatology in one paper only.",
            "Clima is not climate's prefix.",
            "Nothing to do with weather.",
        ]
        ids = [
            library.add_paper(Record(title=f"P{i}", abstract=a)).id for i, a in enumerate(abstracts)
        ]
        library.add_note(ids[5], "A climatized room.")
        with library.engine.connect() as connection:
            spelled = fulltext._spelled_out(connection, ["climat"], prefix=True)
        assert spelled == '"climate" OR "climates" OR "climatic" OR "climatized" OR "climatology"'
        for field, column in ((None, "fts_paper"), ("abstract", "abstract"), ("note", "notes")):
            expected = _fts5_prefix_answer(library, "climat", column)
            assert _match(library, "climat", field) == expected
        assert _match(library, "climat") == {ids[0], ids[1], ids[2], ids[3], ids[4], ids[5]}
        # A word gone with its only paper is not asked for any more.
        library.delete_papers([ids[3]])
        library.empty_trash()
        with library.engine.connect() as connection:
            spelled = fulltext._spelled_out(connection, ["climat"], prefix=True)
        assert spelled is not None and "climatology" not in spelled
        assert _match(library, "climat") == _fts5_prefix_answer(library, "climat", "fts_paper")


def test_a_search_changes_no_schema_of_its_connection(tmp_path: object) -> None:
    # A table made inside a search's read transaction goes at its rollback, and then the
    # connection parses its whole schema again and prepares every statement afresh at the
    # next search: what a prefix is spelled out from is made as the connection opens.
    with Library.open(f"sqlite:///{tmp_path}/l.sqlite") as library:
        wanted = library.add_paper(Record(title="P", abstract="Regional climate models.")).id
        library.add_paper(Record(title="Q", abstract="Nothing to do with weather."))
        statements: list[str] = []
        for _ in range(2):
            # As a search asks: in a read transaction, which ends in a rollback.
            with library.engine.connect() as connection:
                driver = connection.connection.driver_connection
                assert driver is not None
                driver.set_trace_callback(statements.append)
                connection.execute(select(col(Paper.id)).limit(1)).all()
                assert fulltext.match(connection, "clima") == {wanted}
                driver.set_trace_callback(None)
    # The words "clima" begins were asked for, and no statement changed a schema.
    assert any("fts_paper_words" in statement for statement in statements)
    assert not [s for s in statements if s.lstrip().upper().startswith(("CREATE", "DROP"))]


def test_a_prefix_is_left_to_fts5_when_spelling_it_out_does_not_apply(tmp_path: object) -> None:
    with Library.open(f"sqlite:///{tmp_path}/l.sqlite") as library:
        many = " ".join(f"graph{letter}" for letter in "abcdefghij")  # ten words begun
        library.add_paper(Record(title="G", abstract=f"{many} graph résumé"))
        with library.engine.connect() as connection:
            assert fulltext._spelled_out(connection, ["graph"], prefix=True) is None
            assert fulltext._spelled_out(connection, ["gra"], prefix=True) is None  # 2-3: indexed
            assert fulltext._spelled_out(connection, ["graph"], prefix=False) is None
            assert fulltext._spelled_out(connection, ["résu"], prefix=True) is None
            assert fulltext._spelled_out(connection, ["nowhere"], prefix=True) is None
            assert fulltext._spelled_out(connection, ["a", "graph"], prefix=True) is None
        assert len(_match(library, "graph")) == 1


def test_a_closed_phrase_matches_its_last_word_whole(library: Library) -> None:
    """`abstract:"due present"` wants those words, not "due presently": with its closing
    quote typed, a phrase's last word is no longer a prefix, in full text as in titles
    (read whole, checked paper by paper, or walked with other words alike)."""
    whole = library.add_paper(Record(title="One", abstract="Due present limits, we stop.")).id
    longer = library.add_paper(Record(title="Two", abstract="Due presently to heat.")).id
    ids = {whole, longer}
    closed = fulltext.closed("due present")
    assert _match(library, closed) == {whole}
    assert _match(library, "due present") == ids  # still being typed
    with library.engine.connect() as connection:
        assert fulltext.match_within(connection, closed, None, paper_ids=ids) == {whole}
        assert fulltext.match_within(connection, "due present", None, paper_ids=ids) == ids
    assert _every(library, [[(closed, None)]]) == [whole]
    assert _every(library, [[("due present", None)]]) == sorted(ids)
    found = {hit.paper_id for hit in library.search('abstract:"due present"')}
    assert found == {whole}
    assert {hit.paper_id for hit in library.search('abstract:"due present')} == ids
