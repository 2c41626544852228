"""Reading import files; a large BibTeX bibliography in a helper process.

Reading is pure Python and so is half of storing: in one process the two take turns on
one core. A large BibTeX import is therefore read by a helper process (this module, run
as `python -m desktop.core.reading`), which sends the records in batches as it reads them
(`bibtex.read_in_batches`); the import stores each batch while the helper reads the next.

What the helper gives is exactly what reading in this process gives. Should the helper
fail (it cannot start, it dies, it sends something unreadable), the files are read here
instead and the records it had already given are not given again, so an import never
depends on it.
"""

from __future__ import annotations

import logging
import os
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from desktop.core.errors import InvalidInputError
from desktop.core.formats import registry
from desktop.core.formats.encoding import decode_bytes
from desktop.core.formats.record import ParseResult, Record

log = logging.getLogger(__name__)

#: Files at least this large (together) are read by the helper: below it, starting a
#: process costs more than the overlap saves.
HELPER_FROM_BYTES = 4_000_000
_BIBTEX_EXTENSIONS = (".bib", ".bibtex")
#: How the helper is started.
HELPER_COMMAND = [sys.executable, "-m", __name__]


@dataclass
class Reading:
    """What is being read: the records come in `batches`; `result` (problems, preambles,
    encoding; no records) is complete once the batches are. Close it when done."""

    formats: list[str]
    result: ParseResult
    batches: Iterator[list[Record]]
    #: How many papers are expected, for progress: an estimate while the helper reads.
    expected: int
    _helper: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @classmethod
    def of(cls, formats: list[str], result: ParseResult) -> Reading:
        """A reading of records already read."""
        records, result.records = result.records, []
        return cls(formats, result, iter([records] if records else []), len(records))

    def close(self) -> None:
        """Stop the helper, if one is still reading (the import was cancelled or failed)."""
        close_batches = getattr(self.batches, "close", None)
        if close_batches is not None:
            close_batches()  # a generator reading from the helper: its temporary file goes
        helper, self._helper = self._helper, None
        if helper is not None:
            _stop(helper)

    def __enter__(self) -> Reading:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def read_files(paths: Sequence[Path], *, format: str = "auto") -> Reading:
    """Start reading `paths` as one import (BibTeX files as one bibliography)."""
    if _for_helper(paths, format):
        reading = _read_by_helper(paths, format)
        if reading is not None:
            return reading
    # A generator: each file's bytes can go once decoded (see registry.read_many).
    files = ((path.name, _read_bytes(path), path) for path in paths)
    formats, result = registry.read_many(files, format=format)
    return Reading.of(formats, result)


def _for_helper(paths: Sequence[Path], format: str) -> bool:
    if format not in ("auto", "bibtex", "biblatex") or getattr(sys, "frozen", False):
        return False  # only BibTeX is read in batches; a frozen app has no `python -m`
    if format == "auto" and not all(p.suffix.lower() in _BIBTEX_EXTENSIONS for p in paths):
        return False
    if _usable_cores() < 2:
        return False  # one core: the two processes would only take turns
    try:
        return sum(path.stat().st_size for path in paths) >= HELPER_FROM_BYTES
    except OSError:
        return False  # reading it here says what is wrong


def _usable_cores() -> int:
    if hasattr(os, "sched_getaffinity"):  # Linux: the cores this process may run on
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1  # macOS and Windows have no affinity call


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InvalidInputError(f"There is no file {path}.") from None
    except IsADirectoryError:
        raise InvalidInputError(f"{path} is a folder; choose a file to import.") from None
    except OSError as error:
        raise InvalidInputError(f"Papershelf could not read {path}: {error.strerror}.") from None


# --- This process's side ----------------------------------------------------------------


