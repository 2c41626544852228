"""A long import into a list on PostgreSQL lets others change that list's members while
it runs (it used to hold the list's lock from its first batch to its commit), and the
list comes out with every paper once and unique positions."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from postgres_cluster import PostgresCluster

from desktop.core.formats import registry
from desktop.core.library import Library

pytestmark = pytest.mark.postgres


@pytest.fixture
def pg_url(postgres_cluster: PostgresCluster) -> Iterator[str]:
    with postgres_cluster.database() as url:
        yield url


def _bibtex(count: int) -> str:
    return "\n".join(
        f"@article{{imported{n}, title = {{Imported paper number {n}}}, "
        f"author = {{Writer, Ann}}, year = {{2001}}}}"
        for n in range(count)
    )


def test_others_change_the_list_while_an_import_into_it_runs(pg_url: str) -> None:
    with Library.open(pg_url) as importer, Library.open(pg_url) as other:
        other.create_list("Reading group")
        (first, second) = other.import_text(_bibtex(2).replace("imported", "earlier")).paper_ids
        other.add_to_list("Reading group", [first])
        finished = threading.Event()
        waited: list[bool] = []

        def meanwhile() -> None:
            other.add_to_list("Reading group", [second])
            other.remove_from_list("Reading group", [first])
            finished.set()

        def progress(done: int, total: int) -> None:
            if not waited:  # the import's first batch is stored, its transaction open
                threading.Thread(target=meanwhile, daemon=True).start()
                waited.append(finished.wait(timeout=15))

        _, parsed = registry.read(
            _bibtex(1200).encode(), source="big.bib", path=None, format="bibtex"
        )
        report = importer.import_parsed(
            parsed,
            source="big.bib",
            format="bibtex",
            list_name="Reading group",
            progress=progress,
        )
        assert waited == [True], "the other writer waited for the whole import"
        assert finished.wait(timeout=30)
        items = other.list_items("Reading group")
        ids = [item.paper.id for item in items]
        assert sorted(ids) == sorted([second, *report.paper_ids])
        assert sorted(item.position for item in items) == list(range(len(ids)))
