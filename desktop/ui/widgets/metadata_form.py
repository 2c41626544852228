"""Every field of one paper, editable, saved field by field as the user leaves each field.

The rows are those of the paper's entry type (BibLaTeX's required fields in bold, then its
optional ones), then every other field the paper holds (kept from an import: ISSN, a
translator, fields the library does not know), and "Add field…" for any other; then the
abstract and the keywords, one a line. A bad year, month or DOI is flagged next to the
form and not saved. Saves name the version the
form was loaded from, so an edit never overwrites someone else's newer change silently.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QWidget,
)

from desktop.core import api
from desktop.core.api import EXTRA_PREFIX, PaperDetails, Person
from desktop.ui import icons, prompts
from desktop.ui.translations import QT_TRANSLATE_NOOP
from desktop.ui.widgets import field_labels

#: Modelled text fields the form can show (the abstract is a box of several lines).
TEXT_NAMES = tuple(name for name in api.MODELLED_FIELDS if name != "abstract")
#: Rows every paper has, above those of its type.
_FIXED = ("title", "authors", "year")
#: Rows of several lines.
_PEOPLE = ("authors", "editors")
STATUSES = ("unread", "reading", "read")
_STATUS_LABELS = (
    QT_TRANSLATE_NOOP("MetadataForm", "Unread"),
    QT_TRANSLATE_NOOP("MetadataForm", "Reading"),
    QT_TRANSLATE_NOOP("MetadataForm", "Read"),
)
_DOI_PREFIX = re.compile(r"^(https?://(dx\.)?doi\.org/|doi:\s*)", re.IGNORECASE)
_BAD = "border: 1px solid #c0392b;"


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


def problems_in(values: dict[str, Any], texts: dict[str, str]) -> dict[str, str]:
    """Sentences naming the values that cannot be saved as they are, by field; `texts`
    holds the year and month as typed."""
    problems = {}
    year_text = texts.get("year", "")
    if year_text and values.get("year") is None:
        problems["year"] = QCoreApplication.translate(
            "MetadataForm", "The year “{year}” is not a year; write it as, e.g., 2019."
        ).format(year=year_text)
    month_text = texts.get("month", "")
    if month_text and values.get("month") is None:
        problems["month"] = QCoreApplication.translate(
            "MetadataForm", "The month “{month}” is not a month; write its number, 1 to 12."
        ).format(month=month_text)
    doi = values.get("doi", "")
    if doi and not api.is_doi(doi):
        problems["doi"] = QCoreApplication.translate(
            "MetadataForm", "“{doi}” is not a DOI; a DOI looks like 10.1000/xyz123."
        ).format(doi=doi)
    return problems


def rows_for(entry_type: str, values: dict[str, Any], added: list[str]) -> list[str]:
    """The rows below the fixed ones: the type's fields, then every other field holding a
    value, then those the user added, each once (names as `values` has them)."""
    typed = [_stored(n) for n in api.entry_type(entry_type).fields if n not in _FIXED]
    held = [
        name
        for name, value in values.items()
        if name in (*TEXT_NAMES, "editors", "month") or name.startswith(EXTRA_PREFIX)
        if value not in (None, "", []) and name not in typed and name not in _FIXED
    ]
    others = sorted(held, key=lambda n: (n.startswith(EXTRA_PREFIX), n))
    return list(dict.fromkeys([*typed, *others, *added]))


def _stored(name: str) -> str:
    """An `api.FIELDS` name as the form's values name it ("extra:issn" for a kept one)."""
    return name if name in (*TEXT_NAMES, *_PEOPLE, "year", "month") else EXTRA_PREFIX + name


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
    """Fields of one paper; emits `save_requested(changes)` with only what the user changed.

    Without a paper loaded (`start_new`), it only holds what is typed, for `values()`.
    """

    #: {field: new value} ("authors" and "editors" hold lists of Person; a kept field is
    #: "extra:<name>") — valid values only.
    save_requested = Signal(dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loaded: dict[str, Any] = {}
        #: Rows below the fixed ones, in order, and those the user added by name.
        self._rows: list[str] = []
        self._added: list[str] = []
        #: Every row made so far (label, field) by name, shown or not.
        self._made: dict[str, tuple[QLabel, QWidget]] = {}
        self.fields: dict[str, QLineEdit] = {}
        self.editors: QPlainTextEdit | None = None
        self.month: QLineEdit | None = None
        self._form = form = QFormLayout(self)
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
        self.entry_type.addItems(list(api.ENTRY_TYPES))
        self.entry_type.setToolTip(self.tr("The fields offered below follow the type"))
        self.entry_type.activated.connect(self._on_type_chosen)
        type_edit = self.entry_type.lineEdit()
        assert type_edit is not None
        type_edit.editingFinished.connect(self._on_type_chosen)
        form.addRow(self.tr("Type"), self.entry_type)
        title = self._line("title")
        form.addRow(self._label("title", required=True), title)
        self.authors = self._people_box(self.tr("One author per line: Family, Given"))
        form.addRow(self._label("authors", required=True), self.authors)
        self.year = QLineEdit(self)
        self.year.setPlaceholderText(self.tr("e.g. 2019"))
        self.year.setMaxLength(6)
        self.year.editingFinished.connect(self._on_edited)
        form.addRow(self._label("year", required=True), self.year)
        self._first_row = form.rowCount()
        self.add_field = QPushButton(self.tr("Add field…"), self)
        self.add_field.setToolTip(
            self.tr("Give this paper a field its type does not offer (e.g. isbn, note)")
        )
        self.add_field.clicked.connect(self._on_add_field)
        form.addRow("", self.add_field)
        self.abstract = QPlainTextEdit(self)
        self.abstract.setTabChangesFocus(True)
        self.abstract.setFixedHeight(self.fontMetrics().lineSpacing() * 6 + 12)
        self.abstract.installEventFilter(_FocusOut(self._on_edited, self))
        form.addRow(self._label("abstract"), self.abstract)
        # One keyword per line: a keyword may hold commas and semicolons of its own
        # ("Kraternaya Bight (Yanluch Island, Kurile Islands)"), but never a line break.
        self.keywords = QPlainTextEdit(self)
        self.keywords.setPlaceholderText(self.tr("One keyword per line"))
        self.keywords.setToolTip(
            self.tr("One keyword per line, commas and all; search them with keyword:")
        )
        self.keywords.setAccessibleName(field_labels.label("keywords"))
        self.keywords.setTabChangesFocus(True)
        # Unwrapped, so that a line on screen is a keyword; tall enough for all of them.
        self.keywords.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.keywords.textChanged.connect(self._fit_keywords)
        self._fit_keywords()
        self.keywords.installEventFilter(_FocusOut(self._on_edited, self))
        form.addRow(self._label("keywords"), self.keywords)
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
        self._arrange("article", {})

    # -- rows --------------------------------------------------------------------------------

    def _label(self, name: str, *, required: bool = False) -> QLabel:
        label = QLabel(field_labels.label(name), self)
        label.setToolTip(field_labels.tip(name))
        if required:
            font = QFont(label.font())
            font.setBold(True)
            label.setFont(font)
        return label

    def _line(self, name: str) -> QLineEdit:
        edit = QLineEdit(self)
        edit.setAccessibleName(field_labels.label(name))
        edit.editingFinished.connect(self._on_edited)
        self.fields[name] = edit
        return edit

    def _people_box(self, hint: str) -> QPlainTextEdit:
        box = QPlainTextEdit(self)
        box.setPlaceholderText(hint)
        box.setTabChangesFocus(True)
        box.setFixedHeight(self.fontMetrics().lineSpacing() * 4 + 12)
        box.installEventFilter(_FocusOut(self._on_edited, self))
        return box

    def _fit_keywords(self) -> None:
        """Room for every keyword and a new one (3 to 10 lines; a scroll bar beyond)."""
        lines = min(max(self.keywords.blockCount() + 1, 3), 10)
        height = self.fontMetrics().lineSpacing() * lines + 12
        if self.keywords.height() != height:
            self.keywords.setFixedHeight(height)

    def shown_fields(self) -> list[str]:
        """Every field the form has a row for, in order (values' names)."""
        return [*_FIXED, *self._rows, "abstract", "keywords"]

    def _arrange(self, entry_type: str, values: dict[str, Any]) -> None:
        """Give the form the rows of this type and these values; what is typed in a row
        that stays is kept, a row newly shown starts empty."""
        wanted = rows_for(entry_type, values, self._added)
        required = {_stored(n) for n in api.entry_type(entry_type).required}
        if wanted == self._rows:
            self._embolden(required)
            return
        typed = {name: self._text_of(name) for name in self._rows}
        # Rows are taken out and put back, not made again: going from an article to a
        # book and back, making ~20 widgets each time doubled the cost of showing a paper.
        for _ in self._rows:
            self._form.takeRow(self._first_row)
        for name in self._rows:
            for widget in self._made[name]:
                widget.hide()
        self.fields = {name: edit for name, edit in self.fields.items() if name not in self._rows}
        self.editors = self.month = None
        for at, name in enumerate(wanted, self._first_row):
            label, widget = self._made.get(name) or self._make_row(name)
            self._form.insertRow(at, label, widget)
            label.show()
            widget.show()
            if name == "editors":
                assert isinstance(widget, QPlainTextEdit)
                self.editors = widget
            elif name == "month":
                assert isinstance(widget, QLineEdit)
                self.month = widget
            else:
                assert isinstance(widget, QLineEdit)
                self.fields[name] = widget
        self._rows = wanted
        self._embolden(required)
        for name in wanted:
            self._set_text(name, typed.get(name, ""))

    def _embolden(self, required: set[str]) -> None:
        """The type's required fields in bold."""
        for name in self._rows:
            label = self._made[name][0]
            font = QFont(label.font())
            font.setBold(name in required)
            label.setFont(font)

    def _make_row(self, name: str) -> tuple[QLabel, QWidget]:
        widget: QWidget
        if name == "editors":
            widget = self._people_box(self.tr("One editor per line: Family, Given"))
        elif name == "month":
            month = QLineEdit(self)
            month.setPlaceholderText(self.tr("1 to 12"))
            month.setMaxLength(2)
            month.editingFinished.connect(self._on_edited)
            widget = month
        else:
            widget = self._line(name)
        made = self._made[name] = (self._label(name), widget)
        return made

    def _text_of(self, name: str) -> str:
        if name == "editors" and self.editors is not None:
            return self.editors.toPlainText()
        if name == "month" and self.month is not None:
            return self.month.text()
        return self.fields[name].text() if name in self.fields else ""

    def _set_text(self, name: str, text: str) -> None:
        if name == "editors" and self.editors is not None:
            self.editors.setPlainText(text)
        elif name == "month" and self.month is not None:
            self.month.setText(text)
        elif name in self.fields:
            self.fields[name].setText(text)
            self.fields[name].setCursorPosition(0)

    def _held(self) -> dict[str, Any]:
        """What was loaded with what is typed over it: the rows a value keeps."""
        return {**self._loaded, **self.values()}

    def _on_type_chosen(self, *_args: object) -> None:
        self._arrange(self._chosen_type(), self._held())
        self._on_edited()

    def _on_add_field(self) -> None:
        typed = prompts.ask_text(
            self, self.tr("Add field"), self.tr("Name of the field (e.g. isbn, note, series):")
        )
        if not typed:
            return
        name = field_labels.storage_name(typed)
        if name not in self.shown_fields():
            self._added.append(name)
            self._arrange(self._chosen_type(), self._held())
        self.focus_field(name)

    def focus_field(self, name: str) -> None:
        """Put the keyboard in a field's row (one just added, say)."""
        widget = {
            "authors": self.authors,
            "year": self.year,
            "editors": self.editors,
            "keywords": self.keywords,
        }.get(name)
        widget = widget or (self.month if name == "month" else self.fields.get(name))
        if widget is not None:
            widget.setFocus()

    # -- loading and reading values ------------------------------------------------------

    def load(self, details: PaperDetails) -> bool:
        """Show a paper; fields the user is still editing keep their text.

        Returns False when one of those fields was also changed in the library meanwhile:
        the caller keeps the old version so that saving it reports the collision.
        """
        fresh = values_of(details)
        clean = not self._loaded
        if clean:
            self._added = []
        current = {} if clean else self.values()
        # The rows follow the paper's type, unless the user is choosing another one.
        before = self._loaded.get("entry_type")
        choosing = not clean and not _same("entry_type", current.get("entry_type"), before)
        self._arrange(self._chosen_type() if choosing else fresh["entry_type"], fresh)
        collided = False
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

    def start_new(self, entry_type: str) -> None:
        """Empty rows of this entry type, for a paper not stored yet."""
        self.clear()
        self._added = []
        self.entry_type.setCurrentText(entry_type)
        self._arrange(entry_type, {})

    def hide_reading_rows(self) -> None:
        """No status or priority rows (for a paper not stored yet)."""
        self._form.setRowVisible(self.status, False)
        self._form.setRowVisible(self.priority, False)

    def clear(self) -> None:
        """Forget the paper shown (so the next `load` shows all of the next one)."""
        self._loaded = {}
        for name in self.shown_fields():
            self._set_text(name, "")
        self.authors.clear()
        self.year.clear()
        self.abstract.clear()
        self.keywords.clear()
        self.citekey.clear()

    def _show(self, name: str, value: Any) -> None:
        if name in _PEOPLE:
            text = "\n".join(written_name(p) for p in value)
            if name == "authors":
                self.authors.setPlainText(text)
            else:
                self._set_text(name, text)
        elif name == "year":
            self.year.setText("" if value is None else str(value))
        elif name == "month":
            self._set_text(name, "" if value is None else str(value))
        elif name == "abstract":
            self.abstract.setPlainText(value)
        elif name == "keywords":
            self.keywords.setPlainText("\n".join(value))
        elif name == "entry_type":
            self.entry_type.setCurrentText(value)
        elif name == "status":
            self.status.setCurrentIndex(STATUSES.index(value) if value in STATUSES else 0)
        elif name == "priority":
            self.priority.setValue(value)
        else:
            self._set_text(name, value or "")

    def _chosen_type(self) -> str:
        return self.entry_type.currentText().strip().lower() or "misc"

    def values(self) -> dict[str, Any]:
        """What the form's rows hold now, in the library's terms (a bad year or month
        reads as None)."""
        result: dict[str, Any] = {name: edit.text().strip() for name, edit in self.fields.items()}
        if "doi" in result:
            result["doi"] = clean_doi(result["doi"])
        result["authors"] = _people(self.authors.toPlainText())
        if self.editors is not None:
            result["editors"] = _people(self.editors.toPlainText())
        year = self.year.text().strip()
        result["year"] = int(year) if re.fullmatch(r"-?\d{1,4}", year) else None
        if self.month is not None:
            month = self.month.text().strip()
            number = int(month) if month.isdigit() else 0
            result["month"] = number if 1 <= number <= 12 else None
        result["abstract"] = self.abstract.toPlainText().strip()
        result["keywords"] = api.clean_keywords(self.keywords.toPlainText().splitlines())
        result["entry_type"] = self._chosen_type()
        result["status"] = STATUSES[self.status.currentIndex()]
        result["priority"] = self.priority.value()
        return result

    def changes(self) -> dict[str, Any]:
        """Only the fields that differ from what was loaded."""
        now = self.values()
        return {k: v for k, v in now.items() if not _same(k, v, self._loaded.get(k))}

    def loaded(self, name: str) -> Any:
        """A field's value as loaded ("" for a kept field the paper did not have)."""
        if name.startswith(EXTRA_PREFIX):
            return self._loaded.get(name, "")
        return self._loaded.get(name)

    def problems(self) -> dict[str, str]:
        """What cannot be saved as typed, flagged beside the rows, by field."""
        texts = {"year": self.year.text().strip()}
        if self.month is not None:
            texts["month"] = self.month.text().strip()
        problems = problems_in(self.values(), texts)
        self._flag(problems)
        return problems

    # -- saving --------------------------------------------------------------------------

    def _on_edited(self, *_args: object) -> None:
        if not self._loaded:
            return
        changes = self.changes()
        # A bad value is flagged and held back; the user's other edits are still saved.
        for field in self.problems():
            changes.pop(field, None)
        if changes:
            self.save_requested.emit(changes)

    def _flag(self, problems: dict[str, str]) -> None:
        self.problem.setText(" ".join(problems.values()))
        self.problem.setVisible(bool(problems))
        self.year.setProperty("invalid", "year" in problems)
        self.year.setStyleSheet(_BAD if "year" in problems else "")
        if self.month is not None:
            self.month.setStyleSheet(_BAD if "month" in problems else "")
        if "doi" in self.fields:
            self.fields["doi"].setStyleSheet(_BAD if "doi" in problems else "")

    def copy_citekey(self) -> None:
        QGuiApplication.clipboard().setText(self.citekey.text())


def values_of(details: PaperDetails) -> dict[str, Any]:
    """Every field of a stored paper, named as the form's values name them."""
    paper = details.paper
    values: dict[str, Any] = {name: getattr(paper, name) for name in TEXT_NAMES}
    values.update({EXTRA_PREFIX + name: str(value) for name, value in paper.extra.items()})
    values.update(
        authors=list(details.authors),
        editors=list(details.editors),
        year=paper.year,
        month=paper.month,
        abstract=paper.abstract,
        keywords=list(paper.keywords),
        entry_type=paper.entry_type,
        status=paper.status,
        priority=paper.priority,
    )
    return values


def _people(text: str) -> list[Person]:
    lines = [line.strip() for line in text.splitlines()]
    return [api.split_name(line) for line in lines if line]


def _same(name: str, a: Any, b: Any) -> bool:
    """Equal as the form shows them (people compare by name, not by how a file wrote
    them; an empty text and a missing one are the same)."""
    if name in _PEOPLE:
        return [written_name(p) for p in a or []] == [written_name(p) for p in b or []]
    if a in (None, "") and b in (None, ""):
        return True
    return bool(a == b)
