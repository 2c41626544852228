"""The context menu of the paper table, built for the current selection and view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from desktop.core.library import Library

if TYPE_CHECKING:
    from desktop.ui.window.main_window import MainWindow


def build(window: MainWindow, library: Library) -> QMenu:
    """A menu of what can be done to the selected papers from here."""
    menu = QMenu(window)
    actions = window.actions_by_name
    view = window.table_model.view
    if view.kind == "trash":
        menu.addAction(actions["restore"])
        return menu
    menu.addAction(actions["open"])
    menu.addAction(actions["copy_citekey"])
    menu.addSeparator()
    menu.addMenu(window.status_menu)
    menu.addMenu(window.priority_menu)
    menu.addSeparator()
    menu.addMenu(_list_menu(window, library))
    menu.addMenu(_tag_menu(window, library))
    if view.kind == "list":
        menu.addAction(actions["remove_from_list"])
        menu.addAction(actions["move_up"])
        menu.addAction(actions["move_down"])
    if view.kind == "tag":
        menu.addAction(actions["remove_tag"])
    menu.addSeparator()
    menu.addAction(actions["trash"])
    return menu


def _list_menu(window: MainWindow, library: Library) -> QMenu:
    menu = QMenu("Add to list", window)
    organiser = window.organiser
    for reading_list, _count in library.lists():
        list_id = reading_list.id
        assert list_id is not None
        action = menu.addAction(reading_list.name)
        action.triggered.connect(lambda _=False, i=list_id: organiser.add_selection_to_list(i))
    menu.addSeparator()
    menu.addAction("New list…").triggered.connect(organiser.add_selection_to_new_list)
    return menu


def _tag_menu(window: MainWindow, library: Library) -> QMenu:
    menu = QMenu("Tag", window)
    organiser = window.organiser
    for tag, _count in library.tags():
        action = menu.addAction(tag.name)
        action.triggered.connect(lambda _=False, name=tag.name: organiser.tag_selection(name))
    menu.addSeparator()
    menu.addAction("New tag…").triggered.connect(organiser.tag_selection_new)
    return menu
