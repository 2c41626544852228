"""Storing what importers read: one transaction per import, problems kept, duplicates found."""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import suppress
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

from sqlalchemy import insert
from sqlmodel import Session, select

from desktop.core import dedupe, papers, people, reading_lists, sentences, tags
from desktop.core.dedupe import LikelyDuplicate
from desktop.core.errors import ConflictError, KnownError
from desktop.core.formats import citekeys
from desktop.core.formats.record import Problem, Record
from desktop.core.importing.known import KnownPapers
from desktop.core.importing.reading import Reading
from desktop.core.search import catalog
from desktop.core.search.index import Preparing
from desktop.core.sentences import sentence
from desktop.core.storage import db, deferred_indexes, fulltext_bulk
from desktop.core.storage.models import (
    ImportProblem,
    ListEntry,
    Paper,
    PaperTag,
    ReadingList,
    utcnow,
)

Progress = Callable[[int, int], None]
Cancel = Callable[[], bool]


class ImportCancelled(KnownError):
    """The user stopped an import; nothing of it was stored."""

    def __init__(self) -> None:
        super().__init__(sentence("The import was cancelled; the library is as it was before."))


@dataclass
class ImportReport:
    """What an import did: papers stored, likely duplicates, problems met."""

    source: str
    format: str
    paper_ids: list[int] = field(default_factory=list)
    #: Papers the library already held exactly as read (same key and fields): not added.
    already_held: list[int] = field(default_factory=list)
    #: Papers the library had that an imported PDF was attached to (it named their DOI or
    #: arXiv id), one per PDF: what the import did, not a problem to fix.
    attached_to: list[int] = field(default_factory=list)
    duplicates: list[LikelyDuplicate] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: What `duplicates` leaves out: so many papers shared a title or an identifier that
    #: each was listed beside a few of them only. About the list, not about any file (the
    #: papers may come from several files and the library), so not an import problem.
    duplicate_notes: list[str] = field(default_factory=list)
    #: Papers in the library after the import.
    papers: int = 0
    #: The stored papers as the search index takes them, prepared for it as the import
    #: finds the time (not part of the JSON).
    papers_for_index: Preparing = field(default_factory=Preparing, repr=False)

    @property
    def imported(self) -> int:
        return len(self.paper_ids)

    def to_json(self) -> dict[str, Any]:
        return {
            "imported": self.imported,
            "already_in_library": len(self.already_held),
            "attached_to_papers": list(self.attached_to),
            # Papers that look like one already there (a paper may resemble several).
            "duplicates": len({d.paper_id for d in self.duplicates}),
            "problems": [
                {"source": p.source, "line": p.line, "message": p.message, "error": p.error}
                for p in self.problems
            ],
            "duplicate_notes": list(self.duplicate_notes),
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
    """Where imported papers go besides the library: a reading list and a tag; and whether
    their keywords become tags as well (they are always kept as the papers' keywords)."""

    list_name: str | None = None
    tag: str | None = None
    _: KW_ONLY
    #: Store every record, also those the library holds already (same key and fields).
    keep_copies: bool = False
    keywords_as_tags: bool = False


#: Records stored per batch: progress is reported and cancel checked between batches.
BATCH = 500
#: Papers compared for duplicates, or prepared for the search index, at a time while the
#: next batch is read (a few ms).
_COMPARED_AT_A_TIME = 200
_PREPARED_AT_A_TIME = 200


@dataclass(frozen=True)
class ImportHooks:
    """What an import tells its caller, and asks it, while it runs."""

    progress: Progress | None = None
    cancel: Cancel | None = None
    #: Runs a job while the full-text index is filled; the caller waits for it to commit.
    beside_fulltext: Callable[[Callable[[], None]], None] | None = None
    #: Runs after each batch read is stored (the rows' references are checked there).
    batch_stored: Callable[[], None] | None = None


def keep_problems(session: Session, problems: list[Problem]) -> None:
    """Keep what an import met as import problems, for the user to find again (the
    "Import problems" view), in the caller's transaction."""
    # A file imported again brings its problems again: each is kept once.
    kept = set(
        session.exec(
            select(
                ImportProblem.source, ImportProblem.line, ImportProblem.message, ImportProblem.raw
            )
        )
    )
    for problem in problems:
        if (problem.source, problem.line, problem.message, problem.raw) in kept:
            continue
        kept.add((problem.source, problem.line, problem.message, problem.raw))
        session.add(
            ImportProblem(
                source=problem.source,
                line=problem.line,
                message=problem.message,
                message_sentence=sentences.as_json(problem.message),
                raw=problem.raw,
                error=problem.error,
            )
        )


def store(
    session: Session,
    reading: Reading,
    report: ImportReport,
    *,
    destination: Destination,
    citekey_pattern: str,
    hooks: ImportHooks | None = None,
) -> dict[str, list[int]]:
    """Store the records and problems of `reading` in the caller's transaction, each batch
    of records as it comes (the rest may still be being read); the ids of the papers read
    from each file, by the file's name (for the file's @preamble and @comment blocks).

    The search for likely duplicates, which only fills the report, goes on while the
    import waits for the next batch to be read, and so does preparing the stored papers
    for the search index (`report.papers_for_index`) once no paper is left to compare.
    Once every paper is stored, what is left of the search is handed to
    `hooks.beside_fulltext` to run while the full-text index is filled (SQLite does that
    without holding Python's interpreter lock); the caller must see it finished before it
    commits. Without `beside_fulltext` it runs here. (The caller prepares the papers left.)
    """
    hooks = hooks or ImportHooks()
    storing = _Storing(session, report, destination=destination, citekey_pattern=citekey_pattern)
    deferred = _INDEXED_AFTER if _large(session, reading.expected) else ()
    with (
        db.bulk_cache(session),
        fulltext_bulk.indexed_after(session),
        deferred_indexes.made_after(session, deferred),
    ):
        for records in reading.batches:
            storing.sanitize(records, nul_free=reading.nul_free)
            for start in range(0, len(records), BATCH):
                if hooks.cancel is not None and hooks.cancel():
                    raise ImportCancelled()
                storing.store_batch(records[start : start + BATCH])
                if hooks.progress is not None:
                    done = len(report.paper_ids) + len(report.already_held)
                    hooks.progress(done, max(done, reading.expected))
            if hooks.batch_stored is not None:
                hooks.batch_stored()
            # While the next batch is being read, look for duplicates among the papers
            # stored, and prepare them for the search index.
            while not reading.ready() and storing.work_while_waiting():
                pass
        if hooks.beside_fulltext is None:
            storing.compare()
        else:
            hooks.beside_fulltext(storing.compare)
    storing.keep_problems(reading.result.problems)
    return storing.by_source


#: Tables whose plain indexes a large import makes again at its end (`deferred_indexes`).
_INDEXED_AFTER = ("paperperson",)
#: A large import: at least this many papers, and twice as many as the library holds
#: (making an index again reads the whole table, the papers held before included).
LARGE_IMPORT = 10_000


def _large(session: Session, expected: int) -> bool:
    if expected < LARGE_IMPORT:
        return False
    held = papers.count(session) + papers.count(session, trash=True)
    return 2 * held <= expected


class _Storing:
    """One import between its batches: keys taken, people and tags met, papers stored
    and not yet compared for duplicates, values set aside."""

    def __init__(
        self,
        session: Session,
        report: ImportReport,
        *,
        destination: Destination,
        citekey_pattern: str,
    ) -> None:
        self._session = session
        self._report = report
        self._pattern = citekey_pattern
        self._extra_tag = destination.tag
        everyone = dedupe.candidates(session)
        self._known = None if destination.keep_copies else KnownPapers(session, everyone)
        self._finder = dedupe.DuplicateFinder(everyone, dedupe.not_duplicate_pairs(session))
        self._keywords_as_tags = destination.keywords_as_tags
        # Keys of papers in the trash stay taken: restoring one must not create a clash.
        self._taken = {key.casefold() for key in session.exec(select(Paper.citekey))}
        self._tag_ids = _TagCache(session)
        reading_list = _reading_list(session, destination.list_name)
        self._list_id = None if reading_list is None else reading_list.id
        self._lists = () if reading_list is None else (reading_list.name,)
        self._set_aside: list[Problem] = []  # reported after the reading's own problems
        # The same people come back batch after batch.
        self._known_people = people.KnownPeople()
        # What the duplicate search needs of each paper stored and not yet compared: not
        # the records, whose abstracts and people would stay in memory until the end.
        self._to_compare: list[_Compared] = []
        self._preparing = True  # until preparing a paper for the search index fails
        self.by_source: dict[str, list[int]] = {}

    def sanitize(self, records: list[Record], *, nul_free: bool) -> None:
        for record in records:
            self._set_aside += sanitize(record, self._report.source, nul_free=nul_free)

    def store_batch(self, batch: list[Record]) -> None:
        """Key, store and label `batch`; the report gets its ids and search documents.
        Records the library already holds are not stored again: the report counts them."""
        report = self._report
        held = [None] * len(batch) if self._known is None else self._known.held(batch)
        known = [(r, paper_id) for r, paper_id in zip(batch, held, strict=True) if paper_id]
        report.already_held += [paper_id for _record, paper_id in known]
        self._place_held(known)
        batch = [record for record, paper_id in zip(batch, held, strict=True) if paper_id is None]
        if not batch:
            return
        keys = [_unique_key(record, self._taken, self._pattern) for record in batch]
        ids = papers.insert_papers(
            self._session, list(zip(batch, keys, strict=True)), self._known_people
        )
        self._to_compare += map(_compared, batch, keys, ids)
        tagged = self._label(batch, ids)
        report.papers_for_index.add(
            catalog.document_of(paper_id, record, key, tags=names, lists=self._lists)
            for record, key, paper_id, names in zip(batch, keys, ids, tagged, strict=True)
        )
        report.paper_ids.extend(ids)
        for record, paper_id in zip(batch, ids, strict=True):
            if record.source:
                self.by_source.setdefault(record.source, []).append(paper_id)

    def _place_held(self, held: list[tuple[Record, int]]) -> None:
        """Papers the library held already still go where the import puts its papers (its
        list and tag, and their keywords as tags when asked); the tags they have, which the
        user may have changed, stay as they are."""
        if not held:
            return
        paper_ids = [paper_id for _record, paper_id in held]
        links = []
        for record, paper_id in held:
            links += [{"paper_id": paper_id, "tag_id": i} for i in self._tag_ids_for(record)]
        if links:
            db.insert_or_ignore(self._session, PaperTag, links)
        if self._list_id is not None:
            offset = len(self._report.paper_ids) + len(self._report.already_held)
            entries = [
                {
                    "list_id": self._list_id,
                    "paper_id": paper_id,
                    "position": 10**9 + offset + n,
                    "added_at": utcnow(),
                }
                for n, paper_id in enumerate(paper_ids)
            ]
            db.insert_or_ignore(self._session, ListEntry, entries)

    def left_to_compare(self) -> bool:
        return bool(self._to_compare)

    def work_while_waiting(self) -> bool:
        """Do a few milliseconds of the work left for the end: compare papers for
        duplicates, or prepare them for the search index; False when there is none."""
        if self.left_to_compare():
            self.compare(_COMPARED_AT_A_TIME)
        elif self._preparing and self._report.papers_for_index.left():
            try:
                self._report.papers_for_index.prepare(_PREPARED_AT_A_TIME)
            except Exception:
                # Not the import's failure: the index, preparing the rest, meets it again
                # and is dropped (the next search builds it from the database).
                self._preparing = False
        else:
            return False
        return True

    def compare(self, at_most: int | None = None) -> None:
        """Compare the next `at_most` papers stored (all the rest by default) with the
        library and the papers stored before them."""
        up_to = len(self._to_compare) if at_most is None else at_most
        for stored in self._to_compare[:up_to]:
            _note_duplicates(self._finder, self._report, stored)
        del self._to_compare[:up_to]
        if not self.left_to_compare():
            self._tell_crowded()

    def _tell_crowded(self) -> None:
        """Say, once each, what so many papers shared that not every pair was listed."""
        for shared, count in self._finder.crowded.items():
            self._report.duplicate_notes.append(
                sentence(
                    "At least {count} papers share {shared}; each was listed as a likely "
                    "duplicate of {most} of them only, and every paper was imported.",
                    count=f"{count:,}",
                    shared=shared,
                    most=dedupe.MOST_LISTED,
                )
            )
        self._finder.crowded.clear()

    def keep_problems(self, read: list[Problem]) -> None:
        """Keep the reading's problems, then the values set aside, as import problems."""
        problems = [*read, *self._set_aside]
        keep_problems(self._session, problems)
        self._report.problems[0:0] = problems
        if self._list_id is not None:
            # The list's lock, taken only now: numbering its members is the import's one
            # moment of reading them as a whole.
            reading_lists.reorder(self._session, self._list_id, [])  # positions 0..n-1

    def _tag_ids_for(self, record: Record) -> set[int]:
        """The tags an imported paper gets: the import's tag, and its keywords when asked."""
        labels = tags.tag_names(record.keywords) if self._keywords_as_tags else []
        labels += [self._extra_tag] if self._extra_tag else []
        return {self._tag_ids.id_for(label) for label in labels if label.strip()}

    def _label(self, records: list[Record], paper_ids: list[int]) -> list[list[str]]:
        """Tag the papers with their keywords (and the import's tag); put them into the
        import's list. The names of each paper's tags, as stored."""
        links = []
        tagged = []
        for record, paper_id in zip(records, paper_ids, strict=True):
            ids = self._tag_ids_for(record)
            for tag_id in ids:
                links.append({"paper_id": paper_id, "tag_id": tag_id})
            tagged.append([self._tag_ids.name_of(tag_id) for tag_id in ids])
        if links:
            self._session.execute(insert(PaperTag), links)
        if self._list_id is not None:
            offset = len(self._report.paper_ids) + len(self._report.already_held)
            entries = [
                {
                    "list_id": self._list_id,
                    "paper_id": pid,
                    "position": 10**9 + offset + n,
                    "added_at": utcnow(),
                }
                for n, pid in enumerate(paper_ids)
            ]
            self._session.execute(insert(ListEntry), entries)
        return tagged


_DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.IGNORECASE)


