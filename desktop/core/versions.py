"""Optimistic locking for the rows users edit (notes, annotations, reading lists, tags,
saved searches), as papers have it: every edit moves the row's `version` on by one, and an
edit made from a copy at an older version is refused instead of overwriting someone's work.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete as sa_delete
from sqlalchemy import update
from sqlmodel import Session, SQLModel

from desktop.core.errors import NotFoundError, StaleEditError
from desktop.core.sentences import sentence


def write(
    session: Session,
    row: SQLModel,
    *,
    expected_version: int | None,
    changes: dict[str, Any],
    what: str,
) -> None:
    """Apply `changes` to `row` if it is still at `expected_version` (None: whatever it
    is), moving its version on; `row` then holds what was stored. `what` names the row
    for the sentence ("note", "reading list")."""
    model = type(row)
    table = model.__table__  # type: ignore[attr-defined]
    ident = row.id  # type: ignore[attr-defined]
    # One conditional UPDATE: two writers who read the same version cannot both pass the
    # check (PostgreSQL re-reads the row for the second; SQLite lets one writer at a time).
    statement = (
        update(table).where(table.c.id == ident).values(**changes, version=table.c.version + 1)
    )
    if expected_version is not None:
        statement = statement.where(table.c.version == expected_version)
    if session.execute(statement).rowcount == 0:  # type: ignore[attr-defined]
        session.expire(row)
        if session.get(model, ident) is None:
            raise NotFoundError(
                sentence("This {what} was deleted elsewhere in the meantime.", what=what)
            )
        raise stale(what)
    session.refresh(row)


def delete(session: Session, row: SQLModel, *, expected_version: int | None, what: str) -> None:
    """Delete `row` if it is still at `expected_version` (None: whatever it is)."""
    table = type(row).__table__  # type: ignore[attr-defined]
    statement = sa_delete(table).where(table.c.id == row.id)  # type: ignore[attr-defined]
    if expected_version is not None:
        statement = statement.where(table.c.version == expected_version)
    if session.execute(statement).rowcount == 0:  # type: ignore[attr-defined]
        raise stale(what)
    session.expunge(row)


def stale(what: str) -> StaleEditError:
    return StaleEditError(
        sentence(
            "This {what} was changed elsewhere (by someone else, or in another window) since you "
            "opened it, so saving would overwrite that change.",
            what=what,
        )
    )
