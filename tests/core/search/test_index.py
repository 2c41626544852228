"""The in-memory index: matching rules, ranking order, full text, and incremental updates."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from index_state import index_state

from desktop.core.search import index as index_module
from desktop.core.search import matching, vocabulary
from desktop.core.search import postings as postings_module
from desktop.core.search.document import Entry, FieldWords, SearchDocument, folded_label
from desktop.core.search.index import SearchIndex
from desktop.core.search.matching import ClauseMatcher
from desktop.core.search.query import parse
from desktop.core.search.ranking import Hit

DOCS = [
    SearchDocument(1, "Deep Learning", [("Yann", "LeCun"), ("Geoffrey", "Hinton")], 2015, "Nature"),
    SearchDocument(
        2,
        "Deep Reinforcement Learning with Double Q-learning",
        [("Hado", "van Hasselt"), ("Arthur", "Guez")],
        2016,
        "AAAI",
        tags=("to-read",),
    ),
    SearchDocument(3, "Learning Deep Architectures for AI", [("Yoshua", "Bengio")], 2009, "FTML"),
    SearchDocument(
        4,
        "Trust Region Policy Optimization",
        [("John", "Schulman"), ("Sergey", "Levine")],
        2015,
        "ICML",
        lists=("Thesis reading",),
        status="read",
    ),
    SearchDocument(5, "Sim-to-Real Robot Learning", [("Sam", "Levine")], 2019, "CoRL"),
    SearchDocument(6, "", [("Aldo", "Pacchiano")], 2025, "", doi="10.1000/xyz123"),
    SearchDocument(7, "Efficient Bandits", [("Chen-Yu", "Wei"), ("Haipeng", "Luo")], 2018, "COLT"),
    SearchDocument(8, "Kernel Eigenvalue Problems", [("Klaus-Robert", "Müller")], 1998, "NC"),
]


def ids(index: SearchIndex, text: str, **kwargs: object) -> list[int]:
    return [hit.doc_id for hit in index.search(parse(text), **kwargs)]  # type: ignore[arg-type]


@pytest.fixture
def index() -> SearchIndex:
    return SearchIndex.build(DOCS)


def test_every_free_word_must_match_somewhere(index: SearchIndex) -> None:
    found = ids(index, "deep learning")
    assert found[0] == 1  # the exact title first; the order of the other two is taste
    assert set(found) == {1, 2, 3}
    assert ids(index, "deep hinton") == [1]
    assert ids(index, "deep schulman") == []


def test_exact_title_outranks_longer_titles_and_typos_still_match(index: SearchIndex) -> None:
    assert ids(index, "deep lerning")[0] == 1
    assert set(ids(index, "deep lerning")) == {1, 2, 3}


def test_a_half_typed_last_word_matches_by_prefix(index: SearchIndex) -> None:
    assert ids(index, "trust region pol") == [4]


def test_exact_outranks_prefix_outranks_typo() -> None:
    index = SearchIndex.build(
        [
            SearchDocument(1, "Modeling Worlds"),
            SearchDocument(2, "Model Worlds"),
            SearchDocument(3, "Modal Worlds"),
        ]
    )
    assert ids(index, "model") == [2, 1, 3]


def test_authors_by_initial_either_order_typo_hyphen_accent_and_latex(index: SearchIndex) -> None:
    assert ids(index, "S. Levine")[:2] == [5, 4]  # both Levines, the newer first
    assert ids(index, "Sergey Levine")[0] == 4
    assert ids(index, "Levine, Sergey")[0] == 4
    assert ids(index, "levine sam")[0] == 5
    assert set(ids(index, "Levin")) == {4, 5}
    for typed in ("Chen-Yu Wei", "Chenyu Wei", "Chen Yu Wei", "chen-yu"):
        assert ids(index, typed) == [7], typed
    for typed in ("Müller", "Muller", 'M{\\"u}ller', "MULLER", "klaus-robert"):
        assert ids(index, typed) == [8], typed
    assert ids(index, "van Hasselt") == [2]
    assert ids(index, "vanhasselt") == [2]


def test_an_initial_is_looked_for_among_people_only(index: SearchIndex) -> None:
    # "R." would begin "Region" and "Robot" in titles, but no one there is called R-.
    assert ids(index, "R. Levine") == []
    assert ids(index, "K. Müller") == [8]


def test_qualifiers_limit_terms_to_their_field(index: SearchIndex) -> None:
    assert ids(index, "title:levine") == []
    assert set(ids(index, "author:levine")) == {4, 5}
    assert ids(index, "venue:nature") == [1]
    assert ids(index, "tag:to-read") == [2]
    assert ids(index, "list:thesis") == [4]
    assert ids(index, "status:read") == [4]
    assert ids(index, "doi:10.1000/xyz123") == [6]
    assert ids(index, "10.1000/xyz123") == [6]


def test_citation_keys_match_by_word_or_long_prefix_but_not_by_typo() -> None:
    index = SearchIndex.build([SearchDocument(1, "A", citekey="levine2018learning")])
    assert ids(index, "levine2018learning") == [1]
    assert ids(index, "levine2018") == [1]
    assert ids(index, "levine2018lerning") == []
    assert ids(index, "le") == []


def _key_docs() -> list[SearchDocument]:
    """Papers of one author with keys of several lengths (so prefixes of several
    qualities), some sharing a title word, and papers of others."""
    rng = random.Random(5)
    topics = ["learning", "control", "offline", "robots", "end"]
    docs = []
    for n in range(1, 41):
        topic = rng.choice(topics)
        key = f"levine{2000 + n % 20}{topic}{'x' * (n % 3)}"
        docs.append(SearchDocument(n, f"{topic.title()} study {n}", citekey=key))
    docs += [
        SearchDocument(41, "Offline reinforcement learning", [("Sergey", "Levine")]),
        SearchDocument(42, "Levine's robots", [("Ada", "Other")], citekey="other2020"),
        SearchDocument(43, "Unrelated", [("Lev", "Landau")], citekey="landau1937"),
    ]
    return docs


def test_a_word_beginning_many_keys_ranks_as_with_each_key_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Keys a typed word begins are taken one source per quality, not per key (40 keys of
    one author here): the hits and scores are those of taking each key apart."""
    index = SearchIndex.build(_key_docs())
    queries = ["levi", "levine", "levine20", "levine2005", "levine offline", "levine robots"]

    def ranked() -> list[list[tuple[int, float]]]:
        return [[(h.doc_id, h.score) for h in index.search(parse(q), limit=50)] for q in queries]

    def sources() -> list[tuple[float, set[int]]]:
        query = parse("levine")
        found = ClauseMatcher(query.clauses[0], index._corpus, query.typing).sources()
        return [(quality, set(ids)) for quality, ids in found]

    def by_quality(found: list[tuple[float, set[int]]]) -> dict[float, set[int]]:
        papers: dict[float, set[int]] = {}
        for quality, ids in found:
            papers.setdefault(quality, set()).update(ids)
        return papers

    together, merged = ranked(), sources()
    monkeypatch.setattr(matching, "_IDENTIFIERS_ONE_BY_ONE_AT_MOST", 10**6)
    assert ranked() == together
    apart = sources()
    assert len(merged) <= 15 and len(apart) >= 40  # the 40 keys: by quality, or one by one
    assert by_quality(merged) == by_quality(apart)
    assert all(together), dict(zip(queries, together, strict=True))


