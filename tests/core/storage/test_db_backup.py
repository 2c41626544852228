"""A SQLite backup is written whole or not at all (storage/db.backup_sqlite)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from desktop.core.errors import DatabaseError
from desktop.core.storage import db


def _library(path: Path) -> Path:
    connection = sqlite3.connect(path)
    connection.execute("create table t (x)")
    connection.executemany("insert into t values (?)", [(n,) for n in range(1000)])
    connection.commit()
    connection.close()
    return path


def test_a_backup_is_renamed_into_place_and_leaves_no_part(tmp_path: Path) -> None:
    source = _library(tmp_path / "library.sqlite")
    target = db.backup_sqlite(source, tmp_path / "backups" / "b.sqlite")
    assert sqlite3.connect(target).execute("select count(*) from t").fetchone() == (1000,)
    assert sorted(p.name for p in target.parent.iterdir()) == ["b.sqlite"]


def test_a_failed_backup_leaves_the_old_file_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = _library(tmp_path / "library.sqlite")
    target = tmp_path / "b.sqlite"
    target.write_bytes(b"an older backup")

    def full_disk(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(db.os, "fsync", full_disk)
    with pytest.raises(DatabaseError, match="No space left on device"):
        db.backup_sqlite(source, target)
    assert target.read_bytes() == b"an older backup"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.sqlite", "library.sqlite"]
