"""Storing what importers read: one transaction per import, problems kept, duplicates found."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session, select

from desktop.core import dedupe, papers, reading_lists, tags
from desktop.core.dedupe import LikelyDuplicate
from desktop.core.errors import KnownError
from desktop.core.formats import citekeys
from desktop.core.formats.record import ParseResult, Problem, Record
from desktop.core.models import ImportProblem, ListEntry, Paper, PaperTag

Progress = Callable[[int, int], None]
Cancel = Callable[[], bool]


class ImportCancelled(KnownError):
    """The user stopped an import; nothing of it was stored."""

    def __init__(self) -> None:
        super().__init__("The import was cancelled; the library is as it was before.")


@dataclass
class ImportReport:
    """What an import did: papers stored, likely duplicates, problems met."""

    source: str
    format: str
    paper_ids: list[int] = field(default_factory=list)
    duplicates: list[LikelyDuplicate] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: Papers in the library after the import.
    papers: int = 0

    @property
    def imported(self) -> int:
        return len(self.paper_ids)

    def to_json(self) -> dict[str, Any]:
        return {
            "imported": self.imported,
            "duplicates": len(self.duplicates),
            "problems": [
                {"source": p.source, "line": p.line, "message": p.message} for p in self.problems
            ],
            "papers": self.papers,
            "format": self.format,
            "paper_ids": self.paper_ids,
            "likely_duplicates": [
                {"paper": d.paper_id, "existing": d.other_id, "evidence": d.evidence}
                for d in self.duplicates
            ],
        }


@dataclass
class Destination:
    """Where imported papers go besides the library: a reading list and a tag."""

    list_name: str | None = None
    tag: str | None = None


def store(
    session: Session,
    result: ParseResult,
    report: ImportReport,
    destination: Destination,
    citekey_pattern: str,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> None:
    """Store the records and problems of `result` in the caller's transaction."""
    finder = dedupe.DuplicateFinder(dedupe.candidates(session), dedupe.not_duplicate_pairs(session))
    # Keys of papers in the trash stay taken: restoring one must not create a clash.
    taken = {key.casefold() for key in session.exec(select(Paper.citekey))}
    tag_ids = _TagCache(session)
    list_id = _list_id(session, destination.list_name)
    total = len(result.records)
    for done, record in enumerate(result.records, start=1):
        if cancel is not None and cancel():
            raise ImportCancelled()
        paper_id = _store_record(session, record, taken, citekey_pattern, finder, report)
        labels = [*record.keywords, *([destination.tag] if destination.tag else [])]
        for tag_id in {tag_ids.id_for(label) for label in labels if label.strip()}:
            session.add(PaperTag(paper_id=paper_id, tag_id=tag_id))
        if list_id is not None:
            session.add(ListEntry(list_id=list_id, paper_id=paper_id, position=10**9 + done))
        if progress is not None:
            progress(done, total)
    for problem in result.problems:
        session.add(
            ImportProblem(
                source=problem.source, line=problem.line, message=problem.message, raw=problem.raw
            )
        )
    report.problems.extend(result.problems)
    if list_id is not None:
        reading_lists.reorder(session, list_id, [])  # renumber positions 0..n-1


def _store_record(
    session: Session,
    record: Record,
    taken: set[str],
    pattern: str,
    finder: dedupe.DuplicateFinder,
    report: ImportReport,
) -> int:
    wanted = record.citekey or citekeys.citekey_for(record, pattern)
    key = citekeys.disambiguate(wanted, lambda k: k.casefold() in taken)
    taken.add(key.casefold())
    paper = papers.insert_paper(session, record, key)
    assert paper.id is not None
    candidate = dedupe.Candidate(
        paper.id,
        paper.title,
        paper.year,
        record.authors[0].family if record.authors else "",
        paper.doi,
        paper.arxiv_id,
        key,
    )
    report.duplicates.extend(finder.matches(candidate, original_key=record.citekey))
    finder.add(candidate)
    report.paper_ids.append(paper.id)
    return paper.id


def _list_id(session: Session, name: str | None) -> int | None:
    if not name:
        return None
    try:
        found = reading_lists.find(session, name)
    except KnownError:
        found = reading_lists.create(session, name)
    return found.id


class _TagCache:
    """Tag ids by name for one import, creating each new tag once."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._ids: dict[str, int] = {}

    def id_for(self, name: str) -> int:
        key = " ".join(name.split()).casefold()
        if key not in self._ids:
            tag = tags.ensure(self._session, name)
            assert tag.id is not None
            self._ids[key] = tag.id
        return self._ids[key]
