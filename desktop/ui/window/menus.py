"""The window's actions (with their standard shortcuts and tooltips) and its menu bar."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from desktop.ui import icons, prompts
from desktop.ui.widgets.search_bar import QUERY_HELP

if TYPE_CHECKING:
    from desktop.ui.window.main_window import MainWindow

STATUS_SHORTCUTS = {"unread": "Ctrl+1", "reading": "Ctrl+2", "read": "Ctrl+3"}


def build(window: MainWindow) -> None:
    """Create the window's actions (in `window.actions_by_name`) and its menus."""
    _build_actions(window)
    _build_menus(window)


def _action(
    window: MainWindow,
    name: str,
    text: str,
    slot: Any,
    shortcut: Any = None,
    tip: str = "",
    icon: str = "",
) -> QAction:
    action = QAction(text, window)
    if shortcut is not None:
        if isinstance(shortcut, list):
            action.setShortcuts(shortcut)
        else:
            action.setShortcut(QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    if icon:
        action.setIcon(icons.icon(icon))
    action.triggered.connect(slot)
    window.addAction(action)
    window.actions_by_name[name] = action
    return action


def _build_actions(window: MainWindow) -> None:
    std = QKeySequence.StandardKey
    find = [*QKeySequence.keyBindings(std.Find), QKeySequence("Ctrl+L")]
    _action(window, "find", "Find", window.search_bar.focus, find, "Search the library")
    _action(window, "quit", "Quit", window.close, QKeySequence(std.Quit))
    _action(
        window,
        "open",
        "Open paper",
        window._on_open_requested,
        None,
        "Show the paper's details (Enter)",
    )
    _action(
        window,
        "copy_citekey",
        "Copy citation key",
        window.organiser.copy_citekeys,
        QKeySequence("Ctrl+Shift+C"),
        "Copy the citation keys of the selected papers",
    )
    _action(
        window,
        "trash",
        "Move to Trash",
        window.organiser.trash_selection,
        QKeySequence(std.Delete),
        "Move the selected papers to the trash (undo with Ctrl+Z)",
        "trash",
    )
    _action(
        window,
        "restore",
        "Restore from Trash",
        window.organiser.restore_selection,
        None,
        "Put the selected papers back in the library",
    )
    _action(
        window,
        "empty_trash",
        "Empty Trash…",
        window.organiser.empty_trash,
        None,
        "Delete the papers in the trash for good",
    )
    _action(
        window,
        "new_list",
        "New Reading List…",
        window.organiser.create_list,
        QKeySequence("Ctrl+Shift+N"),
        "Create a reading list",
        "list",
    )
    _action(
        window,
        "remove_from_list",
        "Remove from This List",
        window.organiser.remove_selection_from_list,
        None,
        "Take the selected papers out of this list (they stay in the library)",
    )
    _action(
        window,
        "move_up",
        "Move Up in List",
        lambda: window.organiser.move_selection(-1),
        QKeySequence("Ctrl+Shift+Up"),
        "Move the selected papers up in this list",
    )
    _action(
        window,
        "move_down",
        "Move Down in List",
        lambda: window.organiser.move_selection(1),
        QKeySequence("Ctrl+Shift+Down"),
        "Move the selected papers down in this list",
    )
    _action(
        window,
        "list_order",
        "Sort by List Order",
        window.use_list_order,
        None,
        "Show this reading list in its own order",
    )
    _action(
        window,
        "remove_tag",
        "Remove This Tag",
        window.organiser.untag_selection,
        None,
        "Take this tag off the selected papers",
    )
    _action(
        window,
        "save_search",
        "Save Search…",
        window.organiser.save_search,
        None,
        "Keep the search typed above in the sidebar, under a name",
        "saved-search",
    )
    _action(
        window,
        "import",
        "Import…",
        window.transfers.import_files,
        QKeySequence(std.Open),
        "Import BibTeX, BibLaTeX, RIS, CSL-JSON or a pasted listing",
        "import",
    )
    _action(
        window,
        "add_identifier",
        "Add by DOI or arXiv id…",
        window.transfers.add_by_identifier,
        QKeySequence("Ctrl+Shift+D"),
        "Fetch a paper's details from its DOI or arXiv id",
        "add",
    )
    _action(
        window,
        "export_selection",
        "Export Selected Papers…",
        window.transfers.export_selection,
        QKeySequence("Ctrl+E"),
        "Save the selected papers as BibTeX, RIS…",
        "export",
    )
    _action(
        window,
        "export_view",
        "Export Papers Shown…",
        window.transfers.export_view,
        None,
        "Save every paper shown (this list, tag or search) to a file",
    )
    _action(
        window,
        "copy_bibtex",
        "Copy as BibTeX",
        window.transfers.copy_bibtex,
        QKeySequence(std.Copy),
        "Copy the BibTeX of the selected papers",
    )
    _action(
        window,
        "paste",
        "Paste BibTeX, DOI or arXiv id",
        window.transfers.paste,
        QKeySequence(std.Paste),
        "Add papers from BibTeX (or RIS…) text or a DOI / arXiv id on the clipboard",
    )
    _action(
        window,
        "refresh",
        "Refresh",
        window.transfers.refresh_from_others,
        QKeySequence(std.Refresh),
        "Show changes other people or programs made to this library",
    )
    _action(
        window,
        "sample",
        "Load Sample Library",
        window.transfers.load_sample_library,
        None,
        "Add a few classic papers to look around with",
        "sample",
    )
    # These keys mean something else in a text field or the sidebar: table only.
    for name in ("trash", "copy_bibtex", "paste", "copy_citekey"):
        window.actions_by_name[name].setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        window.table.addAction(window.actions_by_name[name])
    undo = window.undo_stack.createUndoAction(window, "Undo")
    undo.setShortcuts(QKeySequence.keyBindings(std.Undo))
    redo = window.undo_stack.createRedoAction(window, "Redo")
    redo.setShortcuts([*QKeySequence.keyBindings(std.Redo), QKeySequence("Ctrl+Shift+Z")])
    for name, action in (("undo", undo), ("redo", redo)):
        window.addAction(action)
        window.actions_by_name[name] = action


def _build_menus(window: MainWindow) -> None:
    actions = window.actions_by_name
    file_menu = window.menuBar().addMenu("&File")
    for name in ("import", "add_identifier", "paste"):
        file_menu.addAction(actions[name])
    file_menu.addSeparator()
    for name in ("export_selection", "export_view"):
        file_menu.addAction(actions[name])
    file_menu.addSeparator()
    file_menu.addAction(actions["new_list"])
    file_menu.addAction(actions["sample"])
    file_menu.addAction(actions["refresh"])
    file_menu.addSeparator()
    file_menu.addAction(actions["quit"])
    edit_menu = window.menuBar().addMenu("&Edit")
    edit_menu.addAction(actions["undo"])
    edit_menu.addAction(actions["redo"])
    edit_menu.addSeparator()
    edit_menu.addAction(actions["copy_bibtex"])
    edit_menu.addAction(actions["copy_citekey"])
    edit_menu.addAction(actions["find"])
    edit_menu.addAction(actions["save_search"])
    edit_menu.addSeparator()
    edit_menu.addAction(actions["trash"])
    for status, keys in STATUS_SHORTCUTS.items():
        _action(
            window,
            f"status_{status}",
            f"Mark as {status.capitalize()}",
            lambda _=False, s=status: window.organiser.set_status(s),
            QKeySequence(keys),
            f"Mark the selected papers as {status}",
            status,
        )
        window.status_menu.addAction(actions[f"status_{status}"])
    for level in range(6):
        label = "No priority" if level == 0 else "★" * level
        _action(
            window,
            f"priority_{level}",
            label,
            lambda _=False, p=level: window.organiser.set_priority(p),
            QKeySequence(f"Alt+{level}"),
            f"Set the priority of the selection to {level}",
        )
        window.priority_menu.addAction(actions[f"priority_{level}"])
    paper = window.menuBar().addMenu("&Paper")
    paper.addAction(actions["open"])
    paper.addMenu(window.status_menu)
    paper.addMenu(window.priority_menu)
    paper.addSeparator()
    for name in ("remove_from_list", "move_up", "move_down", "list_order", "remove_tag"):
        paper.addAction(actions[name])
    paper.addSeparator()
    paper.addAction(actions["trash"])
    paper.addAction(actions["restore"])
    paper.addAction(actions["empty_trash"])
    help_menu = window.menuBar().addMenu("&Help")
    help_menu.addAction("Search Syntax").triggered.connect(lambda: _show_search_help(window))
    help_menu.addAction("About Papershelf").triggered.connect(lambda: _show_about(window))


def _show_search_help(window: MainWindow) -> None:
    prompts.show_info(window, "Search syntax", QUERY_HELP)


def _show_about(window: MainWindow) -> None:
    where = window.library.url.split("@")[-1]  # never show a password
    prompts.show_info(
        window,
        "About Papershelf",
        "Papershelf keeps your papers, reading lists, notes and annotations in one "
        f"library.\n\nThis library: {where}",
    )
