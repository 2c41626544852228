"""The window's own actions (find, open, undo and redo, quit, help) and its menu bar, which
gathers them with the organising and transfer helpers' actions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

from desktop.ui import prompts, translations
from desktop.ui.widgets.search_bar import QUERY_HELP
from desktop.ui.window.actions import make_action
from desktop.ui.window.completing import Completer
from desktop.ui.window.context import WindowContext
from desktop.ui.window.editing import Editing
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
            window,
            QCoreApplication.translate("WindowActions", "Find"),
            context.focus_search,
            keys=find,
            tip=QCoreApplication.translate("WindowActions", "Search the library"),
        )
        self.quit_action = make_action(
            window,
            QCoreApplication.translate("WindowActions", "Quit"),
            context.close,
            keys=QKeySequence(std.Quit),
        )
        self.open_action = make_action(
            window,
            QCoreApplication.translate("WindowActions", "Open paper"),
            context.open_selected,
            keys=None,
            tip=QCoreApplication.translate("WindowActions", "Show the paper's details (Enter)"),
        )
        undo = QCoreApplication.translate("WindowActions", "Undo")
        redo = QCoreApplication.translate("WindowActions", "Redo")
        self.undo_action = _history_action(window, undo, context.history.undo)
        self.undo_action.setShortcuts(QKeySequence.keyBindings(std.Undo))
        self.redo_action = _history_action(window, redo, context.history.redo)
        # Both usual keys on every platform, each once: a key given twice to one action
        # is "ambiguous" to Qt, which then does nothing on it.
        self.redo_action.setShortcuts(
            _unique(
                [
                    QKeySequence("Ctrl+Shift+Z"),
                    QKeySequence("Ctrl+Y"),
                    *QKeySequence.keyBindings(std.Redo),
                ]
            )
        )
        stack = context.history.stack
        _follow(self.undo_action, undo, stack.canUndo(), text=stack.undoText())
        stack.canUndoChanged.connect(self.undo_action.setEnabled)
        stack.undoTextChanged.connect(lambda text: _follow(self.undo_action, undo, None, text=text))
        _follow(self.redo_action, redo, stack.canRedo(), text=stack.redoText())
        stack.canRedoChanged.connect(self.redo_action.setEnabled)
        stack.redoTextChanged.connect(lambda text: _follow(self.redo_action, redo, None, text=text))
        window.addActions([self.undo_action, self.redo_action])
        # Keyless, so only in the Help menu.
        self.search_help_action = QAction(
            QCoreApplication.translate("WindowActions", "Search Syntax"), window
        )
        self.search_help_action.triggered.connect(self._show_search_help)
        self.about_action = QAction(
            QCoreApplication.translate("WindowActions", "About Papershelf"), window
        )
        self.about_action.triggered.connect(self._show_about)

        self.language_menu = self._language_menu(window)

    def _language_menu(self, window: QWidget) -> QMenu:
        """The language choice: the system's, or one named in its own language."""
        menu = QMenu(QCoreApplication.translate("WindowActions", "&Language"), window)
        group = QActionGroup(menu)
        current = translations.chosen(self._context.settings)
        system = QCoreApplication.translate("WindowActions", "System Language")
        for code, name in [("", system), *translations.LANGUAGES.items()]:
            action = menu.addAction(name)
            action.setCheckable(True)
            action.setChecked(code == current)
            action.setData(code)
            group.addAction(action)
            action.triggered.connect(lambda _checked=False, c=code: self._choose_language(c))
        return menu

    def _choose_language(self, code: str) -> None:
        translations.remember(self._context.settings, code)
        prompts.show_info(
            self._context.widget(),
            QCoreApplication.translate("WindowActions", "Language"),
            QCoreApplication.translate(
                "WindowActions", "The new language is used when Papershelf starts again."
            ),
        )

    def update_actions(self) -> None:
        """Enable what fits the selection."""
        self.open_action.setEnabled(self._context.has_selection())

    def _show_search_help(self) -> None:
        prompts.show_info(
            self._context.widget(),
            QCoreApplication.translate("WindowActions", "Search syntax"),
            QCoreApplication.translate("SearchBar", QUERY_HELP),
        )

    def _show_about(self) -> None:
        where = self._context.library.url.split("@")[-1]  # never show a password
        prompts.show_info(
            self._context.widget(),
            QCoreApplication.translate("WindowActions", "About Papershelf"),
            QCoreApplication.translate(
                "WindowActions",
                "Papershelf keeps your papers, reading lists, notes and annotations in one "
                "library.\n\nThis library: {where}",
            ).format(where=where),
        )


