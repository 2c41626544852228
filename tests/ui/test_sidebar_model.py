"""The sidebar tree: views, lists and tags with counts; papers dropped on lists and tags."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from desktop.core.library import Library
from desktop.core.views import View
from desktop.ui.models import paper_mime
from desktop.ui.models.sidebar_model import COUNT_ROLE, NAME_ROLE, SidebarModel


def test_model_passes_the_qt_model_tester(
    small_library: Library, qtmodeltester: ModelTester
) -> None:
    model = SidebarModel(small_library)
    qtmodeltester.check(model, force_py=True)
    small_library.create_list("Later")
    model.reload()
    qtmodeltester.check(model, force_py=True)


def test_rows_carry_views_names_and_counts(small_library: Library) -> None:
    ids = small_library.view_ids()
    small_library.add_to_list("To read", ids[:2])
    small_library.tag_papers("robotics", ids[:1])
    small_library.delete_papers([ids[4]])
    model = SidebarModel(small_library)
    everything = model.index_of(View())
    assert everything.data() == "Library" and everything.data(COUNT_ROLE) == 4
    reading_list = model.index_of(View("list", small_library.reading_list("To read").id))
    assert (reading_list.data(NAME_ROLE), reading_list.data(COUNT_ROLE)) == ("To read", 2)
    tag_id = small_library.tags()[0][0].id
    tag = model.index_of(View("tag", tag_id))
    assert (tag.data(NAME_ROLE), tag.data(COUNT_ROLE)) == ("robotics", 1)
    assert tag.data(Qt.ItemDataRole.DecorationRole) is not None  # its colour swatch
    assert model.index_of(View("trash")).data(COUNT_ROLE) == 1
    assert model.index_of(View("status", "reading")).data() == "Reading"
    small_library.delete_list("To read")
    model.reload()
    assert not model.index_of(View("list", reading_list.data(0))).isValid()


def test_papers_dropped_on_a_list_are_announced_not_on_a_smart_view(
    small_library: Library, qtbot: QtBot
) -> None:
    model = SidebarModel(small_library)
    list_view = View("list", small_library.reading_list("To read").id)
    target = model.index_of(list_view)
    data = paper_mime.encode([2, 3])
    assert not model.canDropMimeData(data, Qt.DropAction.CopyAction, -1, -1, model.index_of(View()))
    assert not model.canDropMimeData(data, Qt.DropAction.CopyAction, -1, -1, QModelIndex())
    with qtbot.waitSignal(model.papers_dropped) as signal:
        model.dropMimeData(data, Qt.DropAction.CopyAction, -1, -1, target)
    assert signal.args == [list_view, [2, 3]]