def test_years(index: SearchIndex) -> None:
    assert ids(index, "year:2015") == [4, 1] or ids(index, "year:2015") == [1, 4]
    assert set(ids(index, "year:2015..2016")) == {1, 2, 4}
    assert set(ids(index, "year:>=2019")) == {5, 6}
    assert set(ids(index, "year:<2000")) == {8}
    assert ids(index, "deep year:2016") == [2]
    assert ids(index, "levine 2019") == [5]  # a free four-digit word may be the year


def test_filters_alone_give_full_scores(index: SearchIndex) -> None:
    assert [hit.score for hit in index.search(parse("year:2015"))] == [100.0, 100.0]


def test_phrases_need_the_words_together_and_in_order(index: SearchIndex) -> None:
    assert ids(index, '"deep learning"') == [1]
    assert ids(index, '"learning deep"') == [3]
    assert ids(index, '"sergey levine"') == [4]


def test_a_phrase_still_being_typed_takes_its_last_word_as_a_prefix(index: SearchIndex) -> None:
    assert ids(index, '"deep lea') == [1]
    assert ids(index, '"deep lea"') == []
    assert ids(index, '"trust reg') == [4]


def test_exclusion_and_or(index: SearchIndex) -> None:
    assert ids(index, "deep -reinforcement") == [1, 3]
    assert set(ids(index, "levine OR bengio")) == {3, 4, 5}
    assert ids(index, "robot OR trust -sim") == [4]


