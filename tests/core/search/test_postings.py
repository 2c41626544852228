"""The index's lists of ids stay sorted whatever order papers come and go in, and a few
candidates probed in a long list find exactly what an intersection finds."""

from __future__ import annotations

from array import array

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core.search import postings
from desktop.core.search.postings import Postings

WORDS = ["alpha", "beta", "gamma", "apple", "axe"]

#: (how: "add" one by one, "add_many" or "remove_many" together; papers: id, its words)
steps = st.lists(
    st.tuples(
        st.sampled_from(["add", "add_many", "remove_many"]),
        st.lists(
            st.tuples(st.integers(1, 400), st.sets(st.sampled_from(WORDS), min_size=1, max_size=3)),
            max_size=40,
        ),
    ),
    max_size=30,
)


def _by_word(papers: dict[int, set[str]]) -> dict[str, list[int]]:
    """Each word's papers in ascending order, as the index gathers them."""
    found: dict[str, list[int]] = {}
    for doc_id in sorted(papers):
        for word in papers[doc_id]:
            found.setdefault(word, []).append(doc_id)
    return found


def _replayed(
    changes: list[tuple[str, list[tuple[int, set[str]]]]],
) -> tuple[Postings, dict[str, set[int]]]:
    """The postings after the changes, and what each word should hold."""
    made = Postings()
    truth: dict[str, set[int]] = {word: set() for word in WORDS}
    words_of: dict[int, set[str]] = {}
    for how, papers in changes:
        if how == "remove_many":
            leaving = {doc_id: words_of.pop(doc_id) for doc_id, _ in papers if doc_id in words_of}
            gone = made.remove_many(_by_word(leaving))
            for doc_id, words in leaving.items():
                for word in words:
                    truth[word].discard(doc_id)
            emptied = {word for words in leaving.values() for word in words if not truth[word]}
            assert set(gone) == emptied
            continue
        coming = {doc_id: words for doc_id, words in papers if doc_id not in words_of}
        if how == "add":
            for doc_id, words in coming.items():
                made.add(doc_id, words)
        else:
            made.add_many(_by_word(coming))
        words_of.update(coming)
        for doc_id, words in coming.items():
            for word in words:
                truth[word].add(doc_id)
    return made, truth


@settings(max_examples=300, deadline=None)
@given(changes=steps)
def test_every_list_is_sorted_and_holds_its_papers(
    changes: list[tuple[str, list[tuple[int, set[str]]]]],
) -> None:
    made, truth = _replayed(changes)
    for word in WORDS:
        held = list(made.get(word) or ())
        assert held == sorted(truth[word])
    starting = made.starting_with("a", [w for w in WORDS if w.startswith("a")])
    everyone_a = set().union(*(truth[w] for w in WORDS if w.startswith("a")))
    assert list(starting) == sorted(everyone_a)  # sorted, each paper once


@settings(max_examples=300, deadline=None)
@given(
    listed=st.sets(st.integers(0, 5000), max_size=600),
    candidates=st.sets(st.integers(0, 5000), max_size=40),
)
def test_probing_finds_what_an_intersection_finds(listed: set[int], candidates: set[int]) -> None:
    ids = array("i", sorted(listed))
    assert postings.common(candidates, ids) == candidates & listed


def test_a_long_list_is_probed_not_read_through() -> None:
    class Unreadable(array):  # type: ignore[type-arg]
        def __iter__(self):  # type: ignore[no-untyped-def]
            raise AssertionError("a few candidates read the whole list")

    ids = Unreadable("i", range(0, 20_000, 2))
    assert postings.common({4, 5, 19_998}, ids) == {4, 19_998}


def test_add_sorted_keeps_the_order_for_a_paper_edited_again() -> None:
    ids = array("i", [2, 5, 9])
    postings.add_sorted(ids, 7)
    postings.add_sorted(ids, 12)
    postings.add_sorted(ids, 1)
    assert list(ids) == [1, 2, 5, 7, 9, 12]


@settings(max_examples=200, deadline=None)
@given(
    listed=st.sets(st.integers(0, 300), max_size=100),
    taken=st.sets(st.integers(0, 300), max_size=30),
)
def test_taking_ids_out_leaves_the_others_sorted(listed: set[int], taken: set[int]) -> None:
    """Ids are taken out of a sorted list whether it holds them or not, a few one by one
    or many at once."""
    held = array("i", sorted(listed))
    postings.take_sorted(held, sorted(taken))
    assert list(held) == sorted(listed - taken)
