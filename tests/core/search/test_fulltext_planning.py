"""Full text planned around common words gives the same hits as reading every word whole.

At 100k papers a word can be in most abstracts, so a search probes each word's full text,
starts from the clause allowing the fewest papers, reads some common words whole and checks
the others paper by paper (`planning.load_fulltext`). In a small library nothing is common;
shrinking the thresholds sends these queries down every one of those paths, and as long
as fewer papers match than the ranker looks at, the hits must be exactly those of the
plain way.
"""

from __future__ import annotations

import gc
import random

import pytest

from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.search import fulltext, index, planning, searcher

_WORDS = (
    "graph neural network learning policy gradient sparse attention model robust "
    "control bayesian kernel markov chain spectral convex stochastic optimal "
    "transport causal inference language vision protein tokamak plasma"
).split()
_FAMILIES = ["Levine", "Finn", "Abbeel", "Müller", "Chen", "Garcia", "Okafor", "Tanaka"]


def _records(rng: random.Random) -> list[Record]:
    return [
        Record(
            title=" ".join(rng.sample(_WORDS, 3)).capitalize(),
            abstract=" ".join(rng.choice(_WORDS[: 8 + i % 16]) for _ in range(30)) + ".",
            year=2000 + i % 20,
            authors=[Person(given="A.", family=rng.choice(_FAMILIES)) for _ in range(2)],
        )
        for i in range(80)
    ]


def _queries(rng: random.Random) -> list[str]:
    queries = []
    for _ in range(60):
        words = rng.sample(_WORDS, rng.randint(2, 4))
        if rng.random() < 0.3:
            words[-1] = words[-1][: rng.randint(2, len(words[-1]))]  # still being typed
        if rng.random() < 0.3:
            at = rng.randrange(len(words))
            words[at] = words[at][:-1] + "x" + words[at][-1]  # misspelt
        if rng.random() < 0.2:
            words.append(rng.choice(_FAMILIES).casefold())
        if rng.random() < 0.2:  # an alternative, possibly negated
            words.append(f"{rng.choice(_WORDS)} OR {rng.choice(['', '-'])}{rng.choice(_WORDS)}")
        queries.append(" ".join(words))
    return queries


def _hits(library: Library, query: str, limit: int = 200) -> list[tuple[int, float]]:
    library._searcher._forget_answers()
    return [(hit.paper_id, hit.score) for hit in library.search(query, limit=limit)]


