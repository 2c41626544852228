"""The library's search: an in-memory index kept in step with every change, plus full text.

Built on first use (or by `build()` from a worker at start-up), then updated incrementally
from the library's change notifications; `refresh()` rebuilds it to see other processes'
changes. A lock lets a worker thread search while the GUI thread writes.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from array import array
from collections.abc import Callable, Collection
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TypeVar

from sqlalchemy import Connection, Engine

from desktop.core import folding
from desktop.core.runtime import gc_pause
from desktop.core.search import catalog, fulltext, query
from desktop.core.search.document import LABELS
from desktop.core.search.index import Prepared, Preparing, SearchIndex
from desktop.core.search.matching import FullTextPlanning, Probed
from desktop.core.storage import db

log = logging.getLogger(__name__)

#: Reads a build makes while changes come in, before it reads holding the lock.
_UNLOCKED_READS = 2
#: Full-text answers remembered while the user types (the words typed so far recur).
FULLTEXT_CACHE_SIZE = 64
#: A full-text answer of more ids than this is remembered as an array (see `_Remembered`).
_KEPT_AS_SET_AT_MOST = 2_000
#: After this many papers are taken in at once (an import), the first letters words most
#: often begin with are prepared in the background (`SearchIndex.prepare_letter`).
PREPARE_LETTERS_FROM = 1_000
#: From this many papers taken in at once, what lives then is kept out of collections
#: (`gc.freeze`), the papers' entries with it (see `_freeze_taken_in`).
_FROZEN_FROM = 5_000
#: How many first letters are prepared: an alphabet's worth.
_PREPARED_LETTERS = 32
#: The pause between two letters prepared, left to other threads.
_BETWEEN_LETTERS_S = 0.002
#: Libraries up to this size offer the nearest words when nothing matches (it scans every
#: word of the library: a few milliseconds here).
NEAREST_AT_MOST = 5_000


@dataclass(frozen=True)
class SearchHit:
    """A paper that matches a query, with its score (0..100, higher is better)."""

    paper_id: int
    score: float


class Searcher:
    """Search over one library's database."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._index: SearchIndex | None = None
        self._lock = threading.RLock()
        #: Full-text answers while the user types; forgotten on every change.
        self._remembered = _Remembered()
        #: Changes taken in so far (see `build`).
        self._changes = 0
        #: The thread preparing one-letter searches, if one was started.
        self.preparing: threading.Thread | None = None

    def _forget_answers(self) -> None:
        """Full-text answers are stale (notes or abstracts may have changed)."""
        self._remembered = _Remembered()

    def _changed(self) -> None:
        """Papers changed: answers are stale, and a build reading now may have missed it."""
        self._forget_answers()
        self._changes += 1

    def build(self, progress: Callable[[int], None] | None = None) -> None:
        """(Re)build the index from the database."""
        for _ in range(_UNLOCKED_READS):
            with self._lock:
                seen = self._changes
            index = self._read_index(progress)
            with self._lock:
                # A change taken in meanwhile (an import committing) may be missing from
                # what was read, and the old index it went into is about to go: read again.
                if self._changes == seen:
                    self._index = index
                    self._forget_answers()
                    return
        # Changes keep coming: one more read holding the lock, which they wait for (and
        # are then taken into the new index); searches wait for it too.
        with self._lock:
            self._index = self._read_index(progress)
            self._forget_answers()

    def _prepare_letters_after(self, taken: int) -> None:
        """After an import of `taken` papers (`PREPARE_LETTERS_FROM` or more), prepare the
        one-letter searches of the current index on a thread of its own: the first
        keystroke of a search is one letter, and the import has just made the index forget
        them (see `SearchIndex.prepare_letter`).

        A build makes them itself (`_read_index`), on its own thread: one more thread busy
        in Python as the window opens made the first keystrokes wait for the interpreter
        lock at each step (a keystroke typed as the index was built took 200 ms, not 40).
        """
        if taken < PREPARE_LETTERS_FROM:
            return
        with self._lock:
            index, changes = self._index, self._changes
        if index is None:
            return
        self.preparing = threading.Thread(
            target=self._prepare_letters,
            args=(index, changes),
            name="papershelf-prepare-letters",
            daemon=True,
        )
        self.preparing.start()

    def _prepare_letters(self, index: SearchIndex, changes: int) -> None:
        with self._lock:
            letters = index.common_initials(_PREPARED_LETTERS)
        for letter in letters:
            # One letter at a time under the lock, a search waiting for one at most, with
            # a pause between in which other threads (the window's) have the interpreter
            # lock to themselves. A change since leaves the rest to the keystrokes (that
            # index forgot them).
            time.sleep(_BETWEEN_LETTERS_S)
            with self._lock:
                if self._index is not index or self._changes != changes:
                    return
                try:
                    index.prepare_letter(letter)
                except Exception:
                    # Only time is lost: the keystroke does the work, and tells any error.
                    log.exception("Preparing the one-letter search %r failed.", letter)
                    return

    def _read_index(self, progress: Callable[[int], None] | None) -> SearchIndex:
        with db.read_session(self._engine) as session:
            index = SearchIndex.build(catalog.documents(session), progress)
        # Its one-letter searches come with it, made by the thread that builds it (no
        # thread of their own, see `_prepare_letters_after`): at 100k papers 0.2-0.4 s
        # more of a 3-5 s build, and the first keystrokes then take 3-5 ms instead of
        # 10-25 ms.
        prepare_first_letters(index)
        # The library's index lives until the next build: kept out of later collections,
        # as a full one would walk all of it in the middle of someone's typing (measured:
        # searches of 40 ms took 170 ms).
        gc_pause.freeze_long_lived()
        return index

    refresh = build

    @property
    def built(self) -> bool:
        """Whether an index is held (else the next search reads the whole library)."""
        return self._index is not None

    def _ready(self) -> SearchIndex:
        if self._index is None:
            self.build()
        assert self._index is not None
        return self._index

    def papers_changed(
        self, paper_ids: tuple[int, ...], fields: Collection[str] | None = None
    ) -> None:
        """Re-read these papers into the index (papers gone or in the trash leave it).

        `fields`, when the change knows them, names what changed of the papers: when none
        is read into a document (a priority, notes) the index is left as it is, and when
        they are labels only (tags, lists, a status) only those are read again (reading
        100k whole papers back took 4 s of a 7 s bulk action).
        """
        with self._lock:
            if paper_ids:
                self._changed()
            else:  # lists, settings: no paper changed, though answers may have
                self._forget_answers()
        if self._index is None or not paper_ids:
            return
        read = None if fields is None else catalog.READ_FIELDS.intersection(fields)
        if read is not None and read.issubset(LABELS):
            if read:
                self._labels_changed(paper_ids, read)
            return
        with db.read_session(self._engine) as session:
            docs = {doc.id: doc for doc in catalog.documents(session, list(paper_ids))}
        with self._lock:
            # Read again under the lock (mypy would keep the check above): another thread
            # may have dropped it meanwhile (a failed import); the next search reads all.
            index: SearchIndex | None = self._index
            if index is None:
                return
            index.remove_many(paper_id for paper_id in paper_ids if paper_id not in docs)
            index.upsert_many(docs.values())
            # Again: a search between the first time and the update (the lock is let go
            # while the papers are read) remembered answers narrowed to the old index.
            self._forget_answers()

    def _labels_changed(self, paper_ids: tuple[int, ...], names: Collection[str]) -> None:
        with db.read_session(self._engine) as session:
            labels = catalog.labels(session, list(paper_ids), names)
        with self._lock:
            index: SearchIndex | None = self._index  # dropped meanwhile: see papers_changed
            if index is None:
                return
            index.relabel(labels)
            self._forget_answers()

    def take_in_once_committed(self, papers: Preparing, committed: Future[bool]) -> bool:
        """Take in papers an import is storing, from another thread while its transaction
        is still open; False when there is no index to take them in (see `papers_stored`).

        The papers not prepared yet are folded without the lock, all are taken in with it,
        and the lock is held until `committed` tells how the transaction ended, so that no
        search meets papers that are not stored. If it did not commit, or folding failed,
        the index is dropped: the next search builds it again from the database.
        """
        if self._index is None:
            return False
        try:
            prepared: list[Prepared] | None = papers.prepare()
        except Exception:
            prepared = None
        with self._lock:  # held throughout: nothing is remembered meanwhile
            self._changed()
            try:
                if prepared is None or self._index is None:
                    self._index = None
                else:
                    self._index.upsert_prepared(prepared)
            except Exception:
                self._index = None
            finally:
                if not committed.result():
                    self._index = None
        self._freeze_taken_in(len(papers))
        self._prepare_letters_after(len(papers))
        return True

    def papers_stored(self, papers: Preparing) -> None:
        """Take in papers just stored (committed), from the documents the importer made of
        them rather than reading them back."""
        with self._lock:
            self._changed()
            if self._index is None:
                return
            try:
                self._index.upsert_prepared(papers.prepare())
            except Exception:
                # The papers are stored: an index that failed to take them in is dropped,
                # and the next search builds it again from the database.
                self._index = None
        self._freeze_taken_in(len(papers))
        self._prepare_letters_after(len(papers))

    @staticmethod
    def _freeze_taken_in(taken: int) -> None:
        """The papers a large import gave the index live as long as it: kept out of later
        collections, as a build's are (the first collection after an import of 100k
        papers walked their entries: 150 ms, and 70 ms more for the next). A small
        import's are not worth keeping whatever else lives now out of them for good."""
        if taken >= _FROZEN_FROM:
            gc_pause.freeze_long_lived()

    def search(
        self,
        text: str,
        limit: int | None = 200,
        *,
        full_text: bool = True,
        trash: bool = False,
        among: Collection[int] | None = None,
    ) -> list[SearchHit]:
        """The best `limit` papers for what the user typed (every match when None), best
        first; [] for a blank query. With `among`, only those papers can be hits.

        With `full_text` False, free words are looked for in the short fields only (title,
        people, venue, topic, tags, lists, identifiers): a quick first answer while typing.
        `abstract:` and `note:` terms use full text either way. With `trash`, the papers in
        the trash are searched instead (an index of them is made for the search: the
        trash is small, and kept out of the library's own index).
        """
        parsed = query.parse(text)
        if parsed.is_empty:
            return []
        if trash:
            with db.read_session(self._engine) as session:
                trashed = SearchIndex.build(catalog.documents(session, trash=True))
        # Collections wait until the answer is given: a search makes many short-lived
        # objects, and a collection in the middle of one is a keystroke's delay.
        with self._lock, gc_pause.paused():
            index = trashed if trash else self._ready()
            # The trash's own index keeps its answers for this search only.
            memory = _Remembered() if trash else self._remembered
            with self._engine.connect() as connection:
                answers = _FullTextAnswers(connection, index, memory)
                hits = index.search(
                    parsed,
                    limit=limit,
                    fulltext=answers.answer,
                    fulltext_below=None if full_text else 0,
                    fulltext_planning=FullTextPlanning(
                        answers.within, answers.probe, answers.every
                    ),
                    fulltext_held=True,
                    among=among,
                )
        return [SearchHit(hit.doc_id, hit.score) for hit in hits]

    def nearest(
        self, text: str, limit: int | None = 200, *, among: Collection[int] | None = None
    ) -> Nearest | None:
        """For a query that matches nothing: the papers found when each word that matches
        nothing is read as the nearest word the library holds (in a small library: scanning
        every word of a large one would cost more than a keystroke may); None when no word
        has a near one, or that finds nothing too."""
        with self._lock:
            index = self._ready()
            if len(index) > NEAREST_AT_MOST:
                return None
            rewritten, replaced = nearest_query(text, index)
        if not replaced:
            return None
        hits = self.search(rewritten, limit, among=among)
        if not hits:
            return None
        return Nearest(tuple(replaced), tuple(hit.paper_id for hit in hits))