def test_an_alternative_that_is_negated_holds_where_no_source_lists_the_paper() -> None:
    """`zeta OR -bar` holds for every paper without "bar", not only for those with "zeta":
    such a clause cannot be where candidates are gathered from."""
    index = SearchIndex.build(
        [
            SearchDocument(1, "zeta alpha"),
            SearchDocument(2, "gamma alpha"),
            SearchDocument(3, "bar alpha"),
            SearchDocument(4, "gamma alpha two"),
        ]
    )
    assert set(ids(index, "zeta OR -bar alpha")) == {1, 2, 4}
    assert set(ids(index, "alpha zeta OR -bar")) == {1, 2, 4}
    assert set(ids(index, "zeta OR -bar")) == {1, 2, 4}
    assert set(ids(index, "two OR -gamma zeta OR -alpha")) == {1}


def test_words_that_fold_to_nothing_are_ignored(index: SearchIndex) -> None:
    assert ids(index, "deep learning -") == ids(index, "deep learning")
    assert ids(index, "-") == []


def test_an_empty_query_returns_nothing(index: SearchIndex) -> None:
    assert ids(index, "") == []
    assert ids(index, '""') == []
    assert ids(index, "deep", limit=0) == []


def test_hits_are_scored_0_to_100_best_first_and_say_where_they_matched(index: SearchIndex) -> None:
    hits = index.search(parse("deep hinton"))
    assert hits == [Hit(1, hits[0].score, frozenset({"title", "author"}))]
    for text in ("deep", "levine", "lerning", "year:2015", "q-learning"):
        scores = [hit.score for hit in index.search(parse(text))]
        assert scores == sorted(scores, reverse=True)
        assert all(0 < score <= 100 for score in scores)


def test_limit(index: SearchIndex) -> None:
    assert len(ids(index, "learning", limit=2)) == 2


class FullText:
    """Stands in for the database's full-text search; records what it was asked."""

    def __init__(self, found: dict[tuple[str, str | None], set[int]]) -> None:
        self.found = found
        self.asked: list[tuple[str, str | None]] = []

    def __call__(self, text: str, field: str | None) -> set[int]:
        self.asked.append((text, field))
        return self.found.get((text, field), set())


def test_full_text_is_the_only_source_for_abstract_and_note(index: SearchIndex) -> None:
    fulltext = FullText({("tokamak", "abstract"): {6}, ("todo", "note"): {2}})
    assert ids(index, "abstract:tokamak", fulltext=fulltext) == [6]
    assert ids(index, "note:todo", fulltext=fulltext) == [2]
    assert ids(index, "abstract:tokamak") == []


def test_free_words_reach_full_text_when_short_fields_fall_short(index: SearchIndex) -> None:
    fulltext = FullText({("tokamak", None): {6, 99}, ("deep", None): {4}})
    assert ids(index, "tokamak", fulltext=fulltext) == [6]  # 99 is not held (trash)
    # Papers found only through full text rank below those matching in titles.
    found = ids(index, "deep", fulltext=fulltext)
    assert set(found[:3]) == {1, 2, 3}
    assert found[3:] == [4]
    fulltext.asked.clear()
    assert len(ids(index, "deep", limit=2, fulltext=fulltext)) == 2
    assert fulltext.asked == []  # two title hits fill the limit: full text is not asked


def test_excluded_words_are_looked_up_in_full_text_too(index: SearchIndex) -> None:
    fulltext = FullText({("atari", None): {1}})
    assert set(ids(index, "deep -atari", fulltext=fulltext)) == {2, 3}


def test_an_update_is_visible_to_the_very_next_search(index: SearchIndex) -> None:
    index.upsert(SearchDocument(9, "Attention Is All You Need", [("Ashish", "Vaswani")], 2017))
    assert ids(index, "attention") == [9]
    assert ids(index, "vaswani") == [9]
    assert ids(index, "atention") == [9]  # the new word is in the vocabulary for typos too
    index.upsert(SearchDocument(9, "Transformers", [("Ashish", "Vaswani")], 2017))
    assert ids(index, "attention") == []
    assert ids(index, "transformers") == [9]
    index.remove(9)
    assert ids(index, "transformers") == []
    assert ids(index, "vaswani") == []
    assert 9 not in index
    index.remove(9)  # a second removal is harmless


