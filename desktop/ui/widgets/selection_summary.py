"""What the detail pane shows while several papers are selected: how many, and what can be
done to all of them at once (the window's bulk actions, as buttons)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import QLabel, QSizePolicy, QToolButton, QVBoxLayout, QWidget


class SelectionSummary(QWidget):
    """ "N papers selected" above a button for each action given (`set_actions`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count_label = QLabel(self)
        font = QFont(self.count_label.font())
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.count_label.setFont(font)
        self.count_label.setWordWrap(True)
        self.hint = QLabel(self.tr("Changes made here apply to every selected paper."), self)
        self.hint.setWordWrap(True)
        self.hint.setEnabled(False)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(12, 12, 12, 12)
        self._layout.addWidget(self.count_label)
        self._layout.addWidget(self.hint)
        self._layout.addSpacing(8)
        self.buttons: list[QToolButton] = []
        self._layout.addStretch(1)

    def set_actions(self, actions: Sequence[QAction]) -> None:
        """The bulk actions offered, in order (an action with a menu opens it)."""
        for action in actions:
            button = QToolButton(self)
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            if action.menu() is not None:
                button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
            self._layout.insertWidget(self._layout.count() - 1, button)
            self.buttons.append(button)

    def show_count(self, count: int) -> None:
        self.count_label.setText(
            QCoreApplication.translate("SelectionSummary", "%n paper(s) selected", "", count)
        )
