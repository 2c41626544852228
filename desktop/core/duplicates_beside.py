"""Every likely duplicate pair of a large library, looked for in a helper process.

At 100k papers the comparison is seconds of pure Python (folding every title, then
comparing each paper with its likely partners). Run on a thread of the app's process, it
takes turns with the window's own work, and every keystroke waits for it (measured: the
first keystroke after a 100k import, and the p95 of typing while it runs). A helper (see
`runtime.helper_process`) reads the library itself, in one read transaction, and answers
with the revision it read and the pairs; this process only waits.
"""

from __future__ import annotations

import logging
import pickle
from typing import IO

from desktop.core import dedupe
from desktop.core.dedupe import LikelyDuplicate
from desktop.core.runtime import helper_process
from desktop.core.runtime.helper_process import HelperProcess
from desktop.core.storage import db

log = logging.getLogger(__name__)

HELPER_COMMAND = helper_process.command_for(__name__)
#: Below this many papers the search takes less than starting a helper would.
HELPER_FROM_PAPERS = 20_000

Found = tuple[int, list[LikelyDuplicate]]


def usable_for(url: str) -> bool:
    """Whether a helper can read the library at `url` (not an in-memory SQLite one)."""
    if db.is_sqlite(url) and db.sqlite_path(url) is None:
        return False
    return helper_process.available()


def find_beside(url: str) -> Found | None:
    """The revision the library was at and its likely pairs (the newer paper first), as a
    helper found them; None when no helper could (the caller then looks itself)."""
    try:
        # Nobody waits for the answer: the window's typing, searching and painting go first.
        helper = HelperProcess.start(HELPER_COMMAND, background=True)
    except Exception as error:
        log.warning("The duplicate search helper could not be started (%s).", error)
        return None
    try:
        helper.send(url)  # through its standard input: a password never shows in `ps`
        kind, answer = helper.receive()
        if kind != "found":
            raise RuntimeError(f"the helper answered {kind!r}: {answer}")
        revision, pairs = answer
        return int(revision), list(pairs)
    except Exception as error:
        helper.log_failure(error, "Looking for duplicates")
        return None
    finally:
        helper.stop()


# --- The helper's side ------------------------------------------------------------------


def _serve(requests: IO[bytes], answers: IO[bytes]) -> None:
    url = pickle.load(requests)
    engine = db.make_engine(url)
    try:
        with db.read_session(engine) as session:
            found = dedupe.library_pairs(session)
        helper_process.send_answer(answers, ("found", found))
    except Exception as error:  # told to the app, which then looks itself
        helper_process.send_answer(answers, ("failed", repr(error)))
    finally:
        engine.dispose()


def _main() -> None:
    helper_process.serve(_serve)


if __name__ == "__main__":
    _main()
