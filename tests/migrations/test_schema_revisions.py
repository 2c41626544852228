"""The schema versions read without Alembic agree with Alembic's own answers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

from desktop.core.storage import db, schema


def test_the_head_and_the_known_revisions_are_alembics() -> None:
    scripts = ScriptDirectory.from_config(schema.alembic_config())
    assert schema.head_revision() == scripts.get_current_head()
    assert schema.known_revisions() == {s.revision for s in scripts.walk_revisions()}


def _alembics_current(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def test_the_stored_revision_is_alembics_at_every_step(db_url: str) -> None:
    engine = db.make_engine(db_url)
    try:
        assert schema.current_revision(engine) is None  # an empty database
        for revision in ["0001", "0009", "head", "0016", "base"]:
            if revision in ("0016", "base"):
                schema.downgrade(engine, revision)
            else:
                schema.upgrade(engine, revision)
            assert schema.current_revision(engine) == _alembics_current(engine)
        assert schema.current_revision(engine) is None  # down to base, the table left empty
    finally:
        engine.dispose()


def test_opening_a_library_does_not_import_alembic(tmp_path: Path) -> None:
    # Every command and the window open a library; Alembic is only needed to migrate.
    script = (
        "import sys\n"
        "from desktop.core.library import Library\n"
        f"url = 'sqlite:///{tmp_path}/library.sqlite'\n"
        "Library.open(url).close()\n"  # made and migrated: Alembic is used
        "for name in [n for n in sys.modules if n.split('.')[0] == 'alembic']:\n"
        "    del sys.modules[name]\n"
        "with Library.open(url) as library:\n"
        "    library.count()\n"
        "print(sorted(n for n in sys.modules if n.split('.')[0] == 'alembic'))\n"
    )
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
