"""Reading import files; a large BibTeX bibliography in a helper process.

Reading is pure Python and so is half of storing: in one process the two take turns on
one core. A large BibTeX import is therefore read by a helper process (this module, run
as `python -m desktop.core.importing.reading`), which sends the records in batches as it
reads them (`bibtex.read_in_batches`); the import stores each batch while the helper reads
the next. The batches, their records `packed`, wait in temporary files, one each, not in
a pipe: the helper never waits for the import to take one, and ends (letting go of all
it holds) as soon as it has read the last part; each file goes as soon as its batch is
taken.

What the helper gives is exactly what reading in this process gives. Should the helper
fail (it cannot start, it dies, it sends something unreadable), the files are read here
instead and the records it had already given are not given again, so an import never
depends on it.
"""

from __future__ import annotations

import logging
import pickle
import queue
import shutil
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from desktop.core.errors import InvalidInputError
from desktop.core.formats import registry
from desktop.core.formats.encoding import decode_bytes
from desktop.core.formats.record import ParseResult, Record
from desktop.core.importing import packed
from desktop.core.runtime import helper_process, scratch
from desktop.core.runtime.helper_process import HelperProcess
from desktop.core.sentences import sentence

log = logging.getLogger(__name__)

#: Files at least this large (together) are read by the helper: below it, starting a
#: process costs more than the overlap saves.
HELPER_FROM_BYTES = 4_000_000
_BIBTEX_EXTENSIONS = (".bib", ".bibtex")
#: How the helper is started.
HELPER_COMMAND = helper_process.command_for(__name__)


@dataclass
class Reading:
    """What is being read: the records come in `batches`; `result` (problems, preambles,
    encoding; no records) is complete once the batches are. Close it when done."""

    formats: list[str]
    result: ParseResult
    batches: Iterator[list[Record]]
    #: How many papers are expected, for progress: an estimate while the helper reads.
    expected: int
    #: The text read held no NUL character, so no record does: storing need not look for
    #: one in every value (the helper tells; 0.4 s of the import's own work at 100k).
    nul_free: bool = False
    _helper: _Helper | None = field(default=None, repr=False)

    @classmethod
    def of(cls, formats: list[str], result: ParseResult) -> Reading:
        """A reading of records already read."""
        records, result.records = result.records, []
        return cls(formats, result, iter([records] if records else []), len(records))

    def ready(self) -> bool:
        """Whether the next batch (or the end) can be taken without waiting for the helper:
        while it cannot, the import may do work it would otherwise do later."""
        return self._helper is None or self._helper.has_news()

    def close(self) -> None:
        """Stop the helper, if one is still reading (the import was cancelled or failed),
        and let go of its files."""
        helper, self._helper = self._helper, None
        if helper is not None:
            helper.stop()

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
    if format not in ("auto", "bibtex", "biblatex"):
        return False  # only BibTeX is read in batches
    if format == "auto" and not all(p.suffix.lower() in _BIBTEX_EXTENSIONS for p in paths):
        return False
    if not helper_process.available():
        return False
    try:
        return sum(path.stat().st_size for path in paths) >= HELPER_FROM_BYTES
    except OSError:
        return False  # reading it here says what is wrong


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InvalidInputError(sentence("There is no file {path}.", path=path)) from None
    except IsADirectoryError:
        raise InvalidInputError(
            sentence("{path} is a folder; choose a file to import.", path=path)
        ) from None
    except OSError as error:
        raise InvalidInputError(
            sentence("Papershelf could not read {path}: {why}.", path=path, why=error.strerror)
        ) from None


# --- This process's side ----------------------------------------------------------------


def _read_by_helper(paths: Sequence[Path], format: str) -> Reading | None:
    """The reading of a helper process; None if it could not be started."""
    names = ["bibtex" if format == "auto" else registry.get(format).name for _ in paths]
    try:
        helper = _Helper.start()
    except Exception as error:
        log.warning("The reading helper could not be started (%s); reading here instead.", error)
        return None
    try:
        helper.process.send({"paths": [str(p) for p in paths], "batches": str(helper.folder)})
        kind, told = helper.process.receive()
        if kind != "expected":
            raise _HelperFailed(f"the helper began with {kind!r}")
        expected, nul_free = told
        helper.listen()
    except Exception as error:  # whatever went wrong, read here instead
        helper.process.log_failure(error, "Reading")
        helper.stop()
        return None
    result = ParseResult()
    batches = _from_helper(helper, paths, result)
    return Reading(names, result, batches, expected, nul_free=nul_free, _helper=helper)


def remove_leftovers() -> None:
    """Remove the batch folders of imports whose process was killed before it could."""
    scratch.remove_orphans("reading")


class _HelperFailed(Exception):
    pass


