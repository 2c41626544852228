"""The context menu of the paper table, built for the current selection and view."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from desktop.ui.window.completing import Completer
from desktop.ui.window.context import WindowContext
from desktop.ui.window.editing import Editing
from desktop.ui.window.manuscript import Manuscript
from desktop.ui.window.organising import Organiser


def build(
    context: WindowContext,
    organiser: Organiser,
    open_action: QAction,
    *,
    manuscript: Manuscript | None = None,
    completer: Completer | None = None,
    editing: Editing | None = None,
) -> QMenu:
    """A menu of what can be done to the selected papers from here."""
    menu = QMenu(context.widget())
    view = context.current_view()
    if view.kind == "trash":
        menu.addAction(organiser.restore_action)
        return menu
    menu.addAction(open_action)
    menu.addAction(organiser.copy_citekey_action)
    if manuscript is not None:
        menu.addAction(manuscript.copy_citation_action)
        menu.addAction(manuscript.copy_bibliography_action)
        menu.addAction(manuscript.export_bibliography_action)
    menu.addSeparator()
    menu.addMenu(organiser.status_menu)
    menu.addMenu(organiser.priority_menu)
    menu.addSeparator()
    menu.addMenu(_list_menu(context, organiser))
    menu.addMenu(_tag_menu(context, organiser))
    menu.addAction(organiser.keywords_to_tags_action)
    if editing is not None:
        menu.addAction(editing.set_field_action)
    if completer is not None and _any_untitled(context):
        menu.addAction(completer.complete_action)
    if view.kind == "list":
        menu.addAction(organiser.remove_from_list_action)
        menu.addAction(organiser.move_up_action)
        menu.addAction(organiser.move_down_action)
    if view.kind == "tag":
        menu.addAction(organiser.remove_tag_action)
    menu.addSeparator()
    menu.addAction(organiser.trash_action)
    return menu


def _any_untitled(context: WindowContext) -> bool:
    """Whether a selected paper has no title (then looking it up is offered)."""
    rows = context.library.rows(context.selected_ids()[:500])
    return any(not row.title for row in rows.values())


def _list_menu(context: WindowContext, organiser: Organiser) -> QMenu:
    menu = QMenu(QCoreApplication.translate("PaperMenu", "Add to list"), context.widget())
    for reading_list, _count in context.library.lists():
        list_id = reading_list.id
        assert list_id is not None
        action = menu.addAction(reading_list.name)
        action.triggered.connect(lambda _=False, i=list_id: organiser.add_selection_to_list(i))
    menu.addSeparator()
    menu.addAction(QCoreApplication.translate("PaperMenu", "New list…")).triggered.connect(
        organiser.add_selection_to_new_list
    )
    return menu


def _tag_menu(context: WindowContext, organiser: Organiser) -> QMenu:
    menu = QMenu(QCoreApplication.translate("PaperMenu", "Tag"), context.widget())
    for tag, _count in context.library.tags():
        action = menu.addAction(tag.name)
        action.triggered.connect(lambda _=False, name=tag.name: organiser.tag_selection(name))
    menu.addSeparator()
    menu.addAction(QCoreApplication.translate("PaperMenu", "New tag…")).triggered.connect(
        organiser.tag_selection_new
    )
    return menu
