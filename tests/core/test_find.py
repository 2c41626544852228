"""`Library.find`: a view's papers matching a query, in the order the table shows them.

Checked against the way the window narrowed a search before (every hit of the whole
library, then those in the view), on both backends.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.core.api import COLUMNS, SORT_COLUMNS, View
from desktop.core.formats import listing
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.search import ranking

SAMPLE_BIB = Path(__file__).resolve().parents[2] / "resources" / "sample" / "sample.bib"
QUERIES = ("deep", "learning", "l", "levine", "tokamak", "deep -residual", "year:>=2015", "zzz")


def _old_way(
    library: Library, view: View, query: str, sort: str, descending: bool, full_text: bool
) -> list[int]:
    """What the window showed before `find`: every hit, narrowed to the view's papers."""
    trash = view.kind == "trash"
    hits = [h.paper_id for h in library.search(query, 10**7, full_text=full_text, trash=trash)]
    if sort == "relevance":
        members = set(library.view_ids(view))
        return [i for i in hits if i in members]
    wanted = set(hits)
    return [i for i in library.view_ids(view, sort, descending) if i in wanted]


@pytest.fixture
def views_of(library: Library, seed_listing: Path) -> list[View]:
    """The sample library and the seed listing, with a list, a tag, statuses and a trash."""
    library.import_file(SAMPLE_BIB, format="bibtex")
    parsed = listing.parse(seed_listing.read_text(encoding="utf-8"), seed_listing.name)
    library.import_parsed(parsed, source=seed_listing.name, format="listing")
    library.add_paper(Record(title="Deep tokamak control", authors=[Person(family="Degrave")]))
    ids = library.view_ids()
    library.create_list("Reading")
    library.add_to_list("Reading", ids[::3][::-1])  # not in the order they were added
    library.tag_papers("to cite", ids[1::4])
    library.set_status(ids[::2], "read")
    library.delete_papers(ids[5:9])
    return [
        View(),
        View("status", "read"),
        View("recent"),
        View("list", library.reading_list("Reading").id),
        View("tag", library.tags()[0][0].id),
        View("trash"),
    ]


def test_find_shows_what_the_window_showed(library: Library, views_of: list[View]) -> None:
    orders = [("relevance", False), ("title", False), ("year", True), ("position", False)]
    for view in views_of:
        for query in QUERIES:
            for sort, descending in orders:
                for full_text in (False, True):
                    expected = _old_way(library, view, query, sort, descending, full_text)
                    found = library.find(
                        view, query, sort, descending=descending, full_text=full_text
                    )
                    assert found == expected, (view, query, sort, descending, full_text)


def test_find_in_a_list_finds_its_papers_in_the_lists_order(
    library: Library, views_of: list[View]
) -> None:
    reading = views_of[3]
    in_list = library.view_ids(reading, "position")
    found = library.find(reading, "l", "position")
    assert found and set(found) <= set(in_list)
    assert found == [i for i in in_list if i in set(found)]
    assert library.find(reading, "   ") == []


def test_find_ranks_only_the_views_papers(
    library: Library, views_of: list[View], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Narrowing a search to a list must not cost ranking every match of the library."""
    ranked: list[int] = []
    rank = ranking.Ranker.rank

    def counting(self: ranking.Ranker, shortlist: list[int], entries: dict) -> list:  # type: ignore[type-arg]
        ranked.append(len(shortlist))
        return rank(self, shortlist, entries)

    monkeypatch.setattr(ranking.Ranker, "rank", counting)
    tagged = views_of[4]
    library.find(tagged, "l")
    assert ranked and max(ranked) <= len(library.view_ids(tagged))


def test_find_keeps_the_best_when_limited(library: Library, views_of: list[View]) -> None:
    best = [h.paper_id for h in library.search("learning", 3)]
    assert library.find(View(), "learning", limit=3) == best


def test_the_columns_are_the_sort_keys() -> None:
    assert tuple(c.key for c in COLUMNS) == SORT_COLUMNS
    assert [c.label for c in COLUMNS][:3] == ["Title", "Authors", "Year"]
