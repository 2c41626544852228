"""Fixtures shared by the whole suite: the corpus, the seed listing, and the databases."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import migrated_templates
import pytest
from hypothesis import settings
from postgres_cluster import PostgresCluster

from desktop.core.library import Library

# Property tests draw the same examples on every run, so that CI's verdict does not depend on
# luck; to hunt for new counter-examples, run with HYPOTHESIS_PROFILE=explore. No deadline:
# on a shared machine one slow example is noise, not a failure (speed is for benchmarks).
settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

# Widgets are driven offscreen; set before anything imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
IN_CI = os.environ.get("CI", "").lower() == "true"


@pytest.fixture(autouse=True)
def _private_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """No test may touch the developer's own library: the user data folder is a temporary
    one (subprocesses inherit it), and $PAPERSHELF_DB is unset."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
    monkeypatch.delenv("PAPERSHELF_DB", raising=False)


def _shared_folder(name: str) -> Path:
    path = SHARED / name
    if not path.is_dir():
        reason = f"{path} is missing: the shared test data lives beside the repository"
        if IN_CI:
            pytest.fail(reason)
        pytest.skip(reason)
    return path


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """`../shared/corpus`: real bibliography files written by others (read-only test data)."""
    return _shared_folder("corpus")


@pytest.fixture(scope="session")
def seed_listing() -> Path:
    """The plain-text listing of 20 papers copied from a paper-search page."""
    return _shared_folder("seeds") / "000_4d45217d9d1e4ece.txt"


# -- databases ----------------------------------------------------------------------------
# Every storage test runs on SQLite and on a real PostgreSQL that this test session starts
# itself (a throwaway cluster on a free loopback port), never on a mock.

BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgresql", id="postgresql", marks=pytest.mark.postgres),
]


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """A PostgreSQL server for this test session, stopped and deleted afterwards."""
    missing = PostgresCluster.missing_binaries()
    if missing:
        reason = f"PostgreSQL server programs not found ({', '.join(missing)})"
        if IN_CI:
            pytest.fail(f"{reason}; CI must test PostgreSQL too")
        pytest.skip(reason)
    cluster = PostgresCluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def sqlite_at_head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite library file at the schema's head, to copy (`migrated_templates`)."""
    return migrated_templates.build_sqlite_template(tmp_path_factory.mktemp("at-head"))


@pytest.fixture(scope="session")
def postgres_at_head(postgres_cluster: PostgresCluster) -> str:
    """The name of a PostgreSQL database at the schema's head, to copy."""
    return migrated_templates.build_postgres_template(postgres_cluster)


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of a new database on each backend in turn: empty, or, for a test that
    takes `library`, a copy of one already migrated to the schema's head (the same schema,
    without migrating afresh for every test)."""
    at_head = "library" in request.fixturenames
    if request.param == "sqlite":
        path = tmp_path / "library.sqlite"
        if at_head:
            template: Path = request.getfixturevalue("sqlite_at_head")
            yield migrated_templates.copy_sqlite_template(template, path)
        else:
            yield f"sqlite:///{path}"
        return
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    copied = request.getfixturevalue("postgres_at_head") if at_head else None
    with cluster.database(template=copied) as url:
        yield url


@pytest.fixture
def library(db_url: str) -> Iterator[Library]:
    """An empty, opened library on each backend in turn."""
    with Library.open(db_url) as opened:
        yield opened