def sanitize(record: Record, source: str, *, nul_free: bool = False) -> list[Problem]:
    """Make a record storable without losing anything: a value the library cannot hold
    as it is moves to `extra` verbatim, with a problem saying so. NUL characters, which
    PostgreSQL cannot store, are removed (they are never meaningful in a bibliography);
    `nul_free`: the record was read from a text known to have none."""
    if not nul_free:
        _strip_nul(record)
    problems: list[Problem] = []

    def set_aside(field: str, value: object, why: str) -> None:
        record.extra.setdefault(field, str(value))
        message = sentence(
            "{why}; it was kept as the field “{field}” so nothing is lost.", why=why, field=field
        )
        if record.citekey:
            message = sentence(
                "{why} (entry {citekey}); it was kept as the field “{field}” so nothing is lost.",
                why=why,
                citekey=record.citekey,
                field=field,
            )
        problems.append(Problem(source=record.source or source, line=record.line, message=message))

    record.doi = _DOI_PREFIX.sub("", record.doi.strip())
    if record.doi and not papers.is_doi(record.doi):
        set_aside("doi", record.doi, sentence("“{doi}” is not a DOI", doi=record.doi))
        record.doi = ""
    if record.year is not None and not papers.is_year(record.year):
        set_aside("year", record.year, sentence("{year} is not a year", year=record.year))
        record.year = None
    if record.month is not None and not 1 <= record.month <= 12:
        set_aside("month", record.month, sentence("{month} is not a month", month=record.month))
        record.month = None
    return problems