def _plain_hits(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> dict[str, list[tuple[int, float]]]:
    """The library's papers and queries, each query's hits found the plain way (every
    word read whole); then every planning threshold shrunk to this library's size."""
    rng = random.Random(5)
    library.add_records(_records(rng))
    queries = _queries(rng)
    monkeypatch.setattr(planning, "_COMMON", 10**9)  # every word small: read whole
    plain = {query: _hits(library, query) for query in queries}
    monkeypatch.setattr(planning, "_COMMON", 2)
    monkeypatch.setattr(planning, "_CHECK_WITHIN_AT_MOST", 3)
    monkeypatch.setattr(planning, "_CHECK_CHUNK", 4)
    return plain


def _few_wanted(monkeypatch: pytest.MonkeyPatch, papers: int) -> None:
    """Scale down the papers a search ranks and asks full text to find, so that a small
    library has more matches than it wants (the floors are 120 and 60)."""
    monkeypatch.setattr(index, "_RANKED_AT_LEAST", papers)
    monkeypatch.setattr(index, "_FOUND_IN_FULL_TEXT_AT_LEAST", papers)


def _words_read_whole(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, the words whose full text searches read whole, in order."""
    read_whole: list[str] = []
    answer = searcher._FullTextAnswers.answer

    def recorded(self: searcher._FullTextAnswers, words: str, field: str | None) -> set[int]:
        read_whole.append(words)
        return answer(self, words, field)

    monkeypatch.setattr(searcher._FullTextAnswers, "answer", recorded)
    return read_whole


def _checks_recorded(
    monkeypatch: pytest.MonkeyPatch,
) -> list[tuple[list[tuple[str, str | None]], set[int]]]:
    """Each check of papers one by one from now on: the (text, field) queries asked, and
    the papers they were asked of."""
    checks: list[tuple[list[tuple[str, str | None]], set[int]]] = []
    within = searcher._FullTextAnswers.within

    def recorded(
        self: searcher._FullTextAnswers, queries: list[tuple[str, str | None]], papers: set[int]
    ) -> list[set[int]]:
        checks.append((queries, set(papers)))
        return within(self, queries, papers)

    monkeypatch.setattr(searcher._FullTextAnswers, "within", recorded)
    return checks


def test_planned_full_text_finds_what_reading_every_word_finds(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = _plain_hits(library, monkeypatch)
    assert sum(1 for hits in plain.values() if hits) >= 40, "the queries must find papers"
    queries = list(plain)
    for within_cost in (0, 1, 10**6):  # common words checked, read whole, or both
        monkeypatch.setattr(planning, "_WITHIN_COST", within_cost)
        # Clauses with nothing left to check narrow the allowed papers at once, or each chunk.
        for at_once in (10**9, 0):
            monkeypatch.setattr(planning, "_RESTRICTED_AT_ONCE_AT_MOST", at_once)
            for query in queries:
                assert _hits(library, query) == plain[query], (query, within_cost, at_once)


def test_a_common_words_share_is_told_by_how_far_its_first_papers_reach() -> None:
    assert fulltext.extrapolated(set(range(1, 11)), 100) == 100  # 10 of the first 10
    assert fulltext.extrapolated(set(range(2, 42, 4)), 1000) == 263  # 10 of the first 38
    assert fulltext.extrapolated({5, 9}, 9) == 2  # the whole library read: exact
    assert fulltext.extrapolated(set(), 50) == 0


def test_a_lone_common_word_is_answered_from_the_papers_its_probe_read(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing else to satisfy: the probe's papers are enough, and every one is a match."""
    rng = random.Random(8)
    records = _records(rng)
    for at, record in enumerate(records):
        record.abstract = ("We study plasma confinement. " if at % 3 else "") + record.abstract
    library.add_records(records)
    holding = {
        paper_id
        for paper_id in library.paper_ids()
        if "plasma confinement" in library.paper(paper_id).paper.abstract
    }
    assert len(holding) > 40
    monkeypatch.setattr(planning, "_COMMON", 10)
    _few_wanted(monkeypatch, 5)
    for text in ('abstract:"plasma confinement"', "confinement"):
        library._searcher._forget_answers()
        hits = [hit.paper_id for hit in library.search(text, limit=4)]
        assert len(hits) == 4, text
        assert set(hits) <= holding, text


def test_what_probes_told_is_forgotten_on_every_change(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A common word's probe is remembered while the user types, never past a change."""
    monkeypatch.setattr(planning, "_COMMON", 3)
    _few_wanted(monkeypatch, 3)
    ids = library.add_records(
        [Record(title=f"Paper {n}", abstract="Plasma confinement.") for n in range(12)]
    )
    found = [hit.paper_id for hit in library.search("confinement", limit=2)]
    assert len(found) == 2 and set(found) <= set(ids)
    assert [h.paper_id for h in library.search("confinement", limit=2)] == found
    for paper_id in found:  # no longer about confinement
        library.update_paper(paper_id, expected_version=None, abstract="Plasma heating.")
    again = [hit.paper_id for hit in library.search("confinement", limit=2)]
    assert len(again) == 2 and not set(again) & set(found)


def test_a_lone_common_words_first_papers_in_the_trash_are_not_enough(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The papers a probe read first may be in the trash: when too few of them are left,
    the word is read whole, in the library and in the trash alike."""
    monkeypatch.setattr(planning, "_COMMON", 10)
    _few_wanted(monkeypatch, 5)
    ids = library.add_records(
        [Record(title=f"Paper {n}", abstract="Plasma confinement.") for n in range(30)]
    )
    library.delete_papers(ids[:8] + ids[-4:])  # the oldest, which a probe reads first
    hits = [hit.paper_id for hit in library.search("confinement", limit=4)]
    assert len(hits) == 4 and set(hits) <= set(ids[8:-4])
    in_trash = [hit.paper_id for hit in library.search("confinement", limit=4, trash=True)]
    assert len(in_trash) == 4 and set(in_trash) <= set(ids[:8] + ids[-4:])


def test_a_later_chunk_checks_about_as_many_papers_as_the_hits_still_missing_need() -> None:
    # 115 of the first 250 papers were hits and 120 are wanted: 5 more at 46% are about 11
    # papers, a quarter more 14, and never fewer than the smallest chunk.
    assert planning._next_chunk(5, 115 / 250) == planning._SMALLEST_CHUNK
    # 60 more at 46%: 130.4 papers, 163.04 with the margin, so 164.
    assert planning._next_chunk(60, 115 / 250) == 164
    # Few hits so far, or none: the usual chunk, not thousands at once.
    assert planning._next_chunk(100, 10 / 250) == planning._CHECK_CHUNK
    assert planning._next_chunk(100, 0.0) == planning._CHECK_CHUNK


def test_planned_full_text_stops_only_with_enough_papers_matching_every_word(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Checking common words stops once enough papers satisfy every clause: the hits are
    # then some of those the plain way finds, as many as asked for.
    plain = {
        query: {paper for paper, _ in hits}
        for query, hits in _plain_hits(library, monkeypatch).items()
    }
    _few_wanted(monkeypatch, 6)
    monkeypatch.setattr(planning, "_SMALLEST_CHUNK", 2)
    monkeypatch.setattr(planning, "_WITHIN_COST", 0)  # checked, never read whole
    for at_once in (10**9, 0):
        monkeypatch.setattr(planning, "_RESTRICTED_AT_ONCE_AT_MOST", at_once)
        for query in plain:
            found = {paper for paper, _ in _hits(library, query, limit=5)}
            assert found <= plain[query], (query, at_once)
            assert len(found) == min(5, len(plain[query])), (query, at_once)


def test_papers_whose_titles_hold_the_leading_word_are_checked_before_the_rest(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "graph" leads (fewer papers than "robust"), and every paper it allows has "robust" in
    # its abstract: the one with "graph" in its title ranks first, and checking that stops
    # after the first few papers must have checked it, though it was added last.
    both = [Record(title=f"Spectra {i}", abstract="A graph made robust.") for i in range(30)]
    others = [Record(title=f"Control {i}", abstract="A robust controller.") for i in range(12)]
    target = Record(title="Graph theory", abstract="Robust bounds for it.")
    library.add_records([*others, *both, target])  # "robust" papers first: probed commoner
    [target_id] = [hit.paper_id for hit in library.search("title:theory", limit=5)]
    monkeypatch.setattr(planning, "_COMMON", 2)
    monkeypatch.setattr(planning, "_CHECK_WITHIN_AT_MOST", 3)
    monkeypatch.setattr(planning, "_CHECK_CHUNK", 4)
    monkeypatch.setattr(planning, "_SMALLEST_CHUNK", 2)
    # "graph" is read whole (reading it pays), "robust" checked on the papers it allows.
    monkeypatch.setattr(planning, "_WITHIN_COST", 1)
    _few_wanted(monkeypatch, 3)
    checks = _checks_recorded(monkeypatch)
    for at_once in (10**9, 0):
        monkeypatch.setattr(planning, "_RESTRICTED_AT_ONCE_AT_MOST", at_once)
        checks.clear()
        hits = _hits(library, "graph robust", limit=1)
        checked = [paper for _, papers in checks for paper in papers]
        assert [paper for paper, _ in hits] == [target_id], at_once
        assert 0 < len(checked) < 30, at_once  # it stopped early: not every paper checked


def test_large_remembered_answers_are_out_of_the_garbage_collectors_way(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full collection walks every id of every set it tracks: the full-text answers kept
    while the user types, tens of thousands of ids each at 100k papers, are kept in a form
    it does not walk, and give the same hits when asked again."""
    monkeypatch.setattr(searcher, "_KEPT_AS_SET_AT_MOST", 3)
    ids = library.add_records(
        [Record(title=f"Paper {n}", abstract="Plasma confinement.") for n in range(8)]
        + [Record(title="Stellarator", abstract="Plasma heating.")]
    )
    first = {hit.paper_id for hit in library.search("plasma confinement")}
    assert first == set(ids[:8])
    kept = library._searcher._remembered.answers
    assert kept, "nothing was remembered"
    large = [ids for ids in kept.values() if len(ids) > 3]
    # What the collector visits of each: none of its ids.
    assert large and all(len(gc.get_referents(answer)) <= 1 for answer in large)
    assert {hit.paper_id for hit in library.search("plasma confinement")} == first


def test_words_common_everywhere_are_not_read_whole(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When even the clause allowing the fewest papers is common, no word is read whole:
    papers with a word in the title are checked, and the engine finds the rest holding
    every word. Reading whole is still chosen where it is estimated to cost less."""
    monkeypatch.setattr(planning, "_COMMON", 3)
    _few_wanted(monkeypatch, 5)
    ids = library.add_records(
        [
            Record(
                title=("Plasma heating" if n % 7 == 0 else f"Study {n}"),
                abstract="Plasma control in tokamaks." if n % 5 else "Stellarator coils.",
            )
            for n in range(60)
        ]
    )
    holding = {
        paper_id
        for paper_id in ids
        if all(w in library.paper(paper_id).paper.abstract.lower() for w in ("plasma", "control"))
    }
    read_whole = _words_read_whole(monkeypatch)
    for within_cost, read in ((planning._WITHIN_COST, []), (10**6, ["control"])):
        monkeypatch.setattr(planning, "_WITHIN_COST", within_cost)
        read_whole.clear()
        library._searcher._forget_answers()
        hits = [hit.paper_id for hit in library.search("plasma control", limit=4)]
        assert read_whole == read
        assert len(hits) == 4 and set(hits) <= holding, within_cost


def test_a_common_negated_word_is_checked_on_the_candidates_only(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A paper holding a negated word anywhere is excluded, whether the word's full text
    was read whole or asked of the candidates only (what a common word costs less as,
    once positive words have narrowed them: a query of exclusions alone reads them)."""
    rng = random.Random(11)
    library.add_records(_records(rng))
    queries = (
        [f"{rng.choice(_WORDS)} -{rng.choice(_WORDS)}" for _ in range(15)]
        + [f"-{rng.choice(_WORDS)}" for _ in range(5)]
        + ["year:2005..2010 -graph -robust"]
    )
    monkeypatch.setattr(planning, "_COMMON", 10**9)  # every word small: read whole
    plain = {query: _hits(library, query) for query in queries}
    assert sum(1 for hits in plain.values() if hits) >= 15, "the queries must find papers"
    read_whole = _words_read_whole(monkeypatch)
    monkeypatch.setattr(planning, "_COMMON", 2)
    # Checking costs nothing (every candidate checked) or more than any reading (read whole).
    for within_cost, reads in ((0, False), (10**6, True)):
        monkeypatch.setattr(planning, "_WITHIN_COST", within_cost)
        for query in queries:
            read_whole.clear()
            assert _hits(library, query) == plain[query], (query, within_cost)
            negated = [word[1:] for word in query.split() if word.startswith("-")]
            alone = all(word.startswith("-") for word in query.split())
            assert bool(set(negated) & set(read_whole)) == (reads or alone), (query, read_whole)


def test_negated_words_asked_per_paper_are_checked_in_one_pass(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each candidate's text is read once for all the common negated words, not once per
    word; the exclusions still hold."""
    ids = library.add_records(
        [
            Record(title=f"Plasma study {n}", abstract=["Control.", "Tokamak.", "Heating."][n % 3])
            for n in range(30)
        ]
        + [Record(title="Other", abstract="Control of a tokamak.") for _ in range(30)]
    )
    monkeypatch.setattr(planning, "_COMMON", 2)
    monkeypatch.setattr(planning, "_WITHIN_COST", 0)
    checks = _checks_recorded(monkeypatch)
    hits = {hit.paper_id for hit in library.search("title:plasma -control -tokamak")}
    assert hits == set(ids[2:30:3])  # the heating ones
    assert [queries for queries, _ in checks] == [[("control", None), ("tokamak", None)]]


def test_a_common_word_is_read_whole_only_for_the_checking_it_saves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From the science-shaped benchmark: 14,398 papers allowed, 'bidirectional' in 27.8%
    of the abstracts and 'embeddings' in 36.4%, 120 hits wanted. Checking both words takes
    about 1,187 papers; read whole (27,771 ids), 'bidirectional' still leaves 'embeddings'
    to check on about 330 papers, so it saves 857 checks, worth 27,424 ids read: too few
    (weighed against all 1,187 checks, it was read)."""
    monkeypatch.setattr(planning, "_WITHIN_COST", 32)
    both = [0.27771, 0.36409]
    assert not planning._reading_first_pays(27_771, both, allowed=14_398, wanted=120)
    # A rarer word first: 3,662 papers to check, 330 after it, for 9,000 ids read.
    assert planning._reading_first_pays(9_000, [0.09, 0.36409], allowed=14_398, wanted=120)
    # The last word to check: reading it saves every check (1,200 papers, 38,400 ids).
    assert planning._reading_first_pays(36_000, [0.1], allowed=14_398, wanted=120)
    assert not planning._reading_first_pays(39_000, [0.1], allowed=14_398, wanted=120)


def test_a_short_prefix_is_probed_as_the_words_it_begins(library: Library) -> None:
    """`si` alone is in one abstract of ten; the words it begins (single, silicon...) in
    every one: what the probe estimates is the prefix's share, not the word's."""
    beginning = ["single", "silicon", "simulation", "signal", "simple", "site"]
    library.add_records(
        [
            Record(
                title=f"Paper {n}",
                abstract=("Si wafers. " if n % 10 == 0 else "") + f"A {beginning[n % 6]} study.",
            )
            for n in range(60)
        ]
    )
    search = library._searcher
    with library.engine.connect() as connection:
        answers = searcher._FullTextAnswers(connection, search._ready(), searcher._Remembered())
        probed = answers.probe("si", None, 3)
    assert probed.ids is None  # more than 3: only estimated
    assert probed.estimate >= 50  # all 60 (the word alone: 4 of the first 31, about 8)
    assert fulltext.prefix_indexed("plasma si") and fulltext.prefix_indexed("sil")
    assert not fulltext.prefix_indexed("s") and not fulltext.prefix_indexed("sili")