@dataclass(frozen=True)
class Nearest:
    """What a search that found nothing found with the nearest words instead: each typed
    word replaced, what it was replaced by, and the papers (approximate matches)."""

    replaced: tuple[tuple[str, str], ...]
    paper_ids: tuple[int, ...]


def nearest_query(text: str, index: SearchIndex) -> tuple[str, list[tuple[str, str]]]:
    """`text` with each plain word that matches nothing replaced by the most alike indexed
    word however many letters differ; also the (typed, replacement) pairs.
    Qualified, quoted and excluded words are kept."""
    replaced: list[tuple[str, str]] = []
    out = []
    for token in text.split():
        plain = token.replace("-", "").replace("'", "").replace(".", "").isalnum()
        words = folding.search_words(token) if plain else []
        near: str | None = None
        if len(words) == 1 and not index.knows(words[0]):
            near = index.nearest_word(words[0])
        if near is None:
            out.append(token)
        else:
            replaced.append((token, near))
            out.append(near)
    return " ".join(out), replaced


Key = TypeVar("Key")
Value = TypeVar("Value")


def prepare_first_letters(index: SearchIndex) -> None:
    """Make the one-letter searches of the letters words most often begin with, as a build
    of the library's index does (see `SearchIndex.prepare_letter`)."""
    for letter in index.common_initials(_PREPARED_LETTERS):
        index.prepare_letter(letter)


