"""The entries of a large BibTeX export written by two processes at once.

Writing BibTeX is pure Python: 100k entries take about 2 s on one core. When an export
finds many entries not kept (`kept_entries`; `SPLIT_FROM` or more), with two cores and a
SQLite library, a helper process (this module, run as `python -m
desktop.core.exporting.parallel`) reads and writes the last of them while this process
does the first; this process then puts the file together (`writer.assemble`, which makes
the keys unique) and keeps the entries. The file is byte for byte the one a single
process writes:

- One picture of the library. The two processes read in two transactions, so a
  connection held for the purpose asks SQLite (`PRAGMA data_version`) before the export's
  first read and after both have read whether anyone committed meanwhile; if so, the
  export is done again here, whole, in one transaction. (PostgreSQL could share a
  snapshot between the two; its libraries are not split yet.)
- Whatever goes wrong in the helper, its part is written here.
"""

from __future__ import annotations

import logging
import pickle
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO

from sqlalchemy import Engine
from sqlmodel import Session

from desktop.core.exporting import read_papers
from desktop.core.formats import registry
from desktop.core.formats.bibtex import writer
from desktop.core.formats.bibtex.writer import Piece
from desktop.core.formats.record import WriteOptions
from desktop.core.runtime import helper_process
from desktop.core.runtime.helper_process import HelperProcess
from desktop.core.storage import db

log = logging.getLogger(__name__)

#: Fewer entries are written here alone: starting a helper costs half a second.
SPLIT_FROM = 30_000
#: The helper's share of the papers: it starts later (Python and the package load first).
HELPER_SHARE = 0.4
#: How the helper is started.
HELPER_COMMAND = helper_process.command_for(__name__)


def worth_splitting(engine: Engine, count: int, format: str) -> bool:
    return (
        registry.get(format).splittable
        and count >= SPLIT_FROM
        and engine.dialect.name == "sqlite"
        and helper_process.available()
    )


def pieces(
    engine: Engine, session: Session, paper_ids: list[int], *, format: str, options: WriteOptions
) -> list[Piece]:
    """The papers' entries written apart (none may link to another), the last ones by a
    helper; read in `session` here, in a transaction of the helper's own there (the caller
    checks that both saw one picture: `committed_elsewhere`)."""
    cut = len(paper_ids) - int(len(paper_ids) * HELPER_SHARE)
    first, rest = paper_ids[:cut], paper_ids[cut:]
    helper = _start(engine, rest, format, options=options)
    try:
        head = write(session, first, format, options=options)
        tail = None if helper is None else _answer(helper, len(rest))
    finally:
        if helper is not None:
            helper.stop()
    if tail is None:
        tail = write(session, rest, format, options=options)
    return head + tail


def write(
    session: Session, paper_ids: list[int], format: str, *, options: WriteOptions
) -> list[Piece]:
    """The papers' entries, read in `session`, written apart ([] when one links to another)."""
    records = [record for record, _ in read_papers.export_entries(session, paper_ids)]
    return writer.pieces(records, options, biblatex=format == "biblatex")


@contextmanager
def committed_elsewhere(engine: Engine) -> Iterator[Callable[[], bool]]:
    """Whether any connection (of this process or another) has committed since the block
    began. SQLite's data version, read on a connection of its own that writes nothing."""
    connection = engine.raw_connection()
    try:

        def version() -> object:
            cursor = connection.cursor()
            try:
                cursor.execute("PRAGMA data_version")
                return cursor.fetchone()
            finally:
                cursor.close()

        before = version()
        yield lambda: version() != before
    finally:
        connection.close()


def _start(
    engine: Engine, paper_ids: list[int], format: str, *, options: WriteOptions
) -> HelperProcess | None:
    try:
        helper = HelperProcess.start(HELPER_COMMAND)
    except Exception as error:
        log.warning("The export helper could not be started (%s); writing here.", error)
        return None
    url = engine.url.render_as_string(hide_password=False)
    try:
        request = {
            "url": url,
            "paper_ids": paper_ids,
            "format": format,
            "ascii_only": options.ascii_only,
            "our_fields": options.our_fields,
        }
        helper.send(request)
    except Exception as error:
        helper.log_failure(error, "Writing part of an export")
        helper.stop()
        return None
    return helper


def _answer(helper: HelperProcess, count: int) -> list[Piece] | None:
    """The helper's entries, if it wrote one for each paper it was given."""
    try:
        written = helper.receive()
        if not isinstance(written, list) or len(written) != count:
            raise TypeError(f"the helper answered {type(written).__name__}")
        if not all(type(piece) is tuple and len(piece) == 3 for piece in written):
            raise TypeError("the helper answered something other than entries")
    except Exception as error:
        helper.log_failure(error, "Writing part of an export")
        return None
    return written


# --- The helper's side ------------------------------------------------------------------


def _serve(requests: IO[bytes], answers: IO[bytes]) -> None:
    request = pickle.load(requests)
    engine = db.make_engine(request["url"])
    options = WriteOptions(ascii_only=request["ascii_only"], our_fields=request["our_fields"])
    with db.read_session(engine) as session:
        written = write(session, request["paper_ids"], request["format"], options=options)
    engine.dispose()
    helper_process.send_answer(answers, written)


def _main() -> None:
    helper_process.serve(_serve)


if __name__ == "__main__":
    _main()
