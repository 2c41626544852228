"""Adding a paper by hand (New Paper, Ctrl+N) from the window: one step to undo."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QKeySequence

from desktop.core.api import Record
from desktop.ui import undo_commands
from desktop.ui.dialogs import new_paper
from desktop.ui.window.actions import make_action
from desktop.ui.window.context import WindowContext


class Editing:
    """The New Paper action, and what follows it: the paper stored, then selected."""

    def __init__(self, context: WindowContext) -> None:
        self._context = context
        self.new_paper_action = make_action(
            context.widget(),
            QCoreApplication.translate("Editing", "New Paper…"),
            self.new_paper,
            keys=QKeySequence(QKeySequence.StandardKey.New),
            tip=QCoreApplication.translate(
                "Editing", "Type in a paper, with every field of its entry type"
            ),
            icon="add",
        )

    def new_paper(self) -> None:
        record = new_paper.ask(self._context.widget())
        if record is not None:
            self.add(record)

    def add(self, record: Record) -> None:
        """Store a paper typed in (one step to undo), then select it."""
        command = undo_commands.AddPaperCommand(self._context.library, record)

        def added() -> None:
            if command.paper_id is not None:
                self._context.apply_pending_changes()  # the new paper must be in the table
                self._context.select_ids([command.paper_id])
                self._context.show_status(
                    QCoreApplication.translate("Editing", "Added “{title}”.").format(
                        title=record.title
                    ),
                    4000,
                )

        self._context.history.perform(command, on_done=added)
