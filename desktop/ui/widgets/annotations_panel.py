"""Every annotation in the library, with its paper: find a note again and jump to it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.core.api import Annotation, math_as_text
from desktop.core.library import Library

_ANNOTATION_ROLE = Qt.ItemDataRole.UserRole
#: A quote longer than this is shortened in the list (whole in the tooltip and a copy).
_QUOTE_SHOWN = 160


class AnnotationsPanel(QWidget):
    """Shown in the centre when the sidebar's "Annotations" row is picked."""

    #: Show this annotation in its paper: (paper id, annotation id).
    jump_requested = Signal(int, int)

    def __init__(self, library: Library, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._library = library
        self._shown: list[tuple[Annotation, str]] = []
        self.list = QListWidget(self)
        self.list.setAccessibleName(self.tr("Annotations"))
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setSpacing(3)  # each annotation is several lines: keep them apart
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.itemActivated.connect(self._on_activated)
        self.list.itemSelectionChanged.connect(self._on_selection)
        self.show_button = QPushButton(self.tr("Show in Paper"), self)
        self.show_button.setToolTip(self.tr("Open the paper at this annotation (Enter)"))
        self.show_button.clicked.connect(self._on_show)
        self.copy_button = QPushButton(self.tr("Copy"), self)
        self.copy_button.setToolTip(
            self.tr("Copy the selected annotations with their papers, as Markdown (Ctrl+C)")
        )
        self.copy_button.clicked.connect(self.copy_selected)
        # Ctrl+C in the list copies these (the list would copy one item's text); elsewhere
        # in the panel the window's Copy does.
        self.list.installEventFilter(self)
        self.empty = QLabel(
            self.tr(
                "No annotations yet. Select words in a paper's abstract and press "
                "Annotate selection to write a note on them."
            ),
            self,
        )
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setEnabled(False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.show_button)
        buttons.addStretch(1)
        buttons.addWidget(self.copy_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.empty, 1)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        self._on_selection()

    def reload(self) -> None:
        """Re-read every annotation from the library."""
        selected = set(self.selected_ids())
        self._shown = self._library.annotations()
        self.list.clear()
        for annotation, title in self._shown:
            item = QListWidgetItem(self._label(annotation, title))
            item.setData(_ANNOTATION_ROLE, annotation.id)
            item.setToolTip(f"“{annotation.quote}”")
            self.list.addItem(item)
            item.setSelected(annotation.id in selected)
        has_any = bool(self._shown)
        self.empty.setVisible(not has_any)
        self.list.setVisible(has_any)
        self._on_selection()

    def count(self) -> int:
        return len(self._shown)

    def selected_ids(self) -> list[int]:
        """The selected annotations' ids, in the list's order."""
        return [
            int(self.list.item(row).data(_ANNOTATION_ROLE))
            for row in range(self.list.count())
            if self.list.item(row).isSelected()
        ]

    def _label(self, annotation: Annotation, title: str) -> str:
        quote = math_as_text(annotation.quote)  # as the title beside it is shown
        if len(quote) > _QUOTE_SHOWN:
            quote = quote[: _QUOTE_SHOWN - 1] + "…"
        paper = math_as_text(title) if title.strip() else self.tr("Untitled paper")
        lines = [f"“{quote}”"]
        if annotation.note.strip():
            lines.append(annotation.note.strip())
        lines.append(self.tr("— in {paper}").format(paper=paper))
        return "\n".join(lines)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.list
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.matches(QKeySequence.StandardKey.Copy)
        ):
            self.copy_selected()
            return True
        return super().eventFilter(watched, event)

    def copy_selected(self) -> None:
        """Put the selected annotations (all when none is) on the clipboard as Markdown."""
        wanted = set(self.selected_ids()) or {a.id for a, _ in self._shown}
        chosen = [(a, title) for a, title in self._shown if a.id in wanted]
        if not chosen:
            return
        data = QMimeData()
        data.setText(self.as_markdown(chosen))
        QGuiApplication.clipboard().setMimeData(data)

    def as_markdown(self, chosen: list[tuple[Annotation, str]]) -> str:
        """The annotations as a Markdown list under each paper's title, in the list's order."""
        blocks: list[str] = []
        last_paper: int | None = None
        for annotation, title in chosen:
            if annotation.paper_id != last_paper:
                heading = title.strip() or self.tr("Untitled paper")
                blocks.append(f"\n## {' '.join(heading.split())}\n")
                last_paper = annotation.paper_id
            quote = " ".join(annotation.quote.split())
            note = annotation.note.strip()
            blocks.append(f"- “{quote}”" + (": " + note.replace("\n", "\n  ") if note else ""))
        return "\n".join(blocks).strip() + "\n"

    def _on_selection(self) -> None:
        has_selection = bool(self.list.selectedItems())
        self.show_button.setEnabled(len(self.list.selectedItems()) == 1)
        self.copy_button.setEnabled(has_selection or bool(self._shown))

    def _on_activated(self, item: QListWidgetItem) -> None:
        self._jump_to(int(item.data(_ANNOTATION_ROLE)))

    def _on_show(self) -> None:
        ids = self.selected_ids()
        if len(ids) == 1:
            self._jump_to(ids[0])

    def _jump_to(self, annotation_id: int) -> None:
        for annotation, _title in self._shown:
            if annotation.id == annotation_id:
                self.jump_requested.emit(annotation.paper_id, annotation.id)
                return
