"""Files kept in sync with a reading list or a saved search (as Better BibTeX's auto-export
keeps a .bib): after every change to the list or one of its papers (for a search, every
change that may alter what it finds) the file is written again, whole and atomically
(`exporting.files`), and only when its bytes would change.

A file someone else changed since we last wrote it is never overwritten: syncing it stops,
with a sentence saying so, until the user resumes (their version is kept beside it) or
removes it. The targets are stored in the library, so they outlive the program.
"""

from __future__ import annotations

import hashlib
import shutil
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path

from sqlmodel import Session, col, select

from desktop.core import reading_lists, saved_searches, sentences
from desktop.core.changes import Change, ChangeKind
from desktop.core.errors import ConflictError, InvalidInputError, KnownError, NotFoundError
from desktop.core.exporting import files
from desktop.core.formats import registry
from desktop.core.sentences import sentence
from desktop.core.storage.models import ListEntry, ReadingList, SavedSearch, SyncTarget

#: Changes that may touch any synced file whichever papers they name (or none).
_EVERY_FILE = frozenset([ChangeKind.LISTS, ChangeKind.SETTINGS, ChangeKind.REFRESH])
#: Changes no export holds.
_NO_FILE = frozenset([ChangeKind.PROBLEMS, ChangeKind.SEARCHES])
#: Paper ids asked about in one query (SQLite allows 32,766 parameters).
_IDS_AT_ONCE = 5_000


class Outcome(StrEnum):
    """What became of a synced file after a change."""

    WRITTEN = "written"
    UNCHANGED = "unchanged"
    #: Someone else changed it: left alone, and no longer synced until the user decides.
    PAUSED = "paused"
    #: It could not be written (folder gone, read-only...); tried again at the next change.
    FAILED = "failed"


@dataclass(frozen=True)
class SyncReport:
    """One synced file after a change, with a sentence for the user when it needs one."""

    path: Path
    outcome: Outcome
    message: str = ""
    #: The SHA-256 of what the file now holds from us, to remember (None: nothing new).
    sha256: str | None = None


@dataclass(frozen=True)
class SyncedFile:
    """A file kept in sync with a list or a saved search, as the user sees it."""

    path: Path
    #: The list's name ("" for a file bound to a saved search).
    list_name: str
    format: str
    #: Why syncing is stopped ("" while it runs): the sentence it was told as, when kept.
    paused: str
    #: The saved search's name ("" for a file bound to a list).
    search_name: str = ""


@dataclass(frozen=True)
class Due:
    """A file to bring up to date: where, in what format, the list's papers in order (or
    the saved search's query, which the caller runs), and the hash of what we last wrote
    there."""

    target_id: int
    path: Path
    format: str
    paper_ids: list[int]
    written_sha256: str
    #: The saved search's query, for a file bound to one ("" for a list's).
    query: str = ""


def target_path(path: Path) -> Path:
    """The absolute form a target is stored and looked up by."""
    return Path(path).expanduser().absolute()


def add(session: Session, list_ref: int | str, path: Path, *, format: str) -> SyncTarget:
    """Bind `path` to a list (written by the caller right after)."""
    reading_list = reading_lists.find(session, list_ref)
    return _bind(session, path, format=format, list_id=reading_list.id)


def add_for_search(session: Session, name: str, path: Path, *, format: str) -> SyncTarget:
    """Bind `path` to the saved search called `name` (written by the caller right after)."""
    saved = saved_searches.find(session, name)
    return _bind(session, path, format=format, search_id=saved.id)


def _bind(
    session: Session,
    path: Path,
    *,
    format: str,
    list_id: int | None = None,
    search_id: int | None = None,
) -> SyncTarget:
    if format not in registry.names(writable=True):
        raise InvalidInputError(
            sentence(
                "“{format}” is not an export format; choose one of {formats}.",
                format=format,
                formats=", ".join(registry.names(writable=True)),
            )
        )
    where = str(target_path(path))
    existing = session.exec(select(SyncTarget).where(SyncTarget.path == where)).first()
    if existing is not None:
        if existing.search_id is not None:
            raise ConflictError(
                sentence("{where} is already kept in sync with a saved search.", where=where)
            )
        raise ConflictError(
            sentence("{where} is already kept in sync with a reading list.", where=where)
        )
    target = SyncTarget(list_id=list_id, search_id=search_id, path=where, format=format)
    session.add(target)
    session.flush()
    return target


def find(session: Session, path: Path) -> SyncTarget:
    where = str(target_path(path))
    found = session.exec(select(SyncTarget).where(SyncTarget.path == where)).first()
    if found is None:
        raise NotFoundError(
            sentence("{where} is not kept in sync with any reading list.", where=where)
        )
    return found


def remove(session: Session, path: Path) -> None:
    """Stop syncing `path` (the file itself stays)."""
    session.delete(find(session, path))