@dataclass
class _Helper:
    """The reading helper, and the temporary folder it writes batches of records to, a
    file each (it says in its answers when each is there)."""

    process: HelperProcess
    folder: Path
    #: What the helper said, as (answer, None) or (None, the error reading it), gathered
    #: by a thread of its own so that `has_news` need not wait.
    news: queue.SimpleQueue[tuple[Any, Exception | None]] = field(default_factory=queue.SimpleQueue)
    _listening: threading.Thread | None = None
    _taken: int = 0

    @classmethod
    def start(cls) -> _Helper:
        remove_leftovers()
        folder = scratch.make_folder("reading")
        try:
            process = HelperProcess.start(HELPER_COMMAND)
        except Exception:
            folder.rmdir()
            raise
        return cls(process, folder)

    def listen(self) -> None:
        self._listening = threading.Thread(target=self._listen, daemon=True)
        self._listening.start()

    def _listen(self) -> None:
        while True:
            try:
                answer = self.process.receive()
            except Exception as error:  # it ended, or said something unreadable
                self.news.put((None, error))
                return
            self.news.put((answer, None))
            if answer[0] == "done":
                return

    def has_news(self) -> bool:
        return not self.news.empty() or self._listening is None or not self._listening.is_alive()

    def next_answer(self) -> Any:
        """What the helper says next (waiting for it); raises what made it stop."""
        answer, error = self.news.get()
        if error is not None:
            self.news.put((None, error))  # the same to whoever asks again
            raise error
        return answer

    def next_batch(self, size: int) -> list[Record]:
        """The next batch, which the helper said holds `size` records; its file goes."""
        path = batch_path(self.folder, self._taken)
        with path.open("rb") as file:
            rows = packed.read(file)
        path.unlink()
        self._taken += 1
        if not isinstance(rows, list) or len(rows) != size:
            raise _HelperFailed(f"the batch file did not hold the batch of {size} announced")
        return packed.unpack(rows)

    def stop(self) -> None:
        """Stop the helper (if it still runs) and remove its folder."""
        self.process.stop()
        if self._listening is not None:
            self._listening.join()  # it has met the end of the helper's answers
        shutil.rmtree(self.folder, ignore_errors=True)


def batch_path(folder: Path, number: int) -> Path:
    """Where the helper writes its batch `number` (from 0)."""
    return folder / f"{number}.pickle"


def _from_helper(
    helper: _Helper, paths: Sequence[Path], result: ParseResult
) -> Iterator[list[Record]]:
    given = 0
    while True:
        try:
            kind, payload = helper.next_answer()
            if kind == "batch":
                batch = helper.next_batch(payload)
                given += len(batch)
            elif kind == "done":
                result.problems, result.preambles, result.file_blocks, result.encoding = payload
                return
            else:
                raise _HelperFailed(f"the helper sent {kind!r}: {payload}")
        except Exception as error:  # whatever went wrong, read here instead
            helper.process.log_failure(error, "Reading")
            helper.stop()  # not left reading (and writing batches) beside this process
            yield from _read_here(paths, result, given)
            return
        yield batch


def _read_here(paths: Sequence[Path], result: ParseResult, given: int) -> Iterator[list[Record]]:
    """Read the files in this process, leaving out the first `given` records."""
    from desktop.core.formats.bibtex import reader  # as registry does: only when a file is read

    here, batches = reader.read_in_batches(_decoded(paths), skip=given)
    yield from batches
    result.problems, result.preambles, result.file_blocks, result.encoding = (
        here.problems,
        here.preambles,
        here.file_blocks,
        here.encoding,
    )


def _decoded(paths: Sequence[Path]) -> list[tuple[str, str, str, str | None]]:
    """Each file as `read_in_batches` takes it: name, text, encoding, a note if guessed."""
    return [(path.name, *decode_bytes(_read_bytes(path))) for path in paths]


# --- The helper's side ------------------------------------------------------------------


def _serve(requests: IO[bytes], answers: IO[bytes]) -> None:
    """Read the files a request names; write what `read_in_batches` gives to the batches
    file it names, saying on `answers` when each batch is there."""
    from desktop.core.formats.bibtex import reader

    request = pickle.load(requests)
    folder = Path(request["batches"])
    sources, expected, nul_free = _decoded_and_counted([Path(p) for p in request["paths"]])
    _send(answers, ("expected", (expected, nul_free)))
    result, batches = reader.read_in_batches(sources)
    del sources
    for number, batch in enumerate(batches):
        with batch_path(folder, number).open("wb") as file:
            packed.write(batch, file)
        _send(answers, ("batch", len(batch)))  # once all of it is in its file
    done = (result.problems, result.preambles, result.file_blocks, result.encoding)
    _send(answers, ("done", done))


def _decoded_and_counted(
    paths: list[Path],
) -> tuple[list[tuple[str, str, str, str | None]], int, bool]:
    """The files as `_decoded` gives them; about how many entries they hold, and whether
    none holds a NUL character. (A function of its own, so that no name is left holding a
    file's text once `read_in_batches` lets go of it: 340 MB for a 170 MB file.)"""
    sources = []
    expected, nul_free = 0, True
    for path in paths:
        data = _read_bytes(path)
        text, encoding, note = decode_bytes(data)
        sources.append((path.name, text, encoding, note))
        entries, has_nul = _entries_and_nul(data, text, encoding)
        expected += entries
        nul_free = nul_free and not has_nul
    return sources, expected, nul_free


def _entries_and_nul(data: bytes, text: str, encoding: str) -> tuple[int, bool]:
    """About how many entries a file holds (they start with "@", nearly always at the start
    of a line), and whether it holds a NUL character.

    In UTF-8 a byte of "\n", "@" or NUL is that character, and the bytes are looked
    through in a fraction of the time the text takes (two bytes a character as soon as
    one character needs them): 0.37 s of a 170 MB file's reading, before its first batch.
    """
    if encoding in ("utf-8", "utf-8-sig"):
        return data.count(b"\n@") + text.startswith("@"), b"\x00" in data
    return text.count("\n@") + text.startswith("@"), "\x00" in text


def _send(answers: IO[bytes], message: tuple[str, Any]) -> None:
    helper_process.send_answer(answers, message)


def _main() -> None:
    helper_process.serve(_serve)


if __name__ == "__main__":
    _main()
