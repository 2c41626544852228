"""Emptying the trash from the window: the core deletes a chunk of papers per
transaction, through the window's operation runner, while a dialog shows how far it is;
Cancel stops it between chunks and keeps the papers not reached in the trash."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QProgressDialog

from desktop.core.errors import KnownError
from desktop.core.library import EmptiedTrash
from desktop.ui import core_sentences, prompts
from desktop.ui.background import progress
from desktop.ui.window.context import WindowContext


class TrashEmptying:
    """Empty Trash as the window runs it: progress, Cancel, and what it did told."""

    def __init__(self, context: WindowContext) -> None:
        self._context = context
        # The progress dialog while the trash is being emptied.
        self.dialog: QProgressDialog | None = None

    def start(self, count: int) -> None:
        """Delete the `count` papers of the trash for good (the user said yes)."""
        dialog = progress.open_dialog(
            self._context.widget(),
            QCoreApplication.translate(
                "TrashEmptying", "Deleting %Ln paper(s) for good…", "", count
            ),
            title=QCoreApplication.translate("TrashEmptying", "Emptying the trash"),
            maximum=count,
            cancel=QCoreApplication.translate("TrashEmptying", "Cancel"),
        )
        self.dialog = dialog
        job = progress.job_of(dialog)
        library = self._context.library
        self._context.operations.run(
            lambda: library.empty_trash(progress=job.report, cancelled=job.is_cancelled),
            on_done=self._finished,
            on_failed=self._failed,
        )

    def _end(self) -> None:
        progress.close_dialog(self.dialog)
        self.dialog = None
        # Older steps may refer to papers now gone (those of the chunks done, even when
        # it was stopped or failed).
        self._context.history.clear()

    def _finished(self, emptied: EmptiedTrash) -> None:
        self._end()
        widget = self._context.widget()
        deleted = emptied.papers
        if emptied.left:
            sentence = QCoreApplication.translate(
                "TrashEmptying",
                "Stopped after deleting %Ln paper(s) for good. Still in the trash: {left}.",
                "",
                deleted,
            ).format(left=emptied.left)
            prompts.show_info(
                widget, QCoreApplication.translate("TrashEmptying", "Empty Trash"), sentence
            )
        else:
            # The table shows the emptied trash first: its count would replace the message.
            self._context.apply_pending_changes()
            self._context.show_status(
                QCoreApplication.translate(
                    "TrashEmptying", "Deleted %Ln paper(s) for good.", "", deleted
                ),
                6000,
            )
        if emptied.problems:
            said = QCoreApplication.translate(
                "TrashEmptying", "Some files could not be deleted; they stay where they are:"
            )
            prompts.show_error(
                widget, "\n".join([said, *map(core_sentences.translated, emptied.problems)])
            )

    def _failed(self, error: KnownError) -> None:
        self._end()
        prompts.show_error(self._context.widget(), core_sentences.of_error(error))
