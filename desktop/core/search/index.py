"""The in-memory search index: built once when a library opens, updated paper by paper.

    index = SearchIndex.build(documents)
    index.upsert(document); index.remove(paper_id)
    hits = index.search(query.parse("levine offline rl"), limit=50, fulltext=fts)

Searching runs in three steps so that it stays fast at 100k papers: expand each typed word
over the vocabulary (exact, prefix, typo neighbours), combine posting sets to find the
papers where every term matches, then rank a short list of them (a few hundred) with
rapidfuzz. Brute-force fuzzy matching over every title never happens.

An empty query returns no hits: the caller lists the whole library instead.
Not thread-safe: the caller serialises updates and searches (searches fill caches too).
"""

from __future__ import annotations

import contextlib
import gc
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from rapidfuzz import fuzz, process

from desktop.core.search import normalize
from desktop.core.search.document import (
    IDENTIFIER_FIELDS,
    INDEXED_FIELDS,
    Entry,
    FieldWords,
    SearchDocument,
    caching_fold_short,
    caching_name_words,
    with_joined,
)
from desktop.core.search.matching import (
    ClauseMatcher,
    Corpus,
    FullText,
    restrict,
)
from desktop.core.search.postings import Postings
from desktop.core.search.query import Query
from desktop.core.search.vocabulary import Expansion, Vocabulary

Key = TypeVar("Key")

# How many candidates are ranked with rapidfuzz, at least; more when a larger limit is asked.
_RANKED_AT_LEAST = 200
# A clause whose postings hold more ids than this is not unioned whole: its best sources are
# taken first until enough candidates are found.
_UNION_LIMIT = 40_000
# Sources at or above this quality (exact and prefix title/author words) form the first tier.
_FIRST_TIER = 0.8
# The share of the score given to how closely the query reads as the title or a name.
_CLOSENESS_SHARE = 0.2


@dataclass(frozen=True)
class Hit:
    """A paper that matches, with its score (0..100) and the fields the query matched in."""

    doc_id: int
    score: float
    fields: frozenset[str]


