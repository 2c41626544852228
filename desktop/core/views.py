"""What the paper table shows: which papers a view holds, in SQL order, and their rows.

The window's table model holds ids only; it asks for the ids of a view sorted by a column
(sorting happens here, in SQL) and fetches rows lazily, a page at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from sqlalchemy import bindparam, func, or_
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import SelectOfScalar

from desktop.core.formats import cjk_names
from desktop.core.formats.record import Person as NamedPerson
from desktop.core.people import people_of
from desktop.core.storage.models import (
    Attachment,
    AttachmentKind,
    ListEntry,
    Paper,
    PaperPerson,
    PaperTag,
    Person,
    Role,
    Tag,
    utcnow,
)


class Column(NamedTuple):
    """A column of the paper table: the key it sorts by, and its header."""

    key: str
    label: str


#: The table's columns, in their default order.
COLUMNS = (
    Column("title", "Title"),
    Column("authors", "Authors"),
    Column("year", "Year"),
    Column("venue", "Venue"),
    Column("status", "Status"),
    Column("priority", "Priority"),
    Column("added", "Added"),
    Column("files", "Files"),
)
#: Columns the table can sort by.
SORT_COLUMNS = tuple(column.key for column in COLUMNS)
#: The order of search hits shown best first (not a column).
RELEVANCE = "relevance"
#: "Recently added" means within this many days.
RECENT_DAYS = 30


@dataclass(frozen=True)
class View:
    """A set of papers the sidebar can show: kind is one of "all", "status", "recent",
    "list", "tag", "trash"; `key` names the status, list id or tag id."""

    kind: str = "all"
    key: str | int | None = None


@dataclass(frozen=True)
class PaperRow:
    """One line of the paper table."""

    id: int
    citekey: str
    title: str
    abstract: str
    authors: str
    year: int | None
    venue: str
    status: str
    priority: int
    added: datetime
    topic: str
    #: The paper's tags that have a colour, by name: (name, "#rrggbb").
    coloured_tags: tuple[tuple[str, str], ...] = ()
    #: How many files are attached to it (copied or linked; web addresses aside).
    files: int = 0


def short_authors(people: list[NamedPerson]) -> str:
    """'Levine', 'Levine and Finn', 'Levine et al.' (family names); names in CJK letters
    whole and joined as their readers write them: '张三、李四', '张三等'."""
    names = [p.short() for p in people]
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    if cjk_names.has_cjk(names[0]):
        return f"{names[0]}、{names[1]}" if len(names) == 2 else f"{names[0]}等"
    if len(names) == 2:
        return f"{names[0]} and {names[1]}"
    return f"{names[0]} et al."


def _is_file() -> Any:
    """An attachment that is a file (copied, or linked on this computer), not a web page."""
    target = col(Attachment.target)
    return or_(
        col(Attachment.kind) == AttachmentKind.COPY.value,
        ~target.contains("://"),
        target.startswith("file://"),
    )


def _sort_key(column: str) -> Any:
    if column == "files":
        return (
            select(func.count())
            .select_from(Attachment)
            .where(Attachment.paper_id == Paper.id, _is_file())
            .scalar_subquery()
        )
    if column == "authors":
        first_author = (
            select(Person.family)
            .join(PaperPerson, col(PaperPerson.person_id) == Person.id)
            .where(
                PaperPerson.paper_id == Paper.id,
                PaperPerson.role == Role.AUTHOR.value,
                PaperPerson.position == 0,
            )
            .scalar_subquery()
        )
        return func.lower(func.coalesce(first_author, ""))
    keys: dict[str, Any] = {
        "title": func.lower(Paper.title),
        "year": col(Paper.year),
        "venue": func.lower(Paper.journal + Paper.booktitle),
        "status": col(Paper.status),
        "priority": col(Paper.priority),
        "added": col(Paper.created_at),
    }
    return keys[column]


def _in_view(view: View) -> SelectOfScalar[Any]:
    """The ids of the papers in `view`, unordered (a list's entries joined)."""
    query = select(Paper.id)
    if view.kind == "trash":
        query = query.where(col(Paper.deleted_at).is_not(None))
    else:
        query = query.where(col(Paper.deleted_at).is_(None))
    if view.kind == "status":
        query = query.where(Paper.status == view.key)
    elif view.kind == "recent":
        query = query.where(col(Paper.created_at) >= utcnow() - timedelta(days=RECENT_DAYS))
    elif view.kind == "tag":
        query = query.join(PaperTag, col(PaperTag.paper_id) == Paper.id).where(
            PaperTag.tag_id == view.key
        )
    elif view.kind == "list":
        query = query.join(ListEntry, col(ListEntry.paper_id) == Paper.id).where(
            ListEntry.list_id == view.key
        )
    return query


def view_ids(
    session: Session, view: View, sort: str = "added", *, descending: bool = False
) -> list[int]:
    """The ids of the papers in `view`, sorted by a column (ties broken by id)."""
    query = _in_view(view)
    if view.kind == "list" and sort == "position":
        return [i for i in session.exec(query.order_by(col(ListEntry.position))) if i]
    key = _sort_key(sort if sort in SORT_COLUMNS else "added")
    order = key.desc() if descending else key.asc()
    tie = col(Paper.id).desc() if descending else col(Paper.id).asc()
    if sort == "year":  # papers without a year go last either way
        order = order.nulls_last()
    return [i for i in session.exec(query.order_by(order, tie)) if i is not None]


def searched_ids(session: Session, view: View) -> set[int] | None:
    """The papers a search in `view` may find; None when that is every paper the searcher
    looks at already (the library outside the trash, or the trash)."""
    if view.kind in ("all", "trash"):
        return None
    return {i for i in session.exec(_in_view(view)) if i is not None}


def in_view_order(
    session: Session, view: View, paper_ids: list[int], *, sort: str, descending: bool = False
) -> list[int]:
    """Those of `paper_ids` in `view`, in the view's order by `sort` (see `view_ids`)."""
    wanted = set(paper_ids)
    return [i for i in view_ids(session, view, sort, descending=descending) if i in wanted]


def rows(session: Session, ids: list[int]) -> dict[int, PaperRow]:
    """Table rows for these papers (a query for the papers, their authors, their colours)."""
    if not ids:
        return {}
    # The columns a row shows as plain values, not Paper objects: the table asks at every
    # keystroke, and making 100 objects took 2.1 ms where reading the values takes 1.0.
    connection = session.connection()
    papers = connection.execute(_ROWS, {"ids": ids})
    named = people_of(session, ids, roles=(Role.AUTHOR.value,))
    colours: dict[int, list[tuple[str, str]]] = {}
    for paper_id, name, colour in connection.execute(_COLOURED_TAGS, {"ids": ids}):
        colours.setdefault(paper_id, []).append((name, colour))
    files = {paper_id: int(n) for paper_id, n in connection.execute(_FILE_COUNTS, {"ids": ids})}
    result: dict[int, PaperRow] = {}
    for paper in papers:
        assert paper.id is not None  # a stored paper
        result[paper.id] = PaperRow(
            id=paper.id,
            citekey=paper.citekey,
            title=paper.title,
            abstract=paper.abstract,
            authors=short_authors(named.get((paper.id, Role.AUTHOR.value), [])),
            year=paper.year,
            venue=paper.journal or paper.booktitle or paper.publisher,
            status=paper.status,
            priority=paper.priority,
            added=paper.created_at,
            topic=paper.topic,
            coloured_tags=tuple(colours.get(paper.id, ())),
            files=files.get(paper.id, 0),
        )
    return result


#: What `rows` reads of each paper.
_ROW_COLUMNS = (
    col(Paper.id),
    col(Paper.citekey),
    col(Paper.title),
    col(Paper.abstract),
    col(Paper.year),
    col(Paper.journal),
    col(Paper.booktitle),
    col(Paper.publisher),
    col(Paper.status),
    col(Paper.priority),
    col(Paper.created_at),
    col(Paper.topic),
)


# The statements `rows` runs, built once and given the ids at each call: one built around
# a list of ids is built and keyed anew every time (for 100 rows, half its time).
_ROWS = sa_select(*_ROW_COLUMNS).where(col(Paper.id).in_(bindparam("ids", expanding=True)))
_COLOURED_TAGS = (
    sa_select(col(PaperTag.paper_id), col(Tag.name), col(Tag.colour))
    .join(Tag, col(Tag.id) == PaperTag.tag_id)
    .where(col(PaperTag.paper_id).in_(bindparam("ids", expanding=True)), col(Tag.colour) != "")
    .order_by(func.lower(Tag.name), col(Tag.name))
)
_FILE_COUNTS = (
    sa_select(col(Attachment.paper_id), func.count())
    .where(col(Attachment.paper_id).in_(bindparam("ids", expanding=True)), _is_file())
    .group_by(col(Attachment.paper_id))
)
