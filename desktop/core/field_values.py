"""One field of many papers set at once (a bulk edit, or its undo), in a few statements.

Papers sharing a value are changed by one UPDATE per chunk of ids, never one statement
per paper: giving 100k papers a status costs a second, not minutes. Each paper's version
moves on, so an edit made elsewhere from an older copy is refused as stale.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from sqlalchemy import bindparam, update
from sqlmodel import Session, col, select

from desktop.core import papers
from desktop.core.errors import InvalidInputError, NotFoundError
from desktop.core.sentences import sentence
from desktop.core.storage.models import Paper, utcnow

#: Ids per statement: well below SQLite's limit on the values one statement may bind.
CHUNK = 2000
#: Fields a bulk edit may set (people and the citation key are edited one paper at a time).
SETTABLE = papers.EDITABLE


def _chunks(ids: list[int]) -> Iterable[list[int]]:
    for start in range(0, len(ids), CHUNK):
        yield ids[start : start + CHUNK]


def check(name: str, value: Any) -> None:
    """Refuse a field or value no paper can have, with a sentence."""
    if name.startswith(papers.EXTRA_PREFIX):
        papers.validate_values({name: value})
        papers.validate_extra({name.removeprefix(papers.EXTRA_PREFIX): value})
        return
    if name not in SETTABLE:
        raise InvalidInputError(
            sentence("“{name}” cannot be set on many papers at once.", name=name)
        )
    papers.validate_values({name: value})


def current(session: Session, name: str, paper_ids: list[int]) -> dict[int, Any]:
    """Each paper's value of the field, by id; a missing id is an error."""
    found: dict[int, Any] = {}
    extra = name.removeprefix(papers.EXTRA_PREFIX) if name.startswith(papers.EXTRA_PREFIX) else None
    column = col(Paper.extra) if extra is not None else getattr(Paper, name)
    for chunk in _chunks(sorted(set(paper_ids))):
        rows = session.exec(select(Paper.id, column).where(col(Paper.id).in_(chunk)))
        for paper_id, value in rows:
            assert paper_id is not None
            found[paper_id] = str(value.get(extra, "")) if extra is not None else value
    missing = [i for i in paper_ids if i not in found]
    if missing:
        raise NotFoundError(
            sentence("There is no paper with id {paper_id} in this library.", paper_id=missing[0])
        )
    return found


def set_values(session: Session, name: str, values: list[tuple[int, Any]]) -> list[tuple[int, Any]]:
    """Give each paper its value of one field; returns each one's value before, in order.
    A field kept from an import ("extra:<name>") is removed by an empty value."""
    ids = list(dict.fromkeys(i for i, _ in values))
    for value in {repr(v): v for _, v in values}.values():
        check(name, value)
    before = current(session, name, ids)
    if name.startswith(papers.EXTRA_PREFIX):
        _set_extra(session, name.removeprefix(papers.EXTRA_PREFIX), values)
    else:
        _set_column(session, name, values)
    session.expire_all()
    return [(i, before[i]) for i in ids]


def _set_column(session: Session, name: str, values: list[tuple[int, Any]]) -> None:
    sharing: dict[Any, list[int]] = defaultdict(list)
    for paper_id, value in values:
        sharing[value].append(paper_id)
    now = utcnow()
    for value, ids in sharing.items():
        for chunk in _chunks(ids):
            session.execute(
                update(Paper)
                .where(col(Paper.id).in_(chunk))
                .values({name: value, "version": col(Paper.version) + 1, "updated_at": now})
            )


def _set_extra(session: Session, name: str, values: list[tuple[int, Any]]) -> None:
    """Each paper's `extra` holds its own other fields: one row at a time, in one
    statement run for many rows."""
    wanted = dict(values)
    table = Paper.__table__  # type: ignore[attr-defined]
    statement = (
        table.update()
        .where(table.c.id == bindparam("paper_id"))
        .values(extra=bindparam("new_extra"), version=table.c.version + 1, updated_at=utcnow())
    )
    for chunk in _chunks(list(wanted)):
        rows = session.exec(select(Paper.id, col(Paper.extra)).where(col(Paper.id).in_(chunk)))
        changed = []
        for paper_id, extra in rows:
            kept = dict(extra)
            value = wanted[paper_id]  # type: ignore[index]
            if value:
                kept[name] = value
            else:
                kept.pop(name, None)
            changed.append({"paper_id": paper_id, "new_extra": kept})
        if changed:
            session.execute(statement, changed)
