"""Papers in the database: adding records, reading details, guarded updates, the trash.

Small keyword-free functions that take the session from the caller; `Library` owns the
transactions around them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, delete, func, update
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from desktop.core import people, snapshots
from desktop.core.errors import InvalidInputError, NotFoundError, StaleEditError
from desktop.core.formats import keywords
from desktop.core.formats.doi import is_doi
from desktop.core.formats.record import MODELLED_FIELDS, Record
from desktop.core.formats.record import Person as NamedPerson
from desktop.core.sentences import sentence
from desktop.core.storage import db
from desktop.core.storage.models import (
    Annotation,
    Attachment,
    ListEntry,
    Note,
    Paper,
    PaperTag,
    ReadingList,
    ReadStatus,
    Role,
    Tag,
    utcnow,
)

#: Paper columns a caller may change through `update_paper` (and a bulk edit).
EDITABLE = frozenset((*MODELLED_FIELDS, "entry_type", "year", "month", "status", "priority"))
#: Columns holding a list, changed one paper at a time through `update_paper` only.
EDITABLE_LISTS = frozenset(("keywords",))
#: A change named "extra:<name>" sets a field kept in `Paper.extra` ("extra:issn"); an
#: empty value removes it.
EXTRA_PREFIX = "extra:"
#: Names an `extra` field cannot have: they are columns, people or the paper's tags.
_NOT_EXTRA = frozenset((*EDITABLE, "author", "editor", "authors", "editors", "keywords"))


@dataclass
class PaperDetails:
    """A paper with everything attached to it, as frozen copies (no session behind them)."""

    paper: snapshots.Paper
    authors: list[NamedPerson] = field(default_factory=list)
    editors: list[NamedPerson] = field(default_factory=list)
    tags: list[snapshots.Tag] = field(default_factory=list)
    lists: list[snapshots.ReadingList] = field(default_factory=list)
    notes: list[snapshots.Note] = field(default_factory=list)
    annotations: list[snapshots.Annotation] = field(default_factory=list)
    attachments: list[snapshots.Attachment] = field(default_factory=list)

    @property
    def id(self) -> int:
        return self.paper.id


#: A new paper's status (read once: an enum's value is a slow read, and an import asks
#: it 100k times).
_UNREAD = ReadStatus.UNREAD.value


def paper_row(record: Record, citekey: str, now: datetime) -> dict[str, Any]:
    """The column values of a new paper holding what a Record says.

    A plain dict, not a Paper: building 100k validated model objects costs seconds.
    """
    row: dict[str, Any] = {name: getattr(record, name) or "" for name in MODELLED_FIELDS}
    row.update(
        entry_type=(record.entry_type or "misc").lower(),
        citekey=citekey,
        year=record.year,
        month=record.month,
        extra=dict(record.extra),
        latex=dict(record.latex),
        keywords=list(record.keywords),
        status=_UNREAD,
        priority=0,
        created_at=now,
        updated_at=now,
        deleted_at=None,
        version=1,
    )
    return row


def record_from_details(details: PaperDetails) -> Record:
    """The Record an exporter needs for a stored paper."""
    paper = details.paper
    values: dict[str, Any] = {name: getattr(paper, name) for name in MODELLED_FIELDS}
    return Record(
        **values,
        entry_type=paper.entry_type,
        citekey=paper.citekey,
        year=paper.year,
        month=paper.month,
        authors=list(details.authors),
        editors=list(details.editors),
        keywords=keywords.with_tags(list(paper.keywords), [tag.name for tag in details.tags]),
        extra=dict(paper.extra),
        latex=latex_given_back(paper.latex),
    )


def latex_given_back(latex: dict[str, str]) -> dict[str, str]:
    """The imported LaTeX an export gives back: not the keywords, which are the paper's
    tags now (the user may have changed them since the import)."""
    return {name: value for name, value in latex.items() if name != "keywords"}


def insert_papers(
    session: Session,
    keyed: list[tuple[Record, str]],
    known_people: people.KnownPeople | None = None,
) -> list[int]:
    """Store many records at once (with their citation keys); their ids, in order.
    `known_people` carries the people found so far from one batch to the next."""
    if not keyed:
        return []
    for record, _ in keyed:
        validate_values({"year": record.year, "month": record.month, "doi": record.doi})
    now = utcnow()
    ids = db.reserve_ids(session, Paper, len(keyed))
    rows = [
        {"id": paper_id, **paper_row(record, key, now)}
        for paper_id, (record, key) in zip(ids, keyed, strict=True)
    ]
    db.insert_many(session, Paper, rows)
    people.link_many(
        session,
        [
            (paper_id, role, named)
            for paper_id, (record, _) in zip(ids, keyed, strict=True)
            for role, named in ((Role.AUTHOR, record.authors), (Role.EDITOR, record.editors))
            if named
        ],
        known_people,
    )
    return ids


def is_year(year: object) -> bool:
    return isinstance(year, int) and -3000 <= year <= 3000


def validate_values(values: dict[str, Any]) -> None:
    """Refuse values no paper can have, with a sentence saying which and why."""
    for name, value in values.items():
        if isinstance(value, str) and "\x00" in value:
            raise InvalidInputError(
                sentence("The {name} contains a NUL character, which cannot be stored.", name=name)
            )
    words = values.get("keywords", [])
    if not isinstance(words, list) or not all(isinstance(word, str) for word in words):
        raise TypeError(f"keywords must be a list of str, not {words!r}")  # a caller's bug
    if any("\x00" in word for word in words):
        raise InvalidInputError(
            sentence(
                "The {name} contains a NUL character, which cannot be stored.", name="keywords"
            )
        )
    year = values.get("year")
    if year is not None and not is_year(year):
        raise InvalidInputError(
            sentence("The year {year} is not a year; write it as, e.g., 2019.", year=repr(year))
        )
    month = values.get("month")
    if month is not None and not (isinstance(month, int) and 1 <= month <= 12):
        raise InvalidInputError(
            sentence("The month {month} is not a month number from 1 to 12.", month=repr(month))
        )
    doi = values.get("doi")
    if doi and not is_doi(doi):
        raise InvalidInputError(
            sentence("“{doi}” is not a DOI; a DOI looks like 10.1000/xyz123.", doi=doi)
        )
    status = values.get("status")
    if status is not None and status not in {s.value for s in ReadStatus}:
        raise InvalidInputError(
            sentence(
                "“{status}” is not a reading status; use unread, reading or read.", status=status
            )
        )
    priority = values.get("priority")
    if priority is not None and not (isinstance(priority, int) and 0 <= priority <= 5):
        raise InvalidInputError(
            sentence(
                "The priority {priority} must be a whole number from 0 to 5.",
                priority=repr(priority),
            )
        )


def field_value(paper: Paper | snapshots.Paper, name: str) -> Any:
    """What a paper holds under a field name of `update_paper` ("" for an absent extra)."""
    if name.startswith(EXTRA_PREFIX):
        return str(paper.extra.get(name.removeprefix(EXTRA_PREFIX), ""))
    return getattr(paper, name, None)


def validate_extra(extra: dict[str, Any]) -> None:
    for name, value in extra.items():
        if not name or name != name.strip() or any(c.isspace() for c in name):
            raise InvalidInputError(
                sentence(
                    "“{name}” cannot be a field name: write it as one word, e.g. isbn.", name=name
                )
            )
        if name.lower() in _NOT_EXTRA:
            raise InvalidInputError(
                sentence(
                    "“{name}” is one of the paper's own fields; edit it in its own row.", name=name
                )
            )
        if not isinstance(value, str):
            raise InvalidInputError(sentence("The {name} must be text.", name=name))
        if value and name.startswith("csl-json:"):
            try:
                json.loads(value)
            except ValueError:
                raise InvalidInputError(
                    sentence(
                        'The {name} must stay JSON as CSL-JSON wrote it, e.g. ["a", "b"].',
                        name=name,
                    )
                ) from None


def get_paper(
    session: Session, paper_id: int, *, include_trash: bool = True, lock: bool = False
) -> Paper:
    """The paper with this id, or NotFoundError; `lock` holds its row until the commit."""
    paper = session.get(Paper, paper_id, with_for_update=lock)
    if paper is None or (paper.deleted_at is not None and not include_trash):
        raise NotFoundError(
            sentence("There is no paper with id {paper_id} in this library.", paper_id=paper_id)
        )
    return paper


def details(session: Session, paper_id: int) -> PaperDetails:
    """Everything about one paper."""
    paper = get_paper(session, paper_id)
    named = people.people_of(session, [paper_id])
    tag_rows = session.exec(
        select(Tag)
        .join(PaperTag, col(PaperTag.tag_id) == Tag.id)
        .where(PaperTag.paper_id == paper_id)
        .order_by(col(Tag.name))
    )
    list_rows = session.exec(
        select(ReadingList)
        .join(ListEntry, col(ListEntry.list_id) == ReadingList.id)
        .where(ListEntry.paper_id == paper_id)
        .order_by(col(ReadingList.name))
    )
    note_rows = session.exec(
        select(Note).where(Note.paper_id == paper_id).order_by(col(Note.created_at))
    )
    annotation_rows = session.exec(
        select(Annotation)
        .where(Annotation.paper_id == paper_id)
        .order_by(col(Annotation.start), col(Annotation.id))
    )
    attachment_rows = session.exec(
        select(Attachment).where(Attachment.paper_id == paper_id).order_by(col(Attachment.id))
    )
    copy = snapshots.copy_of
    return PaperDetails(
        paper=copy(snapshots.Paper, paper),
        authors=named.get((paper_id, Role.AUTHOR.value), []),
        editors=named.get((paper_id, Role.EDITOR.value), []),
        tags=[copy(snapshots.Tag, row) for row in tag_rows],
        lists=[copy(snapshots.ReadingList, row) for row in list_rows],
        notes=[copy(snapshots.Note, row) for row in note_rows],
        annotations=[copy(snapshots.Annotation, row) for row in annotation_rows],
        attachments=[snapshots.attachment_of(row) for row in attachment_rows],
    )


def update_paper(
    session: Session,
    paper_id: int,
    expected_version: int | None,
    *,
    changes: dict[str, Any],
    authors: list[NamedPerson] | None = None,
    editors: list[NamedPerson] | None = None,
) -> None:
    """Apply `changes` if the paper is still at `expected_version` (None: whatever it is).

    The check and the write are one UPDATE statement, so two writers cannot both pass it.
    """
    extra = {
        name.removeprefix(EXTRA_PREFIX): value
        for name, value in changes.items()
        if name.startswith(EXTRA_PREFIX)
    }
    columns = {name: value for name, value in changes.items() if not name.startswith(EXTRA_PREFIX)}
    unknown = set(columns) - EDITABLE - EDITABLE_LISTS
    if unknown:
        raise InvalidInputError(
            sentence("These fields cannot be edited: {fields}.", fields=", ".join(sorted(unknown)))
        )
    validate_values(changes)
    validate_extra(extra)
    if "keywords" in columns:
        columns["keywords"] = keywords.cleaned(columns["keywords"])
    if extra:
        # Locked: the fields kept beside the edited ones are those of this very version.
        kept = dict(get_paper(session, paper_id, lock=True).extra)
        for name, value in extra.items():
            if value:
                kept[name] = value
            else:
                kept.pop(name, None)
        columns["extra"] = kept
    statement = (
        update(Paper)
        .where(col(Paper.id) == paper_id)
        .values(**columns, version=col(Paper.version) + 1, updated_at=utcnow())
    )
    if expected_version is not None:
        statement = statement.where(col(Paper.version) == expected_version)
    if session.execute(statement).rowcount == 0:  # type: ignore[attr-defined]
        get_paper(session, paper_id)  # raises NotFoundError when it is gone
        raise StaleEditError(
            sentence(
                "Paper {paper_id} was changed by someone else since you opened it; reload it to "
                "see their changes, then make yours again.",
                paper_id=paper_id,
            )
        )
    if authors is not None:
        people.set_people(session, paper_id, Role.AUTHOR, people=authors)
    if editors is not None:
        people.set_people(session, paper_id, Role.EDITOR, people=editors)
    session.expire_all()
    _forget_stale_latex(session, paper_id, changes, authors=authors, editors=editors)
    if "abstract" in changes:
        _follow_annotations(session, paper_id, changes["abstract"])


def _forget_stale_latex(
    session: Session,
    paper_id: int,
    changes: dict[str, Any],
    *,
    authors: list[NamedPerson] | None,
    editors: list[NamedPerson] | None,
) -> None:
    """An edited field's imported LaTeX no longer says what the field says: drop it, so
    exports write the new value. (The row is already locked by this transaction's UPDATE.)"""
    edited = set(changes) | ({"author"} if authors is not None else set())
    edited |= {"editor"} if editors is not None else set()
    paper = get_paper(session, paper_id)
    if edited & set(paper.latex):
        paper.latex = {k: v for k, v in paper.latex.items() if k not in edited}
        session.add(paper)
        session.flush()


def _follow_annotations(session: Session, paper_id: int, abstract: str) -> None:
    """Keep annotations on their words when the abstract is edited: each moves to the
    occurrence of its quote nearest to where it was; one whose words are gone keeps its
    quote and is clamped to the new text."""
    for annotation in session.exec(select(Annotation).where(Annotation.paper_id == paper_id)):
        if abstract[annotation.start : annotation.end] == annotation.quote:
            continue
        places = [m.start() for m in re.finditer(re.escape(annotation.quote), abstract)]
        if places and annotation.quote:
            start = min(places, key=lambda p: abs(p - annotation.start))
            annotation.start, annotation.end = start, start + len(annotation.quote)
        else:
            annotation.start = min(annotation.start, len(abstract))
            annotation.end = min(max(annotation.end, annotation.start), len(abstract))
        session.add(annotation)


def move_to_trash(session: Session, paper_ids: list[int]) -> int:
    """Put papers in the trash; returns how many moved there."""
    result = session.execute(
        update(Paper)
        .where(col(Paper.id).in_(paper_ids), col(Paper.deleted_at).is_(None))
        .values(deleted_at=utcnow(), version=col(Paper.version) + 1)
    )
    return int(result.rowcount)  # type: ignore[attr-defined]


def restore(session: Session, paper_ids: list[int]) -> int:
    """Take papers out of the trash; returns how many came back."""
    result = session.execute(
        update(Paper)
        .where(col(Paper.id).in_(paper_ids), col(Paper.deleted_at).is_not(None))
        .values(deleted_at=None, version=col(Paper.version) + 1)
    )
    return int(result.rowcount)  # type: ignore[attr-defined]


def trash_ids(session: Session) -> list[int]:
    """The ids of the papers in the trash, oldest first."""
    query = select(Paper.id).where(col(Paper.deleted_at).is_not(None)).order_by(col(Paper.id))
    return [i for i in session.exec(query) if i is not None]


def delete_for_good(session: Session, paper_ids: list[int]) -> list[int]:
    """Delete for good those of the papers that are in the trash (with their notes,
    tags...); returns their ids."""
    in_trash = col(Paper.deleted_at).is_not(None)
    chosen = col(Paper.id).in_(paper_ids)
    ids = [i for i in session.exec(select(Paper.id).where(in_trash, chosen)) if i is not None]
    # Notes, tags, list entries and people links go with them (ON DELETE CASCADE).
    session.execute(delete(Paper).where(in_trash, chosen))
    return ids


def count(session: Session, *, trash: bool = False) -> int:
    """How many papers are in the library (or in its trash)."""
    condition = col(Paper.deleted_at).is_not(None) if trash else col(Paper.deleted_at).is_(None)
    return int(session.exec(select(func.count()).select_from(Paper).where(condition)).one())


def citekeys(session: Session, paper_ids: list[int]) -> dict[int, str]:
    """The citation keys of these papers, by id (ids of no paper left out)."""
    found: dict[int, str] = {}
    connection = session.connection()
    for start in range(0, len(paper_ids), _IDS_AT_ONCE):
        chunk = paper_ids[start : start + _IDS_AT_ONCE]
        rows = connection.execute(_CITEKEYS, {"ids": chunk})
        found.update((i, key) for i, key in rows if i is not None)
    return found


#: Ids given to one statement at most (SQLite's limit on parameters may be 32,766).
_IDS_AT_ONCE = 10_000
_CITEKEYS = sa_select(col(Paper.id), col(Paper.citekey)).where(
    col(Paper.id).in_(bindparam("ids", expanding=True))
)


def versions(session: Session, paper_ids: list[int]) -> list[tuple[int, int]]:
    """(id, version) of each paper, in the order given; a missing id is an error."""
    found: dict[int, int] = {}
    ordered = sorted(set(paper_ids))
    for start in range(0, len(ordered), 500):
        chunk = ordered[start : start + 500]
        query = select(Paper.id, Paper.version).where(col(Paper.id).in_(chunk))
        found.update((i, v) for i, v in session.exec(query) if i is not None)
    missing = [i for i in paper_ids if i not in found]
    if missing:
        raise NotFoundError(
            sentence("There is no paper with id {paper_id} in this library.", paper_id=missing[0])
        )
    return [(i, found[i]) for i in paper_ids]
