"""The window's own actions (find, open, undo and redo, quit, help) and its menu bar, which
gathers them with the organising and transfer helpers' actions."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenuBar, QWidget

from desktop.ui import prompts
from desktop.ui.widgets.search_bar import QUERY_HELP
from desktop.ui.window.actions import make_action
from desktop.ui.window.context import WindowContext
from desktop.ui.window.manuscript import Manuscript
from desktop.ui.window.organising import Organiser
from desktop.ui.window.transfers import Transfers


class WindowActions:
    """Actions about the window rather than about papers (and "Open paper")."""

    def __init__(self, context: WindowContext) -> None:
        self._context = context
        std = QKeySequence.StandardKey
        window = context.widget()
        find = [*QKeySequence.keyBindings(std.Find), QKeySequence("Ctrl+L")]
        self.find_action = make_action(
            window, "Find", context.focus_search, keys=find, tip="Search the library"
        )
        self.quit_action = make_action(window, "Quit", context.close, keys=QKeySequence(std.Quit))
        self.open_action = make_action(
            window,
            "Open paper",
            context.open_selected,
            keys=None,
            tip="Show the paper's details (Enter)",
        )
        self.undo_action = _history_action(window, "Undo", context.history.undo)
        self.undo_action.setShortcuts(QKeySequence.keyBindings(std.Undo))
        self.redo_action = _history_action(window, "Redo", context.history.redo)
        self.redo_action.setShortcuts(
            [*QKeySequence.keyBindings(std.Redo), QKeySequence("Ctrl+Shift+Z")]
        )
        stack = context.history.stack
        _follow(self.undo_action, "Undo", stack.canUndo(), text=stack.undoText())
        stack.canUndoChanged.connect(self.undo_action.setEnabled)
        stack.undoTextChanged.connect(
            lambda text: _follow(self.undo_action, "Undo", None, text=text)
        )
        _follow(self.redo_action, "Redo", stack.canRedo(), text=stack.redoText())
        stack.canRedoChanged.connect(self.redo_action.setEnabled)
        stack.redoTextChanged.connect(
            lambda text: _follow(self.redo_action, "Redo", None, text=text)
        )
        window.addActions([self.undo_action, self.redo_action])
        # Keyless, so only in the Help menu.
        self.search_help_action = QAction("Search Syntax", window)
        self.search_help_action.triggered.connect(self._show_search_help)
        self.about_action = QAction("About Papershelf", window)
        self.about_action.triggered.connect(self._show_about)

    def update_actions(self) -> None:
        """Enable what fits the selection."""
        self.open_action.setEnabled(self._context.has_selection())

    def _show_search_help(self) -> None:
        prompts.show_info(self._context.widget(), "Search syntax", QUERY_HELP)

    def _show_about(self) -> None:
        where = self._context.library.url.split("@")[-1]  # never show a password
        prompts.show_info(
            self._context.widget(),
            "About Papershelf",
            "Papershelf keeps your papers, reading lists, notes and annotations in one "
            f"library.\n\nThis library: {where}",
        )


def _history_action(window: QWidget, verb: str, slot: Callable[[], object]) -> QAction:
    """Undo or Redo, going through the history rather than straight to the stack: the
    stack moves only once the step's write succeeded."""
    action = QAction(verb, window)
    action.triggered.connect(lambda _checked=False: slot())
    return action


def _follow(action: QAction, verb: str, enabled: bool | None, *, text: str) -> None:
    """Name the step the action would take (as QUndoStack's own actions do)."""
    action.setText(f"{verb} {text}" if text else verb)
    if enabled is not None:
        action.setEnabled(enabled)


def build(
    bar: QMenuBar,
    own: WindowActions,
    organiser: Organiser,
    *,
    transfers: Transfers,
    manuscript: Manuscript,
) -> None:
    """Fill the menu bar: File, Edit, Paper and Help."""
    file_menu = bar.addMenu("&File")
    file_menu.addActions(
        [transfers.import_action, transfers.add_identifier_action, transfers.paste_action]
    )
    file_menu.addSeparator()
    file_menu.addActions([transfers.export_selection_action, transfers.export_view_action])
    file_menu.addSeparator()
    file_menu.addActions(
        [
            organiser.new_list_action,
            manuscript.list_from_aux_action,
            transfers.sample_action,
            transfers.refresh_action,
        ]
    )
    file_menu.addSeparator()
    file_menu.addAction(own.quit_action)
    edit_menu = bar.addMenu("&Edit")
    edit_menu.addActions([own.undo_action, own.redo_action])
    edit_menu.addSeparator()
    edit_menu.addActions(
        [
            transfers.copy_bibtex_action,
            organiser.copy_citekey_action,
            manuscript.copy_citation_action,
            manuscript.citation_style_action,
            own.find_action,
            organiser.save_search_action,
        ]
    )
    edit_menu.addSeparator()
    edit_menu.addAction(organiser.trash_action)
    paper = bar.addMenu("&Paper")
    paper.addAction(own.open_action)
    paper.addMenu(organiser.status_menu)
    paper.addMenu(organiser.priority_menu)
    paper.addSeparator()
    paper.addActions(
        [
            organiser.remove_from_list_action,
            organiser.move_up_action,
            organiser.move_down_action,
            organiser.list_order_action,
            organiser.remove_tag_action,
        ]
    )
    paper.addSeparator()
    paper.addActions(
        [organiser.trash_action, organiser.restore_action, organiser.empty_trash_action]
    )
    help_menu = bar.addMenu("&Help")
    help_menu.addActions([own.search_help_action, own.about_action])
