"""Papers' words gathered word by word: what an import's papers give the index."""

from __future__ import annotations

import dataclasses
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from index_state import index_state

from desktop.core.search import gathering
from desktop.core.search import index as index_module
from desktop.core.search.document import Entry, SearchDocument, caching_name_words
from desktop.core.search.index import SearchIndex

# Few words, so that papers share people, venues and labels, and people share names on
# one paper; Chinese, Japanese, accents, LaTeX, hyphens and identifiers among them.
_WORDS = ["deep", "Q-learning", "Müller", 'M{\\"u}ller', "陈", "登原", "王伟", "注意機構", "a", ""]
_TEXT = st.lists(st.sampled_from(_WORDS), max_size=3).map(" ".join)
_PERSON = st.tuples(_TEXT, _TEXT)
_DOC = st.builds(
    SearchDocument,
    id=st.just(0),
    title=_TEXT,
    authors=st.lists(_PERSON, max_size=5),
    year=st.sampled_from([None, 2020]),
    venue=_TEXT,
    topic=_TEXT,
    tags=st.lists(_TEXT, max_size=2),
    lists=st.lists(_TEXT, max_size=2),
    status=st.sampled_from(["", "unread", "read"]),
    doi=st.sampled_from(["", "10.1000/xyz123", "10.1000/xyz124"]),
    citekey=st.sampled_from(["", "chen2020", "müller:deep"]),
    keywords=st.lists(_TEXT, max_size=2),
)


def _paper_by_paper(papers: list[tuple[int, Entry]]) -> dict[str, dict[str, list[int]]]:
    """Each paper's words (`Entry.all_words`) put under them one paper at a time."""
    found: defaultdict[str, defaultdict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for doc_id, entry in papers:
        for field, words in entry.all_words():
            for word in words:
                found[field][word].append(doc_id)
    return {field: dict(by_word) for field, by_word in found.items()}


def _in_parts(papers: list[tuple[int, Entry]], size: int) -> dict[str, dict[str, list[int]]]:
    """What `NewPapers` gathers of `papers` given in parts of `size`: each part's own words,
    then the shared ones, each word's papers put together in the order they came."""
    new = gathering.NewPapers(caching_name_words())
    gathered = [new.own_words(papers[at : at + size]) for at in range(0, len(papers), size)]
    found: defaultdict[str, defaultdict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for by_field in [*gathered, new.shared_words()]:
        for field, by_word in by_field.items():
            for word, ids in by_word.items():
                found[field][word] += ids
    return {field: dict(by_word) for field, by_word in found.items() if by_word}


@given(st.lists(_DOC, max_size=12), st.integers(1, 13))
@settings(max_examples=300, deadline=None)
def test_new_papers_give_each_word_its_papers_in_order_once_as_paper_by_paper(
    docs: list[SearchDocument], size: int
) -> None:
    papers = [(doc_id, Entry.of(doc)) for doc_id, doc in enumerate(docs, start=1)]
    assert _in_parts(papers, size) == _paper_by_paper(papers)


def test_a_person_named_twice_on_a_paper_and_people_sharing_a_name_hold_it_once() -> None:
    docs = [
        SearchDocument(1, "A", [("Wei", "Wang"), ("Wei", "Zhang"), ("Wei", "Wang")]),
        SearchDocument(2, "B", [("Wei", "Zhang")]),
        SearchDocument(3, "C", [("Li", "Wang")], venue="Nature"),
        SearchDocument(4, "D", [("Ada", "Lovelace"), ("Ada", "Lovelace")]),
    ]
    papers = [(doc.id, Entry.of(doc)) for doc in docs]
    author = _in_parts(papers, 2)["author"]
    assert author["wei"] == [1, 2]
    assert author["wang"] == [1, 3]
    assert author["zhang"] == [1, 2]
    assert author["li"] == [3]
    assert author["lovelace"] == [4]


def test_an_import_in_parts_holds_what_a_build_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    # An import's papers posted in parts of two, some ids held already (changed), some not.
    monkeypatch.setattr(index_module, "_POSTED_TOGETHER", 2)
    docs = [
        SearchDocument(i, f"Deep {'Q-learning' if i % 2 else 'bees'}", [("Wei", f"Wang{i % 3}")])
        for i in range(1, 9)
    ]
    index = SearchIndex.build(docs[:3])
    changed = [SearchDocument(2, "Bees", [("Li", "Wang")], venue="Nature"), *docs[3:]]
    index.upsert_many(changed)
    assert index_state(index) == index_state(SearchIndex.build([docs[0], *changed, docs[2]]))


@given(st.lists(st.tuples(st.integers(1, 9), _DOC), max_size=12), st.integers(1, 4))
@settings(max_examples=200, deadline=None)
def test_a_build_in_parts_holds_what_adding_paper_by_paper_holds(
    numbered: list[tuple[int, SearchDocument]], size: int
) -> None:
    # Ids in any order, some given twice (the last counts), built in parts of `size`.
    docs = [dataclasses.replace(doc, id=doc_id) for doc_id, doc in numbered]
    one_by_one = SearchIndex()
    for doc in docs:
        one_by_one.upsert(doc)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(index_module, "_POSTED_TOGETHER", size)
        built = SearchIndex.build(docs)
    assert index_state(built) == index_state(one_by_one)
    assert built.held().highest == one_by_one.held().highest
    assert built.held().narrow(range(12)) == one_by_one.held().narrow(range(12))
