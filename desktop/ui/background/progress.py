"""The progress dialog of a long job run in the background: window-modal, shown only when
the job lasts (most end before it would appear)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QProgressDialog, QWidget

from desktop.core.errors import KnownError
from desktop.ui import core_sentences, prompts
from desktop.ui.background.workers import Job, Worker

# A job that ends sooner than this shows no dialog at all.
SHOW_AFTER_MS = 400


def open_dialog(
    parent: QWidget, label: str, *, title: str, maximum: int, cancel: str | None
) -> QProgressDialog:
    """A dialog counting to `maximum` (0: a busy indicator), with a Cancel button labelled
    `cancel`, or none."""
    dialog = QProgressDialog(label, cancel or "", 0, maximum, parent)
    dialog.setWindowTitle(title)
    if cancel is None:
        dialog.setCancelButton(None)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    dialog.setValue(0)  # starts the timer after which it shows
    return dialog


def job_of(dialog: QProgressDialog) -> Job:
    """A job whose progress moves `dialog` (while it is still there) and which its Cancel
    button cancels."""

    def moved(done: int, total: int) -> None:
        if shiboken6.isValid(dialog):
            dialog.setMaximum(total)
            dialog.setValue(done)

    job = Job(moved)
    dialog.canceled.connect(lambda: setattr(job, "cancelled", True))
    return job


def close_dialog(dialog: QProgressDialog | None) -> None:
    """Take the dialog away (None: there was none)."""
    if dialog is not None:
        dialog.reset()
        dialog.deleteLater()


class DialogJob(QObject):
    """A job of the window's run on a worker, with a progress dialog while it runs: the
    state and the ending that the import and the export share."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._parent = parent
        self._worker: Worker | None = None
        self._dialog: QProgressDialog | None = None

    @property
    def busy(self) -> bool:
        return self._worker is not None

    def _start_busy(
        self,
        work: Callable[[Any], Any],
        *,
        label: str,
        title: str,
        finished: Callable[[Any], None],
        failed: Callable[[Any], None],
        cancel: str | None = None,
    ) -> None:
        """Run `work` on a worker behind a busy dialog: no maximum, as the core tells no
        progress for it. With a `cancel` label the dialog has that button: pressing it
        ends the job at once for the user (the work, told through `Job.is_cancelled`,
        must then keep from doing anything lasting; what it hands back is dropped)."""
        worker = Worker(work, self)
        worker.finished.connect(finished)
        worker.failed.connect(failed)
        self._worker = worker
        self._dialog = open_dialog(self._parent, label, title=title, maximum=0, cancel=cancel)
        if cancel is not None:
            self._dialog.canceled.connect(lambda: self._cancel(worker))
        worker.start()

    def _start_counting(
        self,
        work: Callable[[Any], Any],
        *,
        total: int,
        told: Callable[[int, int], str],
        title: str,
        finished: Callable[[Any], None],
        failed: Callable[[Any], None],
    ) -> None:
        """Run `work` on a worker behind a dialog counting to `total` with Cancel, its
        label `told(done, total)` as the work reports (through `Job.report`); the work
        must keep from doing anything lasting once cancelled (see `_start_busy`)."""
        self._start_busy(
            work,
            label=told(0, total),
            title=title,
            finished=finished,
            failed=failed,
            cancel=QCoreApplication.translate("Progress", "Cancel"),
        )
        assert self._worker is not None and self._dialog is not None
        self._dialog.setMaximum(max(total, 1))  # not a busy indicator: the core counts
        dialog = self._dialog

        def moved(done: int, total: int) -> None:
            if self._dialog is not dialog or not shiboken6.isValid(dialog):
                return  # ended (or cancelled) meanwhile
            dialog.setLabelText(told(done, total))
            dialog.setMaximum(max(total, 1))
            # Last: a modal dialog's setValue handles events, the next progress among them.
            dialog.setValue(min(done, total))

        self._worker.progressed.connect(moved)

    def _cancel(self, worker: Worker) -> None:
        """Stop waiting for the worker (it stays a child of this job until it ends)."""
        worker.cancel()
        worker.finished.disconnect()
        worker.failed.disconnect()
        if self._worker is worker:
            self._end()

    def _end(self) -> None:
        """The job is over: no worker, no dialog."""
        self._worker = None
        close_dialog(self._dialog)
        self._dialog = None

    def _end_failed(self, error: BaseException, *, quietly: bool = False) -> None:
        """End on `error`: a KnownError is told as a sentence (unless `quietly`); anything
        else is a bug, raised for the crash reporter."""
        self._end()
        if not isinstance(error, KnownError):
            raise error
        if not quietly:
            prompts.show_error(self._parent, core_sentences.of_error(error))
