"""Papers' words gathered word by word, so that the index changes each word's list once for
many papers (see `SearchIndex.upsert_prepared`) rather than once a paper.

What is gathered is the index's own words (`Entry.all_words`), by field: each word's
papers in ascending order, each paper once.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import TypeVar

from desktop.core.search import pinyin
from desktop.core.search.document import Entry, label_words, text_words

Value = TypeVar("Value")

#: Papers by word by field, gathered to be posted (or taken off) together.
ByField = dict[str, dict[str, list[int]]]

#: Fields of one text a paper that many papers share (a venue, a status): split once a text.
_SHARED_TEXTS = ("venue", "topic", "status")
#: Fields of one text a paper that is its own (a key, a DOI): split paper by paper.
_OWN_TEXTS = ("citekey", "doi")
#: Labels (sequences many papers share: a tag, a list) and the fields they are indexed under.
_SHARED_LABELS = (("tags", "tag"), ("lists", "list"), ("keywords", "keyword"))


def gather(by_field: ByField, field: str, doc_id: int, *, words: Iterable[str]) -> None:
    """Put `doc_id` under each of `words` in `field` (distinct words, ids coming in order)."""
    by_word = by_field.get(field)
    if by_word is None:
        by_word = by_field[field] = defaultdict(list)
    for word in words:
        by_word[word].append(doc_id)


class NewPapers:
    """The words of papers the index does not hold yet, gathered part by part: what is
    each paper's own (its title, key, DOI) for each part, and what many papers share (a
    person, a venue, a status, a tag) by its value for them all, split into words once at
    the end. At 100k science-shaped papers 562k names are 50k people: gathering each name's
    words paper by paper was most of an import's posting.

    Papers come in ascending id order, each once.
    """

    def __init__(self, words_of_name: Callable[[str], list[str]]) -> None:
        """`words_of_name` splits a "given|family" name like `name_words` (a caching one)."""
        self._words_of_name = words_of_name
        self._shared = _Shared()

    def own_words(self, papers: Iterable[tuple[int, Entry]]) -> ByField:
        """The words of what is these papers' own, by field (their shared values are kept
        for `shared_words`)."""
        found: ByField = {}
        shared = self._shared
        for doc_id, entry in papers:
            _gather_own(found, doc_id, entry)
            shared.add(doc_id, entry)
        return found

    def shared_words(self) -> ByField:
        """The words of the shared values of every paper given so far, by field."""
        found: ByField = {}
        shared, self._shared = self._shared, _Shared()
        _spread(found, "author", shared.names, words_of=self._words_of_name)
        for field, by_text in shared.texts.items():
            _spread(found, field, by_text, words_of=text_words)
        for name, field in _SHARED_LABELS:
            _spread(found, field, shared.labels[name], words_of=label_words)
        return found


def _gather_own(found: ByField, doc_id: int, entry: Entry) -> None:
    """Gather the words of what is the paper's own: its title, key, DOI and readings."""
    if entry.title:
        gather(found, "title", doc_id, words=set(entry.words_of("title")))
    for field in _OWN_TEXTS:
        text: str = getattr(entry, field)
        if text:
            gather(found, field, doc_id, words=set(text_words(text)))
    if entry.title_pinyin:
        words = set(pinyin.with_pairs(entry.title_pinyin.split()))
        gather(found, "title_pinyin", doc_id, words=words)
    if entry.authors_pinyin:
        gather(found, "author_pinyin", doc_id, words=set(entry.authors_pinyin.split()))


class _Shared:
    """Papers by the values many of them share, each value's papers in order."""

    def __init__(self) -> None:
        self.names: defaultdict[str, list[int]] = defaultdict(list)
        self.texts = {field: defaultdict[str, list[int]](list) for field in _SHARED_TEXTS}
        self.labels = {
            name: defaultdict[tuple[str, ...], list[int]](list) for name, _ in _SHARED_LABELS
        }

    def add(self, doc_id: int, entry: Entry) -> None:
        authors = entry.authors
        if authors:
            # A person named twice on a paper is gathered once.
            for name in dict.fromkeys(authors) if len(authors) > 1 else authors:
                self.names[name].append(doc_id)
        for field in _SHARED_TEXTS:
            text: str = getattr(entry, field)
            if text:
                self.texts[field][text].append(doc_id)
        if entry.tags or entry.lists or entry.keywords:
            for name, _ in _SHARED_LABELS:
                labels: tuple[str, ...] = getattr(entry, name)
                if labels:
                    self.labels[name][labels].append(doc_id)


def _spread(
    found: ByField,
    field: str,
    by_value: Mapping[Value, list[int]],
    *,
    words_of: Callable[[Value], Collection[str]],
) -> None:
    """Put the papers of each value under the value's words in `field`. A word of several
    values holds all their papers, in order and each once (one paper may name two people
    who share a given name)."""
    if not by_value:
        return
    sources: defaultdict[str, list[list[int]]] = defaultdict(list)
    for value, ids in by_value.items():
        for word in set(words_of(value)):
            sources[word].append(ids)
    by_word = found.setdefault(field, {})
    for word, lists in sources.items():
        by_word[word] = (
            lists[0] if len(lists) == 1 else sorted(set(itertools.chain.from_iterable(lists)))
        )


def changed(
    before: list[tuple[str, Collection[str]]],
    after: list[tuple[str, Collection[str]]],
    doc_id: int,
    *,
    gained: ByField,
    lost: ByField,
) -> None:
    """Gather the words, by field, that a paper gained and lost from `before` to `after`
    (each as `Entry.all_words` gives them)."""
    old = {field: set(words) for field, words in before}
    for field, words in after:
        held = old.pop(field, set())
        added = [word for word in words if word not in held]
        if added:
            gather(gained, field, doc_id, words=added)
        taken = held.difference(words)
        if taken:
            gather(lost, field, doc_id, words=taken)
    for field, words in old.items():  # fields the paper no longer has
        gather(lost, field, doc_id, words=words)
