"""Runs searches off the GUI thread, newest query wins.

At most one search runs at a time; a query typed meanwhile waits, and only the latest one
waiting is run next. Results for a query the user has since changed are dropped, so the
table never flickers through stale hits and typing never waits for the index.

Each query is answered twice: first quickly from titles, people and the other short
fields, then completely (abstracts and notes too) once the user pauses, so that the slower
complete search never holds up the next keystroke's quick one.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from shiboken6 import Shiboken

from desktop.core.api import View
from desktop.core.library import Library
from desktop.ui.background.workers import Worker

#: How long typing must pause before abstracts and notes are searched too (milliseconds).
COMPLETE_AFTER_MS = 250


class SearchRunner(QObject):
    """`request(text, limit, view=...)`; `hits_ready(text, paper_ids)` (the view's papers
    that match, best first) or `failed(text, error)` follow. When the complete answer is
    empty, `nearest_ready(text, paper_ids, replaced)` may follow instead: the papers found
    by reading the typed words that match nothing as the nearest the library holds,
    (typed, read as) pairs in `replaced`."""

    hits_ready = Signal(str, list)
    nearest_ready = Signal(str, list, list)
    failed = Signal(str, object)

    def __init__(self, library: Library, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._library = library
        self._wanted: tuple[str, int | None, int | None, View] | None = None
        self._running: tuple[str, int | None, int | None, View] | None = None
        self._worker: Worker | None = None
        self._closed = False
        # The complete search waits for a pause in typing.
        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.setInterval(COMPLETE_AFTER_MS)
        self._pause.timeout.connect(self._on_pause)

    @property
    def busy(self) -> bool:
        return self._worker is not None

    def request(
        self,
        text: str,
        limit: int | None,
        *,
        quick_limit: int | None = None,
        view: View | None = None,
    ) -> None:
        """Search `view` (default: the whole library) for `text` once the search running
        now (if any) is done: the best `limit` matches (all when None); the quick answer
        ranks at most `quick_limit` papers (default: `limit`)."""
        if self._closed:
            return
        quick = quick_limit if limit is None else min(quick_limit or limit, limit)
        self._wanted = (text, limit, quick, view or View())
        self._pause.stop()
        if self._worker is None:
            self._start()

    def shut_down(self) -> None:
        """Start nothing more and let the running search end (before the library closes).

        Its result may still be on its way to the GUI thread; it is dropped when it comes,
        as this object may be gone by then.
        """
        self._closed = True
        self._wanted = None
        self._running = None
        self._pause.stop()
        if self._worker is not None:
            self._worker.wait(30)

    def cancel(self) -> None:
        """Forget the query waiting (the search box was cleared)."""
        self._wanted = None
        self._pause.stop()

    def _start(self, *, complete: bool = False) -> None:
        if not complete:
            assert self._wanted is not None
            self._running = self._wanted
            self._wanted = None
        assert self._running is not None
        text, complete_limit, quick_limit, view = self._running
        limit = complete_limit if complete else quick_limit
        library = self._library  # the thread must not touch this QObject

        def work(_job: object) -> tuple[list[int], list[tuple[str, str]]]:
            found = library.find(view, text, limit=limit, full_text=complete)
            if found or not complete:
                return found, []
            nearest = library.find_nearest(view, text, limit=limit)
            if nearest is None:
                return [], []
            return list(nearest.paper_ids), list(nearest.replaced)

        worker = Worker(work)
        worker.finished.connect(lambda ids: self._on_finished(ids, complete))
        worker.failed.connect(self._on_failed)
        self._worker = worker
        worker.start()

    def _on_finished(self, result: Any, complete: bool) -> None:
        paper_ids, replaced = result
        if replaced:
            self._done(
                lambda text: self.nearest_ready.emit(text, list(paper_ids), list(replaced)),
                complete,
            )
        else:
            self._done(lambda text: self.hits_ready.emit(text, list(paper_ids)), complete)

    def _on_failed(self, error: Any) -> None:
        self._done(lambda text: self.failed.emit(text, error), complete=True)

    def _done(self, deliver: Any, complete: bool) -> None:
        if self._closed or not Shiboken.isValid(self):
            return  # the window closed, or is gone, while the search ran
        self._worker = None
        if self._running is None:
            return  # shut down meanwhile
        text, _limit, _quick, _view = self._running
        if self._wanted is not None:
            self._running = None
            self._start()  # a newer query is waiting: this result is already stale
            return
        deliver(text)
        if complete:
            self._running = None
        else:
            self._pause.start()

    def _on_pause(self) -> None:
        if self._worker is None and self._wanted is None and self._running is not None:
            self._start(complete=True)