def _strip_nul(record: Record) -> None:
    for name, value in vars(record).items():
        if isinstance(value, str) and "\x00" in value:
            setattr(record, name, value.replace("\x00", ""))
    for mapping in (record.extra, record.latex):
        for key, value in list(mapping.items()):
            if isinstance(value, str) and "\x00" in value:
                mapping[key] = value.replace("\x00", "")
    if any("\x00" in k for k in record.keywords):
        record.keywords = [k.replace("\x00", "") for k in record.keywords]
    for person in (*record.authors, *record.editors):
        parts = (person.given, person.family, person.von, person.jr, person.as_written)
        if "\x00" in "".join(parts):
            for name in ("given", "family", "von", "jr", "as_written"):
                setattr(person, name, getattr(person, name).replace("\x00", ""))


def _unique_key(record: Record, taken: set[str], pattern: str) -> str:
    wanted = record.citekey or citekeys.citekey_for(record, pattern)
    key = citekeys.disambiguate(wanted, lambda k: k.casefold() in taken)
    taken.add(key.casefold())
    return key


#: A stored paper as the duplicate search compares it: `dedupe.Candidate`'s values (id,
#: title, year, first author's family name, DOI, arXiv id, key, volume, pages), then the
#: key the file gave it.
_Compared = tuple[int, str, int | None, str, str, str, str, str, str, str | None]


