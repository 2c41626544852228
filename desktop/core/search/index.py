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
import itertools
import math
from array import array
from collections.abc import Callable, Iterable
from typing import TypeVar

from desktop.core import gc_pause
from desktop.core.search.document import (
    IDENTIFIER_FIELDS,
    INDEXED_FIELDS,
    Entry,
    SearchDocument,
    caching_fold_short,
    caching_name_words,
)
from desktop.core.search.matching import (
    ClauseMatcher,
    Corpus,
    FullText,
    FullTextProbe,
    FullTextWithin,
    Probed,
    TermMatcher,
    restrict,
)
from desktop.core.search.postings import Postings
from desktop.core.search.query import Query
from desktop.core.search.ranking import Hit, Ranker
from desktop.core.search.vocabulary import Vocabulary

Key = TypeVar("Key")

# How many candidates are ranked with rapidfuzz, at least; more when a larger limit is asked
# (limit + a quarter). Ranking costs 15-30 microseconds a paper on every keystroke: at 200
# it was a third of a slow search; top-10 hits in the benchmark held at 120.
_RANKED_AT_LEAST = 120
# A clause whose postings hold more ids than this is not unioned whole: its best sources are
# taken first until enough candidates are found.
_UNION_LIMIT = 40_000
# Sources at or above this quality (exact and prefix title/author words) form the first tier.
_FIRST_TIER = 0.8


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
        with gc_pause.paused():
            for count, doc in enumerate(docs, start=1):
                for field, word in index._store(Entry.of(doc, fold), doc.id, split_name):
                    counts[word] = counts.get(word, 0) + 1
                    if field not in IDENTIFIER_FIELDS:
                        typo_counts[word] = typo_counts.get(word, 0) + 1
                if progress is not None and count % 1000 == 0:
                    progress(count)
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

    def upsert_many(self, docs: Iterable[SearchDocument]) -> None:
        """`upsert` for many papers (an import): names and labels folded once each, and
        the words new to the vocabulary sorted in together rather than one at a time."""
        fold, split_name = caching_fold_short(), caching_name_words()
        new: list[tuple[str, bool]] = []
        with gc_pause.paused():
            for doc in docs:
                self.remove(doc.id)
                for field, word in self._store(Entry.of(doc, fold), doc.id, split_name):
                    new.append((word, field not in IDENTIFIER_FIELDS))
        self._vocabulary.add_many(new)

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

    def search(
        self,
        query: Query,
        limit: int = 50,
        fulltext: FullText | None = None,
        fulltext_below: int | None = None,
        fulltext_within: FullTextWithin | None = None,
        fulltext_probe: FullTextProbe | None = None,
        *,
        fulltext_held: bool = False,
    ) -> list[Hit]:
        """The best `limit` papers for `query`, best first; [] for an empty query.

        Every clause must hold. Full text is asked for free words only when the short fields
        give fewer than `fulltext_below` hits (default: `limit`), since a paper found through
        its abstract ranks below the others anyway; `abstract:`, `note:` and negated free
        words always ask it. With `fulltext_within` and `fulltext_probe`, only the most
        selective clause asks full text over the whole library; the others are checked on
        the papers it allows (see `_load_fulltext`). Full text may know papers the index
        does not hold (in the trash): they are dropped, unless `fulltext_held` says the
        callbacks did so already.
        """
        if not fulltext_held:
            fulltext, fulltext_probe = self._held_only(fulltext, fulltext_probe)
        clauses = [ClauseMatcher(c, self._corpus) for c in query.clauses]
        clauses = [c for c in clauses if not c.empty]
        if limit <= 0 or not clauses:
            return []
        if fulltext is not None:
            for clause in clauses:
                for term in clause.negative:
                    term.load_fulltext(fulltext)
        size = max(_RANKED_AT_LEAST, limit + limit // 4)
        enough = limit if fulltext_below is None else min(limit, fulltext_below)
        asks_fulltext = fulltext is not None and _has_free_words(clauses)
        found: set[int] = set()
        if not (fulltext is not None and _has_fulltext_terms(clauses)):
            found = self._candidates(clauses, size)
            if not asks_fulltext or len(found) >= enough:
                hits = self._rank(clauses, self._shortlist(found, clauses, size), limit)
                if not asks_fulltext or len(hits) >= enough:
                    return hits
                found = {hit.doc_id for hit in hits}
        elif enough <= 0:
            for clause in clauses:  # free words: in the short fields only
                for term in clause.positive:
                    if term.term.field is None:
                        term.use_fulltext(set())
        # Too few papers hold every word in the short fields (or the query names abstracts
        # or notes): full text may find more. Those found already are ranked again with
        # it (their scores can only rise), so a paper found stays found, and no shortlist
        # is ranked twice.
        assert fulltext is not None
        _load_fulltext(clauses, fulltext, fulltext_within, fulltext_probe, size, len(self._entries))
        more = self._candidates(clauses, size) - found
        shortlist = list(found) + self._shortlist(more, clauses, size - len(found))
        return self._rank(clauses, shortlist, limit)

    def holding(self, ids: set[int]) -> set[int]:
        """Those of `ids` the index holds."""
        return ids & self._entries.keys()

    def _held_only(
        self, fulltext: FullText | None, probe: FullTextProbe | None
    ) -> tuple[FullText | None, FullTextProbe | None]:
        """The full-text callbacks, answering with papers the index holds only."""

        def held(text: str, field: str | None) -> set[int]:
            assert fulltext is not None
            return self.holding(fulltext(text, field))

        def held_probe(text: str, field: str | None, at_most: int) -> Probed:
            assert probe is not None
            probed = probe(text, field, at_most)
            ids = None if probed.ids is None else self.holding(probed.ids)
            return Probed(ids, probed.estimate, self.holding(probed.sample))

        return (
            None if fulltext is None else held,
            None if probe is None else held_probe,
        )

    def _rank(self, clauses: list[ClauseMatcher], shortlist: list[int], limit: int) -> list[Hit]:
        return Ranker(clauses, self._vocabulary).rank(shortlist, self._entries)[:limit]

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


#: Up to this many allowed papers, the other clauses are checked on all of them at once.
_CHECK_WITHIN_AT_MOST = 400
#: A term whose full text holds more papers than this is "common": its answer is not read
#: whole unless that is estimated to cost less than checking papers for it.
_COMMON = 2_000
#: Checking a paper's abstract costs about as much as reading this many ids from full text.
_WITHIN_COST = 32
#: Papers checked at a time when only enough of the allowed ones are wanted.
_CHECK_CHUNK = 250


def _load_fulltext(
    clauses: list[ClauseMatcher],
    fulltext: FullText,
    within: FullTextWithin | None,
    probe: FullTextProbe | None,
    wanted: int,
    papers: int,
) -> None:
    """Let every clause match through abstracts and notes too.

    A common word can be in most abstracts, and reading all those ids costs far more than
    the rest of a search. So each term's full-text answer is first probed (read only while
    it is small, else estimated); the clause allowing the fewest papers goes first, and the
    others are only checked on the papers it allows (see `_check_on`).
    """
    positive = [c for c in clauses if not c.only_negative]
    if not positive or within is None or probe is None:
        for clause in clauses:
            clause.load_fulltext(fulltext)
        return
    estimates: dict[TermMatcher, int] = {}
    samples: dict[TermMatcher, set[int]] = {}

    def size(clause: ClauseMatcher) -> int:
        """About how many papers the clause allows, full text included."""
        for term in _pending(clause):
            probed = probe(term.term.text, term.fulltext_field, _COMMON)
            if probed.ids is None:
                estimates[term] = probed.estimate
                samples[term] = probed.sample
            else:
                term.load_fulltext(_answering(probed.ids))
        return clause.cost() + sum(estimates.get(term, 0) for term in clause.positive)

    positive.sort(key=size)
    first = positive[0]
    if len(clauses) == 1 and not first.negative and wanted <= _COMMON:
        # Nothing else to satisfy: the papers a probe read are as good as any others
        # holding the word only in their abstracts (those rank alike).
        for term in _pending(first):
            term.use_fulltext(samples[term])
        return
    first.load_fulltext(fulltext)  # complete already unless it has a common word
    allowed: set[int] = set()
    for _, ids in first.sources():
        allowed.update(ids)
    others = [c for c in positive if c is not first]
    for clause in clauses:
        if clause.only_negative:
            clause.load_fulltext(fulltext)  # a paper is excluded wherever the word is
    _check_on(allowed, others, fulltext, within, estimates, wanted, max(papers, 1))


def _pending(clause: ClauseMatcher) -> list[TermMatcher]:
    """The clause's terms that may match through full text and have not asked it yet."""
    return [t for t in clause.positive if t.wants_fulltext and t.fulltext_ids is None]


def _check_on(
    allowed: set[int],
    others: list[ClauseMatcher],
    fulltext: FullText,
    within: FullTextWithin,
    estimates: dict[TermMatcher, int],
    wanted: int,
    papers: int,
) -> None:
    """Give the other clauses' free words their full-text matches among `allowed`.

    Few allowed papers are all checked. Among many, a word whose full text is estimated
    to be cheaper to read than the papers to check is read whole; the remaining (common)
    words are checked on the allowed papers that the other clauses hold most for first,
    and checking stops once `wanted` papers satisfy every clause: as when candidates are
    gathered, papers past that point that match only through their abstracts would rank
    with the ones found, not above them.
    """
    # A clause whose words are all known already (short fields, rare words) must hold:
    # only the allowed papers it holds for can become hits, and only those need checking.
    waiting = []
    for clause in others:
        if _pending(clause):
            waiting.append(clause)
        else:
            allowed = clause.restrict(allowed)
    pending = [term for clause in waiting for term in _pending(clause)]
    # Common words are read whole while that is estimated to cost less than checking the
    # papers it would take to find `wanted` hits (every such word lets only its share of
    # the papers through); reading one narrows the allowed papers for the next.
    pending.sort(key=lambda term: estimates.get(term, 0))
    while pending and len(allowed) > _CHECK_WITHIN_AT_MOST:
        shares = [min(1.0, estimates.get(term, 0) / papers) for term in pending]
        to_check = min(len(allowed), wanted / max(math.prod(shares), 1e-6))
        term = pending[0]
        if estimates.get(term, 0) > _WITHIN_COST * to_check:
            break  # the others hold more still
        term.use_fulltext(fulltext(term.term.text, term.fulltext_field) & allowed)
        pending.pop(0)
        for clause in [c for c in waiting if term in c.positive and not _pending(c)]:
            allowed = clause.restrict(allowed)
            waiting.remove(clause)
    if not pending:
        return
    queries = [(term.term.text, term.fulltext_field) for term in pending]
    if len(allowed) <= _CHECK_WITHIN_AT_MOST:
        for term, ids in zip(pending, within(queries, allowed), strict=True):
            term.use_fulltext(ids)
        return
    # Papers a waiting clause holds for already (by short fields or rare words) come first.
    held = set().union(*(clause.positive_holding(allowed) for clause in waiting))
    # The rest in the set's own order: sorting tens of thousands of ids would cost more
    # than the one or two chunks usually checked.
    ranked = itertools.chain(sorted(held), allowed - held)
    matched: list[set[int]] = [set() for _ in pending]
    satisfied = 0
    while chunk := set(itertools.islice(ranked, _CHECK_CHUNK)):
        for so_far, new in zip(matched, within(queries, chunk), strict=True):
            so_far |= new
        for term, so_far in zip(pending, matched, strict=True):
            term.use_fulltext(so_far)
        # A paper's words are all checked with its chunk: what it satisfies is known.
        satisfied += len(_apply(chunk, waiting))
        if satisfied >= wanted:
            return


def _answering(found: set[int]) -> FullText:
    """A full-text callback giving an answer already known."""

    def known(_text: str, _field: str | None) -> set[int]:
        return found

    return known


def _has_fulltext_terms(clauses: list[ClauseMatcher]) -> bool:
    """Whether some term asks for abstracts or notes by name (`abstract:`, `note:`)."""
    return any(t.fulltext_field is not None for clause in clauses for t in clause.positive)


def _has_free_words(clauses: list[ClauseMatcher]) -> bool:
    return any(term.wants_fulltext for clause in clauses for term in clause.positive)
