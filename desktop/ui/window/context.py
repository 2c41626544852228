"""What the window's helpers may use of the window: the one seam between them.

The helpers (organising, transfers, menus, the paper menu) take a `WindowContext` instead
of the window, so they never import it and it can change without them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QSettings
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QWidget

from desktop.core.api import View
from desktop.core.errors import StaleEditError
from desktop.core.library import Library
from desktop.ui.background.operations import OperationRunner
from desktop.ui.undo_commands import History


class WindowContext(Protocol):
    """The parts of the main window its helpers act through."""

    #: The open library.
    library: Library
    #: The window's undo stack, its steps applied through `operations` (and cleared once
    #: steps cannot be undone).
    history: History
    #: Every write from the window runs here, off the GUI thread, in order.
    operations: OperationRunner
    #: The window's settings (its layout, the language chosen).
    settings: QSettings

    def widget(self) -> QWidget:
        """The window as a widget: parent of dialogs, menus, actions and workers."""
        ...

    def close(self) -> bool:
        """Close the window (asking first when an import runs)."""
        ...

    def perform(
        self,
        command: QUndoCommand,
        *,
        on_stale: Callable[[StaleEditError], object] | None = None,
    ) -> None:
        """Do an undoable step off the GUI thread; a problem the user can fix is shown as a
        sentence (a stale edit is handed to `on_stale` when given)."""
        ...

    def show_status(self, message: str, msec: int = 0) -> None:
        """Tell something in the status bar (for `msec`, or until replaced when 0)."""
        ...

    def selected_ids(self) -> list[int]:
        """The selected papers, in table order."""
        ...

    def has_selection(self) -> bool:
        """Whether any paper is selected (cheaper than `selected_ids`)."""
        ...

    def select_ids(self, paper_ids: list[int]) -> None:
        """Select these papers in the table (those shown)."""
        ...

    def current_view(self) -> View:
        """The view the table shows (the library, a list, a tag, the trash...)."""
        ...

    def current_view_name(self) -> str:
        """The name of the sidebar row shown ("papers" when there is none)."""
        ...

    def in_list_order(self) -> bool:
        """Whether the table shows a reading list in the list's own order."""
        ...

    def use_list_order(self) -> None:
        """Show the reading list shown in its own order again."""
        ...

    def shown_ids(self) -> list[int]:
        """The papers shown in the table, in table order."""
        ...

    def shown_count(self) -> int:
        """How many papers the table shows."""
        ...

    def search_text(self) -> str:
        """What is typed in the search bar."""
        ...

    def focus_search(self) -> None:
        """Put the keyboard in the search bar."""
        ...

    def open_selected(self) -> None:
        """Show the first selected paper in the detail pane and move the keyboard there."""
        ...

    def apply_pending_changes(self) -> None:
        """Bring the views up to date now (before selecting a paper just added)."""
        ...
