"""Reading the text of attached PDFs into the full-text index, off the GUI thread: when
files are attached or imported, when the window opens, and now and then (a file changed
on disk is read again). One run at a time; asks made meanwhile are run once after it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from desktop.core.api import Change, ChangeKind
from desktop.core.library import Library
from desktop.ui.background.workers import Job, Worker

#: How often files are checked for changes made outside Papershelf.
RECHECK_MS = 60_000
#: Past this many papers changed at once (an import), all files are checked instead.
MOST_NAMED = 500


class FileTextReader(QObject):
    """`progressed(done, total)` while it reads, `finished(report)` after each run."""

    started = Signal()
    progressed = Signal(int, int)
    finished = Signal(object)

    def __init__(self, library: Library, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._library = library
        self._worker: Worker | None = None
        #: What to read after the run under way: None for every file, or these papers.
        self._next: set[int] | None = set()
        self._wanted = False
        self._recheck = QTimer(self, interval=RECHECK_MS)
        self._recheck.timeout.connect(lambda: self.request(None))

    @property
    def busy(self) -> bool:
        return self._worker is not None

    def start(self) -> None:
        """Read what is not read yet, then look again now and then."""
        self.request(None)
        self._recheck.start()

    def on_change(self, change: Change) -> None:
        """Files may have been attached, relinked or imported."""
        if change.kind in (ChangeKind.PAPERS, ChangeKind.SETTINGS, ChangeKind.REFRESH):
            named = list(change.paper_ids)
            self.request(named if named and len(named) <= MOST_NAMED else None)

    def request(self, paper_ids: list[int] | None) -> None:
        """Read the unread files of these papers (None: of all papers)."""
        if paper_ids is None or self._next is None:
            self._next = None
        else:
            self._next.update(paper_ids)
        self._wanted = True
        if self._worker is None:
            self._run_next()

    def cancel(self) -> None:
        """Stop the run under way (what was read so far stays in the index)."""
        self._wanted = False
        self._next = set()
        if self._worker is not None:
            self._worker.cancel()

    def stop(self, seconds: float) -> None:
        """Cancel and wait (at most `seconds`): the window is closing."""
        self._recheck.stop()
        worker = self._worker
        self.cancel()
        if worker is not None:
            worker.wait(seconds)

    def _run_next(self) -> None:
        if not self._wanted:
            return
        ids = None if self._next is None else sorted(self._next)
        self._next, self._wanted = set(), False
        library = self._library  # the thread must not touch this QObject

        def work(job: Job) -> Any:
            return library.read_file_texts(ids, progress=job.report, cancelled=job.is_cancelled)

        worker = Worker(work, self)
        worker.progressed.connect(self.progressed)
        worker.finished.connect(self._on_finished)
        worker.failed.connect(self._on_failed)
        self._worker = worker
        self.started.emit()
        worker.start()

    def _on_finished(self, report: Any) -> None:
        self._worker = None
        self.finished.emit(report)
        self._run_next()

    def _on_failed(self, error: Any) -> None:
        # A database that could not be read now (locked, a lost server): tried again at
        # the next change or check; a bug is raised on the GUI thread like any other.
        from desktop.core.errors import KnownError

        self._worker = None
        self.finished.emit(None)
        if not isinstance(error, KnownError):
            raise error
        self._run_next()