def _compared(record: Record, key: str, paper_id: int) -> _Compared:
    first_author = record.authors[0].family if record.authors else ""
    return (
        paper_id,
        record.title,
        record.year,
        first_author,
        record.doi,
        record.arxiv_id,
        key,
        record.volume,
        record.pages,
        record.citekey,
    )


def _note_duplicates(
    finder: dedupe.DuplicateFinder, report: ImportReport, stored: _Compared
) -> None:
    """Report the likely duplicates of a stored paper."""
    candidate = dedupe.Candidate(*stored[:9])
    report.duplicates.extend(finder.matches(candidate, original_key=stored[9]))
    finder.add(candidate)


def _reading_list(session: Session, name: str | None) -> ReadingList | None:
    """The import's list, made when it does not exist yet, and kept from being deleted
    until the commit (`reading_lists.keep`). Others may change its members meanwhile: the
    import takes the list's lock only at its end, when it numbers the members again."""
    if not name:
        return None
    with suppress(KnownError):
        return _kept(session, reading_lists.find(session, name))
    with suppress(ConflictError):  # someone else made it a moment ago: the import uses theirs
        reading_lists.create(session, name)
    return _kept(session, reading_lists.find(session, name))


def _kept(session: Session, reading_list: ReadingList) -> ReadingList:
    reading_lists.keep(session, [reading_list.id or 0])
    return reading_list


class _TagCache:
    """Tag ids by name for one import, creating each new tag once."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._ids: dict[str, int] = {}
        self._names: dict[int, str] = {}

    def id_for(self, name: str) -> int:
        key = " ".join(name.split()).casefold()
        if key not in self._ids:
            tag = tags.ensure(self._session, name)
            assert tag.id is not None
            self._ids[key] = tag.id
            self._names[tag.id] = tag.name
        return self._ids[key]

    def name_of(self, tag_id: int) -> str:
        """The stored name of a tag `id_for` gave (an existing tag keeps its own)."""
        return self._names[tag_id]