def _read_by_helper(paths: Sequence[Path], format: str) -> Reading | None:
    """The reading of a helper process; None if it could not be started."""
    names = ["bibtex" if format == "auto" else registry.get(format).name for _ in paths]
    result = ParseResult()
    errors = tempfile.TemporaryFile()  # noqa: SIM115 (closed when the reading ends)
    helper = None
    try:
        helper = subprocess.Popen(
            HELPER_COMMAND,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            env=_helper_environment(),
        )
        assert helper.stdin is not None
        pickle.dump([str(path) for path in paths], helper.stdin)
        helper.stdin.close()
        assert helper.stdout is not None
        kind, expected = pickle.load(helper.stdout)
        if kind != "expected":
            raise _HelperFailed(f"the helper began with {kind!r}")
    except Exception as error:  # whatever went wrong, read here instead
        _log_failure(error, errors)
        errors.close()
        if helper is not None:
            _stop(helper)
        return None
    reading = _from_helper(helper, paths, result, errors)
    return Reading(names, result, reading, expected, helper)


def _helper_environment() -> dict[str, str]:
    # The helper imports this package from where this process did.
    package_root = str(Path(__file__).resolve().parents[2])
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [package_root, *filter(None, [environment.get("PYTHONPATH")])]
    )
    return environment


class _HelperFailed(Exception):
    pass


def _stop(helper: subprocess.Popen[bytes]) -> None:
    """Kill the helper if it still runs, and wait for it: no process is left behind."""
    if helper.poll() is None:
        helper.kill()
    helper.wait()
    for stream in (helper.stdin, helper.stdout):
        if stream is not None:
            stream.close()


def _from_helper(
    helper: subprocess.Popen[bytes], paths: Sequence[Path], result: ParseResult, errors: IO[bytes]
) -> Iterator[list[Record]]:
    assert helper.stdout is not None
    given = 0
    try:
        while True:
            try:
                kind, payload = pickle.load(helper.stdout)
                if kind == "batch":
                    given += len(payload)
                elif kind == "done":
                    result.problems, result.preambles, result.encoding = payload
                    return
                else:
                    raise _HelperFailed(f"the helper sent {kind!r}: {payload}")
            except Exception as error:  # whatever went wrong, read here instead
                _log_failure(error, errors)
                yield from _read_here(paths, result, given)
                return
            yield payload
    finally:
        errors.close()


def _read_here(paths: Sequence[Path], result: ParseResult, given: int) -> Iterator[list[Record]]:
    """Read the files in this process, leaving out the first `given` records."""
    from desktop.core.formats import bibtex  # as registry does: only when a file is read

    here, batches = bibtex.read_in_batches(_decoded(paths), skip=given)
    yield from batches
    result.problems, result.preambles, result.encoding = (
        here.problems,
        here.preambles,
        here.encoding,
    )


def _decoded(paths: Sequence[Path]) -> list[tuple[str, str, str, str | None]]:
    """Each file as `read_in_batches` takes it: name, text, encoding, a note if guessed."""
    return [(path.name, *decode_bytes(_read_bytes(path))) for path in paths]


def _log_failure(error: Exception, errors: IO[bytes]) -> None:
    errors.seek(0)
    said = errors.read()[-2000:].decode("utf-8", errors="replace")
    log.warning("Reading in a helper process failed (%s); reading here instead. %s", error, said)


# --- The helper's side ------------------------------------------------------------------


def _serve(requests: IO[bytes], answers: IO[bytes]) -> None:
    """Read the files named on `requests`; send what `read_in_batches` gives on `answers`."""
    from desktop.core.formats import bibtex

    sources = _decoded([Path(path) for path in pickle.load(requests)])
    # Entries start with "@", nearly always at the start of a line.
    expected = sum(text.count("\n@") + text.startswith("@") for _, text, _, _ in sources)
    _send(answers, ("expected", expected))
    result, batches = bibtex.read_in_batches(sources)
    del sources
    for batch in batches:
        _send(answers, ("batch", batch))
    _send(answers, ("done", (result.problems, result.preambles, result.encoding)))


def _send(answers: IO[bytes], message: tuple[str, Any]) -> None:
    pickle.dump(message, answers, protocol=pickle.HIGHEST_PROTOCOL)
    answers.flush()


def _main() -> None:
    # The answers go to the real standard output alone: anything printed goes to stderr.
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    import gc

    gc.disable()  # a reader's objects live until sent; see gc_pause
    _serve(sys.stdin.buffer, answers)
    answers.close()


if __name__ == "__main__":
    _main()
