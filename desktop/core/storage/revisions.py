"""The library's revision: a number every write transaction moves on, so that a window can
tell cheaply whether another process or user changed the library."""

from __future__ import annotations

from sqlalchemy import Integer, String, cast, select, update
from sqlmodel import Session, col

from desktop.core.storage.models import Setting

KEY = "revision"


def current(session: Session) -> int:
    """The revision as last committed (0 for a library never written)."""
    # A Core query, not session.get: the identity map may hold a value from before an UPDATE.
    value = session.scalar(select(col(Setting.value)).where(col(Setting.key) == KEY))
    return int(value) if value is not None and value.isdigit() else 0


def bump(session: Session) -> int:
    """Move the revision on inside the caller's write transaction; the new value."""
    # One UPDATE on one row: concurrent writers queue on it instead of losing a step.
    moved = session.execute(
        update(Setting)
        .where(col(Setting.key) == KEY)
        .values(value=cast(cast(col(Setting.value), Integer) + 1, String))
    )
    if moved.rowcount == 0:  # type: ignore[attr-defined]
        # Migration 0003 creates the row; this only mends a library where it was removed.
        session.add(Setting(key=KEY, value="1"))
        session.flush()
    return current(session)
