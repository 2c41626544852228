"""A large BibTeX export written by two processes at once.

Writing BibTeX is pure Python: 100k papers take about 3 s on one core (a third reading
them, two thirds writing). From `SPLIT_FROM` papers on, with two cores and a SQLite
library, a helper process (this module, run as `python -m desktop.core.exporting.parallel`)
reads and writes the last papers while this process does the first, and the two texts
are joined. The file is byte for byte the one a single process writes:

- One picture of the library. The two processes read in two transactions, so a
  connection held for the purpose asks SQLite (`PRAGMA data_version`) before the helper
  starts and after both have read whether anyone committed meanwhile; if so, the export
  is done again here, whole, in one transaction. (PostgreSQL could share a snapshot
  between the two; its libraries are not split yet.)
- Keys. The writer makes a key unique against the keys written before it; the helper
  says which keys it wrote, and should one be a key written here, its part is written
  here instead.
- Whatever goes wrong in the helper, its part is written here.
"""

from __future__ import annotations

import logging
import pickle
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import IO

from sqlalchemy import Engine
from sqlmodel import Session

from desktop.core.exporting import read_papers
from desktop.core.formats import registry
from desktop.core.formats.record import WriteOptions
from desktop.core.runtime import helper_process
from desktop.core.runtime.helper_process import HelperProcess
from desktop.core.storage import db

log = logging.getLogger(__name__)

#: Exports of fewer papers are written here alone: starting a helper costs half a second.
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


def export(
    engine: Engine,
    paper_ids: list[int],
    format: str,
    *,
    blocks_of: Callable[[Session], list[list[str]]],
    ascii_only: bool = False,
    our_fields: bool = False,
) -> str | None:
    """The papers as BibTeX or BibLaTeX, the last ones written by a helper; None if the
    library changed meanwhile (the caller exports again, in one transaction)."""
    cut = len(paper_ids) - int(len(paper_ids) * HELPER_SHARE)
    first, rest = paper_ids[:cut], paper_ids[cut:]
    with _committed_elsewhere(engine) as changed:
        helper = _start(engine, rest, format, ascii_only=ascii_only, our_fields=our_fields)
        try:
            keys: set[str] = set()
            options = partial(_options, keys=keys, ascii_only=ascii_only, our_fields=our_fields)
            with db.read_session(engine) as session:
                head = write(session, first, format, options=options(blocks=blocks_of(session)))
            tail = None if helper is None else _answer(helper, keys)
        finally:
            if helper is not None:
                helper.stop()
        if tail is None:
            with db.read_session(engine) as session:
                tail = write(session, rest, format, options=options(blocks=[]))
        if changed():
            return None
    return head + "\n" + tail  # entries are a blank line apart


def write(session: Session, paper_ids: list[int], format: str, *, options: WriteOptions) -> str:
    """The papers, read in `session`, written after the keys in `options.taken_keys`."""
    entries = read_papers.export_entries(session, paper_ids)
    return registry.write(format, entries, options)


def _options(
    *, blocks: list[list[str]], keys: set[str], ascii_only: bool, our_fields: bool
) -> WriteOptions:
    return WriteOptions(
        file_blocks=blocks, taken_keys=keys, ascii_only=ascii_only, our_fields=our_fields
    )


@contextmanager
def _committed_elsewhere(engine: Engine) -> Iterator[Callable[[], bool]]:
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
    engine: Engine, paper_ids: list[int], format: str, *, ascii_only: bool, our_fields: bool
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
            "ascii_only": ascii_only,
            "our_fields": our_fields,
        }
        helper.send(request)
    except Exception as error:
        helper.log_failure(error, "Writing part of an export")
        helper.stop()
        return None
    return helper


def _answer(helper: HelperProcess, keys: set[str]) -> str | None:
    """The helper's text, if it wrote one that follows what was written here."""
    try:
        text, its_keys = helper.receive()
        if not isinstance(text, str) or not isinstance(its_keys, set):
            raise TypeError(f"the helper answered {type(text).__name__}")
    except Exception as error:
        helper.log_failure(error, "Writing part of an export")
        return None
    if its_keys & keys:
        return None  # a key written here too: the writer must make it unique, here
    return text


# --- The helper's side ------------------------------------------------------------------


def _serve(requests: IO[bytes], answers: IO[bytes]) -> None:
    request = pickle.load(requests)
    engine = db.make_engine(request["url"])
    keys: set[str] = set()
    with db.read_session(engine) as session:
        options = _options(
            blocks=[],
            keys=keys,
            ascii_only=request["ascii_only"],
            our_fields=request["our_fields"],
        )
        text = write(session, request["paper_ids"], request["format"], options=options)
    engine.dispose()
    helper_process.send_answer(answers, (text, keys))


def _main() -> None:
    helper_process.serve(_serve)


if __name__ == "__main__":
    _main()
