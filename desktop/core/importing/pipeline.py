"""An import from end to end: what is read is stored in one transaction, batch by batch,
while the search index takes the papers in and duplicates are looked for beside it."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace

from sqlmodel import Session

from desktop.core import papers, settings, source_files
from desktop.core.formats import citekeys
from desktop.core.importing import storing
from desktop.core.importing.reading import Reading
from desktop.core.importing.storing import (
    Destination,
    ImportHooks,
    ImportReport,
)
from desktop.core.runtime import gc_pause
from desktop.core.search.index import Preparing
from desktop.core.search.searcher import Searcher
from desktop.core.storage import references_after

#: Opens the library's write transaction (the facade's, so it keeps its revision).
WriteTransaction = Callable[[], AbstractContextManager[Session]]


@dataclass(frozen=True)
class Into:
    """Where an import stores: the facade's write transaction, its search index, and what
    runs once the papers are committed, before the index is sure to hold them (the facade
    queues the checkpoint of a large import's log there).

    The transaction may leave SQLite's check of each row's references to the import
    (`db.write_session`'s `references_checked_after`): `store` checks its rows batch by
    batch.
    """

    write: WriteTransaction
    searcher: Searcher
    after_commit: Callable[[], None]


def run(
    read: Reading,
    *,
    source: str,
    destination: Destination,
    into: Into,
    asked: ImportHooks | None = None,
) -> ImportReport:
    """Store what is being read: all of it, or (on error or cancel) none of it. `asked`:
    the caller's progress and cancel (its own job beside the full text is this one's)."""
    write, searcher = into.write, into.searcher
    progress, cancel = (asked.progress, asked.cancel) if asked is not None else (None, None)
    report = ImportReport(source=source, format=", ".join(dict.fromkeys(read.formats)))
    committed: Future[bool] = Future()
    # Two threads: the index's taking in waits for the commit, which waits for the jobs.
    with ThreadPoolExecutor(max_workers=1) as helper, ThreadPoolExecutor(1) as indexer:
        jobs: list[Future[None]] = []
        taking_in: list[Future[bool]] = []

        def beside_fulltext(job: Callable[[], None]) -> None:
            # The importer's own job, and the search index taking in the papers (held
            # from searches until the commit), run in other threads while SQLite fills
            # the full-text index, which it does without holding the interpreter lock.
            jobs.append(helper.submit(job))
            if not taking_in:
                taking_in.append(
                    indexer.submit(
                        searcher.take_in_once_committed, report.papers_for_index, committed
                    )
                )

        stored = False
        try:
            with gc_pause.paused(), write() as session:
                hooks = ImportHooks(progress, cancel, beside_fulltext)
                store(session, read, report, destination=destination, hooks=hooks)
                for job in jobs:
                    job.result()  # before the commit: its failure is the import's
            stored = True
        finally:
            committed.set_result(stored)
        into.after_commit()
        taken = taking_in[0].result() if taking_in else False
    if not taken:
        searcher.papers_stored(report.papers_for_index)
    report.papers_for_index = Preparing()  # handed over: the caller needs no second copy
    return report


def store(
    session: Session,
    read: Reading,
    report: ImportReport,
    *,
    destination: Destination,
    hooks: ImportHooks | None = None,
) -> None:
    """Store a reading in the caller's transaction, with the preambles it brought."""
    pattern = settings.value(session, settings.CITEKEY_PATTERN, citekeys.DEFAULT_PATTERN)
    with references_after.checked_after(session) as new_rows:  # see `Into.write`
        if new_rows is not None:
            hooks = replace(hooks or ImportHooks(), batch_stored=new_rows.check)
        by_source = storing.store(
            session, read, report, destination=destination, citekey_pattern=pattern, hooks=hooks
        )
        # Only BibTeX's own @preamble/@comment blocks are given back by exports (a listing's
        # page heading, say, is kept by its reader but is no BibTeX), with their file's papers.
        source_files.keep(session, read.result.file_blocks, by_source)
    report.papers = papers.count(session)
