"""The database tables, as SQLModel classes.

Text columns have no length limit: what an import brings is stored whole on both backends
(PostgreSQL would refuse an over-long value where SQLite takes it).

Design notes:
- Nothing a user imports is lost: fields we do not model go to `Paper.extra` verbatim, and the
  original LaTeX of decoded fields to `Paper.latex`.
- `version` (on papers and on every other row a user edits: notes, annotations, reading
  lists, tags, saved searches) grows by one on every update; an update names the version it
  started from, so an edit made from a stale copy fails instead of overwriting (see
  `Library.update_paper` and `core/versions.py`).
- A paper in the trash has `deleted_at` set; it keeps its lists, tags and notes until the
  trash is emptied.
"""

from __future__ import annotations

import enum
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, MetaData, UniqueConstraint, false, text
from sqlmodel import Field, SQLModel

# A naming convention makes constraint names stable, which Alembic needs to alter them
# on SQLite (batch mode) and to compare schemas across backends.
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
metadata: MetaData = SQLModel.metadata


def utcnow() -> datetime:
    """Now, as an aware UTC timestamp (SQLModel refuses naive ones)."""
    return datetime.now(UTC)


class ReadStatus(enum.StrEnum):
    """Where a reader is with a paper."""

    UNREAD = "unread"
    READING = "reading"
    READ = "read"


class Role(enum.StrEnum):
    """What a person did for a paper."""

    AUTHOR = "author"
    EDITOR = "editor"


