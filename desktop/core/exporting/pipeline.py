"""An export from end to end: the papers read in one transaction and written in the format
asked for. BibTeX and BibLaTeX entries of papers unchanged since they were last written are
read as kept (`kept_entries`); the others are written, by two processes when there are
many (`parallel`), and kept. The bytes are those of writing every entry afresh."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sqlalchemy import Engine
from sqlmodel import Session, col, func, select

from desktop.core import source_files
from desktop.core.exporting import kept_entries, links, parallel, read_papers
from desktop.core.exporting.options import ExportOptions
from desktop.core.formats import registry
from desktop.core.formats.bibtex import writer as bibtex_writer
from desktop.core.formats.record import Entry, Record, WriteOptions
from desktop.core.runtime import gc_pause
from desktop.core.storage import db
from desktop.core.storage.models import Paper

#: Told (entries written, entries in all) now and then.
Progress = Callable[[int, int], None]
#: The formats that know @preamble blocks and crossref links.
_BIBTEX_FORMATS = ("bibtex", "biblatex")


def export_parts(
    engine: Engine,
    paper_ids: list[int],
    format: str,
    *,
    may_split: bool,
    options: ExportOptions | None = None,
    progress: Progress | None = None,
) -> list[str]:
    """The papers, in the given order, in an export format, as the strings the text is
    joined from (a file writer need not join them); one consistent picture of the library.
    `may_split`: a second core is free for a helper process. `progress` hears (entries
    written, entries in all) now and then, and may raise to stop."""
    options = options or ExportOptions()
    # Nobody listening: the writers count nothing (a few milliseconds at 100k).
    heard = progress is not None
    progress = progress or _unheard
    with gc_pause.paused():
        if kept_entries.usable(engine, format):
            kept = _with_kept_entries(
                engine,
                paper_ids,
                format,
                options=options,
                may_split=may_split,
                progress=progress if heard else None,
            )
            if kept is not None:
                progress(len(paper_ids), len(paper_ids))
                return kept
        with db.read_session(engine) as session:
            entries = read_papers.export_entries(session, paper_ids)
            outside: dict[str, Record] = {}
            if format in _BIBTEX_FORMATS:
                entries, outside = links.with_parents(session, entries, include=options.parents)
            written_ids = _ids(session, entries, paper_ids)
            blocks = _blocks(session, written_ids, options) if format in _BIBTEX_FORMATS else []
        total = len(entries)
        progress(0, total)
        write = WriteOptions(
            file_blocks=blocks,
            outside_parents=outside,
            ascii_only=options.ascii_only,
            our_fields=options.our_fields,
            told=(lambda done: progress(done, total)) if heard else None,
        )
        text = registry.write(format, entries, write)
        del entries, outside, write  # while paused: see `gc_pause.paused`
    progress(total, total)
    return [text]


def _unheard(_done: int, _total: int) -> None:
    """Progress nobody listens to."""


def _telling(progress: Progress, ready: int, total: int) -> Callable[[int], None]:
    """What a writer tells, as progress of the whole export (`ready` entries were kept)."""
    return lambda done: progress(ready + done, total)


def _with_kept_entries(
    engine: Engine,
    paper_ids: list[int],
    format: str,
    *,
    options: ExportOptions,
    may_split: bool,
    progress: Progress | None,
) -> list[str] | None:
    """The export (as `export_parts`) from the papers' kept entries, those missing written
    and kept for next time; None when a paper links to another, or when a helper wrote some
    of them and the library changed meanwhile (the whole file is written afresh then)."""
    style = kept_entries.style(format, options)
    biblatex = format == "biblatex"
    split = may_split and parallel.worth_splitting(engine, len(paper_ids), format)
    total = len(paper_ids)
    with _changes_watched(engine, watch=split) as changed, db.read_session(engine) as session:
        kept = kept_entries.read(session, paper_ids, style)
        missing = sorted({pid for pid in paper_ids if pid not in kept})
        ready = total - len(missing)  # the kept ones (a paper asked twice is kept once)
        told = None
        if progress is not None:
            progress(ready, total)
            told = _telling(progress, ready, total)
        write = WriteOptions(
            ascii_only=options.ascii_only, our_fields=options.our_fields, told=told
        )
        if split and parallel.worth_splitting(engine, len(missing), format):
            if links.any_linked(session, missing):
                return None
            pieces = parallel.pieces(engine, session, missing, format=format, options=write)
        else:
            pieces = parallel.write(session, missing, format, options=write)
        if len(pieces) != len(missing) or changed():
            return None
        written = dict(zip(missing, pieces, strict=True))
        file = WriteOptions(file_blocks=_blocks(session, paper_ids, options))
        ordered = (kept.get(pid) or written[pid] for pid in paper_ids)
        parts = bibtex_writer.assembled_parts(ordered, file, biblatex=biblatex)
        del kept, pieces, ordered  # while paused: see `gc_pause.paused`
        kept_entries.keep(session, written, style)
        del written
    return parts


@contextmanager
def _changes_watched(engine: Engine, *, watch: bool) -> Iterator[Callable[[], bool]]:
    """Whether anyone committed since the block began (asked only when `watch`ed: a helper
    reads in a transaction of its own)."""
    if not watch:
        yield lambda: False
        return
    with parallel.committed_elsewhere(engine) as changed:
        yield changed


def _ids(session: Session, entries: list[Entry], asked: list[int]) -> list[int]:
    """The ids of the entries written: those asked for, then the parents added."""
    if len(entries) == len(asked):
        return asked
    added = [record.citekey for record, _ in entries[len(asked) :] if record.citekey]
    found = session.exec(select(Paper.id).where(col(Paper.citekey).in_(added)))
    return [*asked, *(pid for pid in found if pid is not None)]


def _blocks(session: Session, paper_ids: list[int], options: ExportOptions) -> list[list[str]]:
    """The kept blocks to write, file by file (none unless asked)."""
    if not options.preambles:
        return []
    everything = len(set(paper_ids)) >= _papers_in_library(session)
    return source_files.blocks_of(session, paper_ids, unattributed=everything)


def _papers_in_library(session: Session) -> int:
    query = select(func.count()).select_from(Paper).where(col(Paper.deleted_at).is_(None))
    return int(session.exec(query).one())
