"""Every question and message the window puts to the user, in one place.

Tests replace these functions (monkeypatch) so no modal dialog ever blocks them.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QInputDialog, QLineEdit, QMessageBox, QWidget


def ask_text(parent: QWidget | None, title: str, label: str, *, text: str = "") -> str | None:
    """A line of text from the user, or None when they cancel."""
    value, ok = QInputDialog.getText(parent, title, label, QLineEdit.EchoMode.Normal, text)
    return value.strip() if ok and value.strip() else None


def ask_multiline(parent: QWidget | None, title: str, label: str, *, text: str = "") -> str | None:
    """Some lines of text from the user, or None when they cancel."""
    value, ok = QInputDialog.getMultiLineText(parent, title, label, text)
    return value if ok else None


def confirm(parent: QWidget | None, title: str, sentence: str) -> bool:
    """Yes or no to a question; No is the default answer."""
    answer = QMessageBox.question(
        parent,
        title,
        sentence,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes


def show_error(parent: QWidget | None, sentence: str) -> None:
    """Tell the user something did not work, in a sentence they can act on."""
    QMessageBox.warning(parent, "Papershelf", sentence)


def show_info(parent: QWidget | None, title: str, sentence: str) -> None:
    QMessageBox.information(parent, title, sentence)


def choose(parent: QWidget | None, title: str, sentence: str, *, choices: list[str]) -> str | None:
    """One of `choices` (button labels, the first is the default), or None on Cancel."""
    box = QMessageBox(QMessageBox.Icon.Question, title, sentence, parent=parent)
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
