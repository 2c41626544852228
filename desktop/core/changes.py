"""What a write changed: one `Change` per operation, announced after it committed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum


class ChangeKind(StrEnum):
    """Which part of the library an operation changed (what a view may need to reload)."""

    #: Papers' fields, links, files, or papers added by an import.
    PAPERS = "papers"
    #: Papers moved to the trash, restored from it, or deleted for good.
    TRASH = "trash"
    #: Reading lists: created, renamed, deleted, reordered, or their members.
    LISTS = "lists"
    #: Tags: created, edited, deleted, or which papers carry them.
    TAGS = "tags"
    #: Notes and annotations.
    NOTES = "notes"
    #: Entries kept aside by imports because they could not be read.
    PROBLEMS = "problems"
    #: Saved searches.
    SEARCHES = "searches"
    #: Library settings.
    SETTINGS = "settings"
    #: Anything: another process or user wrote, and everything was read again.
    REFRESH = "refresh"


@dataclass(frozen=True)
class Change:
    """What a write changed, announced to listeners after it committed."""

    kind: ChangeKind
    paper_ids: tuple[int, ...] = ()


Listener = Callable[[Change], None]
