"""A bulk insert's larger page cache lasts for its block only."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session

from desktop.core.storage import db


def _cache_size(session: Session) -> int:
    return int(session.connection().exec_driver_sql("PRAGMA cache_size").scalar() or 0)


def test_the_larger_cache_is_the_blocks_and_the_connections_own_comes_back(
    tmp_path: Path,
) -> None:
    engine = db.make_engine(f"sqlite:///{tmp_path / 'library.sqlite'}")
    with db.write_session(engine) as session:
        own = _cache_size(session)
        with db.bulk_cache(session):
            assert _cache_size(session) == -db.BULK_CACHE_KIB
        assert _cache_size(session) == own
        with pytest.raises(RuntimeError), db.bulk_cache(session):
            raise RuntimeError("an import failing")
        assert _cache_size(session) == own
    assert -db.BULK_CACHE_KIB < own < 0  # the bulk cache is larger (negative sizes are in KiB)
