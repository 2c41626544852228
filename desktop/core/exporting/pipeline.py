"""An export from end to end: the papers read in one transaction (or, for a large BibTeX
export, by two processes giving the same bytes) and written in the format asked for."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlmodel import Session, col, func, select

from desktop.core import source_files
from desktop.core.exporting import links, parallel, read_papers
from desktop.core.exporting.options import ExportOptions
from desktop.core.formats import registry
from desktop.core.formats.record import Entry, Record, WriteOptions
from desktop.core.runtime import gc_pause
from desktop.core.storage import db
from desktop.core.storage.models import Paper

#: The formats that know @preamble blocks and crossref links.
_BIBTEX_FORMATS = ("bibtex", "biblatex")


def export(
    engine: Engine,
    paper_ids: list[int],
    format: str,
    *,
    may_split: bool,
    options: ExportOptions | None = None,
) -> str:
    """The papers, in the given order, as text in an export format; one consistent picture
    of the library. `may_split`: a second core is free for a helper process."""
    options = options or ExportOptions()
    with gc_pause.paused():
        if may_split and parallel.worth_splitting(engine, len(paper_ids), format):
            with db.read_session(engine) as session:
                linked = links.any_linked(session, paper_ids)
            if not linked:
                split = parallel.export(
                    engine,
                    paper_ids,
                    format,
                    blocks_of=lambda session: _blocks(session, paper_ids, options),
                    ascii_only=options.ascii_only,
                    our_fields=options.our_fields,
                )
                if split is not None:
                    return split
        with db.read_session(engine) as session:
            entries = read_papers.export_entries(session, paper_ids)
            outside: dict[str, Record] = {}
            if format in _BIBTEX_FORMATS:
                entries, outside = links.with_parents(session, entries, include=options.parents)
            written_ids = _ids(session, entries, paper_ids)
            blocks = _blocks(session, written_ids, options) if format in _BIBTEX_FORMATS else []
        write = WriteOptions(
            file_blocks=blocks,
            outside_parents=outside,
            ascii_only=options.ascii_only,
            our_fields=options.our_fields,
        )
        text = registry.write(format, entries, write)
        del entries, outside, write  # while paused: see `gc_pause.paused`
    return text


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
