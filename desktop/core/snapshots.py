"""Frozen copies of stored rows: the shape in which papers, notes, lists and tags leave the
core for the window and the command line (never a live ORM row a caller could change).

Each class names the columns of its model once more, on purpose: this is the interface, the
model is the storage. A test holds the two to the same fields, so neither drifts alone.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from datetime import datetime
from typing import Any, TypeVar

from sqlmodel import SQLModel

from desktop.core import sentences

Copy = TypeVar("Copy")


@dataclass(frozen=True)
class Paper:
    """A paper's own fields, as stored."""

    id: int
    entry_type: str
    citekey: str
    title: str
    abstract: str
    year: int | None
    month: int | None
    journal: str
    booktitle: str
    publisher: str
    volume: str
    number: str
    pages: str
    doi: str
    arxiv_id: str
    url: str
    topic: str
    status: str
    priority: int
    extra: dict[str, Any]
    latex: dict[str, Any]
    keywords: list[str]
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None
    version: int


@dataclass(frozen=True)
class ReadingList:
    id: int
    name: str
    description: str
    position: int
    created_at: datetime
    version: int


@dataclass(frozen=True)
class Tag:
    id: int
    name: str
    colour: str
    version: int


@dataclass(frozen=True)
class Note:
    id: int
    paper_id: int
    body: str
    created_at: datetime
    updated_at: datetime
    version: int


@dataclass(frozen=True)
class Annotation:
    """A note on the span abstract[start:end] of a paper."""

    id: int
    paper_id: int
    start: int
    end: int
    quote: str
    note: str
    created_at: datetime
    version: int


@dataclass(frozen=True)
class Attachment:
    id: int
    paper_id: int
    target: str
    label: str
    created_at: datetime
    kind: str
    text_of: str
    #: Why its text cannot be searched: the sentence, made again from
    #: `text_problem_sentence` when that was kept (see `attachment_of`).
    text_problem: str
    #: What that sentence was made of, as stored (JSON; "" for plain text).
    text_problem_sentence: str
    last_page: int


@dataclass(frozen=True)
class ImportProblem:
    """Something an import met, kept with its raw text: an entry it could not read
    (`error`), or a warning about one it imported."""

    id: int
    source: str
    line: int | None
    #: The sentence, made again from `message_sentence` when that was kept (see Library).
    message: str
    #: What the sentence was made of, as stored (JSON; "" for plain text).
    message_sentence: str
    raw: str
    error: bool
    created_at: datetime


@dataclass(frozen=True)
class SavedSearch:
    id: int
    name: str
    query: str
    version: int


def copy_of(kind: type[Copy], row: SQLModel) -> Copy:
    """A frozen copy of `row` (read in an open session, or just committed)."""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(field.name for field in fields(kind))  # type: ignore[arg-type]
    return kind(**{name: getattr(row, name) for name in names})


_FIELD_NAMES: dict[type[Any], tuple[str, ...]] = {}


def attachment_of(row: SQLModel) -> Attachment:
    """A frozen copy of an attachment's `row`, with why its text cannot be searched as the
    sentence it was made as (so a window in another language can translate it)."""
    made = copy_of(Attachment, row)
    why = sentences.from_json(made.text_problem_sentence, made.text_problem)
    return replace(made, text_problem=why)


@dataclass(frozen=True)
class ListItem:
    """A paper's place in a reading list."""

    paper: Paper
    position: int
    added_at: datetime
