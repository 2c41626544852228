"""The window's "Find missing titles and identifiers": for the selected papers, else the
reading list shown, else every untitled paper; offered after a listing import too."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from desktop.ui.dialogs.completion import CompletionDialog
from desktop.ui.window.actions import make_action
from desktop.ui.window.context import WindowContext


class Completer:
    """The action, and the dialog it opens (one at a time)."""

    def __init__(self, context: WindowContext) -> None:
        self._context = context
        self.dialog: CompletionDialog | None = None
        self.complete_action = make_action(
            context.widget(),
            QCoreApplication.translate("Completer", "Find Missing Titles and Identifiers…"),
            self.complete_chosen,
            tip=QCoreApplication.translate(
                "Completer",
                "Look papers up on arXiv and Crossref by their authors and abstract: the "
                "selected ones, else those of the list shown, else every untitled paper",
            ),
        )

    def papers_to_complete(self) -> list[int]:
        """The selection; else the list shown; else every paper without a title."""
        context = self._context
        if context.has_selection():
            return context.selected_ids()
        if context.current_view().kind == "list":
            return context.shown_ids()
        return context.library.untitled_ids()

    def complete_chosen(self) -> None:
        self.complete(self.papers_to_complete())

    def complete(self, paper_ids: list[int]) -> None:
        """Open the dialog for these papers (nothing to do: say so in the status bar)."""
        if not paper_ids:
            self._context.show_status(
                QCoreApplication.translate("Completer", "Every paper has a title."), 5000
            )
            return
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.raise_()
            return
        self.dialog = CompletionDialog(
            self._context.library,
            paper_ids,
            self._context.widget(),
            history=self._context.history,
        )
        self.dialog.open()
