"""SQLite's write-ahead log: a large import's commit leaves copying it to the background."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import event

from desktop.core.library import Library
from desktop.core.storage import db


def _autocheckpoint(session: object) -> int:
    return int(session.connection().exec_driver_sql("PRAGMA wal_autocheckpoint").scalar_one())  # type: ignore[attr-defined]


def test_each_transaction_checkpoints_as_it_asked(tmp_path: Path) -> None:
    engine = db.make_engine(f"sqlite:///{tmp_path / 'library.sqlite'}")
    try:
        for defer in (True, False, True, True, False, False):
            with db.write_session(engine, defer_checkpoint=defer) as session:
                assert _autocheckpoint(session) == (0 if defer else db._AUTOCHECKPOINT_PAGES)
        with db.read_session(engine) as session:
            assert _autocheckpoint(session) == db._AUTOCHECKPOINT_PAGES
    finally:
        engine.dispose()


def test_an_import_is_copied_into_the_database_file_after_its_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "library.sqlite"
    source = tmp_path / "many.bib"
    source.write_text(
        "".join(f"@misc{{k{i}, title = {{Paper {i}: {'words ' * 40}}}}}\n" for i in range(400)),
        encoding="utf-8",
    )
    sizes: list[int] = []
    checkpoint = db.checkpoint

    def measured(engine: object) -> None:
        sizes.append(path.stat().st_size)
        checkpoint(engine)  # type: ignore[arg-type]
        sizes.append(path.stat().st_size)

    monkeypatch.setattr(db, "checkpoint", measured)
    # Every other commit checkpoints as soon as the log holds ten pages.
    monkeypatch.setattr(db, "_AUTOCHECKPOINT_PAGES", 10)
    with Library.open(f"sqlite:///{path}") as library:
        library.create_tag("opened")  # a commit that checkpoints the schema too
        before = path.stat().st_size
        assert library.import_file(source).imported == 400
        library._background.submit(lambda: None).result()  # the checkpoint is done
        # The commit left the papers in the log; the checkpoint after it moved them.
        assert sizes[0] == before
        assert sizes[1] > before + 100_000


def test_the_checkpoint_runs_on_a_connection_of_its_own(tmp_path: Path) -> None:
    # From a pooled connection, in the background, it made a write on another pooled
    # connection fail now and then with "no such table" (see `db.checkpoint`).
    path = tmp_path / "library.sqlite"
    engine = db.make_engine(f"sqlite:///{path}")
    taken: list[object] = []
    try:
        with db.write_session(engine, defer_checkpoint=True) as session:
            session.connection().exec_driver_sql("CREATE TABLE t (x TEXT)")
            session.connection().exec_driver_sql("INSERT INTO t VALUES (hex(randomblob(50000)))")
        before = path.stat().st_size
        event.listen(engine, "checkout", lambda *args: taken.append(args))
        db.checkpoint(engine)
        assert taken == []
        assert path.stat().st_size > before + 50_000  # and the log was copied all the same
    finally:
        engine.dispose()
