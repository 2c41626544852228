"""Helper processes: work done beside the app's own process, on another core.

Python runs one thread at a time, so the app hands a large, pure-Python job (reading a
large BibTeX file, writing half of a large export) to a helper: a fresh Python running a
module of this package (`python -m ...`). The two talk in pickles: a request on the
helper's standard input, answers on its standard output; whatever the helper prints goes
to its standard error, kept for the log should it fail.

A helper is only an aid: callers do the work themselves when one cannot be used
(`available`) or fails, so nothing ever depends on it.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import pickle
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import desktop

log = logging.getLogger(__name__)


def available() -> bool:
    """Whether a helper can help: two usable cores or more, and a Python to run it."""
    if getattr(sys, "frozen", False):
        return False  # a frozen app has no `python -m`
    return usable_cores() >= 2  # on one core, the two processes would only take turns


def usable_cores() -> int:
    if hasattr(os, "sched_getaffinity"):  # Linux: the cores this process may run on
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1  # macOS and Windows have no affinity call


def command_for(module: str) -> list[str]:
    """How a helper running `module` is started."""
    return [sys.executable, "-m", module]


@dataclass
class HelperProcess:
    """A running helper and the pipes it talks through."""

    process: subprocess.Popen[bytes]
    #: Its standard error, for the log should it fail.
    errors: IO[bytes]
    _sending: threading.Thread | None = None

    @classmethod
    def start(cls, command: list[str], *, background: bool = False) -> HelperProcess:
        """Start a helper (whether it works is seen from its first answer); with
        `background`, one nobody waits for, which lets the app go first (`run_behind`)."""
        errors = tempfile.TemporaryFile()  # noqa: SIM115 (closed by `stop`)
        try:
            process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=errors,
                env=_environment(),
                # Windows: no console window flashes up beside the app's.
                creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
            )
        except Exception:
            errors.close()
            raise
        if background:
            run_behind(process.pid)
        return cls(process, errors)

    def send(self, request: Any) -> None:
        """Send the request (all of it: the helper's input is closed after it).

        From another thread: a request larger than the pipe holds would wait for the
        helper to read it, which it does once Python and its modules are loaded.
        """
        data = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        self._sending = threading.Thread(target=self._write_request, args=(data,), daemon=True)
        self._sending.start()

    def _write_request(self, data: bytes) -> None:
        assert self.process.stdin is not None
        # A helper that ended without reading it fails to answer; that is where it shows.
        with contextlib.suppress(OSError):
            self.process.stdin.write(data)
            self.process.stdin.close()

    def receive(self) -> Any:
        """The helper's next answer (raises if it has none, or ended)."""
        assert self.process.stdout is not None
        return pickle.load(self.process.stdout)

    def log_failure(self, error: Exception, doing: str) -> None:
        self.errors.seek(0)
        said = self.errors.read()[-2000:].decode("utf-8", errors="replace")
        log.warning("%s in a helper process failed (%s); done here instead. %s", doing, error, said)

    def stop(self) -> None:
        """Kill the helper if it still runs, and wait for it: no process is left behind."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        if self._sending is not None:
            self._sending.join()  # its write ends, failing, once the helper has
        for stream in (self.process.stdin, self.process.stdout, self.errors):
            if stream is not None:
                stream.close()


def _environment() -> dict[str, str]:
    # The helper imports this package from where this process did.
    package_root = str(Path(desktop.__file__).resolve().parents[1])
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [package_root, *filter(None, [environment.get("PYTHONPATH")])]
    )
    return environment


def answer_channel() -> IO[bytes]:
    """In a helper: where its answers go. The real standard output, kept for them alone;
    anything the helper prints goes to standard error from now on."""
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    return answers


def serve(handle: Callable[[IO[bytes], IO[bytes]], None]) -> None:
    """A helper's main: `handle` reads the request from standard input and writes its
    answers (see `answer_channel`)."""
    answers = answer_channel()
    # A helper's objects live until they are answered; it ends soon after (see gc_pause).
    gc.disable()
    handle(sys.stdin.buffer, answers)
    answers.close()


#: How much lower a helper working in the background runs (POSIX niceness: the app's own
#: threads get about nine tenths of a core they both want).
BACKGROUND_NICENESS = 10
#: The lowest priority there is (POSIX niceness).
_LOWEST = 19


def run_behind(pid: int) -> None:
    """Let the app's process go first where the helper `pid` and it want the same core.
    Done by the app as soon as the helper is started: the helper's own start (Python and
    its modules loaded) is the part most likely to meet the first keystrokes after an
    import. Nothing happens where processes have no niceness (Windows)."""
    get, set_ = getattr(os, "getpriority", None), getattr(os, "setpriority", None)
    if get is None or set_ is None:
        return
    with contextlib.suppress(OSError):  # the helper may have ended already
        niceness = min(get(os.PRIO_PROCESS, 0) + BACKGROUND_NICENESS, _LOWEST)
        set_(os.PRIO_PROCESS, pid, niceness)


def send_answer(answers: IO[bytes], answer: Any) -> None:
    pickle.dump(answer, answers, protocol=pickle.HIGHEST_PROTOCOL)
    answers.flush()
