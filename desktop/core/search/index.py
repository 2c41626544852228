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

import dataclasses
import functools
import itertools
from array import array
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

from desktop.core.runtime import gc_pause
from desktop.core.search import gathering, planning, postings
from desktop.core.search.document import (
    INDEXED_FIELDS,
    LABELS,
    NO_TYPO_FIELDS,
    Entry,
    SearchDocument,
    caching_fold_short,
    caching_name_words,
    folded_label,
    label_words,
)
from desktop.core.search.gathering import ByField
from desktop.core.search.held import HeldIds
from desktop.core.search.matching import (
    ClauseMatcher,
    Corpus,
    FullText,
    FullTextPlanning,
    Probed,
    Source,
    holding_every,
    restrict,
)
from desktop.core.search.postings import Postings
from desktop.core.search.query import Query, parse
from desktop.core.search.ranking import Hit, NamedPerson, Ranker
from desktop.core.search.vocabulary import Vocabulary

Key = TypeVar("Key")

# How many candidates are ranked with rapidfuzz, at least; more when a larger limit is asked
# (limit + a quarter). Ranking costs 15-30 microseconds a paper on every keystroke: at 200
# it was a third of a slow search; top-10 hits in the benchmark held at 120.
_RANKED_AT_LEAST = 120
# How many papers full text is asked to find, at least; more when a larger limit is asked
# (limit + a quarter). Not `_RANKED_AT_LEAST`: checking abstracts for 120 papers where the
# 62 a limit of 50 needs would do doubled the costliest step of a typed prefix's search (at
# 100k, science-shaped: prefix typed p95 33 -> 24 ms; every kind's right top 10 the same
# in all three benchmark libraries, agreement with ranking every match 0-3 points lower).
_FOUND_IN_FULL_TEXT_AT_LEAST = 60
# A word beginning more indexed words than this is too short for `prefix_share` to add up.
_SHARE_FROM_WORDS_AT_MOST = 200
# A clause whose postings hold more ids than this is not unioned whole: its best sources are
# taken first until enough candidates are found.
_UNION_LIMIT = 40_000
# Papers whose words a build or `upsert_prepared` gathers before posting them (a few MB of
# lists).
_POSTED_TOGETHER = 5000
# The most equal candidates a shortlist looks through for the person a query names (at
# 100k papers, 5-7 microseconds a paper holding the family name: their names are far apart
# in memory). At most 2.5 ms; the science-shaped benchmark's largest were 265 and 369.
_PERSON_AMONG_AT_MOST = 400
# Sources at or above this quality (exact and prefix title/author words) form the first tier.
_FIRST_TIER = 0.8


class Prepared(NamedTuple):
    """A paper ready to go into the index (see `SearchIndex.prepare`)."""

    id: int
    entry: Entry


class Preparing:
    """Papers on their way into the index (an import's): added as they are stored, and
    prepared (see `SearchIndex.prepare`) a part at a time while the import waits for what
    it reads, the rest at its end. A paper is held as a document or prepared, not both
    (100k papers prepared while the reading helper still held its part made the two
    processes together pass 1 GB); the names, venues and labels folded are remembered
    from one part to the next."""

    def __init__(self) -> None:
        self._waiting: list[SearchDocument] = []
        self._prepared: list[Prepared] = []
        self._fold = caching_fold_short()

    def __len__(self) -> int:
        return len(self._waiting) + len(self._prepared)

    def add(self, docs: Iterable[SearchDocument]) -> None:
        self._waiting += docs

    def left(self) -> bool:
        """Whether some papers are not prepared yet."""
        return bool(self._waiting)

    def prepare(self, at_most: int | None = None) -> list[Prepared]:
        """Prepare the next `at_most` papers (by default all that are left); the papers
        prepared so far, in the order they were added."""
        taken = self._waiting if at_most is None else self._waiting[:at_most]
        fold = self._fold
        with gc_pause.paused():
            self._prepared += [Prepared(doc.id, Entry.of(doc, fold)) for doc in taken]
        del self._waiting[: len(taken)]
        return self._prepared


