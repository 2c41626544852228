"""What happens to an exception nobody caught: a sentence for known errors, a log for bugs.

A `KnownError` (a locked database, a name already taken) is shown as its own sentence.
Anything else is a bug: its traceback goes to a log file in the user data folder, and the
user is told once, politely, where it is; later bugs in the same session are only logged.
"""

from __future__ import annotations

import datetime
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication

from desktop.core.errors import KnownError

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
            self._notify(str(error))
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
            with self.log_path.open("a", encoding="utf-8") as log:
                log.write(f"--- {when}\n{text}\n")
        except OSError:
            sys.stderr.write(text)
