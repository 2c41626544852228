"""Making the window's actions: one way to give them text, keys, tips and an icon."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from desktop.ui import icons

Keys = QKeySequence | Sequence[QKeySequence] | None


def make_action(
    window: QWidget,
    text: str,
    slot: Callable[[], object],
    *,
    keys: Keys = None,
    tip: str = "",
    icon: str = "",
) -> QAction:
    """An action of the window, triggering `slot`.

    It is added to the window so that its keys work wherever the keyboard is in it, not
    only while a menu showing it is open.
    """
    action = QAction(text, window)
    if isinstance(keys, QKeySequence):
        action.setShortcut(keys)
    elif keys is not None:
        action.setShortcuts(list(keys))
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    if icon:
        action.setIcon(icons.icon(icon))
    action.triggered.connect(slot)
    window.addAction(action)
    return action
