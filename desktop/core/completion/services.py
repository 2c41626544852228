"""Searching arXiv's API and Crossref's /works for the papers a `Query` describes.

arXiv asks for at most one request every three seconds (its API terms of use); `Pacer` keeps
that spacing, with a clock and a sleep that tests replace. Crossref asks for a contact address
in the User-Agent ("polite pool"); the user gives it in the preferences. Both go through the
lookup module's requests, so timeouts, a missing connection and a busy service give the same
sentences as a DOI lookup does.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from desktop.core.completion.queries import Query
from desktop.core.formats.record import Record

if TYPE_CHECKING:
    import httpx

# httpx (through `lookup`) is loaded only once a search is made, as for DOI lookups.

#: arXiv's rule: "no more than one request every three seconds".
ARXIV_INTERVAL = 3.0
ARXIV_RESULTS = 10
CROSSREF_ROWS = 5


@dataclass
class Pacer:
    """Waits so that calls to `wait` return at least `interval` seconds apart."""

    interval: float
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    _last: float | None = field(default=None, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False)

    def wait(self) -> None:
        with self._lock:
            if self._last is not None:
                remaining = self._last + self.interval - self.clock()
                if remaining > 0:
                    self.sleep(remaining)
            self._last = self.clock()


@dataclass
class Services:
    """Where and how to ask: base URLs, the contact address, the shared client and pacer."""

    arxiv_url: str = ""
    crossref_url: str = ""
    mailto: str = ""
    timeout: float = 15.0
    pacer: Pacer | None = None
    client: httpx.Client | None = None

    def __post_init__(self) -> None:
        from desktop.core.importing import lookup

        self.arxiv_url = _base(self.arxiv_url, lookup.ARXIV_URL_VARIABLE, lookup.ARXIV_URL)
        self.crossref_url = _base(
            self.crossref_url, lookup.CROSSREF_URL_VARIABLE, lookup.CROSSREF_URL
        )
        if self.pacer is None:
            self.pacer = Pacer(0.0 if _on_this_machine(self.arxiv_url) else ARXIV_INTERVAL)


def _on_this_machine(url: str) -> bool:
    """Whether `url` names a loopback server (a stand-in or a local mirror): arXiv's pace is
    arXiv's rule, and a server on this machine is not arXiv."""
    import ipaddress
    from urllib.parse import urlsplit

    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _base(explicit: str, variable: str, default: str) -> str:
    return (explicit or os.environ.get(variable) or default).rstrip("/")


def arxiv_query(query: Query) -> str:
    """arXiv's `search_query`: the first two authors and any of the distinctive words (one
    reworded word in a listing must not hide the paper), or all words when no author is
    known. Two authors, as "Chen" alone names thousands of arXiv's authors."""
    words = [f"abs:{_quoted(word)}" for word in query.words]
    if not query.families:
        return " AND ".join(words)
    authors = " AND ".join(f"au:{_quoted(family)}" for family in query.families[:2])
    if not words:
        return authors
    return f"{authors} AND ({' OR '.join(words)})"


def _quoted(term: str) -> str:
    return f'"{term}"' if not term.isalnum() else term


def search_arxiv(query: Query, services: Services) -> list[Record]:
    """arXiv's papers for the query, best first (after waiting for arXiv's pace)."""
    from desktop.core.importing import lookup

    if services.pacer is not None:
        services.pacer.wait()
    params = {
        "search_query": arxiv_query(query),
        "start": "0",
        "max_results": str(ARXIV_RESULTS),
        "sortBy": "relevance",
    }
    body = lookup.search(
        "arXiv",
        f"{services.arxiv_url}/api/query",
        params,
        client=services.client,
        timeout=services.timeout,
        mailto=services.mailto,
    )
    return lookup.records_from_arxiv_search(body)


def search_crossref(query: Query, services: Services) -> list[Record]:
    """Crossref's works for the query, best first."""
    from desktop.core.importing import lookup

    params = {"query.bibliographic": " ".join(query.words), "rows": str(CROSSREF_ROWS)}
    if query.families:
        params["query.author"] = " ".join(query.families)
    if services.mailto:
        params["mailto"] = services.mailto
    body = lookup.search(
        "Crossref",
        f"{services.crossref_url}/works",
        params,
        client=services.client,
        timeout=services.timeout,
        mailto=services.mailto,
    )
    return [lookup.record_from_crossref(item) for item in _crossref_items(body)]


def _crossref_items(body: bytes) -> list[dict[str, Any]]:
    from desktop.core.importing import lookup

    try:
        items = json.loads(body)["message"]["items"]
    except (ValueError, TypeError, KeyError):
        raise lookup.unreadable("Crossref") from None
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise lookup.unreadable("Crossref")
    return items
