"""Stored papers read back as Records (with their notes) for an export.

An export of a whole 100k library must take a few seconds, so this reads plain rows, not
model objects, and a large export reads each table once instead of by id.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import fields
from itertools import takewhile
from typing import Any

from sqlalchemy import String, cast, func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from desktop.core.errors import NotFoundError
from desktop.core.formats import keywords
from desktop.core.formats.record import Record
from desktop.core.papers import latex_given_back
from desktop.core.people import people_of
from desktop.core.sentences import sentence
from desktop.core.storage.models import Annotation, Note, Paper, PaperTag, Role, Tag

#: Papers read per query when reading by id.
BY_ID_AT_MOST = 500
#: An export asking for at least this share of the library reads whole tables and skips
#: the papers it was not asked for: a scan costs about what reading a quarter by id does.
SCAN_FROM_SHARE = 0.25

_PAPER = Paper.__table__  # type: ignore[attr-defined]
#: The Record's leading fields, each a paper column of the same name: a row's values are
#: the Record's first arguments.
_FROM_COLUMNS = tuple(
    takewhile(lambda name: name in _PAPER.c, (field.name for field in fields(Record)))
)
_PAPER_COLUMNS = (
    _PAPER.c.id,
    *(_PAPER.c[name] for name in _FROM_COLUMNS),
    # As text, parsed here: most are "{}", which need no JSON parser (SQLite and PostgreSQL
    # alike give the JSON's text for the cast).
    cast(_PAPER.c.extra, String),
    cast(_PAPER.c.latex, String),
    cast(_PAPER.c.keywords, String),
)
_AUTHOR, _EDITOR = Role.AUTHOR.value, Role.EDITOR.value

Entry = tuple[Record, list[str]]


def export_entries(session: Session, paper_ids: list[int]) -> list[Entry]:
    """The Record and note bodies of each paper, in the order given."""
    wanted = set(paper_ids)
    found: dict[int, Entry] = {}
    if _worth_scanning(session, len(wanted)):
        found = _read(session, None, wanted)
    else:
        ordered = sorted(wanted)
        for start in range(0, len(ordered), BY_ID_AT_MOST):
            found.update(_read(session, ordered[start : start + BY_ID_AT_MOST], wanted))
    missing = [i for i in paper_ids if i not in found]
    if missing:
        raise NotFoundError(
            sentence("There is no paper with id {paper_id} in this library.", paper_id=missing[0])
        )
    return [found[i] for i in paper_ids]


def _worth_scanning(session: Session, wanted: int) -> bool:
    if wanted <= BY_ID_AT_MOST:
        return False
    stored = session.execute(sa_select(func.count()).select_from(_PAPER)).scalar_one()
    return wanted >= stored * SCAN_FROM_SHARE


def _read(session: Session, chunk: list[int] | None, wanted: set[int]) -> dict[int, Entry]:
    """The entries of the papers in `chunk` (every stored paper in `wanted` when None)."""
    people = people_of(session, chunk, shared=True)  # writers only read them
    tags = _grouped(
        _rows(
            session,
            sa_select(col(PaperTag.paper_id), col(Tag.name))
            .join(Tag, col(Tag.id) == PaperTag.tag_id)
            .order_by(col(Tag.name)),
            col(PaperTag.paper_id),
            chunk=chunk,
        )
    )
    notes = _grouped(
        _rows(
            session,
            sa_select(col(Note.paper_id), col(Note.body)).order_by(
                col(Note.created_at), col(Note.id)
            ),
            col(Note.paper_id),
            chunk=chunk,
        )
    )
    annotated: dict[int, list[tuple[str, str]]] = {}
    for paper_id, quote, note in _rows(
        session,
        sa_select(col(Annotation.paper_id), col(Annotation.quote), col(Annotation.note)).order_by(
            col(Annotation.start), col(Annotation.end), col(Annotation.id)
        ),
        col(Annotation.paper_id),
        chunk=chunk,
    ):
        annotated.setdefault(paper_id, []).append((quote, note))
    found: dict[int, Entry] = {}
    end = 1 + len(_FROM_COLUMNS)
    for row in _rows(session, sa_select(*_PAPER_COLUMNS), _PAPER.c.id, chunk=chunk):
        paper_id = row[0]
        if paper_id not in wanted:
            continue
        extra, latex, own_keywords = row[end:]
        record = Record(  # type: ignore[misc]  # mypy cannot count the row's values
            *row[1:end],
            authors=people.get((paper_id, _AUTHOR)) or [],
            editors=people.get((paper_id, _EDITOR)) or [],
            keywords=keywords.with_tags(_json_list(own_keywords), tags.get(paper_id, [])),
            extra=_json_object(extra),
            latex=latex_given_back(_json_object(latex)),
            annotations=annotated.get(paper_id, []),
        )
        found[paper_id] = (record, notes.get(paper_id, []))
    return found


def _rows(session: Session, query: Any, paper_id: Any, *, chunk: list[int] | None) -> Iterator[Any]:
    if chunk is not None:
        query = query.where(paper_id.in_(chunk))
    # The connection's plain rows: the session's result machinery costs 0.3 s at 100k.
    return iter(session.connection().execute(query).fetchall())


def _grouped(rows: Iterable[tuple[int, str]]) -> dict[int, list[str]]:
    grouped: dict[int, list[str]] = {}
    for paper_id, value in rows:
        grouped.setdefault(paper_id, []).append(value)
    return grouped


def _json_list(text: str | None) -> list[str]:
    if not text or text == "[]":
        return []
    value = json.loads(text)
    return [str(word) for word in value] if isinstance(value, list) else []


def _json_object(text: str | None) -> dict[str, Any]:
    if not text or text == "{}":
        return {}
    # `raw_decode`, not `loads`: three times faster on short objects (no wrapper layers).
    value = _JSON.raw_decode(text.lstrip())[0]
    return value if isinstance(value, dict) else {}


_JSON = json.JSONDecoder()
