"""The window driven as a user would: views, drag onto a list, trash, status, undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from desktop.core.api import SORT_COLUMNS
from desktop.core.library import Library
from desktop.core.views import View
from desktop.ui.models import paper_mime
from desktop.ui.window.main_window import MainWindow


def _titles(window: MainWindow) -> list[str]:
    model = window.table_model
    return [model.index(r, 0).data() for r in range(model.rowCount())]


def _by_title(library: Library, title: str) -> int:
    return next(i for i, row in library.rows(library.view_ids()).items() if row.title == title)


def _done(window: MainWindow) -> None:
    """Let the writes asked for finish (they run off the GUI thread, in order)."""
    window.operations.wait_idle()


def _undo(window: MainWindow) -> None:
    window.history.undo()
    _done(window)


def _redo(window: MainWindow) -> None:
    window.history.redo()
    _done(window)


def _settle(qtbot: QtBot, window: MainWindow) -> None:
    """Let the window finish its writes and apply the library's change notifications."""
    _done(window)
    qtbot.waitUntil(lambda: not window._pending and not window._apply_timer.isActive())


def test_clicking_sidebar_views_changes_the_table(window: MainWindow, qtbot: QtBot) -> None:
    library = window.library
    assert len(_titles(window)) == 5
    assert _titles(window)[0] == "Long Short-Term Memory"  # newest first by default
    assert window.table_model.sort_key == "added" and window.table_model.descending
    library.set_status([_by_title(library, "Deep Residual Learning")], "reading")
    _settle(qtbot, window)
    reading = window.sidebar_model.index_of(View("status", "reading"))
    rect = window.sidebar.visualRect(reading)
    QTest.mouseClick(window.sidebar.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert _titles(window) == ["Deep Residual Learning"]
    assert window.search_bar.hit_count.text() == "1 paper"
    window.show_view(View("trash"))
    assert _titles(window) == []


def test_header_click_sorts_by_that_column(window: MainWindow) -> None:
    header = window.table.horizontalHeader()
    year = SORT_COLUMNS.index("year")
    header.setSortIndicator(year, Qt.SortOrder.AscendingOrder)
    assert window.table_model.sort_key == "year"
    assert _titles(window)[0] == "Long Short-Term Memory"
    header.setSortIndicator(year, Qt.SortOrder.DescendingOrder)
    assert _titles(window)[0] == "We study tokamaks with a new kind of magnet."


def test_drag_papers_onto_a_list_then_undo_and_redo(window: MainWindow, qtbot: QtBot) -> None:
    library = window.library
    paper = _by_title(library, "Attention Is All You Need")
    window.select_ids([paper])
    dragged = window.table_model.mimeData(window.table.selectionModel().selectedRows())
    list_id = library.reading_list("To read").id
    assert list_id is not None
    target = window.sidebar_model.index_of(View("list", list_id))
    window.sidebar_model.dropMimeData(dragged, Qt.DropAction.CopyAction, -1, -1, target)
    _done(window)
    assert [i.paper.id for i in library.list_items(list_id)] == [paper]
    _settle(qtbot, window)
    assert window.sidebar_model.index_of(View("list", list_id)).data(258) == 1  # COUNT_ROLE
    window.window_actions.undo_action.trigger()
    _done(window)
    assert library.list_items(list_id) == []
    window.window_actions.redo_action.trigger()
    _done(window)
    assert [i.paper.id for i in library.list_items(list_id)] == [paper]


def test_drop_on_a_tag_tags_and_undo_untags(window: MainWindow) -> None:
    library = window.library
    tag = library.tags()[0][0]
    ids = [_by_title(library, "Deep Residual Learning")]
    target = window.sidebar_model.index_of(View("tag", tag.id))
    window.sidebar_model.dropMimeData(
        paper_mime.encode(ids), Qt.DropAction.CopyAction, -1, -1, target
    )
    _done(window)
    assert library.view_ids(View("tag", tag.id)) == ids
    _undo(window)
    assert library.view_ids(View("tag", tag.id)) == []


def test_delete_key_moves_to_trash_and_undo_restores(window: MainWindow, qtbot: QtBot) -> None:
    library = window.library
    paper = _by_title(library, "Long Short-Term Memory")
    window.select_ids([paper])
    window.table.setFocus()
    QTest.keySequence(window.table, QKeySequence(QKeySequence.StandardKey.Delete))
    _done(window)
    assert library.view_ids(View("trash")) == [paper]
    _settle(qtbot, window)
    assert "Long Short-Term Memory" not in _titles(window)
    QTest.keySequence(window, QKeySequence(QKeySequence.StandardKey.Undo))
    _done(window)
    assert library.view_ids(View("trash")) == []
    _settle(qtbot, window)
    assert "Long Short-Term Memory" in _titles(window)


def test_status_and_priority_shortcuts_with_undo(window: MainWindow, qtbot: QtBot) -> None:
    library = window.library
    a = _by_title(library, "Deep Residual Learning")
    b = _by_title(library, "Attention Is All You Need")
    library.set_status([b], "read")
    _settle(qtbot, window)
    window.select_ids([a, b])
    window.table.setFocus()
    QTest.keySequence(window.table, QKeySequence("Ctrl+2"))
    _done(window)
    assert {i: r.status for i, r in library.rows([a, b]).items()} == {a: "reading", b: "reading"}
    QTest.keySequence(window.table, QKeySequence("Alt+4"))
    _done(window)
    assert {r.priority for r in library.rows([a, b]).values()} == {4}
    _undo(window)
    assert {r.priority for r in library.rows([a, b]).values()} == {0}
    _undo(window)  # each paper gets its own old status back
    assert {i: r.status for i, r in library.rows([a, b]).items()} == {a: "unread", b: "read"}


def test_list_order_move_remove_and_undo(window: MainWindow, qtbot: QtBot) -> None:
    library = window.library
    ids = library.view_ids(sort="added")[:3]
    list_id = library.reading_list("To read").id
    assert list_id is not None
    library.add_to_list(list_id, ids)
    window.show_view(View("list", list_id))
    _settle(qtbot, window)
    assert window.table_model.paper_ids() == ids
    window.select_ids([ids[2]])
    window.organiser.move_up_action.trigger()
    _done(window)
    assert [i.paper.id for i in library.list_items(list_id)] == [ids[0], ids[2], ids[1]]
    _settle(qtbot, window)
    assert window.selected_ids() == [ids[2]]  # the moved paper stays selected
    _undo(window)
    assert [i.paper.id for i in library.list_items(list_id)] == ids
    _settle(qtbot, window)
    window.select_ids([ids[1]])
    window.organiser.remove_from_list_action.trigger()
    _done(window)
    assert [i.paper.id for i in library.list_items(list_id)] == [ids[0], ids[2]]
    assert library.count() == 5  # removed from the list, not from the library
    _undo(window)
    assert [i.paper.id for i in library.list_items(list_id)] == ids  # back in its place


def test_lists_are_created_renamed_and_deleted_with_undo(
    window: MainWindow, qtbot: QtBot, scripted: object
) -> None:
    library = window.library
    scripted.texts = ["Thesis"]  # type: ignore[attr-defined]
    window.organiser.new_list_action.trigger()
    _done(window)
    thesis = library.reading_list("Thesis")
    assert thesis.id is not None
    library.add_to_list(thesis.id, library.view_ids()[:2])
    window.organiser.delete_list(thesis.id)
    _done(window)
    assert "Thesis" not in [rl.name for rl, _ in library.lists()]
    _undo(window)  # comes back with its papers
    assert [count for rl, count in library.lists() if rl.name == "Thesis"] == [2]
    _settle(qtbot, window)
    assert window.sidebar_model.index_of(View("list", library.reading_list("Thesis").id)).isValid()


def test_the_welcome_panel_shows_on_an_empty_library_and_loads_the_sample(
    ui_library: Library, settings: QSettings, qtbot: QtBot
) -> None:
    window = MainWindow(ui_library, settings)
    qtbot.addWidget(window)
    window.show()
    assert window.center.currentWidget() is window.welcome
    window.welcome.sample_button.click()
    _settle(qtbot, window)
    assert window.center.currentWidget() is window.table
    assert window.table_model.rowCount() >= 15
    titles = set(_titles(window))
    assert {"Attention Is All You Need", "Long Short-Term Memory", "Deep Learning"} <= titles
    window.close()


def test_window_layout_is_remembered(
    small_library: Library, settings: QSettings, qtbot: QtBot
) -> None:
    first = MainWindow(small_library, settings)
    qtbot.addWidget(first)
    first.show()
    first.resize(760, 560)  # fits the offscreen screen, so restoring needs no clamping
    first.table.horizontalHeader().setSectionHidden(SORT_COLUMNS.index("venue"), True)
    first.splitter.setSizes([200, 260, 300])
    sizes = first.splitter.sizes()
    first.close()
    second = MainWindow(small_library, settings)
    qtbot.addWidget(second)
    second.show()
    assert second.table.horizontalHeader().isSectionHidden(SORT_COLUMNS.index("venue"))
    assert second.splitter.sizes() == sizes
    second.close()


def test_a_remembered_sort_is_shown_from_one_reading_of_the_view(
    small_library: Library, settings: QSettings, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = MainWindow(small_library, settings)
    qtbot.addWidget(first)
    first.show()
    title = SORT_COLUMNS.index("title")
    first.table.horizontalHeader().setSortIndicator(title, Qt.SortOrder.DescendingOrder)
    first.close()
    asked: list[tuple[object, ...]] = []
    real_view_ids = small_library.view_ids

    def counting_view_ids(*args: object, **kwargs: object) -> list[int]:
        asked.append((*args, *kwargs.values()))
        return real_view_ids(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(small_library, "view_ids", counting_view_ids)
    second = MainWindow(small_library, settings)
    qtbot.addWidget(second)
    second.show()
    # Restoring the header chose the order; showing the library read it, once.
    assert asked == [(View(), "title", True)]
    titled = [
        "Offline Reinforcement Learning",
        "Long Short-Term Memory",
        "Deep Residual Learning",
        "Attention Is All You Need",
    ]
    assert _titles(second)[:4] == titled  # the untitled paper (its abstract shown) last
    header = second.table.horizontalHeader()
    assert header.sortIndicatorSection() == title
    assert header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
    second.close()


def test_the_files_column_sits_beside_the_title_and_is_hidden_like_the_others(
    small_library: Library, settings: QSettings, qtbot: QtBot
) -> None:
    files = SORT_COLUMNS.index("files")
    first = MainWindow(small_library, settings)
    qtbot.addWidget(first)
    first.show()
    header = first.table.horizontalHeader()
    assert header.visualIndex(files) == 1 and not header.isSectionHidden(files)
    menu = first.table.column_menu()
    (entry,) = [a for a in menu.actions() if a.text() == "Files"]
    assert entry.isChecked()
    entry.trigger()  # the header's menu: Files unticked
    assert header.isSectionHidden(files)
    first.close()
    second = MainWindow(small_library, settings)
    qtbot.addWidget(second)
    second.show()
    assert second.table.horizontalHeader().isSectionHidden(files)  # remembered
    second.close()


def test_a_layout_remembered_before_the_files_column_shows_it_beside_the_title(
    small_library: Library, settings: QSettings, qtbot: QtBot
) -> None:
    first = MainWindow(small_library, settings)
    qtbot.addWidget(first)
    first.show()
    first.close()
    settings.remove("table/columns")  # as an older Papershelf left it
    second = MainWindow(small_library, settings)
    qtbot.addWidget(second)
    second.show()
    header = second.table.horizontalHeader()
    files = SORT_COLUMNS.index("files")
    assert header.visualIndex(files) == 1 and not header.isSectionHidden(files)
    assert header.sectionSize(files) < 100  # not stretched over the rest
    second.close()


def test_an_edit_rereads_its_row_only_and_a_trashed_paper_leaves(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = window.library
    paper = _by_title(library, "Deep Residual Learning")
    queries: list[View] = []
    real_view_ids = library.view_ids

    def counting_view_ids(*args: object, **kwargs: object) -> list[int]:
        queries.append(args[0] if args else View())  # type: ignore[arg-type]
        return real_view_ids(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(library, "view_ids", counting_view_ids)
    library.update_paper(paper, expected_version=None, title="Deeper Residual Learning")
    _settle(qtbot, window)
    assert "Deeper Residual Learning" in _titles(window)
    assert queries == []  # the row was re-read, not the whole library
    other = _by_title(library, "Attention Is All You Need")
    library.merge_papers(other, paper)  # announced as "papers", but one goes to the trash
    _settle(qtbot, window)
    assert "Deeper Residual Learning" not in _titles(window)


def test_tag_rename_colour_and_delete_are_undone(
    window: MainWindow, qtbot: QtBot, scripted: object
) -> None:
    library = window.library
    ids = library.view_ids()[:2]
    library.tag_papers("robotics", ids)
    scripted.texts = ["robots"]  # type: ignore[attr-defined]
    window.organiser.rename_tag("robotics")
    _done(window)
    assert [(t.name, t.colour) for t, _ in library.tags()] == [("robots", "#e4572e")]
    _undo(window)
    assert [t.name for t, _ in library.tags()] == ["robotics"]
    window.organiser.delete_tag("robotics")
    _done(window)
    assert library.tags() == []
    _undo(window)
    [(tag, count)] = library.tags()
    assert (tag.name, tag.colour, count) == ("robotics", "#e4572e", 2)
    assert sorted(library.view_ids(View("tag", tag.id))) == sorted(ids)


def test_a_refused_change_is_told_and_not_put_on_the_undo_stack(
    window: MainWindow, scripted: object
) -> None:
    scripted.texts = ["To read"]  # type: ignore[attr-defined]  # that name is taken
    window.organiser.new_list_action.trigger()
    _done(window)
    assert len(scripted.errors) == 1 and "To read" in scripted.errors[0]  # type: ignore[attr-defined]
    assert window.undo_stack.count() == 0


def test_context_menu_offers_what_fits_the_view(window: MainWindow, qtbot: QtBot) -> None:
    from desktop.ui.window import paper_menu

    def menu_labels() -> list[str]:
        menu = paper_menu.build(window, window.organiser, window.window_actions.open_action)
        return [a.text() for a in menu.actions()]

    library = window.library
    window.select_ids(library.view_ids()[:1])
    labels = menu_labels()
    assert "Move to Trash" in labels and "Remove from This List" not in labels
    assert {"Add to list", "Tag", "Reading status", "Priority"} <= set(labels)
    list_id = library.reading_list("To read").id
    assert list_id is not None
    library.add_to_list(list_id, library.view_ids()[:1])
    window.show_view(View("list", list_id))
    window.select_ids(library.view_ids(View("list", list_id)))
    labels = menu_labels()
    assert {"Remove from This List", "Move Up in List", "Move Down in List"} <= set(labels)
    library.delete_papers(library.view_ids()[:1])
    window.show_view(View("trash"))
    window.select_ids(library.view_ids(View("trash")))
    labels = menu_labels()
    assert labels == ["Restore from Trash"]


def test_enter_opens_the_paper_in_the_detail_pane(window: MainWindow) -> None:
    paper = _by_title(window.library, "Long Short-Term Memory")
    window.select_ids([paper])
    window.table.setFocus()
    QTest.keyClick(window.table, Qt.Key.Key_Return)
    assert window.detail.paper_id == paper
    assert window.detail.heading.text() == "Long Short-Term Memory"


def test_changes_made_elsewhere_show_up_without_restarting(
    window: MainWindow, qtbot: QtBot
) -> None:
    from desktop.core.formats.record import Record

    assert not window.change_watch.check()  # nothing happened yet
    paper = _by_title(window.library, "Deep Residual Learning")
    with Library.open(window.library.url) as elsewhere:  # another window, another user
        elsewhere.update_paper(paper, expected_version=None, title="Deep Residual Nets")
    assert window.change_watch.check()
    qtbot.waitUntil(lambda: window.change_watch.idle, timeout=10_000)
    _settle(qtbot, window)
    assert "Deep Residual Nets" in _titles(window)
    with Library.open(window.library.url) as elsewhere:
        elsewhere.add_paper(Record(title="A Paper From Elsewhere", year=2025))
    assert window.change_watch.check()
    qtbot.waitUntil(lambda: window.change_watch.idle, timeout=10_000)
    _settle(qtbot, window)
    assert "A Paper From Elsewhere" in _titles(window)
    window.table.scrollToBottom()  # scrolling is no news
    assert not window.change_watch.check()
    window.library.set_status([paper], "read")  # nor is our own change
    assert not window.change_watch.check()


def test_sidebar_menus_and_a_new_tag(window: MainWindow, scripted: object) -> None:
    model = window.sidebar_model
    organiser = window.organiser

    def labels(index: object) -> list[str]:
        return [a.text() for a in organiser.sidebar_menu_for(index).actions()]  # type: ignore[arg-type]

    list_row = model.index_of(View("list", window.library.reading_list("To read").id))
    assert labels(list_row) == ["New Reading List…", "Rename List…", "Delete List"]
    assert labels(model.index_of(View("trash"))) == ["Empty Trash…"]
    assert labels(model.index_of(View())) == []
    assert labels(model.tags_index()) == ["New Tag…"]
    scripted.texts = ["to cite"]  # type: ignore[attr-defined]
    organiser.create_tag()
    _done(window)
    assert "to cite" in [t.name for t, _ in window.library.tags()]
    _undo(window)
    assert "to cite" not in [t.name for t, _ in window.library.tags()]


def test_a_search_is_saved_shown_in_the_sidebar_and_run_again(
    window: MainWindow, qtbot: QtBot, scripted: object
) -> None:
    action = window.organiser.save_search_action
    assert not action.isEnabled()  # nothing typed, nothing to save
    with qtbot.waitSignal(window.search_finished, timeout=5000):
        window.search_bar.field.setText("attention")
    assert action.isEnabled()
    scripted.texts = ["Transformers"]  # type: ignore[attr-defined]
    action.trigger()
    _settle(qtbot, window)
    (saved,) = window.library.saved_searches()
    assert (saved.name, saved.query) == ("Transformers", "attention")
    row = window.sidebar_model.index_of(View("search", saved.id))
    assert row.isValid() and row.data() == "Transformers"

    window.show_view(View("status", "read"))
    window.search_bar.field.clear()
    with qtbot.waitSignal(window.search_finished, timeout=5000):
        window.sidebar.setCurrentIndex(window.sidebar_model.index_of(View("search", saved.id)))
    assert window.search_bar.text() == "attention"
    assert window.table_model.view == View()  # run over the whole library
    qtbot.waitUntil(lambda: _titles(window) == ["Attention Is All You Need"])

    window.organiser.delete_saved_search(saved.id or 0)
    _settle(qtbot, window)
    assert not window.sidebar_model.index_of(View("search", saved.id)).isValid()


def test_the_detail_pane_follows_the_table_when_the_paper_leaves_it(
    window: MainWindow, qtbot: QtBot
) -> None:
    paper = _by_title(window.library, "Deep Residual Learning")
    window.select_ids([paper])
    assert window.detail.paper_id == paper
    with qtbot.waitSignal(window.search_finished, timeout=5000):
        window.search_bar.field.setText("attention")
    qtbot.waitUntil(lambda: _titles(window) == ["Attention Is All You Need"])
    assert window.detail.paper_id is None  # not a paper the user can no longer see


def test_adding_to_a_new_list_is_one_undo_step(
    window: MainWindow, qtbot: QtBot, scripted: object
) -> None:
    paper = _by_title(window.library, "Deep Residual Learning")
    window.select_ids([paper])
    scripted.texts = ["Vision"]  # type: ignore[attr-defined]
    window.organiser.add_selection_to_new_list()
    _done(window)
    assert [i.paper.id for i in window.library.list_items("Vision")] == [paper]
    _undo(window)
    assert "Vision" not in [rl.name for rl, _ in window.library.lists()]
    _redo(window)
    assert [i.paper.id for i in window.library.list_items("Vision")] == [paper]


def test_reading_lists_are_dragged_into_another_order(window: MainWindow, qtbot: QtBot) -> None:
    from PySide6.QtCore import QModelIndex

    library = window.library
    for name in ("Beta", "Gamma"):
        library.create_list(name)
    _settle(qtbot, window)
    before = [rl.name for rl, _ in library.lists()]
    assert before[-1] == "Gamma"
    model = window.sidebar_model
    gamma = model.index_of(View("list", library.reading_list("Gamma").id))
    data = model.mimeData([gamma])
    lists_group = model.lists_index()
    move = Qt.DropAction.MoveAction
    assert not model.canDropMimeData(data, move, 0, 0, model.tags_index())  # not among tags
    assert model.canDropMimeData(data, move, 0, 0, lists_group)
    model.dropMimeData(data, move, 0, 0, lists_group)  # dropped above the first list
    _settle(qtbot, window)
    assert [rl.name for rl, _ in library.lists()] == ["Gamma", *before[:-1]]
    first_row = model.index(0, 0, model.lists_index())
    assert first_row.data() == "Gamma"  # the sidebar shows the new order
    _undo(window)
    assert [rl.name for rl, _ in library.lists()] == before
    assert not model.canDropMimeData(data, move, -1, -1, QModelIndex())


def test_searching_inside_the_trash(window: MainWindow, qtbot: QtBot) -> None:
    paper = _by_title(window.library, "Deep Residual Learning")
    window.library.delete_papers([paper])
    window.show_view(View("trash"))
    with qtbot.waitSignal(window.search_finished, timeout=5000):
        window.search_bar.field.setText("residual")
    qtbot.waitUntil(lambda: _titles(window) == ["Deep Residual Learning"])


def test_searching_inside_a_list_asks_the_core_for_the_lists_matches(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = window.library
    residual = _by_title(library, "Deep Residual Learning")
    library.add_to_list("To read", [residual])
    in_list = View("list", library.reading_list("To read").id)
    window.show_view(in_list)
    asked: list[View] = []
    real_find = library.find

    def recording_find(view: View, text: str, *args: object, **more: object) -> list[int]:
        asked.append(view)
        return real_find(view, text, *args, **more)  # type: ignore[arg-type]

    monkeypatch.setattr(library, "find", recording_find)
    with qtbot.waitSignal(window.search_finished, timeout=5000):
        window.search_bar.field.setText("learning")  # also the title of a paper not listed
    qtbot.waitUntil(lambda: _titles(window) == ["Deep Residual Learning"])
    assert asked and set(asked) == {in_list}


def test_selecting_many_papers_tells_the_listeners_once(window: MainWindow, qtbot: QtBot) -> None:
    """After an import the window selects every imported paper: one selection change,
    not one per row (each listener reads the whole selection)."""
    _settle(qtbot, window)
    shown = window.table_model.paper_ids()
    wanted = shown[:3] + shown[5:6] + shown[-2:]  # runs and a lone row
    changes: list[object] = []
    window.table.selectionModel().selectionChanged.connect(lambda *_: changes.append(1))
    window.select_ids(list(reversed(wanted)))
    assert len(changes) == 1
    assert window.selected_ids() == wanted  # in table order
    assert window.table.selectionModel().currentIndex().row() == 0
    window.select_ids([])
    assert window.selected_ids() == []
