"""Every question and message the window puts to the user, in one place.

Tests replace these functions (monkeypatch) so no modal dialog ever blocks them.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from desktop.ui import file_dialogs, plain_text

#: Room beside a dialog's title for the window manager's buttons and the app's name.
_TITLE_BAR_ROOM = 160
_SMALLEST_INPUT_WIDTH = 380


class QuestionDialog(QDialog):
    """A question with a text answer, wide enough for its whole title: QInputDialog sizes
    itself to its label, and the window manager then clips the title ("New re...rshelf")."""

    def __init__(
        self, parent: QWidget | None, title: str, label: str, *, text: str, multiline: bool
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self._field: QLineEdit | QPlainTextEdit = QPlainTextEdit() if multiline else QLineEdit()
        self.setTextValue(text)
        question = QLabel(label)
        question.setWordWrap(True)
        question.setBuddy(self._field)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for part in (question, self._field, buttons):
            layout.addWidget(part)
        shown = f"{title} — {QApplication.applicationDisplayName() or 'Papershelf'}"
        needed = self.fontMetrics().horizontalAdvance(shown) + _TITLE_BAR_ROOM
        self.setMinimumWidth(max(_SMALLEST_INPUT_WIDTH, needed))

    def textValue(self) -> str:
        field = self._field
        return field.toPlainText() if isinstance(field, QPlainTextEdit) else field.text()

    def setTextValue(self, text: str) -> None:
        if isinstance(self._field, QPlainTextEdit):
            self._field.setPlainText(text)
        else:
            self._field.setText(text)
            self._field.selectAll()


def ask_text(parent: QWidget | None, title: str, label: str, *, text: str = "") -> str | None:
    """A line of text from the user, or None when they cancel."""
    dialog = QuestionDialog(parent, title, label, text=text, multiline=False)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    value = dialog.textValue().strip()
    dialog.deleteLater()
    return value if accepted and value else None


def ask_item(parent: QWidget | None, title: str, label: str, *, items: list[str]) -> str | None:
    """One of `items` from a list (the first chosen at first), or None on Cancel."""
    value, ok = QInputDialog.getItem(parent, title, label, items, 0, False)
    return value if ok else None


def ask_multiline(parent: QWidget | None, title: str, label: str, *, text: str = "") -> str | None:
    """Some lines of text from the user, or None when they cancel."""
    dialog = QuestionDialog(parent, title, label, text=text, multiline=True)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    value = dialog.textValue()
    dialog.deleteLater()
    return value if accepted else None


def confirm(parent: QWidget | None, title: str, sentence: str) -> bool:
    """Yes or no to a question; No is the default answer."""
    box = plain_text.message_box(
        QMessageBox(QMessageBox.Icon.Question, title, sentence, parent=parent)
    )
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    box.setDefaultButton(QMessageBox.StandardButton.No)
    box.exec()
    return box.standardButton(box.clickedButton()) == QMessageBox.StandardButton.Yes


def show_error(parent: QWidget | None, sentence: str) -> None:
    """Tell the user something did not work, in a sentence they can act on."""
    plain_text.message_box(
        QMessageBox(QMessageBox.Icon.Warning, "Papershelf", sentence, parent=parent)
    ).exec()


def show_info(parent: QWidget | None, title: str, sentence: str) -> None:
    plain_text.message_box(
        QMessageBox(QMessageBox.Icon.Information, title, sentence, parent=parent)
    ).exec()


def choose(parent: QWidget | None, title: str, sentence: str, *, choices: list[str]) -> str | None:
    """One of `choices` (button labels, the first is the default), or None on Cancel."""
    box = plain_text.message_box(
        QMessageBox(QMessageBox.Icon.Question, title, sentence, parent=parent)
    )
    buttons = [box.addButton(label, QMessageBox.ButtonRole.AcceptRole) for label in choices]
    box.addButton(QMessageBox.StandardButton.Cancel)
    if buttons:
        box.setDefaultButton(buttons[0])
    box.exec()
    clicked = box.clickedButton()
    for label, button in zip(choices, buttons, strict=True):
        if clicked is button:
            return label
    return None


def ask_open_files(parent: QWidget | None, title: str, filters: str) -> list[str]:
    """Files the user picked to open ([] when they cancel)."""
    return file_dialogs.open_files(parent, title, filters)