def _unique(keys: list[QKeySequence]) -> list[QKeySequence]:
    """The keys in order, each once."""
    seen: set[str] = set()
    kept = []
    for key in keys:
        if key.toString() not in seen:
            seen.add(key.toString())
            kept.append(key)
    return kept


def _history_action(window: QWidget, verb: str, slot: Callable[[], object]) -> QAction:
    """Undo or Redo, going through the history rather than straight to the stack: the
    stack moves only once the step's write succeeded."""
    action = QAction(verb, window)
    action.triggered.connect(lambda _checked=False: slot())
    return action


def _follow(action: QAction, verb: str, enabled: bool | None, *, text: str) -> None:
    """Name the step the action would take (as QUndoStack's own actions do)."""
    step = QCoreApplication.translate("WindowActions", "{verb} {step}")
    action.setText(step.format(verb=verb, step=text) if text else verb)
    if enabled is not None:
        action.setEnabled(enabled)


@dataclass(frozen=True)
class MenuSources:
    """The window's helpers whose actions the menus hold."""

    organiser: Organiser
    transfers: Transfers
    manuscript: Manuscript
    editing: Editing
    completer: Completer | None = None


def build(bar: QMenuBar, own: WindowActions, sources: MenuSources) -> None:
    """Fill the menu bar: File, Edit, View, Paper and Help."""
    organiser, transfers, manuscript = sources.organiser, sources.transfers, sources.manuscript
    editing, completer = sources.editing, sources.completer
    file_menu = bar.addMenu(QCoreApplication.translate("WindowActions", "&File"))
    file_menu.addActions(
        [
            editing.new_paper_action,
            transfers.import_action,
            transfers.keywords_as_tags_action,
            transfers.add_identifier_action,
            transfers.paste_action,
        ]
    )
    file_menu.addSeparator()
    file_menu.addActions(
        [
            transfers.export_selection_action,
            transfers.export_view_action,
            manuscript.export_bibliography_action,
            manuscript.export_shown_bibliography_action,
        ]
    )
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
    edit_menu = bar.addMenu(QCoreApplication.translate("WindowActions", "&Edit"))
    edit_menu.addActions([own.undo_action, own.redo_action])
    edit_menu.addSeparator()
    edit_menu.addActions(
        [
            transfers.copy_bibtex_action,
            organiser.copy_citekey_action,
            manuscript.copy_citation_action,
            manuscript.copy_bibliography_action,
            manuscript.citation_style_action,
            own.find_action,
            organiser.save_search_action,
        ]
    )
    edit_menu.addSeparator()
    edit_menu.addAction(organiser.trash_action)
    view_menu = bar.addMenu(QCoreApplication.translate("WindowActions", "&View"))
    view_menu.addMenu(own.language_menu)
    paper = bar.addMenu(QCoreApplication.translate("WindowActions", "&Paper"))
    paper.addActions([editing.new_paper_action, own.open_action])
    paper.addMenu(organiser.status_menu)
    paper.addMenu(organiser.priority_menu)
    paper.addActions([editing.tag_action, editing.add_to_list_action, editing.set_field_action])
    paper.addSeparator()
    paper.addActions(
        [
            organiser.remove_from_list_action,
            organiser.move_up_action,
            organiser.move_down_action,
            organiser.list_order_action,
            organiser.remove_tag_action,
            organiser.keywords_to_tags_action,
        ]
    )
    if completer is not None:
        paper.addSeparator()
        paper.addAction(completer.complete_action)
    paper.addSeparator()
    paper.addActions(
        [organiser.trash_action, organiser.restore_action, organiser.empty_trash_action]
    )
    help_menu = bar.addMenu(QCoreApplication.translate("WindowActions", "&Help"))
    help_menu.addActions([own.search_help_action, own.about_action])
