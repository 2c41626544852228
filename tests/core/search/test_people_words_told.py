"""Ranking tells that a paper's people hold none of a term's words without splitting their
names (`FieldWords.people_may_hold`): never wrongly, and ranking the same as splitting them."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core.search import matching
from desktop.core.search.document import Entry, FieldWords, SearchDocument, author_words
from desktop.core.search.index import SearchIndex
from desktop.core.search.query import parse

# Name parts of one or more words: ASCII, accented (folded to ASCII), Cyrillic and Han.
_word = st.sampled_from(
    [
        "van",
        "der",
        "maaten",
        "jean",
        "paul",
        "li",
        "o'neil",
        "müller",
        "çelik",
        "иванов",
        "张",
        "三",
        "李小",
    ]
)
_part = st.lists(_word, min_size=0, max_size=3).map(" ".join)
_names = st.lists(st.tuples(_part, _part), min_size=1, max_size=4)


def _words(names: list[tuple[str, str]]) -> FieldWords:
    return FieldWords(Entry.of(SearchDocument(id=1, authors=names)))


@settings(max_examples=300, deadline=None)
@given(names=_names)
def test_every_word_of_the_people_may_be_held(names: list[tuple[str, str]]) -> None:
    for word in author_words(_words(names).people()):
        # Asked of a fresh paper each time: before its names are split into words.
        assert _words(names).people_may_hold(re.compile(re.escape(word))), (names, word)


def test_a_word_no_name_holds_is_told_without_the_names_split() -> None:
    words = _words([("Laurens", "van der Maaten"), ("Geoffrey", "Hinton")])
    assert not words.people_may_hold(re.compile("bengio|lecun"))
    assert "author" not in words  # told without splitting them
    assert words.people_may_hold(re.compile("vandermaaten"))  # the family name joined


_DOCS = [
    SearchDocument(
        id=1,
        title="Visualizing data using t-SNE",
        authors=[("Laurens", "van der Maaten"), ("Geoffrey", "Hinton")],
        year=2008,
    ),
    SearchDocument(
        id=2,
        title="Deep learning",
        authors=[("Yann", "LeCun"), ("Yoshua", "Bengio"), ("Geoffrey", "Hinton")],
        year=2015,
    ),
    SearchDocument(
        id=3,
        title="Learning to rank with van der Waals forces",
        authors=[("Ling", "Ming")],
        year=2019,
    ),
    SearchDocument(
        id=4, title="Mining modelling data", authors=[("Colin", "Molina"), ("三", "张")], year=2020
    ),
    SearchDocument(
        id=5, title="Hinton diagrams of deep models", authors=[("Jean Paul", "Sartre")], year=2001
    ),
]
_QUERIES = [
    "hinton",
    "vandermaaten visualising",
    "maaten data",
    "moling data",
    "ling mining",
    "deep hintn",
    "jeanpaul hinton",
    "张三",
    "learning",
]


def _ranked(index: SearchIndex) -> list[list[tuple[int, float]]]:
    return [[(h.doc_id, h.score) for h in index.search(parse(q), limit=10)] for q in _QUERIES]


def test_ranking_is_the_same_as_with_the_names_split(monkeypatch: pytest.MonkeyPatch) -> None:
    index = SearchIndex.build(_DOCS)
    told = _ranked(index)
    monkeypatch.setattr(matching, "_PEOPLE_WORDS_AT_MOST", 0)  # every paper's names split
    split = _ranked(index)
    assert told == split
    assert all(told), dict(zip(_QUERIES, told, strict=True))