def test_removing_the_last_paper_with_a_word_forgets_the_word(index: SearchIndex) -> None:
    index.remove(8)
    assert ids(index, "eigenvalue") == []
    assert ids(index, "eigenvalu") == []
    assert ids(index, "eigenvalues") == []


def test_one_letter_queries_stay_right_after_updates(index: SearchIndex) -> None:
    assert set(ids(index, "t")) == {2, 4, 5}  # to-read (a tag), Trust, Sim-to-Real
    index.upsert(SearchDocument(9, "Tokamak Control"))
    assert 9 in ids(index, "t")
    index.remove(4)
    assert 4 not in ids(index, "t")


def test_one_letter_finds_the_papers_of_the_only_word_it_begins(index: SearchIndex) -> None:
    # Each of these letters begins one word of the library: they found nothing while a
    # letter needed two words beginning with it.
    assert ids(index, "o") == [4]  # Optimization
    assert ids(index, "m") == [8]  # Müller
    assert ids(index, "j") == [4]  # John Schulman
    assert ids(index, "k") == [8]  # Kernel, Klaus-Robert: as before
    assert ids(index, "x") == []


def test_build_reports_progress() -> None:
    seen: list[int] = []
    docs = [SearchDocument(i, f"Paper {i}") for i in range(1, 2501)]
    index = SearchIndex.build(docs, progress=seen.append)
    assert seen == [1000, 2000]
    assert len(index) == 2500


WORDS = ["deep", "learning", "levine", "robot", "model", "world", "q-learning", "müller", "sim"]


#: Words that come and go with updates (the vocabulary grows and shrinks).
NEW_WORDS = [f"zeta{n}" for n in range(12)]
#: Citation keys, mostly new to the index when they first come (letters only: typo-able).
KEYS = [f"keyq{a}{b}" for a in "abcdefghij" for b in "klmnopqrst"]


def _random_doc(rng: random.Random, doc_id: int) -> SearchDocument:
    title = " ".join(rng.choices(WORDS + NEW_WORDS[: rng.randint(0, 12)], k=rng.randint(0, 4)))
    people = [(rng.choice(["Sergey", "S.", "Anna", ""]), rng.choice(WORDS)) for _ in range(2)]
    return _relabelled(
        rng,
        SearchDocument(
            doc_id,
            title,
            people,
            rng.choice([None, 2000, 2020]),
            rng.choice(WORDS),
            citekey=rng.choice(KEYS),
        ),
    )


#: Labels given and taken (tags, lists, statuses, keywords), some shared with titles.
LABELS = ["reading group", "deep", "to read", "zeta3", "robot arms"]


