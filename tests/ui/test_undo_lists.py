"""Undo of list changes keeps acting on the same list, even after it was deleted and
brought back under a new id."""

from __future__ import annotations

from PySide6.QtGui import QUndoStack

from desktop.core.formats.record import Record
from desktop.core.library import Library
from desktop.ui import undo_commands
from desktop.ui.background.operations import OperationRunner


def test_undo_follows_a_list_deleted_and_brought_back(ui_library: Library) -> None:
    library = ui_library
    papers = [library.add_paper(Record(title=f"Paper {n}")).id for n in range(2)]
    runner = OperationRunner()
    history = undo_commands.History(QUndoStack(), runner, lambda _sentence: None)
    history.perform(undo_commands.CreateListCommand(library, "A"))
    runner.wait_idle()
    first_id = library.reading_list("A").id or 0
    history.perform(undo_commands.AddToListCommand(library, first_id, papers))
    history.perform(undo_commands.DeleteListCommand(library, first_id))
    runner.wait_idle()
    # Meanwhile someone makes another list, which SQLite may give the freed id.
    library.create_list("B")
    library.add_to_list("B", papers)
    history.undo()  # A comes back, with its papers, under some new id
    runner.wait_idle()
    assert [i.paper.id for i in library.list_items("A")] == papers
    history.undo()  # taking the papers out must touch A, not B
    runner.wait_idle()
    assert library.list_items("A") == []
    assert [i.paper.id for i in library.list_items("B")] == papers
    history.redo()
    runner.wait_idle()
    assert [i.paper.id for i in library.list_items("A")] == papers
    runner.shut_down()