def all_files(session: Session) -> list[SyncedFile]:
    query = (
        select(SyncTarget, ReadingList.name, SavedSearch.name)
        .outerjoin(ReadingList, col(ReadingList.id) == col(SyncTarget.list_id))
        .outerjoin(SavedSearch, col(SavedSearch.id) == col(SyncTarget.search_id))
        .order_by(col(SyncTarget.path))
    )
    return [
        SyncedFile(
            path=Path(t.path),
            list_name=list_name or "",
            format=t.format,
            paused=sentences.from_json(t.paused_sentence, t.paused),
            search_name=search_name or "",
        )
        for t, list_name, search_name in session.exec(query)
    ]


def due(session: Session, change: Change, *, only: int | None = None) -> list[Due]:
    """The files `change` may have made out of date (those not paused), or the target
    `only`, each with its list's papers in order (papers in the trash left out) or its
    saved search's query. Any change but to problems or searches may alter what a search
    finds; a file whose bytes stay is not written, so asking too often costs no write."""
    if only is None and change.kind in _NO_FILE:
        return []
    query = select(SyncTarget).where(SyncTarget.paused == "")
    if only is not None:
        query = select(SyncTarget).where(SyncTarget.id == only)
    targets = list(session.exec(query.order_by(col(SyncTarget.id))))
    if not targets:
        return []  # nothing kept in sync: the papers of a 100k import need not be looked up
    if only is None and change.kind not in _EVERY_FILE and change.paper_ids:
        holding = _lists_holding(session, change.paper_ids)
        targets = [t for t in targets if t.search_id is not None or t.list_id in holding]
    return [_due(session, t) for t in targets]


def _due(session: Session, target: SyncTarget) -> Due:
    query, paper_ids = "", []
    if target.search_id is not None:
        query = saved_searches.get(session, target.search_id).query
    elif target.list_id is not None:
        paper_ids = reading_lists.paper_ids(session, target.list_id)
    return Due(
        target_id=target.id or 0,
        path=Path(target.path),
        format=target.format,
        paper_ids=paper_ids,
        written_sha256=target.written_sha256,
        query=query,
    )


def _lists_holding(session: Session, paper_ids: tuple[int, ...]) -> set[int]:
    holding: set[int] = set()
    # In slices: one IN of 100k parameters took seconds to build (and SQLite caps them).
    for start in range(0, len(paper_ids), _IDS_AT_ONCE):
        some = paper_ids[start : start + _IDS_AT_ONCE]
        query = select(ListEntry.list_id).where(col(ListEntry.paper_id).in_(some)).distinct()
        holding.update(session.exec(query))
    return holding


def bring_up_to_date(target: Due, text: str) -> SyncReport:
    """Write `text` to the target's file unless it holds it already or someone else
    changed the file since we last wrote it."""
    data = text.encode("utf-8")
    new = hashlib.sha256(data).hexdigest()
    try:
        on_disk: bytes | None = target.path.read_bytes()
    except FileNotFoundError:
        on_disk = None  # deleted, or never written: written (again)
    except OSError as error:
        why = sentence(
            "Papershelf could not read {path}: {why}.",
            path=target.path,
            why=error.strerror or error,
        )
        return SyncReport(target.path, Outcome.FAILED, why)
    if on_disk is not None:
        there = hashlib.sha256(on_disk).hexdigest()
        if there == new:
            return SyncReport(target.path, Outcome.UNCHANGED, sha256=new)
        if target.written_sha256 and there != target.written_sha256:
            return SyncReport(target.path, Outcome.PAUSED, _changed_elsewhere(target.path))
    try:
        files.write_whole(target.path, text)
    except KnownError as error:
        told = sentence("{error} It is tried again at the next change.", error=error.sentence)
        return SyncReport(target.path, Outcome.FAILED, told)
    return SyncReport(target.path, Outcome.WRITTEN, sha256=new)


def _changed_elsewhere(path: Path) -> str:
    return sentence(
        "{path} was changed outside Papershelf since Papershelf last wrote it. Your version "
        "is kept and the file is no longer kept in sync: resume syncing to write the list "
        "over it (your version is saved beside it), or stop syncing it.",
        path=path,
    )


def remember(session: Session, report: SyncReport, *, target_id: int) -> None:
    """Store what a sync did: the hash written, or why syncing stopped."""
    target = session.get(SyncTarget, target_id)
    if target is None:
        return  # removed in the meantime
    if report.sha256 is not None:
        target.written_sha256 = report.sha256
    if report.outcome is Outcome.PAUSED:
        target.paused = report.message
        target.paused_sentence = sentences.as_json(report.message)
    session.add(target)


def resume(session: Session, path: Path) -> tuple[int, Path | None]:
    """Sync a paused file again: the version on disk is first copied beside it (returned),
    then the caller writes the list over it."""
    target = find(session, path)
    kept = None
    if target.paused and Path(target.path).is_file():
        kept = _keep_their_version(Path(target.path))
    target.paused = target.paused_sentence = ""
    target.written_sha256 = ""  # whatever is there now, ours replaces it
    session.add(target)
    return target.id or 0, kept


def _keep_their_version(path: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.name}.edited-{stamp}")
    try:
        shutil.copy2(path, kept)
    except OSError as error:
        raise KnownError(
            sentence(
                "Papershelf could not keep a copy of your version of {path} ({why}); the file was "
                "left as it is and is still not kept in sync.",
                path=path,
                why=error.strerror,
            )
        ) from None
    return kept