def _relabelled(rng: random.Random, doc: SearchDocument) -> SearchDocument:
    """`doc` with other labels (as tagging, listing or marking many papers gives)."""
    return dataclasses.replace(
        doc,
        tags=rng.sample(LABELS, rng.randint(0, 2)),
        lists=rng.sample(LABELS, rng.randint(0, 1)),
        status=rng.choice(["", "unread", "read"]),
        keywords=rng.sample(LABELS, rng.randint(0, 2)),
    )


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("batched", [False, True])
@pytest.mark.parametrize("one_by_one_at_most", [0, 8])
def test_an_index_updated_step_by_step_answers_as_one_built_afresh(
    seed: int, batched: bool, one_by_one_at_most: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Batches bring one new word (put in place) or several (sorted in together), and are
    # posted in parts (a part's words together); lists are changed paper by paper or made
    # again once (`_ONE_BY_ONE_AT_MOST`).
    monkeypatch.setattr(vocabulary, "_INSERT_AT_MOST", 1)
    monkeypatch.setattr(index_module, "_POSTED_TOGETHER", 2)
    monkeypatch.setattr(postings_module, "_ONE_BY_ONE_AT_MOST", one_by_one_at_most)
    rng = random.Random(seed)
    held = {i: _random_doc(rng, i) for i in range(1, 30)}
    index = SearchIndex.build(held.values())
    for _ in range(60):
        doc_id = rng.randint(1, 40)
        if rng.random() < 0.3:
            index.remove(doc_id)
            held.pop(doc_id, None)
        elif rng.random() < 0.1:  # several papers leave at once (to the trash)
            leaving = [rng.randint(1, 40) for _ in range(rng.randint(1, 6))]
            index.remove_many(leaving)
            for gone in leaving:
                held.pop(gone, None)
        elif rng.random() < 0.2 and held:  # labels given to papers held, nothing else
            relabelled = [
                _relabelled(rng, doc) for doc in rng.sample(list(held.values()), min(3, len(held)))
            ]
            held.update((doc.id, doc) for doc in relabelled)
            index.upsert_many(relabelled)
        elif rng.random() < 0.3 and held:  # the labels alone given (a bulk action's)
            names = rng.sample(["tags", "lists", "status", "keywords"], rng.randint(1, 4))
            chosen = rng.sample(list(held.values()), min(5, len(held)))
            relabelled = [_relabelled(rng, doc) for doc in chosen]
            labels = {doc.id: {n: getattr(doc, n) for n in names} for doc in relabelled}
            labels[rng.randint(41, 45)] = {"tags": ["not held"]}  # passed over
            index.relabel(labels)
            for doc in chosen:
                held[doc.id] = dataclasses.replace(doc, **labels[doc.id])
        elif batched:  # several papers at once, some of them the same paper again
            batch = [_random_doc(rng, rng.randint(1, 40)) for _ in range(rng.randint(1, 4))]
            held.update((doc.id, doc) for doc in batch)
            index.upsert_many(batch)
        else:
            held[doc_id] = _random_doc(rng, doc_id)
            index.upsert(held[doc_id])
    fresh = SearchIndex.build(held.values())
    assert index_state(index) == index_state(fresh)
    for text in [
        "deep",
        "lerning",
        "levine",
        "s. levine",
        "m",
        "mod",
        "q-learning",
        "year:2020",
        "-robot",
        "zeta",
        "zeta1",
        "zeat3",  # a typo
        "zeta3ky",
        # Typos of keys: keys are not matched by typo.
        *(f"kyeq{key[4:]}" for key in KEYS),
    ]:
        assert index.search(parse(text), limit=100) == fresh.search(parse(text), limit=100), text


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_search_never_raises(text: str) -> None:
    index = _shared_index()
    for hit in index.search(parse(text), limit=10, fulltext=lambda _text, _field: {1, 42}):
        assert 0 <= hit.score <= 100


@given(
    st.lists(
        st.sampled_from(['"', "-", "OR", "title:", "year:", "year:>20", " ", "de", "ép", "L."])
    )
)
def test_search_never_raises_on_the_grammars_own_pieces(pieces: list[str]) -> None:
    _shared_index().search(parse("".join(pieces)))


_INDEX: list[SearchIndex] = []


def _shared_index() -> SearchIndex:
    if not _INDEX:
        _INDEX.append(SearchIndex.build(DOCS))
    return _INDEX[0]


@pytest.mark.parametrize("seed", range(4))
def test_a_paper_holds_a_term_exactly_when_the_terms_postings_list_it(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Few candidates are checked against a term paper by paper, from their own words;
    that must agree with the postings it replaces, for every kind of term."""
    rng = random.Random(seed)
    index = SearchIndex.build(_random_doc(rng, i) for i in range(1, 60))
    corpus = index._corpus
    texts = [
        "deep",
        "lerning",  # a typo
        "mod",  # a prefix
        "m",  # an initial: every word starting with it
        "s.",
        "q-learning",  # parts, or joined
        "qlearning",
        '"deep learning"',  # a phrase
        '"world mod',  # a phrase still being typed
        "2020",  # a free year
        "year:2000",
        "title:robot",
        "author:levine",
        "venue:world",
        "keyqak",  # a citation key
        "ke",  # too short for a key's prefix
        "-robot",
        "robot OR sim",
        "-deep OR -model",
    ]
    for text in texts:
        for clause in parse(text).clauses:
            matcher = ClauseMatcher(clause, corpus)
            for term in matcher.positive + matcher.negative:
                listed = set().union(*(ids for _, ids in term.sources()))
                holding = set()
                for doc_id, held in corpus.entries.items():
                    entry = Entry._make(held)
                    if term.holds(doc_id, entry, FieldWords(entry)):
                        holding.add(doc_id)
                assert holding == listed, text
            every = set(corpus.entries)
            monkeypatch.setattr(matching, "_PAPER_COST", 0)  # through the postings
            expected = matcher.restrict(every)
            monkeypatch.setattr(matching, "_PAPER_COST", 10**9)  # paper by paper
            assert matcher.restrict(every) == expected, text


def test_a_query_of_only_exclusions_gives_the_newest_papers_without_those_words() -> None:
    docs = [
        SearchDocument(id=n, title=f"{'survey' if n % 3 == 0 else 'study'} {n}", year=2000 + n % 25)
        for n in range(1, 3001)
    ]
    index = SearchIndex.build(docs)
    hits = index.search(parse("-survey -review"), limit=20)
    kept = [doc for doc in docs if doc.id % 3 != 0]
    expected = [doc.id for doc in sorted(kept, key=lambda d: (-(d.year or 0), -d.id))][:20]
    assert [hit.doc_id for hit in hits] == expected
    every = index.search(parse("-survey"), limit=None)
    assert sorted(hit.doc_id for hit in every) == [n for n in range(1, 3001) if n % 3 != 0]


def test_papers_edited_and_built_out_of_order_are_found_in_long_lists() -> None:
    # 3,000 papers share "modelling", one word in a handful: that word's few papers are
    # probed in the long list by bisection, which needs the list sorted.
    docs = [
        SearchDocument(i, f"Modelling topic{i % 500}", [("Ann", f"Author{i % 70}")], 2000, "J")
        for i in range(3000, 0, -1)  # built from the highest id down
    ]
    index = SearchIndex.build(docs)
    index.upsert(SearchDocument(7, "Modelling zanzibar again", [("Ann", "Smith")], 2001, "J"))
    index.upsert(SearchDocument(3001, "Modelling zanzibar", [("Bo", "Smith")], 2002, "J"))
    assert set(ids(index, "modelling zanzibar")) == {7, 3001}
    assert set(ids(index, "zanzibar modelling")) == {7, 3001}
    assert {13, 513, 1013, 1513, 2013, 2513} <= set(ids(index, "modelling topic13", limit=None))
    assert 7 not in ids(index, "modelling topic7", limit=None)


def test_a_words_prefix_share_counts_the_titles_of_the_words_it_begins() -> None:
    # Full text answers `problem` with `problems` too; a probe of the word alone is scaled
    # by how many more titles hold a word it begins.
    index = SearchIndex.build(
        [
            SearchDocument(1, "A problem"),
            SearchDocument(2, "Two problems"),
            SearchDocument(3, "More problems"),
            SearchDocument(4, "Problematic cases"),
            SearchDocument(5, "Probes"),
        ]
    )
    assert index.prefix_share("problem") == 4.0  # problem 1, problems 2, problematic 1
    assert index.prefix_share("problems") == 1.0
    assert index.prefix_share("absent") == 1.0  # no title holds it: nothing to scale by


_LABEL = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)


@given(
    tags=st.lists(_LABEL, max_size=4),
    lists=st.lists(_LABEL, max_size=3),
    status=_LABEL,
    keywords=st.lists(_LABEL, max_size=4),
    given_names=st.sets(st.sampled_from(["tags", "lists", "status", "keywords"])),
)
@settings(max_examples=150, deadline=None)
def test_labels_fold_as_in_the_entry_of_the_document_so_labelled(
    tags: list[str], lists: list[str], status: str, keywords: list[str], given_names: set[str]
) -> None:
    # A bulk action gives the index the new labels alone: they must fold as a whole
    # document read again would (accents, case, LaTeX, any script).
    doc = SearchDocument(
        id=1,
        title="Ant Colony Optimization",
        authors=[("Marco", "Dorigo")],
        tags=["Swarm"],
        lists=["To read"],
        status="unread",
        keywords=["ACO"],
    )
    every = {"tags": tags, "lists": lists, "status": status, "keywords": keywords}
    labels = {name: every[name] for name in given_names}
    relabelled = Entry.of(doc)._replace(
        **{name: folded_label(name, value) for name, value in labels.items()}
    )
    assert relabelled == Entry.of(dataclasses.replace(doc, **labels))
    # And the index takes them so: as one built from the relabelled document.
    index = SearchIndex.build([doc])
    index.relabel({1: labels})
    assert index_state(index) == index_state(
        SearchIndex.build([dataclasses.replace(doc, **labels)])
    )


def test_only_labels_are_relabelled() -> None:
    with pytest.raises(ValueError, match="title"):
        folded_label("title", "Bees")
