"""The New Paper dialog: every field of the chosen entry type, typed in before it is stored."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop.core.api import EXTRA_PREFIX, Record
from desktop.ui.widgets.metadata_form import TEXT_NAMES, MetadataForm

#: The type a new paper starts as (the one most papers have).
FIRST_TYPE = "article"


class NewPaperDialog(QDialog):
    """Asks for a paper's fields; `record()` is what was typed, once accepted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New Paper"))
        self.form = MetadataForm(self)
        self.form.start_new(FIRST_TYPE)
        self.form.hide_reading_rows()
        self.form.citekey.setPlaceholderText(self.tr("Made from the authors, year and title"))
        scroll = QScrollArea(self)
        scroll.setWidget(self.form)
        scroll.setWidgetResizable(True)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c0392b;")
        self.problem.hide()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Add Paper"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.resize(520, 680)
        self.form.fields["title"].setFocus()

    def accept(self) -> None:
        """Close only with what can be stored; else say what to fix and stay open."""
        problems = self.form.problems()
        if not self.form.values()["title"] and not problems:
            problems = {"title": self.tr("Give the paper a title.")}
        self.problem.setText(" ".join(problems.values()))
        self.problem.setVisible(bool(problems))
        if problems:
            return
        super().accept()

    def record(self) -> Record:
        """The paper as typed (its citation key is made when it is stored)."""
        return record_of(self.form.values())


def record_of(values: dict[str, Any]) -> Record:
    """A Record holding the form's values (kept fields go to `extra`, empty ones nowhere)."""
    extra = {
        name.removeprefix(EXTRA_PREFIX): value
        for name, value in values.items()
        if name.startswith(EXTRA_PREFIX) and value
    }
    record = Record(
        entry_type=values["entry_type"],
        abstract=values.get("abstract", ""),
        year=values.get("year"),
        month=values.get("month"),
        authors=list(values.get("authors", [])),
        editors=list(values.get("editors", [])),
        keywords=list(values.get("keywords", [])),
        extra=extra,
    )
    for name in TEXT_NAMES:
        setattr(record, name, values.get(name, "") or "")
    return record


def ask(parent: QWidget) -> Record | None:
    """The new paper typed in, or None when the user cancelled."""
    dialog = NewPaperDialog(parent)
    try:
        return dialog.record() if dialog.exec() == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()
