"""`papershelf complete`, run as a user runs it, against stand-ins for arXiv and Crossref."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from core.lookup_server import FakeServices, running_services
from core.search_services import Collection, SearchIndex, build_collection, corpus_records

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def collection(corpus_dir: Path) -> Collection:
    return build_collection(corpus_records(corpus_dir), size=3, absent=1)


@pytest.fixture
def stub(collection: Collection) -> Iterator[FakeServices]:
    with running_services() as running:
        SearchIndex(collection.known).serve(running)
        yield running


def papershelf(db_url: str, stub: FakeServices, *args: str) -> subprocess.CompletedProcess[str]:
    environment = {
        **os.environ,
        "PAPERSHELF_ARXIV_URL": stub.url,
        "PAPERSHELF_CROSSREF_URL": stub.url,
    }
    return subprocess.run(
        [sys.executable, "-m", "desktop", *args, "--db", db_url],
        cwd=REPO,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env=environment,
        timeout=120,
    )


def test_complete_fills_the_sure_matches_and_reports_the_rest(
    db_url: str, stub: FakeServices, collection: Collection, tmp_path: Path
) -> None:
    listing = tmp_path / "listing.txt"
    listing.write_text(collection.listing(), encoding="utf-8")
    imported = papershelf(db_url, stub, "import", str(listing), "--list", "Pasted")
    assert imported.returncode == 0, imported.stderr

    dry = papershelf(db_url, stub, "complete", "--list", "Pasted")
    assert dry.returncode == 0, dry.stderr
    assert "Nothing was changed: run again with --yes" in dry.stdout
    assert "about 12 seconds" in dry.stderr

    done = papershelf(
        db_url, stub, "complete", "--untitled", "--yes", "--json", "--mailto", "me@example.org"
    )
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert len(rows) == 4
    by_title = {row["filled"].get("title"): row for row in rows if row["filled"]}
    assert set(by_title) == {record.title for record in collection.targets}
    for record in collection.targets:
        row = by_title[record.title]
        assert row["filled"]["doi"].casefold() == record.doi.casefold()
        assert row["confident"] and row["score"] >= 0.9
    (left,) = [row for row in rows if not row["filled"]]
    assert not left["confident"] and left["candidates"]
    assert {"title", "doi", "sources", "evidence"} <= set(left["candidates"][0])
    crossref = [seen for seen in stub.requests if seen.path == "/works"]
    assert "mailto:me@example.org" in crossref[-1].headers["User-Agent"]

    filled_id = str(next(row["id"] for row in rows if row["filled"]))
    shown = papershelf(db_url, stub, "paper", "show", filled_id, "--json")
    origins = json.loads(shown.stdout)["origins"]
    assert set(origins) >= {"title", "doi"} and origins["doi"]["source"]
    told = papershelf(db_url, stub, "paper", "show", filled_id)
    assert "title from " in told.stdout

    again = papershelf(db_url, stub, "complete", "--untitled", "--yes")
    assert again.returncode == 0, again.stderr
    assert "Filled in 0 of 1 paper(s)." in again.stdout


def test_complete_offline_says_so_in_one_sentence(db_url: str, tmp_path: Path) -> None:
    with running_services() as gone:
        url = gone.url
    listing = tmp_path / "one.txt"
    listing.write_text("A. Smith, B. Jones\n\n" + "Some words of an abstract. " * 8, "utf-8")
    environment = {**os.environ, "PAPERSHELF_ARXIV_URL": url, "PAPERSHELF_CROSSREF_URL": url}
    run = [sys.executable, "-m", "desktop"]
    subprocess.run(
        [*run, "import", str(listing), "--db", db_url],
        cwd=REPO,
        env=environment,
        check=True,
        capture_output=True,
    )
    result = subprocess.run(
        [*run, "complete", "--untitled", "--yes", "--db", db_url],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert (
        result.stderr.strip().splitlines()[-1].startswith("papershelf: Papershelf could not reach")
    )