def _keep(cache: dict[Key, Value], key: Key, value: Value) -> Value:
    """Remember `value` in a cache of FULLTEXT_CACHE_SIZE entries (oldest dropped first)."""
    if len(cache) >= FULLTEXT_CACHE_SIZE:
        cache.pop(next(iter(cache)))
    cache[key] = value
    return value


@dataclass
class _Remembered:
    """Full-text answers kept while the user types (the words typed so far recur), as the
    index holds them: complete answers by (words, field), what probing common words told
    by (words, field, at most), and what every answer goes by. All of it is forgotten on
    every change, this program's or (once refreshed) another's.

    A large answer is kept as an array: the cyclic garbage collector walks every id of a
    set it tracks, and 100 sets of 30k ids made each full collection take 64 ms (a pause
    anywhere in the window), where making the set again takes 1 ms.
    """

    answers: dict[tuple[str, str | None], set[int] | array[int]] = dataclasses.field(
        default_factory=dict
    )
    probes: dict[tuple[str, str | None, int], Probed] = dataclasses.field(default_factory=dict)
    #: What full text cannot answer for (`fulltext.Unindexed`, 0.2-0.4 ms to read at every
    #: keystroke) and the highest paper id, read at the first question that needs them.
    unindexed: fulltext.Unindexed | None = None
    highest: int | None = None

    def answer(self, words: str, field: str | None) -> set[int] | None:
        """The answer kept for these words, if any."""
        kept = self.answers.get((words, field))
        return set(kept) if isinstance(kept, array) else kept

    def keep_answer(self, words: str, field: str | None, ids: set[int]) -> set[int]:
        """Keep this answer; return it."""
        _keep(
            self.answers,
            (words, field),
            # (An array is made from a list three times faster than from a set.)
            array("i", list(ids)) if len(ids) > _KEPT_AS_SET_AT_MOST else ids,
        )
        return ids


