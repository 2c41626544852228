"""Rows written and read straight through the driver, on both backends."""

from __future__ import annotations

from desktop.core.library import Library
from desktop.core.storage import db
from desktop.core.storage.models import Person

_COLUMNS = ("given", "family", "von", "jr", "match_key")


def _people(numbers: range) -> list[tuple[str, ...]]:
    return [("Given", f"Family {n}", "", "", f"key-{n}") for n in numbers]


def test_rows_that_would_clash_are_skipped_and_the_rest_stored(library: Library) -> None:
    with db.write_session(library.engine) as session:
        db.insert_plain_rows(session, Person, _COLUMNS, rows=_people(range(1000)))
        # Half of these are stored already (the same match keys): no error, no second row.
        db.insert_plain_rows(
            session, Person, _COLUMNS, rows=_people(range(500, 1500)), ignoring_conflicts=True
        )
        keys = session.connection().exec_driver_sql("SELECT match_key FROM person").scalars()
        assert sorted(keys) == sorted(f"key-{n}" for n in range(1500))


def test_more_values_than_one_query_binds_find_every_row_asked(library: Library) -> None:
    with db.write_session(library.engine) as session:
        db.insert_plain_rows(session, Person, _COLUMNS, rows=_people(range(2500)))
        asked = [f"key-{n}" for n in range(0, 5000, 2)]  # 2,500 keys, half of them stored
        rows = db.plain_rows_where_in(
            session, "SELECT match_key, family FROM person WHERE match_key IN", asked
        )
    assert len(asked) > 2 * db._VALUES_PER_QUERY  # read in several queries
    assert sorted(rows) == sorted((f"key-{n}", f"Family {n}") for n in range(0, 2500, 2))
