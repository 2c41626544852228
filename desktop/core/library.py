"""`Library`: the one facade the CLI and the window use for everything stored.

Every write runs in one transaction (`db.write_session`) and ends with one `Change`
announced to the listeners (the search index, the window), so no view half-updates.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Engine, func, text
from sqlalchemy import delete as sql_delete
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import SQLAlchemyError as _SQLAlchemyError
from sqlalchemy.orm.exc import StaleDataError
from sqlmodel import Session, col, select

from desktop.core import (
    attachments,
    cited_lists,
    citing,
    comparing,
    dedupe,
    duplicates_beside,
    field_origins,
    file_text,
    held_files,
    library_files,
    merging,
    notes,
    papers,
    parked_files,
    pdfs,
    reading_lists,
    saved_searches,
    settings,
    syncing,
    tags,
    undo,
    undo_files,
    views,
)
from desktop.core.changes import Change, ChangeKind, Listener
from desktop.core.comparing import Comparison
from desktop.core.completion import proposals, services
from desktop.core.dedupe import LikelyDuplicate
from desktop.core.errors import (
    ConflictError,
    DatabaseError,
    ExportCancelled,
    InvalidInputError,
    KnownError,
    NotFoundError,
)
from desktop.core.exporting.options import ExportOptions
from desktop.core.formats import registry, unspelled
from desktop.core.formats.record import ParseResult, Problem, Record
from desktop.core.formats.record import Person as NamedPerson
from desktop.core.formats.unspelled import Unspelled
from desktop.core.importing import pdf_papers, pipeline, problems, reading, storing
from desktop.core.importing.reading import Reading
from desktop.core.importing.storing import (
    Destination,
    ImportCancelled,
    ImportHooks,
    ImportReport,
)
from desktop.core.library_files import AttachedFile
from desktop.core.merging import MergeRecord
from desktop.core.papers import PaperDetails
from desktop.core.runtime import gc_pause
from desktop.core.search.searcher import Nearest, Searcher, SearchHit
from desktop.core.sentences import sentence
from desktop.core.snapshots import (
    Annotation,
    Attachment,
    ImportProblem,
    ListItem,
    Note,
    ReadingList,
    SavedSearch,
    Tag,
    attachment_of,
    copy_of,
)
from desktop.core.storage import (
    backup,
    conflicts,
    db,
    fulltext_pending,
    revisions,
    schema,
    trouble,
)
from desktop.core.storage.models import Attachment as Attachment_row
from desktop.core.storage.models import AttachmentKind, NotDuplicate, Paper
from desktop.core.views import PaperRow, View

#: Called with the progress of long work: (done, total).
Progress = Callable[[int, int], None]


@dataclass
class _PdfImport:
    """What a PDF import made so far (to take back when it is cancelled)."""

    papers: list[int] = field(default_factory=list)
    #: Papers that were there, and the attachments added to them.
    attached_to: list[int] = field(default_factory=list)
    attachments: list[int] = field(default_factory=list)
    copies: list[Path] = field(default_factory=list)

    #: Each file brought in, with the paper it went to (a second copy of it is held).
    sources: list[held_files.Held] = field(default_factory=list)

    def took(self, attached: AttachedFile, source: Path, *, paper_made: bool) -> None:
        self.sources.append(held_files.brought_in(attached.attachment.paper_id, source))
        if not paper_made:
            self.attached_to.append(attached.attachment.paper_id)
            self.attachments.append(attached.attachment.id)
        if attached.copied and attached.path is not None:
            self.copies.append(attached.path)


@dataclass
class FileTextReport:
    """What reading the text of attached files did."""

    read: int = 0
    pages: int = 0
    #: Sentences for the files that could not be read.
    problems: list[str] = field(default_factory=list)


@dataclass
class EmptiedTrash:
    """What emptying the trash did."""

    #: Papers deleted for good.
    papers: int = 0
    #: Papers still in the trash (it was cancelled before them).
    left: int = 0
    #: Sentences for the files that could not be deleted (they stay where they are).
    problems: list[str] = field(default_factory=list)


#: Papers deleted per transaction by Empty Trash (progress is told and Cancel heard
#: between them); also few enough for one IN (...).
PAPERS_PER_DELETE = 500

#: The papers' fields a change of each kind may touch, where the kind alone tells (a
#: bulk tag or list action re-reads only those into the search index).
_FIELDS_CHANGED_BY: dict[ChangeKind, tuple[str, ...]] = {
    ChangeKind.TAGS: ("tags",),
    ChangeKind.LISTS: ("lists",),
    ChangeKind.NOTES: ("notes", "annotations"),
}

Shape = TypeVar("Shape")


class Library:
    """A reference library stored in one database (SQLite file or PostgreSQL)."""

    def __init__(self, engine: Engine, url: str) -> None:
        self.engine = engine
        self.url = url
        self._listeners: list[Listener] = []
        self._searcher = Searcher(engine)
        self._seen_revision = -1
        #: Revisions this library's write transactions moved to and are committing.
        self._committing: set[int] = set()
        # Work nobody waits for: copying a large import's log into the database file.
        self._background = ThreadPoolExecutor(max_workers=1, thread_name_prefix="papershelf")
        self._last_background_job: Future[object] | None = None
        # What keeping files in sync had to tell the user, until someone takes it.
        self._sync_reports: list[syncing.SyncReport] = []
        # One sync at a time: a write's and a catch-up's, each on its own thread, would
        # otherwise store the hash of one and leave the bytes of the other.
        self._sync_lock = threading.Lock()
        # While syncing is deferred (the window), the changes not yet synced: a burst of
        # changes then rewrites each file once, when `sync_pending` is called.
        self._sync_deferred = False
        self._sync_waiting: list[Change] = []
        self._waiting_lock = threading.Lock()
        self._formatted = citing.FormattedCache()
        # The possible duplicates found last, with the library's revision then.
        self._duplicates: tuple[int, list[LikelyDuplicate]] | None = None

    # -- opening ----------------------------------------------------------------------

    @classmethod
    def open(cls, url: str | None = None, *, upgrade: bool = True) -> Library:
        """Open (creating when needed) the library at `url`, by default the user's own.

        Its schema is brought to this program's version first, after a backup of a SQLite
        file that holds an older one. With `upgrade` False (the db commands), a damaged
        file is still opened, so that it can be checked and copied.
        """
        try:
            url = url or db.default_url()
            _refuse_an_empty_file(url)
            engine = db.make_engine(url)
        except OSError as error:
            folder = error.filename or sentence("the library's folder")
            doing = sentence("create the folder {folder} for the library", folder=folder)
            raise DatabaseError(trouble.os_error(error, doing=doing)) from error
        except (_SQLAlchemyError, ValueError, ImportError) as error:
            raise DatabaseError(
                sentence(
                    "“{url}” is not a database address Papershelf can use; give a SQLite one "
                    "(sqlite:///path/to/library.sqlite) or a PostgreSQL one "
                    "(postgresql+psycopg://user@host/database).",
                    url=url,
                )
            ) from error
        library = cls(engine, url)
        try:
            with library._damage_as_sentence(tolerate=not upgrade):
                library._check_reachable()
                if upgrade:
                    library.upgrade()
                    fulltext_pending.catch_up_on_open(engine)
                # A new file opened as it is (`papershelf db upgrade`) has no tables yet.
                if upgrade or schema.current_revision(engine) is not None:
                    with library._read() as session:
                        library._seen_revision = revisions.current(session)
        except BaseException:
            engine.dispose()
            raise
        reading.remove_leftovers()  # of an import killed in an earlier run
        return library

    @contextmanager
    def _damage_as_sentence(self, *, tolerate: bool = False) -> Iterator[None]:
        """A damaged file is told as a sentence (or, `tolerate`d, let be: the db commands
        must still be able to check and copy it)."""
        try:
            yield
        except DBAPIError as error:
            if not trouble.is_damaged(error):
                raise
            if not tolerate:
                raise DatabaseError(self._damaged()) from error
        except DatabaseError as error:
            if not trouble.is_damaged(error.__cause__ or error):
                raise
            if not tolerate:
                raise DatabaseError(self._damaged()) from error

    def _damaged(self) -> str:
        path = db.sqlite_path(self.url)
        return trouble.damaged(
            self.where, newest_backup=backup.newest(path) if path is not None else None
        )

    def close(self) -> None:
        self._background.shutdown(wait=True)  # a checkpoint under way ends first
        self.engine.dispose()

    def _in_background(self, work: Callable[..., object], *args: object) -> None:
        """Run `work` in the library's background thread; not at all once it is closed
        (an import finishing then: SQLite checkpoints when its last connection closes)."""
        with suppress(RuntimeError):  # "cannot schedule new futures after shutdown"
            self._last_background_job = self._background.submit(work, *args)

    def _busy_in_background(self) -> bool:
        """Whether background work (a checkpoint) is under way, keeping a core busy.
        (One thread runs the jobs in turn: the last one done, all are.)"""
        job = self._last_background_job
        return job is not None and not job.done()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def backend(self) -> str:
        """ "sqlite" or "postgresql"."""
        return self.engine.dialect.name

    def _check_reachable(self) -> None:
        try:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        except DBAPIError as error:
            raise DatabaseError(
                sentence(
                    "Papershelf cannot open the library at {where}: {why}",
                    where=self.where,
                    why=_first_line(error),
                )
            ) from error

    @property
    def where(self) -> str:
        """The library's file, or its server address without the password."""
        path = db.sqlite_path(self.url)
        return str(path) if path else self.engine.url.render_as_string(hide_password=True)

    @property
    def name(self) -> str:
        """What the library is called in a window title: its file's name, or the name of
        the PostgreSQL database."""
        path = db.sqlite_path(self.url)
        if path is not None:
            return path.name
        return self.engine.url.database or self.where

    def upgrade(self) -> bool:
        """Bring the schema to this program's version; True when something was migrated."""
        current = schema.current_revision(self.engine)
        head = schema.head_revision()
        if current == head:
            return False
        if current is not None and current not in schema.known_revisions():
            raise DatabaseError(
                sentence(
                    "This library was made by a newer Papershelf; update Papershelf to open it."
                )
            )
        source = db.sqlite_path(self.url)
        if current is not None and source is not None:
            backup.automatic(source, reason="before-upgrade")
        try:
            schema.upgrade(self.engine)
        except schema.ForeignDatabaseError:
            raise DatabaseError(
                sentence(
                    "The database at {where} already holds other data and is not a Papershelf "
                    "library; choose an empty database or an existing library.",
                    where=self.where,
                )
            ) from None
        return True

    # -- listeners ----------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call `listener` after every committed change."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    def _announce(
        self,
        kind: ChangeKind,
        paper_ids: Iterable[int | None] = (),
        *,
        indexed: bool = False,
        fields: Sequence[str] | None = None,
    ) -> None:
        """Tell the search index (unless it was told already) and the listeners. `fields`
        names the papers' fields that changed, when known (by default, what `kind` says)."""
        change = Change(kind, tuple(i for i in paper_ids if i is not None))
        if not indexed:
            if fields is None:
                fields = _FIELDS_CHANGED_BY.get(kind)
            self._searcher.papers_changed(change.paper_ids, fields)
        for listener in list(self._listeners):
            listener(change)
        self._sync_files(change)

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with self._reading_trouble_as_sentence(), db.read_session(self.engine) as session:
            yield session

    @contextmanager
    def _reading_trouble_as_sentence(self) -> Iterator[None]:
        try:
            yield
        except DBAPIError as error:
            if trouble.is_damaged(error):
                raise DatabaseError(self._damaged()) from error
            if not isinstance(error, OperationalError):
                raise
            raise DatabaseError(
                sentence(
                    "Papershelf could not read the library at {where}: {why}",
                    where=self.where,
                    why=_first_line(error),
                )
            ) from error

    @contextmanager
    def _write(
        self, *, defer_checkpoint: bool = False, references_checked_after: bool = False
    ) -> Iterator[Session]:
        """One write transaction, which also moves the library's revision on by one
        (`defer_checkpoint`, `references_checked_after`: see `db.write_session`)."""
        ours: int | None = None
        try:
            with (
                self._database_trouble_as_sentence(),
                db.write_session(
                    self.engine,
                    defer_checkpoint=defer_checkpoint,
                    references_checked_after=references_checked_after,
                ) as session,
            ):
                yield session
                # In the same transaction: what it wrote is searchable by full text at its
                # commit.
                fulltext_pending.catch_up(session)
                ours = revisions.bump(session)
                # Ours from now on, though others still read the revision before it until
                # the commit (a large import's commit takes a second): counting that as a
                # change made elsewhere rebuilt the whole search index after imports.
                self._committing.add(ours)
            self._seen_revision = ours
        finally:
            if ours is not None:
                self._committing.discard(ours)

    def _write_retrying(self, work: Callable[[Session], Shape], *, what: str) -> Shape:
        """`work` in one write transaction, run again (a few times) when it collided with
        another writer's: on PostgreSQL list and merge steps of several users can."""

        def once() -> Shape:
            with self._write() as session:
                return work(session)

        return conflicts.retrying(once, what=what)

    @contextmanager
    def _database_trouble_as_sentence(self) -> Iterator[None]:
        # A locked file or a lost server is something the user can act on, not a bug.
        try:
            yield
        except (StaleDataError, DBAPIError) as error:
            if conflicts.is_collision(error):
                raise conflicts.CollisionError(
                    sentence(
                        "Someone else changed the same papers or lists at the same moment, so "
                        "Papershelf changed nothing; try again."
                    )
                ) from error
            if isinstance(error, OperationalError) or (
                isinstance(error, DBAPIError) and trouble.is_damaged(error)
            ):
                raise DatabaseError(self._saving_trouble(error)) from error
            raise  # any other refusal (a broken constraint) is a bug
        except OSError as error:  # a file beside the library (a backup, a log) not written
            if trouble.is_disk_full(error):
                raise DatabaseError(trouble.disk_full(db.sqlite_path(self.url))) from error
            raise

    def _saving_trouble(self, error: DBAPIError) -> str:
        """The sentence for a write the database refused (not a collision, not a bug)."""
        if trouble.is_disk_full(error):
            return trouble.disk_full(db.sqlite_path(self.url) or None)
        if trouble.is_read_only(error):
            return trouble.read_only(self.where)
        if trouble.is_damaged(error):
            return self._damaged()
        # A locked file or a lost server: waiting may be all it takes.
        return sentence(
            "Papershelf could not save to the library at {where}: {why} Nothing was changed; "
            "try again in a moment.",
            where=self.where,
            why=_first_line(error),
        )

    # -- papers ------------------------------------------------------------------------

    def add_paper(self, record: Record) -> PaperDetails:
        """Store one paper typed by the user; its citation key is kept when free, else made
        unique. A value no paper can have (a bad DOI or year) is refused with a sentence,
        where an import would keep it aside."""
        papers.validate_values(
            {"year": record.year, "month": record.month, "doi": record.doi, "title": record.title}
        )
        (paper_id,) = self.add_records([record])
        return self.paper(paper_id)

    def add_records(self, records: list[Record], progress: Progress | None = None) -> list[int]:
        """Store many papers in one transaction: all of them, or none if anything fails."""
        return self._add_reporting(records, progress).paper_ids

    def _add_reporting(
        self, records: list[Record], progress: Progress | None = None
    ) -> ImportReport:
        """`add_records`, with the report: the papers they are likely duplicates of."""
        return self._import_reading(
            Reading.of(["records"], ParseResult(records=records)),
            source="added",
            # Papers added by hand are added even when one like them is held already.
            destination=Destination(keep_copies=True),
            asked=ImportHooks(progress),
        )

    def paper(self, paper_id: int) -> PaperDetails:
        """A paper with its people, tags, lists, notes, annotations and attachments."""
        with self._read() as session:
            return papers.details(session, paper_id)

    def record(self, paper_id: int) -> Record:
        """A stored paper as a Record, for exporters."""
        return papers.record_from_details(self.paper(paper_id))

    def update_paper(
        self,
        paper_id: int,
        *,
        expected_version: int | None,
        authors: list[NamedPerson] | None = None,
        editors: list[NamedPerson] | None = None,
        **changes: Any,
    ) -> PaperDetails:
        """Change a paper that is still at `expected_version`, or raise StaleEditError.

        Pass the `version` of the copy the edit was made from; None overwrites blindly
        (only for one-field actions like "mark as read" that cannot lose work).
        A field kept from an import is changed as "extra:<name>" (`api.EXTRA_PREFIX`),
        and removed by an empty value; `keywords` is the whole list (trimmed, repeats left
        out). The citation key is not editable here: it is pinned once made.
        """
        with self._write() as session:
            papers.update_paper(
                session,
                paper_id,
                expected_version,
                changes=changes,
                authors=authors,
                editors=editors,
            )
        self._announce(ChangeKind.PAPERS, [paper_id])
        return self.paper(paper_id)

    def set_status(self, paper_ids: list[int], status: str) -> None:
        """Give the papers one read status (all or none: an unknown id is refused)."""
        self.apply(undo.SetValues.same("status", status, paper_ids))

    def set_priority(self, paper_ids: list[int], priority: int) -> None:
        """Give the papers one priority (all or none: an unknown id is refused)."""
        self.apply(undo.SetValues.same("priority", priority, paper_ids))

    def delete_papers(self, paper_ids: list[int]) -> int:
        """Move papers to the trash, from which `restore_papers` brings them back."""
        with self._write() as session:
            moved = papers.move_to_trash(session, paper_ids)
        self._announce(ChangeKind.TRASH, paper_ids)
        return moved

    def restore_papers(self, paper_ids: list[int]) -> int:
        with self._write() as session:
            restored = papers.restore(session, paper_ids)
        self._announce(ChangeKind.TRASH, paper_ids)
        return restored

    def empty_trash(
        self, *, progress: Progress | None = None, cancelled: Callable[[], bool] | None = None
    ) -> EmptiedTrash:
        """Delete every paper in the trash for good, with the copies of its files: a
        chunk of papers per transaction, `progress` told after each and `cancelled` asked
        before the next (those not reached stay in the trash). Once the trash is empty,
        the copies of removed attachments (in the files folder's trash) go too."""
        with self._read() as session:
            in_trash = papers.trash_ids(session)
            folder = self._folder_or_none(session)
        emptied = EmptiedTrash()
        for start in range(0, len(in_trash), PAPERS_PER_DELETE):
            if progress is not None:
                progress(start, len(in_trash))
            if cancelled is not None and cancelled():  # after telling: Cancel may come then
                emptied.left = len(in_trash) - start
                return emptied
            chunk = in_trash[start : start + PAPERS_PER_DELETE]
            with self._write() as session:
                copies = attachments.copies_only_of(session, chunk)
                gone = papers.delete_for_good(session, chunk)
            self._announce(ChangeKind.TRASH, gone)
            emptied.papers += len(gone)
            if folder is not None:  # once the papers are gone for good: never a file they need
                emptied.problems += library_files.delete_copies(folder, copies)
        if progress is not None:
            progress(len(in_trash), len(in_trash))
        if folder is not None:
            emptied.problems += parked_files.empty(folder)
        return emptied

    def count(self, *, trash: bool = False) -> int:
        with self._read() as session:
            return papers.count(session, trash=trash)

    def paper_ids(self, *, trash: bool = False) -> list[int]:
        """Ids of all papers (or of the trash), oldest first."""
        condition = col(Paper.deleted_at).is_not(None) if trash else col(Paper.deleted_at).is_(None)
        with self._read() as session:
            query = select(Paper.id).where(condition).order_by(col(Paper.id))
            return [i for i in session.exec(query) if i is not None]

    def citekeys(self, paper_ids: list[int]) -> dict[int, str]:
        """The citation keys of these papers, by id (papers that no longer exist left out)."""
        with self._read() as session:
            return papers.citekeys(session, paper_ids)

    def paper_by_citekey(self, citekey: str) -> PaperDetails:
        with self._read() as session:
            found = session.exec(select(Paper.id).where(Paper.citekey == citekey)).first()
            if found is None:
                raise NotFoundError(
                    sentence(
                        "There is no paper with the citation key “{citekey}”.", citekey=citekey
                    )
                )
            return papers.details(session, found)

    def view_ids(
        self, view: View | None = None, sort: str = "added", descending: bool = False
    ) -> list[int]:
        """Ids of the papers in a sidebar view, sorted in SQL by a table column."""
        with self._read() as session:
            return views.view_ids(session, view or View(), sort, descending=descending)

    def rows(self, paper_ids: list[int]) -> dict[int, PaperRow]:
        """Table rows for these papers, by id (papers that no longer exist are left out)."""
        with self._read() as session:
            return views.rows(session, paper_ids)

    # -- search ---------------------------------------------------------------------------

    def search(
        self, query: str, limit: int = 200, *, full_text: bool = True, trash: bool = False
    ) -> list[SearchHit]:
        """Papers matching what the user typed, best first ([] for a blank query).

        The query language: free words (all must match), "phrases", -exclusions, OR,
        and title: author: abstract: venue: topic: tag: list: status: note: doi: year:.
        Free words are also looked for in abstracts and notes unless `full_text` is False
        (a quicker first answer while the user types). With `trash`, the trash is searched.
        """
        return self._searcher.search(query, limit, full_text=full_text, trash=trash)

    def find(
        self,
        view: View,
        query: str,
        sort: str = views.RELEVANCE,
        *,
        descending: bool = False,
        limit: int | None = None,
        full_text: bool = True,
    ) -> list[int]:
        """The papers of `view` matching `query`: best first by "relevance", else in the
        view's order by `sort` (see `view_ids`). `limit` keeps the best matches only;
        `full_text` as for `search`. Safe from a worker."""
        with self._read() as session:
            among = views.searched_ids(session, view)
        hits = self._searcher.search(
            query, limit, full_text=full_text, trash=view.kind == "trash", among=among
        )
        found = [hit.paper_id for hit in hits]
        if sort == views.RELEVANCE:
            return found
        with self._read() as session:
            return views.in_view_order(session, view, found, sort=sort, descending=descending)

    def find_nearest(self, view: View, query: str, *, limit: int | None = None) -> Nearest | None:
        """When `find` gives nothing: the papers of `view` found by reading each word that
        matches nothing as the nearest words the library holds (`Zimmerman`: Zimmert, in a
        small library; `Wng`: Wang or Wong, in any), to be shown as approximate; None when
        there are none. Safe from a worker."""
        with self._read() as session:
            among = views.searched_ids(session, view)
        return self._searcher.nearest(query, limit, among=among)

    def build_search_index(self, progress: Callable[[int], None] | None = None) -> None:
        """Build the search index now (else the first search does); safe from a worker."""
        self._searcher.build(progress)

    def search_index_built(self) -> bool:
        """Whether the search index is ready (an import into a library whose index was not
        built yet leaves it to be built: best before the next keystroke)."""
        return self._searcher.built

    def refresh(self) -> None:
        """Pick up changes other processes or users made, and tell the listeners."""
        self.catch_up()
        self._announce(ChangeKind.REFRESH)

    def catch_up(self) -> None:
        """Pick up other processes' changes without telling anyone (safe from a worker
        thread; the caller then announces, e.g. the window on its own thread)."""
        with self._read() as session:
            self._seen_revision = revisions.current(session)
        self._searcher.refresh()
        self._sync_files(Change(ChangeKind.REFRESH))

    def changed_elsewhere(self) -> bool:
        """True when another process or user has written since we last wrote or refreshed.

        Cheap (one row read): the window polls it, then calls `refresh`.
        """
        with self._read() as session:
            current = revisions.current(session)
        return current != self._seen_revision and current not in self._committing

    def saved_searches(self) -> list[SavedSearch]:
        """The user's named searches, by name."""
        with self._read() as session:
            return [copy_of(SavedSearch, s) for s in saved_searches.all_saved(session)]

    def save_search(self, name: str, query: str) -> SavedSearch:
        with self._write() as session:
            saved = saved_searches.save(session, name, query)
        self._announce(ChangeKind.SEARCHES)
        return copy_of(SavedSearch, saved)

    def rename_saved_search(
        self, search_id: int, new_name: str, *, expected_version: int | None = None
    ) -> SavedSearch:
        """Rename a saved search still at `expected_version` (None: blindly), or raise
        StaleEditError."""
        with self._write() as session:
            saved = saved_searches.rename(
                session, search_id, new_name, expected_version=expected_version
            )
        self._announce(ChangeKind.SEARCHES)
        return copy_of(SavedSearch, saved)

    def delete_saved_search(self, search_id: int) -> None:
        with self._write() as session:
            saved_searches.remove(session, search_id)
        self._announce(ChangeKind.SEARCHES)

    # -- import ---------------------------------------------------------------------------

    def import_file(  # noqa: PLR0913 -- where the papers go, and the progress hooks
        self,
        path: Path | str,
        *,
        format: str = "auto",
        list_name: str | None = None,
        tag: str | None = None,
        keywords_as_tags: bool = False,
        progress: Progress | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> ImportReport:
        """Import a BibTeX, BibLaTeX, RIS, CSL-JSON or listing file in one transaction.

        Entries that cannot be read do not stop the import: they are reported and kept
        as import problems the user can fix and retry. Cancelled, nothing is stored.
        Keywords are kept as the papers' keywords; with `keywords_as_tags`, they tag the
        papers too.
        """
        return self.import_files(
            [path],
            format=format,
            list_name=list_name,
            tag=tag,
            keywords_as_tags=keywords_as_tags,
            progress=progress,
            cancel=cancel,
        )

    def import_files(  # noqa: PLR0913 -- where the papers go, and the progress hooks
        self,
        paths: Sequence[Path | str],
        *,
        format: str = "auto",
        list_name: str | None = None,
        tag: str | None = None,
        keywords_as_tags: bool = False,
        progress: Progress | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> ImportReport:
        """Import several files in one transaction; BibTeX files share abbreviations and
        crossref targets, as they do when bibtex reads them together. PDFs (by content, or
        all files with `format` "pdf") become papers of their own (`import_pdfs`)."""
        if format == "pdf" or (format == "auto" and any(pdfs.is_pdf(Path(p)) for p in paths)):
            as_pdf = [Path(p) for p in paths if format == "pdf" or pdfs.is_pdf(Path(p))]
            others = [p for p in paths if Path(p) not in as_pdf]
            report = self.import_pdfs(
                as_pdf, list_name=list_name, tag=tag, progress=progress, cancel=cancel
            )
            if others:
                rest = self.import_files(
                    others,
                    format=format,
                    list_name=list_name,
                    tag=tag,
                    keywords_as_tags=keywords_as_tags,
                    progress=progress,
                    cancel=cancel,
                )
                report = _joined(rest, report)
            return report
        with gc_pause.paused(), reading.read_files([Path(p) for p in paths], format=format) as read:
            return self._import_reading(
                read,
                source=", ".join(str(p) for p in paths),
                destination=Destination(list_name, tag, keywords_as_tags=keywords_as_tags),
                asked=ImportHooks(progress, cancel),
            )

    def import_pdfs(
        self,
        paths: Sequence[Path],
        *,
        list_name: str | None = None,
        tag: str | None = None,
        progress: Progress | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> ImportReport:
        """Make each PDF a paper with the PDF attached (copied): looked up by the DOI or
        arXiv id it names, else guessed from it and tagged for the user to check. A PDF
        of a paper already in the library (same DOI or arXiv id) is attached to it.
        Cancelled, it takes back what it made (ImportCancelled): the library is as it was."""
        folder = self.files_folder()  # no folder to copy to: said before anything is made
        report = ImportReport(source=", ".join(str(p) for p in paths), format="pdf")
        made = _PdfImport()
        paths = [Path(path) for path in paths]
        with self._read() as session:
            held = held_files.holders(paths, held_files.attached(session, folder))
        for done, path in enumerate(paths):
            if cancel is not None and cancel():
                self._take_back(made)
                raise ImportCancelled
            if progress is not None:
                progress(done, len(paths))
            # The same file again (dropped twice, or twice in the folder): its paper is named.
            holder = held.get(path) or held_files.holders([path], made.sources).get(path)
            if holder is not None:
                report.already_held.append(holder)
                continue
            try:
                self._paper_for_pdf(path, report, made)
            except KnownError as error:  # nothing of this file came in
                report.problems.append(Problem(str(path), None, error.sentence, error=True))
        report.paper_ids = list(made.papers)
        report.already_held = list(dict.fromkeys(report.already_held))
        report.attached_to = list(made.attached_to)
        if report.problems:  # found again in "Import problems", as other formats' are
            with self._write() as session:
                storing.keep_problems(session, report.problems)
            self._announce(ChangeKind.PROBLEMS)
        touched = list(dict.fromkeys([*made.papers, *made.attached_to, *report.already_held]))
        if touched:
            self._put_in(Destination(list_name, tag), touched)
            self.read_file_texts(touched, cancelled=cancel)
        if progress is not None:
            progress(len(paths), len(paths))
        report.papers = self.count()
        return report

    def _paper_for_pdf(self, path: Path, report: ImportReport, made: _PdfImport) -> None:
        """Attach a PDF to the paper it is of, made now unless it is there already."""
        if not pdfs.is_pdf(path):
            raise InvalidInputError(
                sentence("{name} is not a PDF (it does not start as one).", name=path.name)
            )
        read = pdf_papers.read(path)
        if read.problem:  # a warning: the paper is made, from a guess to check
            report.problems.append(Problem(str(path), None, read.problem))
        known = self._known_paper(read.record)
        if known is not None:  # told as `attached_to`: nothing in it to fix
            made.took(self.attach_file(known, path), path, paper_made=False)
            return
        stored = self._add_reporting([read.record])
        # A preprint beside its published paper: both kept, the pair said in the report.
        report.duplicates.extend(stored.duplicates)
        added = stored.paper_ids
        if not added:  # the import took it for a paper already there
            raise KnownError(
                sentence(
                    "{name} was not added: it is a paper already in your library.", name=path.name
                )
            )
        made.papers.append(added[0])
        if read.guessed:
            self.tag_papers(pdf_papers.GUESSED_TAG, added)
        made.took(self.attach_file(added[0], path), path, paper_made=True)

    def _take_back(self, made: _PdfImport) -> None:
        """Delete for good what a cancelled PDF import made: its papers, its attachments to
        papers that were there, the files it copied."""
        with self._write() as session:
            if made.papers:
                session.execute(sql_delete(Paper).where(col(Paper.id).in_(made.papers)))
            if made.attachments:
                session.execute(
                    sql_delete(Attachment_row).where(col(Attachment_row.id).in_(made.attachments))
                )
        for copy in made.copies:
            with suppress(OSError):
                copy.unlink()
        self._announce(ChangeKind.TRASH, [*made.papers, *made.attached_to])

    def _known_paper(self, record: Record) -> int | None:
        """A paper in the library (not in the trash) with the record's DOI or arXiv id."""
        with self._read() as session:
            for column, value in ((Paper.doi, record.doi), (Paper.arxiv_id, record.arxiv_id)):
                if not value:
                    continue
                found = session.exec(
                    select(Paper.id).where(
                        func.lower(col(column)) == value.casefold(),
                        col(Paper.deleted_at).is_(None),
                    )
                ).first()
                if found is not None:
                    return found
        return None

    def _put_in(self, destination: Destination, paper_ids: list[int]) -> None:
        if destination.list_name:
            try:
                self.reading_list(destination.list_name)
            except NotFoundError:
                self.create_list(destination.list_name)
            self.add_to_list(destination.list_name, paper_ids)
        if destination.tag:
            self.tag_papers(destination.tag, paper_ids)

    def import_text(
        self,
        text: str,
        *,
        format: str = "auto",
        source: str = "pasted text",
        list_name: str | None = None,
        tag: str | None = None,
        keywords_as_tags: bool = False,
    ) -> ImportReport:
        """Import pasted text (BibTeX, RIS, CSL-JSON or a listing)."""
        format_name, result = registry.read(
            text.encode("utf-8"), source=source, path=None, format=format
        )
        return self.import_parsed(
            result,
            source=source,
            format=format_name,
            list_name=list_name,
            tag=tag,
            keywords_as_tags=keywords_as_tags,
        )

    def import_parsed(  # noqa: PLR0913 -- import_files' options, and the format read
        self,
        result: ParseResult,
        *,
        source: str,
        format: str,
        list_name: str | None = None,
        tag: str | None = None,
        keywords_as_tags: bool = False,
        progress: Progress | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> ImportReport:
        """Store what an importer read: all of it, or (on error or cancel) none of it."""
        return self._import_reading(
            Reading.of([format], result),
            source=source,
            destination=Destination(list_name, tag, keywords_as_tags=keywords_as_tags),
            asked=ImportHooks(progress, cancel),
        )

    def _import_reading(
        self,
        read: Reading,
        *,
        source: str,
        destination: Destination,
        asked: ImportHooks,
    ) -> ImportReport:
        into = pipeline.Into(
            write=lambda: self._write(defer_checkpoint=True, references_checked_after=True),
            searcher=self._searcher,
            # The log of a large import is copied into the database file (and that synced
            # to disk: seconds for 100k papers) in the background, not by the commit: the
            # papers are safe in the log already. Should it fail, the next commit's own
            # checkpoint copies it.
            after_commit=lambda: self._in_background(db.checkpoint, self.engine),
        )
        report = pipeline.run(read, source=source, destination=destination, into=into, asked=asked)
        if report.already_held:  # they may have gained the import's list and tags
            self._searcher.papers_changed(tuple(report.already_held), ("tags", "lists"))
        self._announce(ChangeKind.PAPERS, [*report.paper_ids, *report.already_held], indexed=True)
        return report

    def import_problems(self) -> list[ImportProblem]:
        """What earlier imports met, with the raw text: entries they could not read
        (`error`) first, then warnings, each in the order met."""
        with self._read() as session:
            return [
                replace(copy_of(ImportProblem, p), message=problems.as_told(p))
                for p in problems.all_problems(session)
            ]

    def retry_import_problem(self, problem_id: int, fixed_text: str) -> ImportReport:
        """Import the user's corrected text for a problem, in one transaction: when it
        reads cleanly the papers are stored and the problem goes; when it still does not,
        nothing is stored and the problem keeps the corrected text and the new reason."""
        return self.retry_import_problems([problem_id], fixed_text)

    def retry_import_problems(self, problem_ids: Sequence[int], fixed_text: str) -> ImportReport:
        """Import the corrected text of several problems at once (see `problems.retry`)."""
        with self._write() as session:
            report = problems.retry(session, problem_ids, fixed_text)
        self._announce(ChangeKind.PROBLEMS, report.paper_ids)
        if report.paper_ids:
            self._announce(ChangeKind.PAPERS, report.paper_ids)
        return report

    def dismiss_import_problem(self, problem_id: int) -> None:
        self.dismiss_import_problems([problem_id])

    def dismiss_import_problems(self, problem_ids: Sequence[int]) -> None:
        """Forget these problems (nothing is imported)."""
        with self._write() as session:
            problems.dismiss(session, problem_ids)
        self._announce(ChangeKind.PROBLEMS)

    def add_by_identifier(self, text: str) -> PaperDetails:
        """Fetch a DOI's or arXiv id's metadata (Crossref, arXiv) and add the paper.

        A paper already in the library (same DOI or arXiv id) is not added twice.
        """
        from desktop.core.importing import lookup  # httpx is only loaded when a lookup is made

        identifier = lookup.parse_identifier(text)
        if identifier is None:
            raise InvalidInputError(
                sentence(
                    "“{text}” is not a DOI (like 10.1038/nature14539) or an arXiv id (like "
                    "1706.03762).",
                    text=text.strip(),
                )
            )
        self._refuse_known_identifier(identifier.kind, identifier.value)
        record = lookup.fetch(identifier)
        if record.doi:
            self._refuse_known_identifier("doi", record.doi)
        return self.add_paper(record)

    def _refuse_known_identifier(self, kind: str, value: str) -> None:
        column = col(Paper.doi) if kind == "doi" else col(Paper.arxiv_id)
        with self._read() as session:
            found = session.exec(
                select(Paper.citekey).where(
                    func.lower(column) == value.casefold(), col(Paper.deleted_at).is_(None)
                )
            ).first()
        if found is not None:
            raise ConflictError(
                sentence("That paper is already in your library as “{found}”.", found=found)
            )

    # -- completion (untitled papers looked up on arXiv and Crossref) -------------------

    def untitled_ids(self) -> list[int]:
        """Papers (not in the trash) that have no title, oldest first."""
        with self._read() as session:
            query = select(Paper.id).where(Paper.title == "", col(Paper.deleted_at).is_(None))
            return [i for i in session.exec(query.order_by(col(Paper.id))) if i is not None]

    def find_completions(
        self,
        paper_ids: list[int],
        *,
        where: services.Services | None = None,
        mailto: str | None = None,
        progress: Progress | None = None,
        cancelled: Callable[[], bool] = lambda: False,
    ) -> list[proposals.Proposal]:
        """Look each paper up on arXiv and Crossref and rank what they know; changes nothing
        (apply `proposals.fill_step(choices)` for that, as one undo step). `mailto` is the
        address given to Crossref (default: the one set with `set_contact_address`)."""
        if where is None:
            address = self.contact_address() if mailto is None else mailto
            where = services.Services(mailto=address)
        unknowns = []
        with self._read() as session:
            for paper_id in dict.fromkeys(paper_ids):
                found = papers.details(session, paper_id)
                values = {name: getattr(found.paper, name) for name in proposals.PAPER_FIELDS}
                unknowns.append(proposals.unknown_from(paper_id, found.authors, values))
        return proposals.find_all(unknowns, where, progress=progress, cancelled=cancelled)

    def field_origins(self, paper_id: int) -> dict[str, field_origins.Origin]:
        """Where each value Papershelf filled into the paper came from, by field."""
        with self._read() as session:
            return field_origins.of_paper(session, paper_id)

    def contact_address(self) -> str:
        """The e-mail address given to Crossref with each search ("" when none was set)."""
        with self._read() as session:
            return settings.value(session, settings.CONTACT_ADDRESS, "")

    def set_contact_address(self, address: str) -> None:
        address = address.strip()
        if address and ("@" not in address or any(c.isspace() for c in address)):
            raise InvalidInputError(
                sentence(
                    "“{address}” is not an e-mail address; Crossref asks for one like "
                    "name@example.org, or none.",
                    address=address,
                )
            )
        with self._write() as session:
            settings.store(session, settings.CONTACT_ADDRESS, address)

    # -- duplicates ---------------------------------------------------------------------

    def possible_duplicates(
        self, *, between: Callable[[], object] | None = None
    ) -> list[LikelyDuplicate]:
        """Every pair of papers in the library that look like one (pairs marked different
        left out), the newer paper first. Seconds at 100k papers: call it off the GUI
        thread; it is kept until the library changes (`known_duplicates` reads that).

        When the papers are compared in this process, `between` is called every few
        milliseconds of it (outside any transaction): where the work may wait for the
        user to stop typing, as it takes turns with the window's thread."""
        with self._read() as session:
            cached = self._duplicates
            if cached is not None and cached[0] == revisions.current(session):
                return cached[1]
            large = papers.count(session) >= duplicates_beside.HELPER_FROM_PAPERS
        found = None
        if large and duplicates_beside.usable_for(self.url):
            found = duplicates_beside.find_beside(self.url)
        if found is None:
            # Seconds of making objects on a worker: each full pass of the collector over
            # them (0.1-0.2 s at 100k papers) held every thread, the window's too.
            with gc_pause.paused():
                with self._read() as session:
                    revision, everyone, different = dedupe.library_candidates(session)
                found = revision, dedupe.find_all(everyone, different, between=between)
                del everyone, different  # while paused: see `gc_pause.paused`
        self._duplicates = found  # at the revision its reads saw
        return found[1]

    def known_duplicates(self) -> list[LikelyDuplicate] | None:
        """The possible duplicates found last, while the library is as it was then; None
        when they must be looked for again (`possible_duplicates`)."""
        cached = self._duplicates
        if cached is None:
            return None
        with self._read() as session:
            return cached[1] if revisions.current(session) == cached[0] else None

    def compare_papers(self, keep_id: int, other_id: int) -> Comparison:
        """Two papers field by field, for the user to choose what a merge keeps."""
        with self._read() as session:
            return comparing.compare(session, keep_id, other_id)

    def likely_duplicates(self, paper_id: int) -> list[LikelyDuplicate]:
        """Papers that look like this one, with the evidence (pairs marked different excluded)."""
        with self._read() as session:
            everyone = dedupe.candidates(session)
            finder = dedupe.DuplicateFinder(
                [c for c in everyone if c.id != paper_id], dedupe.not_duplicate_pairs(session)
            )
            mine = next((c for c in everyone if c.id == paper_id), None)
            return finder.matches(mine) if mine is not None else []

    def mark_not_duplicate(self, paper_id: int, other_id: int) -> None:
        """Remember that two papers are different, so they are not reported again."""
        a, b = sorted((paper_id, other_id))
        with self._write() as session:
            papers.get_paper(session, a)
            papers.get_paper(session, b)
            db.insert_or_ignore(session, NotDuplicate, [{"paper_a": a, "paper_b": b}])
        self._announce(ChangeKind.PAPERS, [a, b])

    def merge_papers(self, keep_id: int, other_id: int) -> MergeRecord:
        """Merge `other_id` into `keep_id`: empty fields filled, lists, tags, notes,
        annotations and attachments moved over; the other paper goes to the trash."""
        if keep_id == other_id:
            raise InvalidInputError(sentence("A paper cannot be merged with itself."))
        done = self._write_retrying(
            lambda session: merging.merge(session, keep_id, other_id),
            what=sentence("merge the papers"),
        )
        self._announce(ChangeKind.PAPERS, [keep_id, other_id])
        return done

    def unmerge(self, done: MergeRecord) -> None:
        """Undo a merge: both papers as they were before it."""
        self._write_retrying(
            lambda session: merging.unmerge(session, done), what=sentence("take the merge back")
        )
        self._announce(ChangeKind.PAPERS, [done.keep_id, done.other_id])

    # -- undo ---------------------------------------------------------------------------

    def apply(self, step: undo.Step) -> undo.Step:
        """Run one user step (or the inverse of one) in one transaction, announce one
        change, and return the step that takes it back."""
        files = parked_files.Journal(self._folder_or_none)

        def in_transaction(session: Session) -> undo.Done:
            files.take_back()  # a transaction tried again starts from the files as they were
            parked_files.attach(session, files)
            return step.apply(session)

        try:
            done = self._write_retrying(in_transaction, what=sentence("make this change"))
        except BaseException:
            files.take_back()
            raise
        self._announce(done.kind, done.paper_ids, fields=done.fields)
        return done.inverse

    # -- export ---------------------------------------------------------------------------

    def export(
        self,
        paper_ids: list[int],
        format: str = "bibtex",
        *,
        options: ExportOptions | None = None,
        cancel: Callable[[], bool] | None = None,
        progress: Progress | None = None,
    ) -> str:
        """The papers, in the given order, as text in an export format: exactly those, with
        their files' @preamble blocks and their crossref parents only when `options` asks;
        with `options.ascii_only` (BibTeX and BibLaTeX), LaTeX for every character it can
        spell, UTF-8 for the others (see `unspelled` for what they are). `progress` hears
        (entries written, entries in all) now and then; it may raise to stop the export.
        Once `cancel()` says so, the export stops (ExportCancelled).

        Read in one transaction, so the file is one consistent picture of the library.
        """
        told = _stopped_by(cancel, progress)
        text = "".join(self._export_parts(paper_ids, format, options=options, progress=told))
        if cancel is not None and cancel():
            raise ExportCancelled()
        return text

    def _export_parts(
        self,
        paper_ids: list[int],
        format: str,
        *,
        options: ExportOptions | None,
        progress: Progress | None,
    ) -> list[str]:
        """`export`'s text as the strings it is joined from."""
        from desktop.core.exporting import pipeline as export_pipeline  # writers load late

        if options and options.ascii_only and not registry.get(format).offers_ascii_only:
            label = registry.get(format).label
            raise InvalidInputError(
                sentence(
                    "{label} files are written in UTF-8; ASCII only is for BibTeX and BibLaTeX.",
                    label=label,
                )
            )
        with self._reading_trouble_as_sentence():
            # With a checkpoint under way (just after a large import), a helper would only
            # take turns with it for the second core.
            return export_pipeline.export_parts(
                self.engine,
                paper_ids,
                format,
                may_split=not self._busy_in_background(),
                options=options,
                progress=progress,
            )

    def export_to_file(
        self,
        paper_ids: list[int],
        format: str,
        target: Path,
        *,
        options: ExportOptions | None = None,
        cancel: Callable[[], bool] | None = None,
        progress: Progress | None = None,
    ) -> Unspelled:
        """Export the papers to `target`, which is replaced whole or, on any failure, left
        as it was (see `exporting.files`); with `options.ascii_only`, the characters it
        could not spell (none otherwise). `progress` hears (entries written, in all) now
        and then. Once `cancel()` says so, the writing stops and nothing is written
        (ExportCancelled)."""
        from desktop.core.exporting import files

        told = _stopped_by(cancel, progress)
        parts = self._export_parts(paper_ids, format, options=options, progress=told)
        if cancel is not None and cancel():
            raise ExportCancelled()
        files.write_whole(target, parts)
        if options and options.ascii_only:
            return unspelled.find("".join(parts))
        return Unspelled()

    # -- formatted citations ------------------------------------------------------------

    def cite(self, paper_ids: list[int], *, style: str, output: str = "text") -> citing.Formatted:
        """The papers' bibliography and in-text citation in a CSL style (see `citing`).
        Asked again while neither the papers nor the style changed, it is not formatted
        again."""
        return self._formatted_once(
            paper_ids,
            style=style,
            output=output,
            part="whole",
            make=lambda: self._format(paper_ids, style, output),
        )

    def _formatted_once(
        self,
        paper_ids: list[int],
        *,
        style: str,
        output: str,
        part: str,
        make: Callable[[], citing.Formatted],
    ) -> citing.Formatted:
        """What `make` formats of the papers (the `part` asked, in `style` and `output`),
        kept while neither the papers nor the style change."""
        with self._read() as session:
            versions = papers.versions(session, paper_ids)
        key = (citing.style_version(style), output, part, tuple(versions))
        return self._formatted.get(key, make)

    def bibliography(
        self,
        paper_ids: list[int],
        *,
        style: str,
        output: str = "text",
        cancel: Callable[[], bool] | None = None,
        progress: Progress | None = None,
    ) -> citing.Formatted:
        """The papers' bibliography in a CSL style, without the in-text citation (empty),
        for a file of references. `progress` hears (entries formatted, in all) as each is
        formatted; once `cancel()` says so, the formatting stops (ExportCancelled)."""
        told = _stopped_by(cancel, progress)
        return self._formatted_once(
            paper_ids,
            style=style,
            output=output,
            part="entries alone",
            make=lambda: self._format(paper_ids, style, output, citation=False, progress=told),
        )

    def citation(
        self,
        paper_ids: list[int],
        *,
        style: str,
        output: str = "text",
        cancel: Callable[[], bool] | None = None,
        progress: Progress | None = None,
    ) -> citing.Formatted:
        """The papers' one in-text citation in a CSL style, without the bibliography's
        entries (empty), to be copied. `progress` hears (0, papers) while they are put in
        the style's order and (papers, papers) once cited; once `cancel()` says so, the
        formatting stops (ExportCancelled) at the next of these."""
        told = _stopped_by(cancel, progress)
        return self._formatted_once(
            paper_ids,
            style=style,
            output=output,
            part="citation alone",
            make=lambda: self._format(paper_ids, style, output, references=False, progress=told),
        )

    def _format(
        self,
        paper_ids: list[int],
        style: str,
        output: str,
        *,
        citation: bool = True,
        references: bool = True,
        progress: Progress | None = None,
    ) -> citing.Formatted:
        from desktop.core.exporting import read_papers

        with self._read() as session:
            entries = read_papers.export_entries(session, paper_ids)
        if progress is not None:
            progress(0, len(entries))  # read: a Cancel pressed meanwhile stops it here
        return citing.format_records(
            [record for record, _ in entries],
            style=style,
            output=output,
            citation=citation,
            references=references,
            progress=progress,
        )

    # -- files kept in sync with a list --------------------------------------------------

    def add_synced_file(
        self, list_ref: int | str, path: Path, *, format: str = "bibtex", replace: bool = False
    ) -> syncing.SyncReport:
        """Keep `path` in sync with a list from now on, and write it now. An existing file
        is replaced only when asked (`replace`)."""
        where = syncing.target_path(path)
        self._refuse_existing(where, replace=replace)
        with self._write() as session:
            target = syncing.add(session, list_ref, where, format=format)
        return self._sync_one(target.id or 0)

    def add_synced_search(
        self, name: str, path: Path, *, format: str = "bibtex", replace: bool = False
    ) -> syncing.SyncReport:
        """Keep `path` in sync with the saved search `name` (all it finds, best first) from
        now on, and write it now. An existing file is replaced only when asked."""
        where = syncing.target_path(path)
        self._refuse_existing(where, replace=replace)
        with self._write() as session:
            target = syncing.add_for_search(session, name, where, format=format)
        return self._sync_one(target.id or 0)

    def _refuse_existing(self, where: Path, *, replace: bool) -> None:
        if where.exists() and not replace:
            raise ConflictError(
                sentence(
                    "{where} already exists; Papershelf would replace it with the papers it is "
                    "kept in sync with. Choose another file, or ask for it to be replaced.",
                    where=where,
                )
            )

    def remove_synced_file(self, path: Path) -> None:
        """Stop keeping `path` in sync (the file stays as it is)."""
        with self._write() as session:
            syncing.remove(session, path)
        self._announce(ChangeKind.SETTINGS)

    def synced_files(self) -> list[syncing.SyncedFile]:
        with self._read() as session:
            return syncing.all_files(session)

    def resume_synced_file(self, path: Path) -> tuple[syncing.SyncReport, Path | None]:
        """Sync a file that was stopped because someone else changed it: their version is
        copied beside it (the path returned), then the list is written over it."""
        with self._write() as session:
            target_id, kept = syncing.resume(session, path)
        return self._sync_one(target_id), kept

    def take_sync_reports(self) -> list[syncing.SyncReport]:
        """What keeping files in sync has to tell the user since last asked (files that
        could not be written, files left alone because someone else changed them)."""
        reports, self._sync_reports = self._sync_reports, []
        return reports

    def _sync_one(self, target_id: int) -> syncing.SyncReport:
        due = self._due_now(target_id)
        assert due is not None  # made or found by the caller's own write a moment ago
        return self._bring_up_to_date(due)

    def defer_syncing(self) -> None:
        """From now on, changes only note which synced files they may touch, and
        `sync_pending` rewrites them (the window calls it once a burst of changes ends;
        the command line, which never defers, writes before each command returns)."""
        self._sync_deferred = True

    def sync_pending(self) -> None:
        """Rewrite, once each, the synced files the changes since the last call may have
        made out of date (safe from a worker; what could not be done is in
        `take_sync_reports`)."""
        with self._waiting_lock:
            changes, self._sync_waiting = self._sync_waiting, []
        self._sync_changes(changes)

    def _sync_files(self, change: Change) -> None:
        """Rewrite the synced files `change` may have made out of date (or, deferred,
        remember the change for `sync_pending`)."""
        if self._sync_deferred:
            with self._waiting_lock:
                self._sync_waiting.append(change)
            return
        self._sync_changes([change])

    def _sync_changes(self, changes: list[Change]) -> None:
        due: dict[int, syncing.Due] = {}
        try:
            with self._read() as session:
                for change in changes:
                    due.update((d.target_id, d) for d in syncing.due(session, change))
        except DatabaseError:
            return  # told by the operation itself; tried again at the next change
        for target in due.values():
            report = self._bring_up_to_date(target)
            if report.outcome in (syncing.Outcome.PAUSED, syncing.Outcome.FAILED):
                self._sync_reports.append(report)

    def _bring_up_to_date(self, target: syncing.Due) -> syncing.SyncReport:
        with self._sync_lock:
            return self._write_synced(target)

    def _write_synced(self, target: syncing.Due, *, again: bool = False) -> syncing.SyncReport:
        try:
            ids = target.paper_ids
            if target.query:
                ids = [h.paper_id for h in self.search(target.query, limit=max(self.count(), 1))]
            report = syncing.bring_up_to_date(target, self.export(ids, target.format))
            if report.outcome is syncing.Outcome.PAUSED and not again:
                fresh = self._due_now(target.target_id)
                if fresh is not None and fresh.written_sha256 != target.written_sha256:
                    # Another Papershelf (a window, a command) wrote the file since this
                    # one read what was last written there: not someone else's edit. Its
                    # version may be newer than this one's, so the list is read again.
                    return self._write_synced(fresh, again=True)
            if report.sha256 is not None or report.outcome is syncing.Outcome.PAUSED:
                # Not a change of the library: its revision stays, nobody reloads.
                with self._database_trouble_as_sentence(), db.write_session(self.engine) as s:
                    syncing.remember(s, report, target_id=target.target_id)
        except KnownError as error:
            report = syncing.SyncReport(target.path, syncing.Outcome.FAILED, error.sentence)
        return report

    def _due_now(self, target_id: int) -> syncing.Due | None:
        """A synced file as the library says now (None once it is no longer synced)."""
        with self._read() as session:
            found = syncing.due(session, Change(ChangeKind.SETTINGS), only=target_id)
        return found[0] if found else None

    # -- reading lists ----------------------------------------------------------------

    def create_list(self, name: str, description: str = "") -> ReadingList:
        with self._write() as session:
            created = reading_lists.create(session, name, description)
        self._announce(ChangeKind.LISTS)
        return copy_of(ReadingList, created)

    def rename_list(
        self, ref: int | str, new_name: str, *, expected_version: int | None = None
    ) -> ReadingList:
        """Rename a list still at `expected_version` (None: blindly), or raise
        StaleEditError."""
        with self._write() as session:
            renamed = reading_lists.rename(
                session, ref, new_name, expected_version=expected_version
            )
            members = reading_lists.member_ids(session, renamed)
        self._announce(ChangeKind.LISTS, members)
        return copy_of(ReadingList, renamed)

    def delete_list(self, ref: int | str) -> None:
        """Delete a list; its papers stay in the library."""
        with self._write() as session:
            members = reading_lists.member_ids(session, reading_lists.find(session, ref))
            reading_lists.remove(session, ref)
        self._announce(ChangeKind.LISTS, members)

    def add_to_list(self, ref: int | str, paper_ids: list[int], position: int | None = None) -> int:
        added = self._write_retrying(
            lambda session: reading_lists.add_papers(session, ref, paper_ids, position=position),
            what=sentence("add the papers to the list"),
        )
        self._announce(ChangeKind.LISTS, paper_ids)
        return added

    def remove_from_list(self, ref: int | str, paper_ids: list[int]) -> int:
        removed = self._write_retrying(
            lambda session: reading_lists.remove_papers(session, ref, paper_ids),
            what=sentence("take the papers out of the list"),
        )
        self._announce(ChangeKind.LISTS, paper_ids)
        return removed

    def reorder_list(self, ref: int | str, paper_ids: list[int]) -> None:
        self._write_retrying(
            lambda session: reading_lists.reorder(session, ref, paper_ids),
            what=sentence("put the list in this order"),
        )
        self._announce(ChangeKind.LISTS, paper_ids)

    def reorder_lists(self, list_ids: list[int]) -> None:
        """Show the reading lists in this order (lists not named keep theirs, after them)."""
        with self._write() as session:
            reading_lists.reorder_lists(session, list_ids)
        self._announce(ChangeKind.LISTS)

    def list_from_aux(self, aux: Path, *, name: str) -> cited_lists.CitedList:
        """A new reading list of the papers a LaTeX document cites (its `.aux`), in citation
        order; the cited keys the library does not hold are named in the result."""
        with self._write() as session:
            made = cited_lists.make(session, aux, name=name)
        self._announce(ChangeKind.LISTS, made.paper_ids)
        return made

    def reading_list(self, ref: int | str) -> ReadingList:
        with self._read() as session:
            return copy_of(ReadingList, reading_lists.find(session, ref))

    def list_items(self, ref: int | str) -> list[ListItem]:
        """The papers of a list in its order (papers in the trash left out)."""
        with self._read() as session:
            found = reading_lists.find(session, ref)
            assert found.id is not None
            return reading_lists.items(session, found.id)

    def lists(self) -> list[tuple[ReadingList, int]]:
        """Every reading list with its number of papers."""
        with self._read() as session:
            return [(copy_of(ReadingList, r), n) for r, n in reading_lists.all_lists(session)]

    # -- tags ----------------------------------------------------------------------------

    def tag_papers(self, name: str, paper_ids: list[int]) -> int:
        with self._write() as session:
            added = tags.tag_papers(session, name, paper_ids)
        self._announce(ChangeKind.TAGS, paper_ids)
        return added

    def untag_papers(self, name: str, paper_ids: list[int]) -> int:
        with self._write() as session:
            removed = tags.untag_papers(session, name, paper_ids)
        self._announce(ChangeKind.TAGS, paper_ids)
        return removed

    def keywords_to_tags(self, paper_ids: list[int]) -> undo.Step:
        """Tag each of these papers with its own keywords; the step that takes it back."""
        return self.apply(undo.TagWithKeywords(tuple(paper_ids)))

    def create_tag(self, name: str, colour: str = "") -> Tag:
        with self._write() as session:
            tag = tags.ensure(session, name, colour)
        self._announce(ChangeKind.TAGS)
        return copy_of(Tag, tag)

    def edit_tag(
        self,
        name: str,
        *,
        new_name: str | None = None,
        colour: str | None = None,
        expected_version: int | None = None,
    ) -> Tag:
        """Rename or recolour a tag still at `expected_version` (None: blindly), or raise
        StaleEditError."""
        with self._write() as session:
            tag = tags.edit(
                session,
                name,
                new_name=new_name,
                colour=colour,
                expected_version=expected_version,
            )
            members = tags.member_ids(session, tag)
        self._announce(ChangeKind.TAGS, members)
        return copy_of(Tag, tag)

    def delete_tag(self, name: str) -> None:
        with self._write() as session:
            members = tags.member_ids(session, tags.get(session, name))
            tags.remove(session, name)
        self._announce(ChangeKind.TAGS, members)

    def tagged_ids(self, name: str) -> list[int]:
        """Ids of the papers carrying a tag, trash included."""
        with self._read() as session:
            return tags.member_ids(session, tags.get(session, name))

    def tags(self) -> list[tuple[Tag, int]]:
        """Every tag with the number of papers carrying it."""
        with self._read() as session:
            return [(copy_of(Tag, tag), n) for tag, n in tags.all_tags(session)]

    # -- notes, annotations, attachments -------------------------------------------------

    def _write_part(
        self, kind: ChangeKind, change: Callable[[Session], notes.Part], shape: type[Shape]
    ) -> Shape:
        """Make one change to a note, annotation or attachment; announce its paper; give
        back a copy of the part (in `shape`)."""
        with self._write() as session:
            part = change(session)
        self._announce(kind, [part.paper_id])
        return copy_of(shape, part)

    def note(self, note_id: int) -> Note:
        """A note as stored now (to compare with, or merge into, a copy being edited)."""
        with self._read() as session:
            return copy_of(Note, notes.get_note(session, note_id))

    def add_note(self, paper_id: int, body: str) -> Note:
        return self._write_part(ChangeKind.NOTES, lambda s: notes.add_note(s, paper_id, body), Note)

    def edit_note(self, note_id: int, body: str, *, expected_version: int | None = None) -> Note:
        """Give a note a new text, if it is still at `expected_version` (the `version` of
        the copy the user edited; None overwrites blindly), else raise StaleEditError."""
        return self._write_part(
            ChangeKind.NOTES,
            lambda s: notes.edit_note(s, note_id, body, expected_version=expected_version),
            Note,
        )

    def delete_note(self, note_id: int, *, expected_version: int | None = None) -> None:
        """Delete a note, unless it changed since `expected_version` (StaleEditError)."""
        self._write_part(
            ChangeKind.NOTES,
            lambda s: notes.remove_note(s, note_id, expected_version=expected_version),
            Note,
        )

    def annotate(self, paper_id: int, start: int, end: int, *, note: str = "") -> Annotation:
        """Annotate the span abstract[start:end] of a paper."""
        return self._write_part(
            ChangeKind.NOTES,
            lambda s: notes.add_annotation(s, paper_id, start, end=end, note=note),
            Annotation,
        )

    def edit_annotation(
        self, annotation_id: int, note: str, *, expected_version: int | None = None
    ) -> Annotation:
        """Change an annotation's note, if it is still at `expected_version`."""
        return self._write_part(
            ChangeKind.NOTES,
            lambda s: notes.edit_annotation(
                s, annotation_id, note, expected_version=expected_version
            ),
            Annotation,
        )

    def annotations(self) -> list[tuple[Annotation, str]]:
        """Every annotation in the library (not the trash's) with its paper's title,
        newest first."""
        with self._read() as session:
            return [(copy_of(Annotation, a), title) for a, title in notes.every_annotation(session)]

    def annotation_count(self) -> int:
        """How many annotations `annotations` lists (a count for the sidebar)."""
        with self._read() as session:
            return notes.annotation_count(session)

    def delete_annotation(self, annotation_id: int) -> None:
        self._write_part(
            ChangeKind.NOTES, lambda s: notes.remove_annotation(s, annotation_id), Annotation
        )

    def attach(self, paper_id: int, target: str, label: str = "") -> Attachment:
        return self._write_part(
            ChangeKind.PAPERS,
            lambda s: attachments.add(s, paper_id, target, label=label),
            Attachment,
        )

    def detach(self, attachment_id: int) -> undo.Step:
        """Remove an attachment: a copy in the files folder goes to the folder's trash
        (until Empty Trash), a linked file stays where it is. Returns the step that
        brings both back."""
        with self._read() as session:
            found = notes.get_part(session, Attachment_row, attachment_id, what="attachment")
            ref = undo.RowRef(attachment_id, found.created_at)
        return self.apply(undo_files.Detach(ref, found.paper_id))

    # -- files: the files folder, copies and links, their text ---------------------------

    def files_folder(self) -> Path:
        """The folder copied files go to, or KnownError saying how to choose one."""
        with self._read() as session:
            return library_files.folder(session, self.url)

    def files_folder_setting(self) -> Path | None:
        """The folder the library's setting names (None: the default, beside a SQLite file)."""
        with self._read() as session:
            return library_files.configured(session)

    def set_files_folder(self, path: Path | None) -> None:
        """Copy files to `path` from now on (None: the default); files copied before are
        looked for there too, by their names, so move them along."""
        with self._write() as session:
            library_files.set_folder(session, path)
        self._announce(ChangeKind.SETTINGS)

    def _folder_or_none(self, session: Session) -> Path | None:
        try:
            return library_files.folder(session, self.url)
        except KnownError:
            return None

    def attach_file(
        self, paper_id: int, source: Path, *, link: bool = False, label: str = ""
    ) -> AttachedFile:
        """Attach a file to a paper: copied into the files folder under a name made from
        the paper's key (a taken name gets a suffix), or, with `link`, left where it is."""
        source = source.expanduser().absolute()
        if not source.is_file():
            raise InvalidInputError(sentence("There is no file at {source}.", source=source))
        if link:
            added = self._write_part(
                ChangeKind.PAPERS,
                lambda s: attachments.add(s, paper_id, str(source), label=label),
                Attachment,
            )
            return self.attached_file(added.id)
        with self._read() as session:
            into = library_files.folder(session, self.url)
            citekey = papers.get_paper(session, paper_id).citekey
        name = library_files.copy_in(source, into, library_files.file_name(citekey, source))
        try:
            added = self._write_part(
                ChangeKind.PAPERS,
                lambda s: attachments.add(
                    s, paper_id, name, label=label or source.name, kind=AttachmentKind.COPY
                ),
                Attachment,
            )
        except BaseException:
            library_files.remove_copy(into, name)
            raise
        return self.attached_file(added.id)

    def relink(self, attachment_id: int, source: Path) -> AttachedFile:
        """Point an attachment whose file is missing (or wrong) at `source`: a copied file
        is copied in again, a linked one linked there. Its text is read again."""
        self.relink_undoably(attachment_id, source)
        return self.attached_file(attachment_id)

    def relink_undoably(self, attachment_id: int, source: Path) -> undo.Step:
        """Relink (see `relink`); the step that takes it back (the copy it replaced, if
        any, waits in the files folder's trash)."""
        source = source.expanduser().absolute()
        if not source.is_file():
            raise InvalidInputError(sentence("There is no file at {source}.", source=source))
        with self._read() as session:
            found = notes.get_part(
                session, Attachment_row, attachment_id, what=sentence("attachment")
            )
            ref = undo.RowRef(attachment_id, found.created_at)
            copied = found.kind == AttachmentKind.COPY.value
            into = library_files.folder(session, self.url) if copied else None
            citekey = papers.get_paper(session, found.paper_id).citekey
        if into is None:
            step = undo_files.Relink(ref, found.paper_id, str(source), expected=found.target)
            return self.apply(step)
        name = library_files.file_name(citekey, source)
        token = parked_files.copy_in(source, into, name)
        step = undo_files.Relink(ref, found.paper_id, name, expected=found.target, copy=token)
        try:
            return self.apply(step)
        except BaseException:
            parked_files.purge(into, [token])
            raise

    def forget_parked(self, tokens: Iterable[str]) -> None:
        """Delete for good copies in the files folder's trash that no undo can bring back
        any more (`undo.Step.parked` names them)."""
        with self._read() as session:
            folder = self._folder_or_none(session)
        if folder is not None:
            parked_files.purge(folder, tokens)

    def attached_file(self, attachment_id: int) -> AttachedFile:
        """One attachment as this computer sees it (where, present, text indexed)."""
        with self._read() as session:
            row = notes.get_part(
                session, Attachment_row, attachment_id, what=sentence("attachment")
            )
            return library_files.seen(attachment_of(row), self._folder_or_none(session))

    def attached_files(self, paper_id: int) -> list[AttachedFile]:
        """A paper's attachments as this computer sees them, in the order they were added."""
        with self._read() as session:
            papers.get_paper(session, paper_id)
            into = self._folder_or_none(session)
            rows = attachments.of_paper(session, paper_id)
            return [library_files.seen(attachment_of(row), into) for row in rows]

    def files_to_read(self, paper_ids: list[int] | None = None) -> int:
        """How many attached PDFs have text not yet in the full-text index (never read, or
        changed since)."""
        with self._read() as session:
            return len(file_text.due(session, self._folder_or_none(session), paper_ids))

    def read_file_texts(
        self,
        paper_ids: list[int] | None = None,
        *,
        progress: Progress | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> FileTextReport:
        """Read the text of every attached PDF not yet indexed as it is now (of `paper_ids`
        only, when given) into the full-text index, one file per transaction: a cancel
        or a crash keeps the files read so far."""
        with self._read() as session:
            jobs = file_text.due(session, self._folder_or_none(session), paper_ids)
        report = FileTextReport()
        for done, job in enumerate(jobs):
            if progress is not None:
                progress(done, len(jobs))
            if cancelled is not None and cancelled():  # after telling: Cancel may come then
                break
            problem = ""
            try:
                pages = pdfs.pages_text(job.path)
            except KnownError as error:
                pages, problem = [], error.sentence
            with self._write() as session:
                stored = file_text.store(session, job, pages, problem=problem)
            if stored:
                self._announce(ChangeKind.PAPERS, [job.paper_id])
                report.read += 1 if not problem else 0
                report.pages += len(pages)
                if problem:
                    report.problems.append(problem)
        else:
            if progress is not None:
                progress(len(jobs), len(jobs))
        return report

    def file_places(self, paper_id: int, typed: str) -> list[file_text.Place]:
        """Where the words of a search occur in the paper's files (page and snippet)."""
        with self._read() as session:
            return file_text.places(session, paper_id, typed)

    def file_pages(self, attachment_id: int) -> list[str]:
        """The indexed text of a file, page by page."""
        with self._read() as session:
            return file_text.page_texts(session, attachment_id)

    def remember_page(self, attachment_id: int, page: int) -> None:
        """Where the reader left a file (not a change of the library: nobody reloads)."""
        with self._database_trouble_as_sentence(), db.write_session(self.engine) as session:
            row = notes.get_part(
                session, Attachment_row, attachment_id, what=sentence("attachment")
            )
            row.last_page = max(page, 0)
            session.add(row)

    # -- settings and maintenance -------------------------------------------------------

    def backup(self, target: Path | None = None) -> Path:
        """Copy the library to `target`, or to a timestamped file in the backups folder."""
        return backup.manual(self.engine, self.url, target)

    def check(self) -> list[str]:
        """Problems found in the stored library, as sentences (empty when healthy)."""
        return backup.check(self.engine, db.sqlite_path(self.url))


#: An empty file younger than this is taken for a library another process is making now
#: (SQLite creates the file empty, then writes it); an older one was cut short.
_BEING_MADE_SECONDS = 30


def _stopped_by(cancel: Callable[[], bool] | None, progress: Progress | None) -> Progress | None:
    """`progress`, raising ExportCancelled instead once `cancel()` says so; None when there
    is neither (nobody listening: the writers count nothing)."""
    if cancel is None and progress is None:
        return None

    def told(done: int, total: int) -> None:
        if cancel is not None and cancel():
            raise ExportCancelled()
        if progress is not None:
            progress(done, total)

    return told


def _refuse_an_empty_file(url: str) -> None:
    """An existing library file of 0 bytes was cut short (or is not a library): SQLite
    would silently take it for a new, empty library."""
    path = db.sqlite_path(url)
    if path is None or not path.is_file() or path.stat().st_size > 0:
        return
    log = path.with_name(path.name + "-wal")
    if log.is_file() and log.stat().st_size > 0:
        return  # a new library whose first writes are still in SQLite's log: it is whole
    if time.time() - path.stat().st_mtime < _BEING_MADE_SECONDS:
        return  # another process is making this new library at this moment
    backup_file = backup.newest(path)
    if backup_file is not None:
        raise DatabaseError(
            sentence(
                "The library file {path} is empty (0 bytes): it may have been cut short, by a "
                "full disk or a copy that did not finish, so Papershelf did not make a new "
                "library of it. The newest backup of it is {backup}; copy it over the empty "
                "file to go back to it. To start a new library there, delete the empty file "
                "first.",
                path=path,
                backup=backup_file,
            )
        )
    raise DatabaseError(
        sentence(
            "The library file {path} is empty (0 bytes): it may have been cut short, by a full "
            "disk or a copy that did not finish, so Papershelf did not make a new library of "
            "it. There is no backup of it in its backups folder. To start a new library there, "
            "delete the empty file first.",
            path=path,
        )
    )


def _joined(first: ImportReport, then: ImportReport) -> ImportReport:
    """One report of two imports made one after the other."""
    return ImportReport(
        source=f"{first.source}, {then.source}",
        format=f"{first.format}, {then.format}",
        paper_ids=first.paper_ids + then.paper_ids,
        already_held=first.already_held + then.already_held,
        attached_to=first.attached_to + then.attached_to,
        duplicates=first.duplicates + then.duplicates,
        problems=first.problems + then.problems,
        duplicate_notes=first.duplicate_notes + then.duplicate_notes,
        papers=max(first.papers, then.papers),
    )


def _first_line(error: Exception) -> str:
    detail = str(getattr(error, "orig", None) or error).strip().splitlines()
    return (detail[0] if detail else type(error).__name__).rstrip(".") + "."
