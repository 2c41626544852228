"""What happens to an exception nobody caught: a sentence for known errors, a log for bugs.

A `KnownError` (a locked database, a name already taken) is shown as its own sentence.
Anything else is a bug: its traceback goes to a log file in the user data folder, and the
user is told once, politely, where it is; later bugs in the same session are only logged.
"""

from __future__ import annotations

import datetime
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication

from desktop.core.errors import KnownError
from desktop.ui import core_sentences

LOG_NAME = "papershelf-errors.log"

#: Shows a sentence to the user: (sentence) -> None.
Notify = Callable[[str], None]


class CrashReporter:
    """An `excepthook` that logs bugs to `log_path` and tells the user through `notify`."""

    def __init__(self, log_path: Path, notify: Notify) -> None:
        self.log_path = log_path
        self._notify = notify
        self._told = False

    def install(self) -> None:
        sys.excepthook = self.excepthook

    def excepthook(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
    ) -> None:
        if isinstance(error, KnownError):
            self._notify(core_sentences.of_error(error))
            return
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, error, trace)
            return
        self._log(kind, error, trace)
        if not self._told:
            self._told = True
            self._notify(
                QCoreApplication.translate(
                    "CrashReporter",
                    "Something went wrong inside Papershelf. Your library is safe, and you can "
                    "keep working. The details were written to {log}; please send "
                    "that file with a bug report.",
                ).format(log=self.log_path)
            )

    def _log(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        when = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
        text = "".join(traceback.format_exception(kind, error, trace))
        try:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            _append_record(self.log_path, f"--- {when}\n{text}\n".encode())
        except OSError:
            sys.stderr.write(text)


def _append_record(path: Path, record: bytes) -> None:
    """Add `record` at the end of `path` in one write, on the disk before it returns: the
    file is never truncated or rewritten, so a crash while writing costs at most this record."""
    handle = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        size = os.fstat(handle).st_size
        if size and not _ends_with_newline(path, size):
            record = b"\n" + record  # the record before was cut short: start on a line of its own
        written = os.write(handle, record)
        while written < len(record):  # a short write (rare): the rest, still at the end
            written += os.write(handle, record[written:])
        os.fsync(handle)
    finally:
        os.close(handle)


def _ends_with_newline(path: Path, size: int) -> bool:
    with path.open("rb") as log:
        log.seek(size - 1)
        return log.read(1) == b"\n"
