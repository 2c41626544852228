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

from desktop.core import db
from desktop.core.search import catalog, fulltext, query
from desktop.core.search.index import SearchIndex


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

    def build(self, progress: Callable[[int], None] | None = None) -> None:
        """(Re)build the index from the database."""
        with db.read_session(self._engine) as session:
            index = SearchIndex.build(catalog.documents(session), progress)
        with self._lock:
            self._index = index

    refresh = build

    def _ready(self) -> SearchIndex:
        if self._index is None:
            self.build()
        assert self._index is not None
        return self._index

    def papers_changed(self, paper_ids: tuple[int, ...]) -> None:
        """Re-read these papers into the index (papers gone or in the trash leave it)."""
        if self._index is None or not paper_ids:
            return
        with db.read_session(self._engine) as session:
            docs = {doc.id: doc for doc in catalog.documents(session, list(paper_ids))}
        with self._lock:
            for paper_id in paper_ids:
                if paper_id in docs:
                    self._index.upsert(docs[paper_id])
                else:
                    self._index.remove(paper_id)

    def search(self, text: str, limit: int = 500) -> list[SearchHit]:
        """The best papers for what the user typed, best first; [] for a blank query."""
        parsed = query.parse(text)
        if parsed.is_empty:
            return []
        with self._lock:
            index = self._ready()
            with self._engine.connect() as connection:

                def full_text(words: str, field: str | None) -> set[int]:
                    return fulltext.match(connection, words, field)

                hits = index.search(parsed, limit=limit, fulltext=full_text)
        return [SearchHit(hit.doc_id, hit.score) for hit in hits]
