"""The editable metadata of one paper, saved field by field as the user leaves each field.

A bad year or DOI is flagged next to the form and not saved. Saves name the version the
form was loaded from, so an edit never overwrites someone else's newer change silently.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QToolButton,
    QWidget,
)

from desktop.core import api
from desktop.core.api import PaperDetails, Person
from desktop.ui import icons
from desktop.ui.translations import QT_TRANSLATE_NOOP

#: (field, label) of the one-line text fields, in form order.
TEXT_FIELDS = (
    ("title", QT_TRANSLATE_NOOP("MetadataForm", "Title")),
    ("journal", QT_TRANSLATE_NOOP("MetadataForm", "Journal")),
    ("booktitle", QT_TRANSLATE_NOOP("MetadataForm", "Book title")),
    ("publisher", QT_TRANSLATE_NOOP("MetadataForm", "Publisher")),
    ("volume", QT_TRANSLATE_NOOP("MetadataForm", "Volume")),
    ("number", QT_TRANSLATE_NOOP("MetadataForm", "Number")),
    ("pages", QT_TRANSLATE_NOOP("MetadataForm", "Pages")),
    ("doi", QT_TRANSLATE_NOOP("MetadataForm", "DOI")),
    ("arxiv_id", QT_TRANSLATE_NOOP("MetadataForm", "arXiv")),
    ("url", QT_TRANSLATE_NOOP("MetadataForm", "URL")),
    ("topic", QT_TRANSLATE_NOOP("MetadataForm", "Topic")),
)
ENTRY_TYPES = (
    "article",
    "inproceedings",
    "book",
    "incollection",
    "phdthesis",
    "mastersthesis",
    "techreport",
    "misc",
    "online",
    "unpublished",
)
STATUSES = ("unread", "reading", "read")
_STATUS_LABELS = (
    QT_TRANSLATE_NOOP("MetadataForm", "Unread"),
    QT_TRANSLATE_NOOP("MetadataForm", "Reading"),
    QT_TRANSLATE_NOOP("MetadataForm", "Read"),
)
_DOI_PREFIX = re.compile(r"^(https?://(dx\.)?doi\.org/|doi:\s*)", re.IGNORECASE)


def written_name(person: Person) -> str:
    """A person as "von Family, Jr, Given", the form that reads back unambiguously; a CJK
    name as the user wrote it (`张三`, `田中 太郎`), which reads back the same."""
    written = person.as_written
    if written and "{" not in written and person.family_first() is not None:
        return written
    family = f"{person.von} {person.family}".strip()
    if not family:
        return person.as_written or person.given
    parts = [family, person.jr, person.given] if person.jr else [family, person.given]
    return ", ".join(p for p in parts if p)


def clean_doi(text: str) -> str:
    """A DOI without the resolver address or "doi:" in front of it."""
    return _DOI_PREFIX.sub("", text.strip())


def problems_in(values: dict[str, Any], year_text: str) -> dict[str, str]:
    """Sentences naming the values that cannot be saved as they are, by field."""
    problems = {}
    if year_text and values.get("year") is None:
        problems["year"] = QCoreApplication.translate(
            "MetadataForm", "The year “{year}” is not a year; write it as, e.g., 2019."
        ).format(year=year_text)
    doi = values.get("doi", "")
    if doi and not api.is_doi(doi):
        problems["doi"] = QCoreApplication.translate(
            "MetadataForm", "“{doi}” is not a DOI; a DOI looks like 10.1000/xyz123."
        ).format(doi=doi)
    return problems


class _FocusOut(QObject):
    """Calls back when a watched widget loses focus (QPlainTextEdit has no editingFinished)."""

    def __init__(self, callback: Any, parent: QObject) -> None:
        super().__init__(parent)
        self._callback = callback

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusOut:
            self._callback()
        return False


class MetadataForm(QWidget):
    """Fields of one paper; emits `save_requested(changes)` with only what the user changed."""

    #: {field: new value} ("authors" holds a list of Person) — valid values only.
    save_requested = Signal(dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loaded: dict[str, Any] = {}
        self.fields: dict[str, QLineEdit] = {}
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.citekey = QLineEdit(self)
        self.citekey.setReadOnly(True)
        self.citekey.setToolTip(
            self.tr("The citation key is fixed once made, so citations keep working.")
        )
        copy = QToolButton(self)
        copy.setIcon(icons.icon("copy"))
        copy.setToolTip(self.tr("Copy the citation key"))
        copy.setAccessibleName(self.tr("Copy citation key"))
        copy.clicked.connect(self.copy_citekey)
        key_row = QHBoxLayout()
        key_row.addWidget(self.citekey, 1)
        key_row.addWidget(copy)
        form.addRow(self.tr("Citation key"), key_row)
        self.entry_type = QComboBox(self)
        self.entry_type.setEditable(True)
        self.entry_type.addItems(ENTRY_TYPES)
        self.entry_type.activated.connect(self._on_edited)
        type_edit = self.entry_type.lineEdit()
        assert type_edit is not None
        type_edit.editingFinished.connect(self._on_edited)
        form.addRow(self.tr("Type"), self.entry_type)
        self.authors = QPlainTextEdit(self)
        self.authors.setPlaceholderText(self.tr("One author per line: Family, Given"))
        self.authors.setTabChangesFocus(True)
        self.authors.setFixedHeight(self.fontMetrics().lineSpacing() * 4 + 12)
        self.authors.installEventFilter(_FocusOut(self._on_edited, self))
        for name, label in TEXT_FIELDS[:1]:
            self._add_line(form, name, label)
        form.addRow(self.tr("Authors"), self.authors)
        self.year = QLineEdit(self)
        self.year.setPlaceholderText(self.tr("e.g. 2019"))
        self.year.setMaxLength(6)
        self.year.editingFinished.connect(self._on_edited)
        form.addRow(self.tr("Year"), self.year)
        for name, label in TEXT_FIELDS[1:]:
            self._add_line(form, name, label)
        self.status = QComboBox(self)
        self.status.addItems([self.tr(label) for label in _STATUS_LABELS])
        self.status.activated.connect(self._on_edited)
        form.addRow(self.tr("Status"), self.status)
        self.priority = QSpinBox(self)
        self.priority.setRange(0, 5)
        self.priority.setSpecialValueText(self.tr("None"))
        self.priority.editingFinished.connect(self._on_edited)
        form.addRow(self.tr("Priority"), self.priority)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c0392b;")
        self.problem.hide()
        form.addRow(self.problem)

    def _add_line(self, form: QFormLayout, name: str, label: str) -> None:
        edit = QLineEdit(self)
        edit.editingFinished.connect(self._on_edited)
        self.fields[name] = edit
        form.addRow(self.tr(label), edit)

    # -- loading and reading values ------------------------------------------------------

    def load(self, details: PaperDetails) -> bool:
        """Show a paper; fields the user is still editing keep their text.

        Returns False when one of those fields was also changed in the library meanwhile:
        the caller keeps the old version so that saving it reports the collision.
        """
        fresh = _values_of(details)
        clean = not self._loaded
        collided = False
        current = {} if clean else self.values()
        for name, value in fresh.items():
            before = self._loaded.get(name)
            if clean or _same(name, current.get(name, before), before):
                self._show(name, value)
            elif not _same(name, value, before):
                collided = True
        self._loaded = fresh
        self.citekey.setText(details.paper.citekey)
        self._flag({})
        return not collided

    def clear(self) -> None:
        """Forget the paper shown (so the next `load` shows all of the next one)."""
        self._loaded = {}

    def _show(self, name: str, value: Any) -> None:
        if name in self.fields:
            self.fields[name].setText(value)
            self.fields[name].setCursorPosition(0)
        elif name == "authors":
            self.authors.setPlainText("\n".join(written_name(p) for p in value))
        elif name == "year":
            self.year.setText("" if value is None else str(value))
        elif name == "entry_type":
            self.entry_type.setCurrentText(value)
        elif name == "status":
            self.status.setCurrentIndex(STATUSES.index(value) if value in STATUSES else 0)
        elif name == "priority":
            self.priority.setValue(value)

    def values(self) -> dict[str, Any]:
        """What the form holds now, in the library's terms (a bad year reads as None)."""
        result: dict[str, Any] = {name: edit.text().strip() for name, edit in self.fields.items()}
        result["doi"] = clean_doi(result["doi"])
        lines = [line.strip() for line in self.authors.toPlainText().splitlines()]
        result["authors"] = [api.split_name(line) for line in lines if line]
        year = self.year.text().strip()
        result["year"] = int(year) if re.fullmatch(r"-?\d{1,4}", year) else None
        result["entry_type"] = self.entry_type.currentText().strip().lower() or "misc"
        result["status"] = STATUSES[self.status.currentIndex()]
        result["priority"] = self.priority.value()
        return result

    def changes(self) -> dict[str, Any]:
        """Only the fields that differ from what was loaded."""
        now = self.values()
        return {k: v for k, v in now.items() if not _same(k, v, self._loaded.get(k))}

    def loaded(self, name: str) -> Any:
        return self._loaded.get(name)

    # -- saving --------------------------------------------------------------------------

    def _on_edited(self, *_args: object) -> None:
        if not self._loaded:
            return
        changes = self.changes()
        problems = problems_in(self.values(), self.year.text().strip())
        self._flag(problems)
        # A bad value is flagged and held back; the user's other edits are still saved.
        for field in problems:
            changes.pop(field, None)
        if changes:
            self.save_requested.emit(changes)

    def _flag(self, problems: dict[str, str]) -> None:
        self.problem.setText(" ".join(problems.values()))
        self.problem.setVisible(bool(problems))
        bad_year = "year" in problems
        bad_doi = "doi" in problems
        self.year.setProperty("invalid", bad_year)
        self.year.setStyleSheet("border: 1px solid #c0392b;" if bad_year else "")
        self.fields["doi"].setStyleSheet("border: 1px solid #c0392b;" if bad_doi else "")

    def copy_citekey(self) -> None:
        QGuiApplication.clipboard().setText(self.citekey.text())


def _values_of(details: PaperDetails) -> dict[str, Any]:
    paper = details.paper
    values: dict[str, Any] = {name: getattr(paper, name) for name, _ in TEXT_FIELDS}
    values.update(
        authors=list(details.authors),
        year=paper.year,
        entry_type=paper.entry_type,
        status=paper.status,
        priority=paper.priority,
    )
    return values


def _same(name: str, a: Any, b: Any) -> bool:
    """Equal as the form shows them (authors compare by name, not by how a file wrote them)."""
    if name == "authors":
        return [written_name(p) for p in a or []] == [written_name(p) for p in b or []]
    return bool(a == b)