class _FullTextAnswers:
    """The full-text callbacks of one search: one connection, answers narrowed to the
    index's papers once and remembered."""

    def __init__(self, connection: Connection, index: SearchIndex, memory: _Remembered) -> None:
        self._connection = connection
        self._index = index
        self._memory = memory

    def _match(
        self,
        words: str,
        field: str | None,
        *,
        limit: int | None = None,
        prefix: bool = True,
        held: bool = False,
    ) -> set[int]:
        """Full text's answer; the index's papers only when `held`."""
        return fulltext.match(
            self._connection,
            words,
            field,
            limit=limit,
            prefix=prefix,
            unindexed=self._read_unindexed(),
            among=self._index.held() if held else None,
        )

    def _read_unindexed(self) -> fulltext.Unindexed:
        memory = self._memory
        if memory.unindexed is None:
            memory.unindexed = fulltext.Unindexed.read(self._connection)
        return memory.unindexed

    def answer(self, words: str, field: str | None) -> set[int]:
        known = self._memory.answer(words, field)
        if known is None:
            known = self._memory.keep_answer(words, field, self._match(words, field, held=True))
        return known

    def within(self, queries: list[tuple[str, str | None]], ids: set[int]) -> list[set[int]]:
        return fulltext.match_within_many(self._connection, queries, ids)

    def every(
        self,
        groups: list[list[tuple[str, str | None]]],
        wanted: int,
        usable: Callable[[list[int]], list[int]],
    ) -> list[int]:
        held = self._index.held()
        return fulltext.match_every(
            self._connection,
            groups,
            wanted=wanted,
            usable=lambda ids: usable([i for i in ids if i in held]),
            unindexed=self._read_unindexed(),
        )

    def probe(self, words: str, field: str | None, at_most: int) -> Probed:
        known = self._memory.answer(words, field)
        if known is not None:
            return Probed(known, len(known), known)
        common = self._memory.probes.get((words, field, at_most))
        if common is not None:
            return common  # the same word again as the user types on
        # The word itself first: when it alone is common, so is the prefix, found out
        # without merging the lists of every word it begins (learn, learned, learning...).
        # A prefix FTS5 keeps an index of is probed as it is, as cheaply: the word alone
        # can be far rarer than the words it begins, too many to scale by (at 100k, `si`
        # alone was estimated at 4.5k abstracts, and read whole at 69k: 11 ms).
        if fulltext.is_closed(words):
            asked: tuple[bool, ...] = (False,)  # a phrase's last word is asked whole already
        else:
            asked = (True,) if fulltext.prefix_indexed(words) else (False, True)
        for prefix in asked:
            found = self._match(words, field, limit=at_most + 1, prefix=prefix)
            if len(found) > at_most:  # incomplete: kept apart from the answers
                if self._memory.highest is None:
                    self._memory.highest = fulltext.highest_id(self._connection)
                estimate = fulltext.extrapolated(found, self._memory.highest)
                tokens = fulltext.tokens(words)
                if not prefix and len(tokens) == 1 and len(asked) > 1:  # asked: the prefix
                    estimate = round(estimate * self._index.prefix_share(tokens[0]))
                probed = Probed(None, estimate, self._index.holding(found))
                return _keep(self._memory.probes, (words, field, at_most), probed)
        known = self._memory.keep_answer(words, field, self._index.holding(found))
        return Probed(known, len(known), known)