class Paper(SQLModel, table=True):
    """One bibliographic entry."""

    # The papers outside the trash in the order they were added (the library's default view,
    # and an export of everything) are read from this index alone, rowids included: at 100k
    # that is 30 ms against 110-170 ms through the table (migration 0018).
    __table_args__ = (Index("ix_paper_deleted_at_created_at", "deleted_at", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    entry_type: str = "article"
    citekey: str = Field(unique=True)
    title: str = ""
    abstract: str = ""
    year: int | None = Field(default=None, index=True)
    month: int | None = None
    journal: str = ""
    booktitle: str = ""
    publisher: str = ""
    volume: str = ""
    number: str = ""
    pages: str = ""
    doi: str = Field(default="", index=True)
    arxiv_id: str = Field(default="", index=True)
    url: str = ""
    topic: str = ""
    status: str = Field(default=ReadStatus.UNREAD.value, max_length=10, index=True)
    #: 0 (none) to 5.
    priority: int = 0
    #: Fields we do not model, verbatim as imported: {"note": "...", "isbn": "..."}.
    extra: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    #: Original LaTeX of fields whose Unicode value differs from it.
    latex: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    #: Keywords as the source gave them (decoded), apart from the user's tags.
    keywords: list[str] = Field(
        default_factory=list,
        sa_column=Column(JSON, nullable=False, server_default=text("'[]'")),
    )
    created_at: datetime = Field(default_factory=utcnow, index=True)
    updated_at: datetime = Field(default_factory=utcnow)
    #: Set when the paper is in the trash.
    deleted_at: datetime | None = None
    version: int = 1


class Person(SQLModel, table=True):
    """A person, stored once however many papers name them."""

    __table_args__ = (UniqueConstraint("match_key"),)

    id: int | None = Field(default=None, primary_key=True)
    given: str = ""
    family: str = ""
    von: str = ""
    jr: str = ""
    #: Normalised "family|given|von|jr", so "Levine, Sergey" and "Sergey Levine" meet.
    match_key: str


class PaperPerson(SQLModel, table=True):
    """An author or editor of a paper, in order, with the name as the source wrote it.

    A person is stored once under a key that folds case and spacing, so `LEVINE, SERGEY`
    in one paper and `Levine, Sergey` in another are one `Person`. `own_parts` holds this
    paper's spelling when it is not the person's, so each paper gives back its own.
    """

    paper_id: int = Field(foreign_key="paper.id", primary_key=True, ondelete="CASCADE")
    role: str = Field(primary_key=True, max_length=10)
    position: int = Field(primary_key=True)
    person_id: int = Field(foreign_key="person.id", index=True)
    as_written: str = ""
    #: This paper's name parts when they are not the person's: a JSON array of given,
    #: family, von, jr; NULL when they are. One column, not four: an export of every
    #: paper reads all the links, and each column it reads costs it (50 ms per 350k).
    own_parts: str | None = None


class ReadingList(SQLModel, table=True):
    """A named, ordered list of papers to read."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200, unique=True)
    description: str = ""
    #: Where the list stands in the sidebar (the user's order; ties by name).
    position: int = 0
    created_at: datetime = Field(default_factory=utcnow)
    #: Grows by one on every edit (see the module's notes); 1 for rows written without it.
    version: int = Field(default=1, sa_column_kwargs={"server_default": "1"})


class ListEntry(SQLModel, table=True):
    """A paper's place in a reading list."""

    list_id: int = Field(foreign_key="readinglist.id", primary_key=True, ondelete="CASCADE")
    paper_id: int = Field(foreign_key="paper.id", primary_key=True, index=True, ondelete="CASCADE")
    position: int = 0
    added_at: datetime = Field(default_factory=utcnow)


class Tag(SQLModel, table=True):
    """A label with a colour."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200, unique=True)
    #: "#rrggbb", or empty for the default colour.
    colour: str = Field(default="", max_length=20)
    #: Grows by one on every edit (see the module's notes); 1 for rows written without it.
    version: int = Field(default=1, sa_column_kwargs={"server_default": "1"})


class PaperTag(SQLModel, table=True):
    """A tag on a paper."""

    paper_id: int = Field(foreign_key="paper.id", primary_key=True, ondelete="CASCADE")
    tag_id: int = Field(foreign_key="tag.id", primary_key=True, index=True, ondelete="CASCADE")


class Note(SQLModel, table=True):
    """A Markdown note on a paper."""

    id: int | None = Field(default=None, primary_key=True)
    paper_id: int = Field(foreign_key="paper.id", index=True, ondelete="CASCADE")
    body: str = ""
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    #: Grows by one on every edit (see the module's notes); 1 for rows written without it.
    version: int = Field(default=1, sa_column_kwargs={"server_default": "1"})


class Annotation(SQLModel, table=True):
    """A span of a paper's abstract, with what the reader thought of it."""

    id: int | None = Field(default=None, primary_key=True)
    paper_id: int = Field(foreign_key="paper.id", index=True, ondelete="CASCADE")
    #: Character offsets into the abstract, end exclusive.
    start: int
    end: int
    #: The text between start and end when the annotation was made.
    quote: str = ""
    note: str = ""
    created_at: datetime = Field(default_factory=utcnow)
    #: Grows by one on every edit (see the module's notes); 1 for rows written without it.
    version: int = Field(default=1, sa_column_kwargs={"server_default": "1"})


class AttachmentKind(enum.StrEnum):
    """How an attachment's target is to be read."""

    #: A local file anywhere (absolute path) or a web address, left where it is.
    LINK = "link"
    #: A file copied into the library's files folder; `target` is relative to that folder.
    COPY = "copy"


class Attachment(SQLModel, table=True):
    """A file or a link belonging to a paper."""

    id: int | None = Field(default=None, primary_key=True)
    paper_id: int = Field(foreign_key="paper.id", index=True, ondelete="CASCADE")
    #: A local file path or a URL (relative to the files folder when `kind` is "copy").
    target: str
    label: str = ""
    created_at: datetime = Field(default_factory=utcnow)
    kind: str = Field(
        default=AttachmentKind.LINK.value,
        max_length=10,
        sa_column_kwargs={"server_default": AttachmentKind.LINK.value},
    )
    #: The size and modification time ("size:mtime_ns") of the file whose text is in
    #: `FilePage`, "" when its text was never read: a file that differs is read again.
    text_of: str = Field(default="", sa_column_kwargs={"server_default": ""})
    #: Why the file's text could not be read ("" when it could, or was not tried).
    text_problem: str = Field(default="", sa_column_kwargs={"server_default": ""})
    #: That reason's template and values (JSON, `sentences.as_json`), so that a window in
    #: another language can translate it; "" for one kept before (migration 0017).
    text_problem_sentence: str = Field(default="", sa_column_kwargs={"server_default": ""})
    #: The page the reader last showed (0 for the first), so it opens there again.
    last_page: int = Field(default=0, sa_column_kwargs={"server_default": "0"})


class FilePage(SQLModel, table=True):
    """The text of one page of an attached file, for full-text search (`fulltext:`)."""

    id: int | None = Field(default=None, primary_key=True)
    attachment_id: int = Field(foreign_key="attachment.id", index=True, ondelete="CASCADE")
    #: The attachment's paper once more, so a search finds papers without a join.
    paper_id: int = Field(foreign_key="paper.id", index=True, ondelete="CASCADE")
    #: 1 for the first page.
    page: int
    text: str = ""


class ImportProblem(SQLModel, table=True):
    """Input an import could not read, kept verbatim so the user can fix it and retry."""

    id: int | None = Field(default=None, primary_key=True)
    source: str = ""
    line: int | None = None
    message: str = ""
    #: The message's template and values (JSON, `sentences.as_json`), so that a window in
    #: another language can translate it; "" for one kept before (migration 0016).
    message_sentence: str = Field(default="", sa_column_kwargs={"server_default": ""})
    raw: str = ""
    #: An entry (or a file) that could not be read, so nothing of it was imported; a
    #: warning (False) tells of something kept aside in an entry that was imported.
    error: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    created_at: datetime = Field(default_factory=utcnow)


class NotDuplicate(SQLModel, table=True):
    """Two papers the user said are different, so they are never reported as duplicates again."""

    #: The smaller id first, so a pair is stored once.
    paper_a: int = Field(foreign_key="paper.id", primary_key=True, ondelete="CASCADE")
    paper_b: int = Field(foreign_key="paper.id", primary_key=True, ondelete="CASCADE")


class SavedSearch(SQLModel, table=True):
    """A query the user named, shown in the sidebar."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200, unique=True)
    query: str = ""
    #: Grows by one on every edit (see the module's notes); 1 for rows written without it.
    version: int = Field(default=1, sa_column_kwargs={"server_default": "1"})


class SourceFile(SQLModel, table=True):
    """A BibTeX file imported, with the @preamble and @comment blocks it held (verbatim, in
    order), kept so that an export can give back the blocks of its papers' files only."""

    id: int | None = Field(default=None, primary_key=True)
    #: The file's name as the import was given it ("" for blocks kept before files were).
    name: str = ""
    blocks: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)


class PaperSource(SQLModel, table=True):
    """A paper read from a `SourceFile` (only files that held blocks are recorded)."""

    paper_id: int = Field(foreign_key="paper.id", primary_key=True, ondelete="CASCADE")
    source_file_id: int = Field(
        foreign_key="sourcefile.id", primary_key=True, index=True, ondelete="CASCADE"
    )


class Setting(SQLModel, table=True):
    """A library-wide setting (e.g. the citation key pattern), stored with the library."""

    key: str = Field(primary_key=True, max_length=100)
    value: str = ""


class SyncTarget(SQLModel, table=True):
    """A file kept in sync with a reading list or a saved search (one of the two): rewritten
    whole whenever what it holds changes (see `syncing`)."""

    id: int | None = Field(default=None, primary_key=True)
    list_id: int | None = Field(
        default=None, foreign_key="readinglist.id", index=True, ondelete="CASCADE"
    )
    search_id: int | None = Field(
        default=None, foreign_key="savedsearch.id", index=True, ondelete="CASCADE"
    )
    #: The file, as an absolute path.
    path: str = Field(unique=True)
    #: An export format's name (`registry`).
    format: str = Field(default="bibtex", max_length=40)
    #: SHA-256 of the bytes last written there ("" before the first write): a file whose
    #: bytes differ was changed by someone else, and is not overwritten.
    written_sha256: str = Field(default="", max_length=64)
    #: Why syncing this file is stopped until the user decides ("" while it runs).
    paused: str = ""
    #: That reason's template and values (JSON, `sentences.as_json`), so that a window in
    #: another language can translate it; "" for one kept before (migration 0017).
    paused_sentence: str = Field(default="", sa_column_kwargs={"server_default": ""})
    created_at: datetime = Field(default_factory=utcnow)


class FieldOrigin(SQLModel, table=True):
    """Where a value that Papershelf filled into a paper came from (a field the user typed
    or an import brought has no row): shown beside the field, and taken back by undo."""

    paper_id: int = Field(foreign_key="paper.id", primary_key=True, ondelete="CASCADE")
    #: A paper field's name ("title", "doi", "year"...).
    field: str = Field(primary_key=True, max_length=40)
    #: The service that gave it: "arXiv" or "Crossref".
    source: str = Field(default="", max_length=40)
    #: The paper there: its arXiv id or DOI.
    reference: str = ""
    #: How sure the match was, 0..1.
    score: float = 0.0
    filled_at: datetime = Field(default_factory=utcnow)


class ExportEntry(SQLModel, table=True):
    """A paper's entry as an export writes it, kept so that a later export of the paper
    reads it instead of writing it again (see `exporting.kept_entries`). Any change to
    what the entry is written from deletes it (triggers, migration 0014)."""

    paper_id: int = Field(foreign_key="paper.id", primary_key=True, ondelete="CASCADE")
    #: The format and the options it was written with ("bibtex", "biblatex+ascii"...).
    style: str = Field(primary_key=True, max_length=40)
    #: The key the entry is written under unless an earlier entry of the file took it.
    citekey: str = ""
    #: The entry type written ("article"), then everything after the key.
    entry_type: str = Field(default="", max_length=40)
    body: str = ""
