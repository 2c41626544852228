"""Every question and message the window puts to the user, in one place.

Tests replace these functions (monkeypatch) so no modal dialog ever blocks them.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QInputDialog, QLineEdit, QMessageBox, QWidget

from desktop.ui import plain_text


def ask_text(parent: QWidget | None, title: str, label: str, *, text: str = "") -> str | None:
    """A line of text from the user, or None when they cancel."""
    value, ok = QInputDialog.getText(parent, title, label, QLineEdit.EchoMode.Normal, text)
    return value.strip() if ok and value.strip() else None


def ask_item(parent: QWidget | None, title: str, label: str, *, items: list[str]) -> str | None:
    """One of `items` from a list (the first chosen at first), or None on Cancel."""
    value, ok = QInputDialog.getItem(parent, title, label, items, 0, False)
    return value if ok else None


def ask_multiline(parent: QWidget | None, title: str, label: str, *, text: str = "") -> str | None:
    """Some lines of text from the user, or None when they cancel."""
    value, ok = QInputDialog.getMultiLineText(parent, title, label, text)
    return value if ok else None


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
    files, _ = QFileDialog.getOpenFileNames(parent, title, "", filters)
    return files