class SearchIndex:
    """Words, people and labels of every paper, for fuzzy search as the user types."""

    def __init__(self) -> None:
        # Entries are held as plain tuples: the garbage collector stops tracking those (an
        # Entry, a tuple subclass, it would walk at every full collection).
        self._entries: dict[int, tuple[object, ...]] = {}
        self._postings = {field: Postings() for field in INDEXED_FIELDS}
        self._years: dict[int | None, array[int]] = {}
        # Papers by the number of words in their title, to rank short titles first cheaply.
        self._by_title_length: dict[int, array[int]] = {}
        self._vocabulary = Vocabulary()
        self._corpus = Corpus(self._postings, self._years, self._entries, self._vocabulary)

    @classmethod
    def build(
        cls,
        docs: Iterable[SearchDocument],
        progress: Callable[[int], None] | None = None,
    ) -> SearchIndex:
        """An index of `docs`; `progress(count)` is called every 1000 papers."""
        index = cls()
        fold, split_name = caching_fold_short(), caching_name_words()
        counts: dict[str, int] = {}
        typo_counts: dict[str, int] = {}
        # Building makes millions of small lists that all live on; the cyclic garbage
        # collector would walk them again and again (it doubled the build time).
        collecting = gc.isenabled()
        gc.disable()
        try:
            for count, doc in enumerate(docs, start=1):
                for field, word in index._store(Entry.of(doc, fold), doc.id, split_name):
                    counts[word] = counts.get(word, 0) + 1
                    if field not in IDENTIFIER_FIELDS:
                        typo_counts[word] = typo_counts.get(word, 0) + 1
                if progress is not None and count % 1000 == 0:
                    progress(count)
        finally:
            if collecting:
                gc.enable()
        index._vocabulary.load(counts, typo_counts)
        return index

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._entries

    def upsert(self, doc: SearchDocument) -> None:
        """Add a paper, or replace what the index knows of it."""
        self.remove(doc.id)
        for field, word in self._store(Entry.of(doc), doc.id):
            self._vocabulary.add(word, typos=field not in IDENTIFIER_FIELDS)

    def remove(self, doc_id: int) -> None:
        """Forget a paper (nothing happens if the index does not hold it)."""
        held = self._entries.pop(doc_id, None)
        if held is None:
            return
        entry = Entry._make(held)
        _discard(self._years, entry.year, doc_id)
        _discard(self._by_title_length, _title_length(entry), doc_id)
        for field, words in entry.all_words():
            for word in self._postings[field].remove(doc_id, words):
                self._vocabulary.discard(word, typos=field not in IDENTIFIER_FIELDS)

    def _store(
        self, entry: Entry, doc_id: int, split_name: Callable[[str], list[str]] | None = None
    ) -> list[tuple[str, str]]:
        """Hold `entry` and post its words; return (field, word) for words new to a field."""
        self._entries[doc_id] = tuple(entry)
        self._years.setdefault(entry.year, array("i")).append(doc_id)
        self._by_title_length.setdefault(_title_length(entry), array("i")).append(doc_id)
        new = []
        for field, words in entry.all_words(split_name):
            new += [(field, word) for word in self._postings[field].add(doc_id, words)]
        return new

    def search(self, query: Query, limit: int = 50, fulltext: FullText | None = None) -> list[Hit]:
        """The best `limit` papers for `query`, best first; [] for an empty query.

        Every clause must hold. Full text is asked only when the short fields do not give
        `limit` hits, since a paper found through its abstract ranks below the others anyway;
        `abstract:`, `note:` and negated free words always ask it.
        """
        clauses = [ClauseMatcher(c, self._corpus) for c in query.clauses]
        clauses = [c for c in clauses if not c.empty]
        if limit <= 0 or not clauses:
            return []
        if fulltext is not None:
            for clause in clauses:
                for term in clause.negative:
                    term.load_fulltext(fulltext)
                for term in clause.positive:
                    if term.term.field in ("abstract", "note"):
                        term.load_fulltext(fulltext)
        hits = self._search(query, clauses, limit)
        if fulltext is not None and len(hits) < limit and _has_free_words(clauses):
            for clause in clauses:
                clause.load_fulltext(fulltext)
            hits = self._search(query, clauses, limit)
        return hits

    def _search(self, query: Query, clauses: list[ClauseMatcher], limit: int) -> list[Hit]:
        size = max(_RANKED_AT_LEAST, limit + limit // 4)
        candidates = self._candidates(clauses, size)
        shortlist = self._shortlist(candidates, clauses, size)
        ranked = _Ranker(query, clauses, self._vocabulary).rank(shortlist, self._entries)
        return ranked[:limit]

    def _candidates(self, clauses: list[ClauseMatcher], wanted: int) -> set[int]:
        """Papers for which every clause holds; when the cheapest clause is too large to union
        whole, only as many of its best sources as give `wanted` papers."""
        positive = sorted((c for c in clauses if not c.only_negative), key=ClauseMatcher.cost)
        negative = [c for c in clauses if c.only_negative]
        if not positive:
            return _apply(set(self._entries), negative)
        driver, rest = positive[0], positive[1:] + negative
        sources = driver.sources()
        if driver.cost() <= _UNION_LIMIT:
            found = set().union(*(ids for _, ids in sources))
            return _apply(driver.restrict(found) if driver.negative else found, rest)
        budget = 4 * wanted
        while True:
            taken: set[int] = set()
            for _, ids in sources:
                # Equal matches past the budget are left out: any of them would do as well.
                taken.update(ids[: budget - len(taken)] if isinstance(ids, array) else ids)
                if len(taken) >= budget:
                    break
            complete = len(taken) < budget
            if driver.negative:
                taken = driver.restrict(taken)
            found = _apply(taken, rest)
            if complete or len(found) >= wanted:
                return found
            budget *= 8

    def _shortlist(
        self, candidates: set[int], clauses: list[ClauseMatcher], size: int
    ) -> list[int]:
        """At most `size` candidates worth ranking: those matching every clause by an exact or
        prefix title or author word first, shorter titles first among equals."""
        if len(candidates) <= size:
            return list(candidates)
        first = candidates
        for clause in clauses:
            if clause.positive:
                strong = [s for s in clause.sources() if s[0] >= _FIRST_TIER]
                first = restrict(first, strong)
        chosen = self._shortest(first, size)
        if len(chosen) < size:
            chosen += self._shortest(candidates - first, size - len(chosen))
        return chosen

    def _shortest(self, ids: set[int], size: int) -> list[int]:
        """`size` of `ids`, those with the fewest title words first."""
        if len(ids) <= size:
            return list(ids)
        chosen: list[int] = []
        for length in sorted(self._by_title_length):
            chosen += ids.intersection(self._by_title_length[length])
            if len(chosen) >= size:
                break
        return chosen[:size]


def _title_length(entry: Entry) -> int:
    return min(entry.title.count(" ") + 1, 40) if entry.title else 0


def _discard(lists: dict[Key, array[int]], key: Key, doc_id: int) -> None:
    """Remove `doc_id` from the list under `key`, and the key once its list is empty."""
    ids = lists.get(key)
    if ids is None:
        return
    with contextlib.suppress(ValueError):
        ids.remove(doc_id)
    if not ids:
        del lists[key]


def _apply(candidates: set[int], clauses: list[ClauseMatcher]) -> set[int]:
    """The candidates for which every clause holds."""
    for clause in clauses:
        if not candidates:
            break
        candidates = clause.restrict(candidates)
    return candidates


def _has_free_words(clauses: list[ClauseMatcher]) -> bool:
    return any(term.wants_fulltext for clause in clauses for term in clause.positive)


class _Ranker:
    """Scores shortlisted papers: how well each clause matches, and how close the query reads
    to the paper's title or to one of its people."""

    def __init__(self, query: Query, clauses: list[ClauseMatcher], vocabulary: Vocabulary) -> None:
        self._clauses = [c for c in clauses if c.positive]
        text_terms = [
            t.term
            for c in self._clauses
            for t in c.positive
            if t.term.field in (None, "title") and t.years is None
        ]
        self._title_query = " ".join(normalize.fold(t.text) for t in text_terms)
        name_words = [
            w
            for c in self._clauses
            for t in c.positive
            if t.term.field in (None, "author")
            for w in normalize.words(t.term.text)
        ]
        self._name_words: list[Expansion] = [vocabulary.expand(w) for w in name_words]
        # Family names the query may stand for (initials aside), to skip other people fast.
        self._family_keys: set[str] = set().union(
            *(w.quality.keys() for w in self._name_words if len(w.word) > 1)
        )
        self._compares = bool(self._title_query or self._name_words)

    def rank(self, shortlist: list[int], entries: dict[int, tuple[object, ...]]) -> list[Hit]:
        matched = []
        for doc_id in shortlist:
            entry = Entry._make(entries[doc_id])
            found = self._match(doc_id, entry)
            if found is not None:
                matched.append((doc_id, entry, *found))
        titles = self._title_closeness([(row[0], row[1]) for row in matched if "title" in row[3]])
        scored = []
        for doc_id, entry, mean, fields, words in matched:
            score = 100.0 * mean
            if self._compares:
                closeness = titles.get(doc_id, 0.0)
                if "author" in fields:
                    closeness = max(closeness, self._name_closeness(words))
                score = 100.0 * ((1.0 - _CLOSENESS_SHARE) * mean + _CLOSENESS_SHARE * closeness)
            hit = Hit(doc_id, round(min(score, 100.0), 2), frozenset(fields))
            scored.append((-hit.score, -(entry.year or 0), -doc_id, hit))
        scored.sort(key=lambda row: row[:3])
        return [row[3] for row in scored]

    def _match(self, doc_id: int, entry: Entry) -> tuple[float, set[str], FieldWords] | None:
        """The mean quality of the clauses for one paper, the fields they matched in, and
        its words; None when some clause does not hold after all."""
        words = FieldWords(entry)
        total, fields = 0.0, set()
        for clause in self._clauses:
            quality, field = clause.quality(doc_id, entry, words)
            if quality <= 0.0:
                return None
            total += quality
            if field:
                fields.add(field)
        return (total / len(self._clauses) if self._clauses else 1.0), fields, words

    def _title_closeness(self, papers: list[tuple[int, Entry]]) -> dict[int, float]:
        """How closely the query reads as each paper's title (0..1), scored in one batch."""
        if not self._title_query or not papers:
            return {}
        titles = {doc_id: entry.title for doc_id, entry in papers}
        closeness = dict.fromkeys(titles, 0.0)
        # WRatio forgives extra title words (it scores a part of a long title as high as a
        # whole short one); token_sort_ratio does not, and breaks those ties.
        for scorer in (fuzz.WRatio, fuzz.token_sort_ratio):
            for _, score, doc_id in process.extract(
                self._title_query, titles, scorer=scorer, limit=None
            ):
                closeness[doc_id] += score / 200.0
        return closeness

    def _name_closeness(self, words: FieldWords) -> float:
        """1.0 when the query names a person of the paper by family and given name (or
        initial), half as much for the family name alone."""
        best = 0.0
        family_keys = self._family_keys
        for given, family in words.people():
            family_words = with_joined(family)
            if family_keys.isdisjoint(family_words):
                continue
            by_family = [w.best_in(family_words) for w in self._name_words]
            family_best = max(by_family)
            matched = by_family.index(family_best)
            given_best = max(
                (w.best_in(given) for i, w in enumerate(self._name_words) if i != matched),
                default=0.0,
            )
            closeness = (family_best + given_best) / 2 if given_best else family_best / 2
            best = max(best, closeness)
        return best
