"""SearchDocuments read from the database: for every paper at build, for a few on change."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator, Sequence

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from desktop.core.formats.record import Record
from desktop.core.search.document import SearchDocument
from desktop.core.storage.models import (
    ListEntry,
    Paper,
    PaperPerson,
    PaperTag,
    Person,
    ReadingList,
    ReadStatus,
    Role,
    Tag,
)

#: The paper's own columns a document is read from (besides its id).
_COLUMN_NAMES = (
    "title",
    "year",
    "journal",
    "booktitle",
    "topic",
    "status",
    "doi",
    "citekey",
    "keywords",
)
_COLUMNS = (Paper.id, *(getattr(Paper, name) for name in _COLUMN_NAMES))


def documents(
    session: Session, paper_ids: list[int] | None = None, *, trash: bool = False
) -> Iterator[SearchDocument]:
    """Documents of the papers not in the trash (all of them, or those of `paper_ids`);
    with `trash`, of the papers in the trash instead."""
    in_trash = col(Paper.deleted_at).is_not(None) if trash else col(Paper.deleted_at).is_(None)
    query = sa_select(*(col(c) for c in _COLUMNS)).where(in_trash)
    wanted = None if paper_ids is None else set(paper_ids)
    if wanted is not None:
        query = query.where(col(Paper.id).in_(wanted))
    # In id order: the index's lists are kept sorted, and appending is the cheap way.
    query = query.order_by(col(Paper.id))
    authors = _authors(session, wanted)
    tags = _tags(session, wanted)
    lists = _lists(session, wanted)
    for row in session.execute(query):
        pid, title, year, journal, booktitle, topic, status, doi, citekey, keywords = row
        yield SearchDocument(
            id=pid,
            title=title,
            authors=authors.get(pid, ()),
            year=year,
            venue=_venue(journal, booktitle),
            topic=topic,
            tags=tags.get(pid, ()),
            lists=lists.get(pid, ()),
            status=status,
            doi=doi,
            citekey=citekey,
            keywords=tuple(keywords or ()),
        )


#: The papers' fields a document is read from: a change to none of them leaves the index
#: as it is (a priority, an abstract, notes: full text reads those from the database).
READ_FIELDS = frozenset((*_COLUMN_NAMES, "authors", "tags", "lists"))


def labels(
    session: Session, paper_ids: list[int], names: Collection[str]
) -> dict[int, dict[str, str | tuple[str, ...]]]:
    """The labels named (some of `LABELS`) of these papers, by paper, as `documents`
    reads them; a paper without a tag has its tags (), and so on."""
    wanted = set(paper_ids)
    found: dict[int, dict[str, str | tuple[str, ...]]] = {i: {} for i in wanted}
    for name, read in (("tags", _tags), ("lists", _lists)):
        if name in names:
            by_paper = read(session, wanted)
            for paper_id, held in found.items():
                held[name] = tuple(by_paper.get(paper_id, ()))
    columns = [name for name in ("status", "keywords") if name in names]
    if columns:
        query = sa_select(col(Paper.id), *(col(getattr(Paper, name)) for name in columns))
        for paper_id, *values in session.execute(query.where(col(Paper.id).in_(wanted))):
            held = found[paper_id]
            for name, value in zip(columns, values, strict=True):
                held[name] = value if name == "status" else tuple(value or ())
    return found


#: A new paper's status (see `document_of`; an enum's value is a slow read).
_UNREAD = ReadStatus.UNREAD.value


def document_of(
    paper_id: int,
    record: Record,
    citekey: str,
    *,
    tags: Sequence[str] = (),
    lists: Sequence[str] = (),
) -> SearchDocument:
    """The document `documents` would read back for a paper just stored from `record`:
    an import hands the index what it holds already instead of reading it all again.

    People are named as the record names them; a person stored earlier under another
    spelling of the same name (case, spacing) folds to the same words.
    """
    return SearchDocument(
        id=paper_id,
        title=record.title or "",
        authors=[_person(p.given, p.von, p.family) for p in record.authors],
        year=record.year,
        venue=_venue(record.journal, record.booktitle),
        topic=record.topic or "",
        tags=tuple(tags),
        lists=tuple(lists),
        status=_UNREAD,
        doi=record.doi or "",
        citekey=citekey,
        keywords=tuple(record.keywords),
    )


def _authors(session: Session, wanted: set[int] | None) -> dict[int, list[tuple[str, str]]]:
    query = (
        select(PaperPerson.paper_id, Person.given, Person.von, Person.family)
        .join(Person, col(Person.id) == PaperPerson.person_id)
        .where(PaperPerson.role == Role.AUTHOR.value)
        .order_by(col(PaperPerson.paper_id), col(PaperPerson.position))
    )
    if wanted is not None:
        query = query.where(col(PaperPerson.paper_id).in_(wanted))
    found: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for paper_id, given, von, family in session.exec(query):
        found[paper_id].append(_person(given, von, family))
    return found


def _tags(session: Session, wanted: set[int] | None) -> dict[int, list[str]]:
    query = select(PaperTag.paper_id, Tag.name).join(Tag, col(Tag.id) == PaperTag.tag_id)
    if wanted is not None:
        query = query.where(col(PaperTag.paper_id).in_(wanted))
    return _grouped(session.exec(query))


def _lists(session: Session, wanted: set[int] | None) -> dict[int, list[str]]:
    query = select(ListEntry.paper_id, ReadingList.name).join(
        ReadingList, col(ReadingList.id) == ListEntry.list_id
    )
    if wanted is not None:
        query = query.where(col(ListEntry.paper_id).in_(wanted))
    return _grouped(session.exec(query))


def _grouped(pairs: Iterable[tuple[int, str]]) -> dict[int, list[str]]:
    found: dict[int, list[str]] = defaultdict(list)
    for paper_id, label in pairs:
        found[paper_id].append(label)
    return found


def _person(given: str, von: str, family: str) -> tuple[str, str]:
    """A person as the index takes them: the particle inside the family name
    ("van der Maaten")."""
    return given, f"{von} {family}".strip()


def _venue(journal: str | None, booktitle: str | None) -> str:
    return journal or booktitle or ""
