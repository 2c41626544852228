"""Asking which field to give the selected papers, and which value (empty: clear it)."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from desktop.core import api
from desktop.ui.widgets import field_labels

#: Fields offered first (any other can be typed): those the table shows, then the rest of
#: what the entry types list, by the library's names. People are edited one paper at a time.
_OFFERED = ("journal", "booktitle", "publisher", "year", "volume", "entry_type", "topic")


def offered_fields() -> list[str]:
    """The field names the dialog lists, as bulk edits name them."""
    names = [*_OFFERED, *(n for n in api.FIELDS if n not in _OFFERED)]
    kept = [n for n in names if n not in ("authors", "editors", "month")]
    return [
        n if n in (*api.MODELLED_FIELDS, "year", "entry_type") else api.EXTRA_PREFIX + n
        for n in kept
    ]


def value_for(name: str, text: str) -> tuple[Any, str]:
    """The value typed, as the field stores it, and "" — or None and a sentence saying
    why it cannot be stored."""
    text = text.strip()
    if name == "year":
        if not text:
            return None, ""
        if re.fullmatch(r"-?\d{1,4}", text):
            return int(text), ""
        return None, QCoreApplication.translate(
            "SetField", "The year “{year}” is not a year; write it as, e.g., 2019."
        ).format(year=text)
    if name == "entry_type":
        return (text.lower() or "misc"), ""
    return text, ""


def shown_name(name: str) -> str:
    """What the dialog (and the undo step) calls a field."""
    if name == "entry_type":
        return QCoreApplication.translate("SetField", "Type")
    return field_labels.label(name)


class SetFieldDialog(QDialog):
    """A field (listed, or typed by name) and its new value for every selected paper."""

    def __init__(self, count: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Set Field"))
        self.field = QComboBox(self)
        self.field.setEditable(True)
        for name in offered_fields():
            self.field.addItem(shown_name(name), name)
        self.value = QLineEdit(self)
        self.value.setPlaceholderText(self.tr("Leave empty to clear the field"))
        told = QCoreApplication.translate(
            "SetField",
            "The value is given to the %n selected paper(s); one undo takes it back.",
            "",
            count,
        )
        self.told = QLabel(told, self)
        self.told.setWordWrap(True)
        self.problem = QLabel(self)
        self.problem.setStyleSheet("color: #c0392b;")
        self.problem.setWordWrap(True)
        self.problem.hide()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        self._form = form
        form.addRow(self.tr("Field"), self.field)
        form.addRow(self.tr("Value"), self.value)
        form.addRow(self.told)
        form.addRow(self.problem)
        form.addRow(buttons)
        self.resize(420, self.sizeHint().height())

    def chosen_name(self) -> str:
        """The field chosen, as bulk edits name it (a typed name made so)."""
        index = self.field.findText(self.field.currentText())
        if index >= 0:
            return str(self.field.itemData(index))
        typed = field_labels.storage_name(self.field.currentText())
        return typed

    def chosen(self) -> tuple[str, Any]:
        name = self.chosen_name()
        return name, value_for(name, self.value.text())[0]

    def accept(self) -> None:
        name = self.chosen_name()
        _value, problem = value_for(name, self.value.text())
        if not problem and name in ("authors", "editors", "month"):
            problem = self.tr("This field is edited one paper at a time, in the detail pane.")
        self.problem.setText(problem)
        self.problem.setVisible(bool(problem))
        if not problem:
            super().accept()
            return
        # Taller for the sentence: a wrapped label's height is not in the form's minimum.
        self._form.activate()
        needed = self._form.totalHeightForWidth(self.width())
        self.resize(self.width(), max(self.height(), needed))


def ask(parent: QWidget, count: int) -> tuple[str, Any] | None:
    """(field, value) for the selected papers, or None when the user cancelled."""
    dialog = SetFieldDialog(count, parent)
    try:
        return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()
