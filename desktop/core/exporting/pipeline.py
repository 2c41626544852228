"""An export from end to end: the papers read in one transaction (or, for a large BibTeX
export, by two processes giving the same bytes) and written in the format asked for."""

from __future__ import annotations

from sqlalchemy import Engine

from desktop.core import settings
from desktop.core.exporting import parallel, read_papers
from desktop.core.formats import registry
from desktop.core.formats.record import WriteOptions
from desktop.core.runtime import gc_pause
from desktop.core.storage import db


def export(
    engine: Engine, paper_ids: list[int], format: str, *, may_split: bool, ascii_only: bool
) -> str:
    """The papers, in the given order, as text in an export format; one consistent picture
    of the library. `may_split`: a second core is free for a helper process; `ascii_only`:
    see `WriteOptions`."""
    with gc_pause.paused():
        if may_split and parallel.worth_splitting(engine, len(paper_ids), format):
            split = parallel.export(
                engine,
                paper_ids,
                format,
                preambles_of=settings.preambles,
                ascii_only=ascii_only,
            )
            if split is not None:
                return split
        with db.read_session(engine) as session:
            entries = read_papers.export_entries(session, paper_ids)
            preambles = settings.preambles(session)
        options = WriteOptions(preambles=preambles, ascii_only=ascii_only)
        text = registry.write(format, entries, options)
        del entries  # while paused: see `gc_pause.paused`
    return text