def _a_quarter_more(limit: int, *, at_least: int) -> int:
    """A quarter more papers than `limit`, and no fewer than `at_least`: how many a search
    ranks, and how many it asks full text to find."""
    return max(at_least, limit + limit // 4)


@dataclass(frozen=True)
class _Wanted:
    """How many hits a search gives (`limit`), ranks (`size`), and finds in the short fields
    before it asks full text (`enough`)."""

    limit: int
    size: int
    enough: int


class SearchIndex:
    """Words, people and labels of every paper, for fuzzy search as the user types."""

    def __init__(self) -> None:
        # Entries are held as plain tuples: the garbage collector stops tracking those (an
        # Entry, a tuple subclass, it would walk at every full collection).
        self._entries: dict[int, tuple[object, ...]] = {}
        self._held = HeldIds(self._entries.keys())
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
        """An index of `docs` (the last of any id given twice); `progress(count)` is called
        every 1000 papers.

        Read a part at a time, each part's words gathered and posted together as an import
        posts them: 100k papers in 2.4-2.7 s against 2.8-3.2 paper by paper, each list grown
        in place (science-shaped, 3.5-3.6 against 3.8-4.7), for 13 MB more left with the
        process (what the gathered lists took stays with it once freed; gathering all 100k
        papers at once, 36 MB)."""
        index = cls()
        late: list[SearchDocument] = []
        # Building makes millions of small lists that all live on; the cyclic garbage
        # collector would walk them again and again (it doubled the build time).
        with gc_pause.paused():
            parts = _parts_in_order(docs, late, progress)
            new = index._add_new(parts, caching_name_words())
        index._held.added_many(sorted(index._entries))
        index._vocabulary.load(new)
        if late:
            index.upsert_many(late)
        return index

    def __len__(self) -> int:
        return len(self._entries)

    def knows(self, word: str) -> bool:
        """Whether a typed (folded) word matches some indexed word: exactly, as a prefix or
        within its typo budget."""
        return bool(self._vocabulary.expand(word).quality)

    def nearest_word(self, word: str) -> str | None:
        """The indexed word most like `word` (see `Vocabulary.nearest`)."""
        return self._vocabulary.nearest(word)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._entries

    def upsert(self, doc: SearchDocument) -> None:
        """Add a paper, or replace what the index knows of it."""
        self.remove(doc.id)
        entry = Entry.of(doc)
        for field, word in self._store(entry, doc.id, entry.all_words()):
            self._vocabulary.add(word, typos=field not in NO_TYPO_FIELDS)
        self._held.added_many([doc.id])

    def relabel(self, labels: Mapping[int, Mapping[str, str | Sequence[str]]]) -> None:
        """Give papers new labels (some of `LABELS`, as a document holds them), by paper
        id: what a bulk action changes, without the rest of each paper read again or
        compared. Papers it does not hold (in the trash, or gone) are passed over.

        Many papers share their labels before and after (a tag given to all), so each
        distinct label is folded, and each distinct change split into words, once.
        """
        fold = caching_fold_short()
        folded: dict[tuple[str, str | tuple[str, ...]], str | tuple[str, ...]] = {}
        changes: dict[tuple[str, object, object], tuple[list[str], set[str]]] = {}
        gained: ByField = {}
        lost: ByField = {}
        entries = self._entries
        with gc_pause.paused():
            for paper_id in sorted(labels):
                held = entries.get(paper_id)
                if held is None:
                    continue
                row: list[object] | None = None
                for name, given in labels[paper_id].items():
                    value = given if isinstance(given, str) else tuple(given)
                    new = folded.get((name, value))
                    if new is None:
                        new = folded[name, value] = folded_label(name, value, fold)
                    at = _LABEL_AT[name]
                    old = held[at]
                    if old == new:
                        continue
                    if row is None:
                        row = list(held)
                    row[at] = new
                    change = changes.get((name, old, new))
                    if change is None:
                        change = changes[name, old, new] = _label_change(old, new)
                    field = _LABEL_FIELDS[name]
                    gathering.gather(gained, field, paper_id, words=change[0])
                    gathering.gather(lost, field, paper_id, words=change[1])
                if row is not None:
                    entries[paper_id] = tuple(row)
            self._vocabulary.add_many(self._post(gained, lost))

    def upsert_many(self, docs: Iterable[SearchDocument]) -> None:
        """`upsert` for many papers (an import)."""
        self.upsert_prepared(SearchIndex.prepare(docs))

    @staticmethod
    def prepare(docs: Iterable[SearchDocument]) -> list[Prepared]:
        """The work `upsert_many` does on each paper before touching the index: its entry,
        names and labels folded once each. Reads nothing of the index: another thread may
        do it while the library writes. (Its words are split later, as the index takes
        it: held for 100k papers at once they would take 400 MB.)"""
        preparing = Preparing()
        preparing.add(docs)
        return preparing.prepare()

    def upsert_prepared(self, papers: Iterable[Prepared]) -> None:
        """Add or replace prepared papers (the last of any id given twice).

        Each word's papers are gathered first and posted together: posting paper by paper,
        word by word, cost an import of 100k papers 2.5 s of the interpreter's time; words
        new to the vocabulary are sorted in together. A paper the index holds already
        changes only the words it gained or lost (a tag given to every paper touches no
        title word), each word's list once for them all: taking 20k papers off and putting
        them back word by word took 45 s.
        """
        latest = {doc_id: entry for doc_id, entry in papers}
        ordered = sorted(latest)  # so that each word's papers come in order
        split_name = caching_name_words()
        with gc_pause.paused():
            held = [(doc_id, latest[doc_id]) for doc_id in ordered if doc_id in self._entries]
            fresh = [(doc_id, latest[doc_id]) for doc_id in ordered if doc_id not in self._entries]
            parts = (
                fresh[at : at + _POSTED_TOGETHER] for at in range(0, len(fresh), _POSTED_TOGETHER)
            )
            new = self._add_new(parts, split_name) + self._change(held, split_name)
        self._held.added_many(ordered)
        self._vocabulary.add_many(new)

    def _add_new(
        self,
        parts: Iterable[list[tuple[int, Entry]]],
        split_name: Callable[[str], list[str]],
    ) -> list[tuple[str, bool]]:
        """Hold and post papers the index does not hold, given in parts, all in ascending
        id order; the words new to the index, as `_post` gives them."""
        gathered = gathering.NewPapers(split_name)
        new: list[tuple[str, bool]] = []
        for part in parts:
            for doc_id, entry in part:
                self._hold(entry, doc_id)
            new += self._post(gathered.own_words(part), {})
        return new + self._post(gathered.shared_words(), {})

    def _change(
        self, papers: list[tuple[int, Entry]], split_name: Callable[[str], list[str]]
    ) -> list[tuple[str, bool]]:
        """Give papers the index holds their new entries, in ascending id order: each
        changes the words it gained or lost. The words new to the index, as `_post` gives."""
        new: list[tuple[str, bool]] = []
        for start in range(0, len(papers), _POSTED_TOGETHER):
            gained: ByField = {}
            lost: ByField = {}
            for doc_id, entry in papers[start : start + _POSTED_TOGETHER]:
                held = self._entries[doc_id]
                if held == entry:
                    continue
                before = Entry._make(held)
                self._rehold(before, entry, doc_id)
                fields = _labels_changed(before, entry)
                if fields is None:  # more than labels: every field compared
                    was, now = before.all_words(split_name), entry.all_words(split_name)
                else:
                    was, now = _words_of(before, fields), _words_of(entry, fields)
                gathering.changed(was, now, doc_id, gained=gained, lost=lost)
            new += self._post(gained, lost)
        return new

    def _post(self, gained: ByField, lost: ByField) -> list[tuple[str, bool]]:
        """Take papers off the words they lost and put them on those they gained; the
        words new to the index (with whether typos may reach them), to be added to the
        vocabulary (words no paper holds any more leave it here)."""
        for field, by_word in lost.items():
            for word in self._postings[field].remove_many(by_word):
                self._vocabulary.discard(word, typos=field not in NO_TYPO_FIELDS)
        new: list[tuple[str, bool]] = []
        for field, by_word in gained.items():
            typos = field not in NO_TYPO_FIELDS
            new += [(word, typos) for word in self._postings[field].add_many(by_word)]
        return new

    def _rehold(self, before: Entry, entry: Entry, doc_id: int) -> None:
        """Hold `entry` in place of `before`: listed again by year and title length only
        when those changed (taking a paper off a long list costs a pass through it)."""
        if before.year != entry.year:
            _discard(self._years, before.year, doc_id)
            postings.add_sorted(self._years.setdefault(entry.year, array("i")), doc_id)
        length = _title_length(entry)
        if _title_length(before) != length:
            _discard(self._by_title_length, _title_length(before), doc_id)
            postings.add_sorted(self._by_title_length.setdefault(length, array("i")), doc_id)
        self._entries[doc_id] = tuple(entry)

    def remove(self, doc_id: int) -> None:
        """Forget a paper (nothing happens if the index does not hold it)."""
        self.remove_many([doc_id])

    def remove_many(self, doc_ids: Iterable[int]) -> None:
        """Forget papers (those the index does not hold are passed over); each list they
        are on is gone through once for them all."""
        lost: ByField = {}
        years: defaultdict[int | None, list[int]] = defaultdict(list)
        lengths: defaultdict[int, list[int]] = defaultdict(list)
        for doc_id in sorted(doc_ids):
            held = self._entries.pop(doc_id, None)
            if held is None:
                continue
            self._held.removed(doc_id)
            entry = Entry._make(held)
            years[entry.year].append(doc_id)
            lengths[_title_length(entry)].append(doc_id)
            for field, words in entry.all_words():
                gathering.gather(lost, field, doc_id, words=words)
        _discard_many(self._years, years)
        _discard_many(self._by_title_length, lengths)
        for field, by_word in lost.items():
            for word in self._postings[field].remove_many(by_word):
                self._vocabulary.discard(word, typos=field not in NO_TYPO_FIELDS)

    def _store(
        self, entry: Entry, doc_id: int, words_by_field: list[tuple[str, Collection[str]]]
    ) -> list[tuple[str, str]]:
        """Hold `entry` and post its words (`entry.all_words()`); return (field, word) for
        words new to a field."""
        self._hold(entry, doc_id)
        new = []
        for field, words in words_by_field:
            new += [(field, word) for word in self._postings[field].add(doc_id, words)]
        return new

    def _hold(self, entry: Entry, doc_id: int) -> None:
        """Hold `entry`, and list the paper by its year and title length."""
        self._entries[doc_id] = tuple(entry)
        postings.add_sorted(self._years.setdefault(entry.year, array("i")), doc_id)
        length = _title_length(entry)
        postings.add_sorted(self._by_title_length.setdefault(length, array("i")), doc_id)

    def search(  # noqa: PLR0913 -- the full-text callbacks and hints are all optional
        self,
        query: Query,
        limit: int | None = 50,
        *,
        fulltext: FullText | None = None,
        fulltext_below: int | None = None,
        fulltext_planning: FullTextPlanning | None = None,
        fulltext_held: bool = False,
        among: Collection[int] | None = None,
    ) -> list[Hit]:
        """The best `limit` papers for `query` (every match when None), best first; [] for
        an empty query. With `among`, only those papers can be hits (a sidebar view's).

        Every clause must hold. Full text is asked for free words only when the short fields
        give fewer than `fulltext_below` hits (default: `limit`), since a paper found through
        its abstract ranks below the others anyway, or when the query names abstracts or
        notes (`abstract:`, `note:`), which always ask it, as negated free words do. With
        `fulltext_planning`, only the most selective clause asks full text over the whole
        library; the others are checked on the papers it allows (see
        `planning.load_fulltext`). Full text may know papers the index does not hold (in
        the trash): they are dropped, unless `fulltext_held` says the callbacks did so.
        """
        if not fulltext_held:
            fulltext, fulltext_planning = self._held_only(fulltext, fulltext_planning)
        if limit is None:  # more than the index holds, so that no step stops early
            limit = len(self._entries) + 1
        pool = None if among is None else self.holding(set(among))
        clauses = [ClauseMatcher(c, self._corpus, query.typing) for c in query.clauses]
        clauses = [c for c in clauses if not c.empty]
        if limit <= 0 or not clauses:
            return []
        size = _a_quarter_more(limit, at_least=_RANKED_AT_LEAST)
        if fulltext is None:
            found = self._candidates(clauses, size, pool)
            return self._rank(clauses, self._shortlist(found, clauses, size), limit)
        planning.ask_negated(clauses, fulltext, fulltext_planning)
        if pool is not None and fulltext_planning is not None:
            # Papers holding every word, found over the whole library, are of no use to a
            # search among a few: they would rarely be among them.
            fulltext_planning = dataclasses.replace(fulltext_planning, every=None)
        enough = limit if fulltext_below is None else min(limit, fulltext_below)
        return self._search_with_fulltext(
            clauses,
            _Wanted(limit, size, enough),
            fulltext=fulltext,
            planned=fulltext_planning,
            pool=pool,
        )

    def _search_with_fulltext(
        self,
        clauses: list[ClauseMatcher],
        wanted: _Wanted,
        *,
        fulltext: FullText,
        planned: FullTextPlanning | None,
        pool: set[int] | None,
    ) -> list[Hit]:
        """`search` where full text may be asked: the short fields first, unless the query
        names abstracts or notes, and full text once they give fewer than `wanted.enough`
        hits; only papers of `pool`, when given."""
        limit, size, enough = wanted.limit, wanted.size, wanted.enough
        asks_fulltext = _has_free_words(clauses)
        found: set[int] = set()
        if not _has_fulltext_terms(clauses):
            found = self._candidates(clauses, size, pool)
            if not asks_fulltext or len(found) >= enough:
                hits = self._rank(clauses, self._shortlist(found, clauses, size), limit)
                if not asks_fulltext or len(hits) >= enough:
                    return hits
                found = {hit.doc_id for hit in hits}
        elif enough <= 0:
            _free_words_in_short_fields_only(clauses)
        # Too few papers hold every word in the short fields (or the query names abstracts
        # or notes): full text may find more. Those found already are ranked again with
        # it (their scores can only rise), so a paper found stays found, and no shortlist
        # is ranked twice.
        planning.load_fulltext(
            clauses,
            fulltext,
            planned=planned,
            wanted=_a_quarter_more(limit, at_least=_FOUND_IN_FULL_TEXT_AT_LEAST),
            papers=len(self._entries),
        )
        more = self._candidates(clauses, size, pool) - found
        shortlist = list(found) + self._shortlist(more, clauses, size - len(found))
        return self._rank(clauses, shortlist, limit)

    def holding(self, ids: set[int]) -> set[int]:
        """Those of `ids` the index holds."""
        return ids & self._entries.keys()

    def common_initials(self, most: int) -> list[str]:
        """The `most` characters that begin the most indexed words (an alphabet's worth
        for `prepare_letter`), commonest first."""
        return self._vocabulary.common_initials(most)

    def prepare_letter(self, letter: str) -> None:
        """Make what a search for the one letter asks of the index and keeps until the
        words beginning with it change (the words it stands for, the papers with one of
        them: 15-25 ms for a common letter at 100k papers), so that the first keystroke
        after a change finds it made."""
        parsed = parse(letter)
        for clause in parsed.clauses:
            ClauseMatcher(clause, self._corpus, parsed.typing).sources()

    def prefix_share(self, word: str) -> float:
        """About how many times more papers hold a word beginning with `word` than `word`
        itself, as their titles tell (at least 1): full text answers a word for every word
        it begins, but a probe reads the word alone (`problem`: `problems` triples it)."""
        titles = self._postings["title"]
        exact = titles.get(word)
        longer = self._vocabulary.starting_with(word)
        if not exact or len(longer) > _SHARE_FROM_WORDS_AT_MOST:
            return 1.0
        return max(1.0, sum(len(titles.get(w) or ()) for w in longer) / len(exact))

    def held(self) -> HeldIds:
        """The ids of the papers the index holds (live: not to be kept)."""
        return self._held

    def _held_only(
        self, fulltext: FullText | None, planned: FullTextPlanning | None
    ) -> tuple[FullText | None, FullTextPlanning | None]:
        """The full-text callbacks, answering with papers the index holds only."""

        def held(text: str, field: str | None) -> set[int]:
            assert fulltext is not None
            return self.holding(fulltext(text, field))

        def held_probe(text: str, field: str | None, at_most: int) -> Probed:
            assert planned is not None
            probed = planned.probe(text, field, at_most)
            ids = None if probed.ids is None else self.holding(probed.ids)
            return Probed(ids, probed.estimate, self.holding(probed.sample))

        def held_every(
            groups: list[list[tuple[str, str | None]]],
            wanted: int,
            usable: Callable[[list[int]], list[int]],
        ) -> list[int]:
            assert planned is not None and planned.every is not None
            held = self._entries.keys()
            return planned.every(groups, wanted, lambda ids: usable([i for i in ids if i in held]))

        return (
            None if fulltext is None else held,
            None
            if planned is None
            else FullTextPlanning(
                planned.within, held_probe, None if planned.every is None else held_every
            ),
        )

    def _rank(self, clauses: list[ClauseMatcher], shortlist: list[int], limit: int) -> list[Hit]:
        return Ranker(clauses, self._vocabulary).rank(shortlist, self._entries)[:limit]

    def _candidates(
        self, clauses: list[ClauseMatcher], wanted: int, pool: set[int] | None = None
    ) -> set[int]:
        """Papers (of `pool`, when given: all of them) for which every clause holds; when the
        cheapest clause is too large to union whole, only as many of its best sources as
        give `wanted` papers."""
        # Only a clause without negated alternatives can lead: `zeta OR -bar` also holds
        # for papers that none of its sources list.
        leading = sorted((c for c in clauses if c.only_positive), key=ClauseMatcher.cost)
        if not leading and pool is None and all(c.only_negative for c in clauses):
            return self._newest_holding(clauses, wanted)
        if not leading:
            return holding_every(set(self._entries) if pool is None else pool, clauses)
        driver = leading[0]
        # The others narrow the driver's papers cheapest first, clauses of only negated
        # words last (as before a clause with negated alternatives was kept from leading).
        rest = sorted(
            (c for c in clauses if c is not driver and not c.only_negative), key=ClauseMatcher.cost
        ) + [c for c in clauses if c.only_negative]
        if pool is not None:
            # A view's papers, however many the leading clause lists: narrowing them clause
            # by clause reads no posting list whole that a paper's own words can answer.
            return holding_every(pool, [driver, *rest])
        sources = driver.sources()
        if driver.cost() <= _UNION_LIMIT:
            return holding_every(set().union(*(ids for _, ids in sources)), rest)
        budget = 4 * wanted
        while True:
            taken: set[int] = set()
            for _, ids in sources:
                # Equal matches past the budget are left out: any of them would do as well.
                taken.update(ids[: budget - len(taken)] if isinstance(ids, array) else ids)
                if len(taken) >= budget:
                    break
            complete = len(taken) < budget
            found = holding_every(taken, rest)
            if complete or len(found) >= wanted:
                return found
            budget *= 8

    def _newest_holding(self, clauses: list[ClauseMatcher], wanted: int) -> set[int]:
        """For a query of only exclusions (`-survey -review`), which every other paper holds
        equally well: the `wanted` newest that hold it, the ones ranking puts first, checked
        a growing batch at a time instead of all papers against every word (40 exclusions
        took 0.2 s at 100k)."""
        found: list[int] = []
        batch = 4 * wanted
        newest_first = self._newest_first()
        while len(found) < wanted:
            taken = list(itertools.islice(newest_first, batch))
            if not taken:
                break
            holding = holding_every(set(taken), clauses)
            found += [doc_id for doc_id in taken if doc_id in holding]
            batch *= 4
        return set(found[:wanted])

    def _newest_first(self) -> Iterator[int]:
        """Every paper, newest year first (papers without a year last), higher ids first."""
        for year in sorted(self._years, key=lambda y: -(y or 0)):
            yield from sorted(self._years[year], reverse=True)

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
        person = _Person(clauses, self._corpus)
        chosen = self._shortest(first, size, person)
        if len(chosen) < size:
            chosen += self._closest(candidates - first, clauses, size - len(chosen), person=person)
        return chosen

    def _closest(
        self, ids: set[int], clauses: list[ClauseMatcher], size: int, *, person: _Person
    ) -> list[int]:
        """`size` of `ids` (which some clause matches only by a typo or in a lesser field),
        those whose matches are best on average first, then (`_shortest`) those by the
        person the query names and those with the fewest title words: `noskov` wants
        Nørskov's papers before Uskov's, however short their titles."""
        if len(ids) <= size:
            return list(ids)
        # Only clauses that match somewhere by a typo (or in a lesser field) tell these
        # papers apart; a prefix's thousands of completions (`l`) would only cost time.
        every = [clause.sources() for clause in clauses if clause.positive]
        weighing = [s for s in every if any(q < _FIRST_TIER for q, _ in s)] or every
        tiers: dict[float, set[int]] = {}
        if len(weighing) == 1:  # one word to weigh: its sources are the tiers
            for quality, found in _best_quality(weighing[0], ids):
                tiers.setdefault(round(quality, 6), set()).update(found)
        else:
            total = dict.fromkeys(ids, 0.0)
            for sources in weighing:
                for quality, found in _best_quality(sources, ids):
                    for doc_id in found:
                        total[doc_id] += quality
            for doc_id, quality in total.items():
                tiers.setdefault(round(quality, 6), set()).add(doc_id)
        chosen: list[int] = []
        for quality in sorted(tiers, reverse=True):
            chosen += self._shortest(tiers[quality], size - len(chosen), person)
            if len(chosen) >= size:
                break
        return chosen

    def _shortest(self, ids: set[int], size: int, person: _Person | None = None) -> list[int]:
        """`size` of `ids`: those by the `person` the query names first, then those with
        the fewest title words."""
        if len(ids) <= size:
            return list(ids)
        theirs = set() if person is None else person.papers_among(ids)
        if theirs:
            first = self._shortest(theirs, size)
            if len(first) < size:
                first += self._shortest(ids - theirs, size - len(first))
            return first
        chosen: list[int] = []
        for length in sorted(self._by_title_length):
            chosen += postings.common(ids, self._by_title_length[length])
            if len(chosen) >= size:
                break
        return chosen[:size]


class _Person:
    """The person a query may name (`ranking.NamedPerson`), made only once a shortlist has
    to leave equal candidates out."""

    def __init__(self, clauses: list[ClauseMatcher], corpus: Corpus) -> None:
        self._clauses = clauses
        self._corpus = corpus

    @functools.cached_property
    def _named(self) -> NamedPerson | None:
        names = self._corpus.postings["author"].words()
        return NamedPerson.of(self._clauses, self._corpus.vocabulary, names)

    def papers_among(self, ids: set[int]) -> set[int]:
        """Those of `ids` with the person among their people; none when nobody is named, or
        when they are too many to look at (`_PERSON_AMONG_AT_MOST`)."""
        if len(ids) > _PERSON_AMONG_AT_MOST or self._named is None:
            return set()
        named = self._named
        # Only papers with one of the family names and one of the given names (on anyone)
        # are looked at: for a title's words that could be names, usually none.
        people = self._corpus.postings["author"]
        near = _holding_any(ids, named.families, people)
        if named.given_names is not None:
            near = _holding_any(near, named.given_names, people)
        holds, entries = named.holds, self._corpus.entries
        return {doc_id for doc_id in near if holds(entries[doc_id][_AUTHORS])}  # type: ignore[arg-type]


def _holding_any(ids: set[int], words: Iterable[str], posted: Postings) -> set[int]:
    """Those of `ids` that hold one of the words."""
    found: set[int] = set()
    for word in words:
        found |= postings.common(ids, posted.get(word) or ())
    return found


#: Where an entry tuple holds its people.
_AUTHORS = Entry._fields.index("authors")


def _best_quality(sources: list[Source], ids: set[int]) -> Iterator[tuple[float, set[int]]]:
    """`ids` in groups by the best quality a source (best first) gives them; those no
    source holds (matched through full text) last, at 0."""
    waiting = set(ids)
    for quality, held in sources:
        if not waiting:
            return
        found = postings.common(waiting, held)
        waiting -= found
        yield quality, found
    yield 0.0, waiting


def _title_length(entry: Entry) -> int:
    return min(entry.title.count(" ") + 1, 40) if entry.title else 0


def _parts_in_order(
    docs: Iterable[SearchDocument],
    late: list[SearchDocument],
    progress: Callable[[int], None] | None,
) -> Iterator[list[tuple[int, Entry]]]:
    """`docs` as (id, entry) in parts of `_POSTED_TOGETHER`, each id above the one before;
    a paper whose id is not (given out of order, or again) goes to `late`, to be put in
    afterwards. The database gives papers in id order. `progress(count)` every 1000."""
    fold = caching_fold_short()
    part: list[tuple[int, Entry]] = []
    last: int | None = None
    for count, doc in enumerate(docs, start=1):
        if last is not None and doc.id <= last:
            late.append(doc)
        else:
            part.append((doc.id, Entry.of(doc, fold)))
            last = doc.id
            if len(part) == _POSTED_TOGETHER:
                yield part
                part = []
        if progress is not None and count % 1000 == 0:
            progress(count)
    if part:
        yield part


def _discard(lists: dict[Key, array[int]], key: Key, doc_id: int) -> None:
    """Remove `doc_id` from the list under `key`, and the key once its list is empty."""
    _discard_many(lists, {key: [doc_id]})


def _discard_many(lists: dict[Key, array[int]], taken: dict[Key, list[int]]) -> None:
    """Remove the ids (ascending) under each key from its list, and the keys left empty."""
    for key, ids in taken.items():
        held = lists.get(key)
        if held is None:
            continue
        postings.take_sorted(held, ids)
        if not held:
            del lists[key]


#: The entry's labels (given to many papers at once: a tag, a list, a status) and the
#: fields their words are indexed under.
_LABEL_FIELDS = {"tags": "tag", "lists": "list", "status": "status", "keywords": "keyword"}
assert set(_LABEL_FIELDS) == set(LABELS)
#: Where each label is in an entry's tuple.
_LABEL_AT = {name: Entry._fields.index(name) for name in LABELS}


def _label_change(old: object, new: object) -> tuple[list[str], set[str]]:
    """The words a label's change from `old` to `new` (folded) gives, and takes away."""
    assert isinstance(old, str | tuple) and isinstance(new, str | tuple)
    was, now = set(label_words(old)), set(label_words(new))
    return [word for word in now if word not in was], was - now


def _labels_changed(before: Entry, after: Entry) -> list[str] | None:
    """The fields of the labels that changed, or None when something else changed too."""
    fields = []
    for name, old, new in zip(Entry._fields, before, after, strict=True):
        if old != new:
            field = _LABEL_FIELDS.get(name)
            if field is None:
                return None
            fields.append(field)
    return fields


def _words_of(entry: Entry, fields: list[str]) -> list[tuple[str, Collection[str]]]:
    """(field, distinct words) of these fields, as `Entry.all_words` gives them."""
    return [(field, set(entry.words_of(field))) for field in fields]


def _free_words_in_short_fields_only(clauses: list[ClauseMatcher]) -> None:
    for clause in clauses:
        for term in clause.positive:
            if term.term.field is None:
                term.use_fulltext(set())


def _has_fulltext_terms(clauses: list[ClauseMatcher]) -> bool:
    """Whether some term asks for abstracts or notes by name (`abstract:`, `note:`)."""
    return any(t.fulltext_field is not None for clause in clauses for t in clause.positive)


def _has_free_words(clauses: list[ClauseMatcher]) -> bool:
    return any(term.wants_fulltext for clause in clauses for term in clause.positive)
