"""The window's keyboard shortcuts: each key does one thing, and Redo has its usual keys."""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from desktop.ui.window.main_window import MainWindow


def _every_action(window: MainWindow) -> set[QAction]:
    """The window's actions, its menus' (and submenus') and its widgets'."""
    found = set(window.findChildren(QAction)) | set(window.actions())
    menus = list(window.menuBar().actions())
    while menus:
        action = menus.pop()
        found.add(action)
        if action.menu() is not None:
            menus.extend(action.menu().actions())
    return {a for a in found if not a.isSeparator()}


def test_no_two_actions_share_a_key(window: MainWindow) -> None:
    owners: dict[str, list[str]] = defaultdict(list)
    for action in _every_action(window):
        keys = [k.toString() for k in action.shortcuts() if not k.isEmpty()]
        assert len(keys) == len(set(keys)), f"{action.text()} has a key twice: {keys}"
        for key in keys:
            owners[key].append(action.text())
    shared = {key: names for key, names in owners.items() if len(names) > 1}
    assert not shared
    assert {"Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+Y"} <= set(owners)


def test_redo_answers_ctrl_shift_z_and_ctrl_y(window: MainWindow, qtbot: QtBot) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    paper = window.table_model.paper_id(0)
    window.select_ids([paper])
    window.table.setFocus()

    def status() -> str:
        return window.library.paper(paper).paper.status

    def press(key: Qt.Key, modifiers: Qt.KeyboardModifier) -> None:
        QTest.keyClick(window.table, key, modifiers)
        window.operations.wait_idle()

    ctrl, shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
    press(Qt.Key.Key_3, ctrl)  # Mark as Read
    assert status() == "read"
    press(Qt.Key.Key_Z, ctrl)
    assert status() == "unread"
    press(Qt.Key.Key_Z, ctrl | shift)
    assert status() == "read"
    press(Qt.Key.Key_Z, ctrl)
    assert status() == "unread"
    press(Qt.Key.Key_Y, ctrl)
    assert status() == "read"
