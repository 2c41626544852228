"""The index's lists of ids stay sorted whatever order papers come and go in, and a few
candidates probed in a long list find exactly what an intersection finds."""

from __future__ import annotations

from array import array

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core.search import postings
from desktop.core.search.postings import Postings

WORDS = ["alpha", "beta", "gamma", "apple", "axe"]

#: (add or remove, paper id, words of the paper)
steps = st.lists(
    st.tuples(
        st.booleans(),
        st.integers(1, 400),
        st.sets(st.sampled_from(WORDS), min_size=1, max_size=3),
    ),
    max_size=300,
)


def _replayed(changes: list[tuple[bool, int, set[str]]]) -> tuple[Postings, dict[str, set[int]]]:
    """The postings after the changes, and what each word should hold."""
    made = Postings()
    truth: dict[str, set[int]] = {word: set() for word in WORDS}
    words_of: dict[int, set[str]] = {}
    for adding, doc_id, words in changes:
        if adding and doc_id not in words_of:
            made.add(doc_id, words)
            words_of[doc_id] = words
            for word in words:
                truth[word].add(doc_id)
        elif not adding and doc_id in words_of:
            gone = words_of.pop(doc_id)
            made.remove(doc_id, gone)
            for word in gone:
                truth[word].discard(doc_id)
    return made, truth


@settings(max_examples=300, deadline=None)
@given(changes=steps)
def test_every_list_is_sorted_and_holds_its_papers(
    changes: list[tuple[bool, int, set[str]]],
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
    for doc_id in candidates:
        assert postings.holds(ids, doc_id) == (doc_id in listed)


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
