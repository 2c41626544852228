"""The library's search: an in-memory index kept in step with every change, plus full text.

Built on first use (or by `build()` from a worker at start-up), then updated incrementally
from the library's change notifications; `refresh()` rebuilds it to see other processes'
changes. A lock lets a worker thread search while the GUI thread writes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Engine

from desktop.core import db, gc_pause
from desktop.core.search import catalog, fulltext, query
from desktop.core.search.document import SearchDocument
from desktop.core.search.index import SearchIndex
from desktop.core.search.matching import Probed

#: Full-text answers remembered while the user types (the words typed so far recur).
FULLTEXT_CACHE_SIZE = 64


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
        #: Full-text answers by (words, field), oldest first; emptied on every change.
        self._fulltext_cache: dict[tuple[str, str | None], set[int]] = {}
        #: What probing common words told, by (words, field, at most); emptied likewise.
        self._probes: dict[tuple[str, str | None, int], Probed] = {}

    def _forget_answers(self) -> None:
        """Full-text answers are stale (notes or abstracts may have changed)."""
        self._fulltext_cache.clear()
        self._probes.clear()

    def build(self, progress: Callable[[int], None] | None = None) -> None:
        """(Re)build the index from the database."""
        with db.read_session(self._engine) as session:
            index = SearchIndex.build(catalog.documents(session), progress)
        # The library's index lives until the next build: kept out of later collections,
        # as a full one would walk all of it in the middle of someone's typing (measured:
        # searches of 40 ms took 170 ms).
        gc_pause.freeze_long_lived()
        with self._lock:
            self._index = index
            self._forget_answers()

    refresh = build

    @staticmethod
    def _remember(
        cache: dict[tuple[str, str | None], set[int]],
        words: str,
        field: str | None,
        found: set[int],
    ) -> set[int]:
        """Keep a complete full-text answer while the user types (oldest dropped first)."""
        if len(cache) >= FULLTEXT_CACHE_SIZE:
            cache.pop(next(iter(cache)))
        cache[(words, field)] = found
        return found

    def _ready(self) -> SearchIndex:
        if self._index is None:
            self.build()
        assert self._index is not None
        return self._index

    def papers_changed(self, paper_ids: tuple[int, ...]) -> None:
        """Re-read these papers into the index (papers gone or in the trash leave it)."""
        with self._lock:
            self._forget_answers()
        if self._index is None or not paper_ids:
            return
        with db.read_session(self._engine) as session:
            docs = {doc.id: doc for doc in catalog.documents(session, list(paper_ids))}
        with self._lock:
            for paper_id in paper_ids:
                if paper_id not in docs:
                    self._index.remove(paper_id)
            self._index.upsert_many(docs.values())

    def papers_stored(self, docs: list[SearchDocument]) -> None:
        """Take in papers just stored (an import), from the documents the importer made
        of them rather than reading them back."""
        with self._lock:
            self._forget_answers()
            if self._index is not None:
                self._index.upsert_many(docs)

    def search(
        self, text: str, limit: int = 200, *, full_text: bool = True, trash: bool = False
    ) -> list[SearchHit]:
        """The best papers for what the user typed, best first; [] for a blank query.

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
            # Answers are remembered as the library's index holds them (so that they are
            # narrowed once): the trash's own index keeps them for this search only.
            cache = {} if trash else self._fulltext_cache
            probes: dict[tuple[str, str | None, int], Probed] = {} if trash else self._probes
            with self._engine.connect() as connection:

                def remember(words: str, field: str | None, found: set[int]) -> set[int]:
                    return self._remember(cache, words, field, index.holding(found))

                def answer(words: str, field: str | None) -> set[int]:
                    known = cache.get((words, field))
                    if known is None:
                        known = remember(words, field, fulltext.match(connection, words, field))
                    return known

                def answer_within(
                    queries: list[tuple[str, str | None]], ids: set[int]
                ) -> list[set[int]]:
                    return fulltext.match_within_many(connection, queries, ids)

                highest: list[int] = []  # read once, when a probe first needs it

                def probe(words: str, field: str | None, at_most: int) -> Probed:
                    known = cache.get((words, field))
                    common = probes.get((words, field, at_most))
                    if known is None and common is not None:
                        return common  # the same word again as the user types on
                    if known is None:
                        # The word itself first: when it alone is common, so is the
                        # prefix, found out without merging the lists of every word
                        # it begins (`learn` -> learn, learned, learner, learning...).
                        for prefix in (False, True):
                            found = fulltext.match(
                                connection, words, field, limit=at_most + 1, prefix=prefix
                            )
                            if len(found) > at_most:  # incomplete: not remembered
                                if not highest:
                                    highest.append(fulltext.highest_id(connection))
                                estimate = fulltext.extrapolated(found, highest[0])
                                common = Probed(None, estimate, index.holding(found))
                                if len(probes) >= FULLTEXT_CACHE_SIZE:
                                    probes.pop(next(iter(probes)))
                                probes[(words, field, at_most)] = common
                                return common
                        known = remember(words, field, found)
                    return Probed(known, len(known), known)

                hits = index.search(
                    parsed,
                    limit=limit,
                    fulltext=answer,
                    fulltext_below=None if full_text else 0,
                    fulltext_within=answer_within,
                    fulltext_probe=probe,
                    fulltext_held=True,
                )
        return [SearchHit(hit.doc_id, hit.score) for hit in hits]
