"""A paper's abstract with its annotations highlighted, and the annotations listed below.

Annotation offsets are Python string indices into the abstract; Qt's text positions count
UTF-16 code units, so the two are converted at the boundary (they differ after an emoji or
a mathematical letter outside the Basic Multilingual Plane).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QKeySequence, QPalette, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from desktop.core.api import Annotation
from desktop.ui import icons, plain_text

ANNOTATE_SHORTCUT = QKeySequence("Ctrl+Shift+A")


def to_qt_position(text: str, index: int) -> int:
    """The Qt (UTF-16) position of the Python index `index` in `text`."""
    return len(text[:index].encode("utf-16-le")) // 2


def from_qt_position(text: str, position: int) -> int:
    """The Python index of the Qt (UTF-16) position `position` in `text`."""
    units = 0
    for index, char in enumerate(text):
        if units >= position:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(text)


class AbstractView(QWidget):
    """Select text in the abstract and press Annotate (Ctrl+Shift+A) to annotate it."""

    #: The user asked to annotate abstract[start:end].
    annotate_requested = Signal(int, int)
    #: The user asked to edit or delete an annotation (by id).
    edit_requested = Signal(int)
    delete_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._abstract = ""
        self._annotations: list[Annotation] = []
        self.text = plain_text.ResourcelessBrowser(self)
        self.text.setAccessibleName(self.tr("Abstract"))
        self.text.selectionChanged.connect(self._on_selection_changed)
        self.annotate_button = QPushButton(
            icons.icon("annotate"), self.tr("Annotate selection"), self
        )
        self.annotate_button.setShortcut(ANNOTATE_SHORTCUT)
        self.annotate_button.setToolTip(
            self.tr(
                "Select words in the abstract, then press this (Ctrl+Shift+A) "
                "to write a note on them"
            )
        )
        self.annotate_button.setEnabled(False)
        self.annotate_button.clicked.connect(self._on_annotate)
        self.delete_button = QPushButton(self.tr("Delete"), self)
        self.delete_button.setToolTip(self.tr("Delete the selected annotation"))
        self.delete_button.setEnabled(False)
        self.delete_button.clicked.connect(self._on_delete)
        buttons = QHBoxLayout()
        buttons.addWidget(self.annotate_button)
        buttons.addStretch(1)
        buttons.addWidget(self.delete_button)
        self.list = QListWidget(self)
        self.list.setWordWrap(True)
        self.list.setAccessibleName(self.tr("Annotations"))
        self.list.itemDoubleClicked.connect(self._on_item_activated)
        self.list.currentRowChanged.connect(self._on_current_annotation)
        self.empty = QLabel(self.tr("This paper has no abstract to annotate."), self)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setEnabled(False)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.text)
        splitter.addWidget(self.list)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        self.splitter = splitter
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.empty)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)

    def show_abstract(self, abstract: str, annotations: list[Annotation]) -> None:
        """Show an abstract and highlight its annotations."""
        keep_scroll = abstract == self._abstract
        scroll = self.text.verticalScrollBar().value()
        self._abstract = abstract
        self._annotations = sorted(annotations, key=lambda a: (a.start, a.end))
        self.text.setPlainText(abstract)
        self._highlight()
        if keep_scroll:
            self.text.verticalScrollBar().setValue(scroll)
        self.list.clear()
        for annotation in self._annotations:
            quote = (
                annotation.quote if len(annotation.quote) < 120 else annotation.quote[:117] + "…"
            )
            label = f"“{quote}”" + (f"\n{annotation.note}" if annotation.note else "")
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, annotation.id)
            item.setToolTip(self.tr("Double-click to edit the note"))
            self.list.addItem(item)
        has_text = bool(abstract.strip())
        self.empty.setVisible(not has_text)
        self.splitter.setVisible(has_text)
        self.list.setVisible(bool(self._annotations))
        self.annotate_button.setVisible(has_text)
        self.delete_button.setVisible(bool(self._annotations))

    def _highlight(self) -> None:
        colour = QColor(self.palette().color(QPalette.ColorRole.Highlight))
        colour.setAlpha(70)
        marked = QTextCharFormat()
        marked.setBackground(colour)
        marked.setFontUnderline(True)
        for annotation in self._annotations:
            cursor = QTextCursor(self.text.document())
            cursor.setPosition(to_qt_position(self._abstract, annotation.start))
            cursor.setPosition(
                to_qt_position(self._abstract, annotation.end), QTextCursor.MoveMode.KeepAnchor
            )
            cursor.mergeCharFormat(marked)

    def selected_span(self) -> tuple[int, int] | None:
        """The selected part of the abstract as Python indices (start, end), if any."""
        cursor = self.text.textCursor()
        if not cursor.hasSelection():
            return None
        start = from_qt_position(self._abstract, cursor.selectionStart())
        end = from_qt_position(self._abstract, cursor.selectionEnd())
        return (start, end) if start < end else None

    def select_span(self, start: int, end: int) -> None:
        """Select abstract[start:end] (as a reader would with the mouse)."""
        cursor = QTextCursor(self.text.document())
        cursor.setPosition(to_qt_position(self._abstract, start))
        cursor.setPosition(to_qt_position(self._abstract, end), QTextCursor.MoveMode.KeepAnchor)
        self.text.setTextCursor(cursor)

    def show_annotation(self, annotation_id: int) -> None:
        """Make an annotation the current one: its words selected and scrolled to."""
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == annotation_id:
                self.list.setCurrentRow(row)
                self.text.ensureCursorVisible()
                return

    def current_annotation_id(self) -> int | None:
        item = self.list.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def _on_selection_changed(self) -> None:
        self.annotate_button.setEnabled(self.selected_span() is not None)

    def _on_annotate(self) -> None:
        span = self.selected_span()
        if span is not None:
            self.annotate_requested.emit(*span)

    def _on_current_annotation(self, row: int) -> None:
        self.delete_button.setEnabled(row >= 0)
        if 0 <= row < len(self._annotations):
            annotation = self._annotations[row]
            self.select_span(annotation.start, annotation.end)

    def _on_item_activated(self, item: QListWidgetItem) -> None:
        self.edit_requested.emit(int(item.data(Qt.ItemDataRole.UserRole)))

    def _on_delete(self) -> None:
        annotation_id = self.current_annotation_id()
        if annotation_id is not None:
            self.delete_requested.emit(annotation_id)

    def annotation(self, annotation_id: int) -> Annotation | None:
        return next((a for a in self._annotations if a.id == annotation_id), None)
