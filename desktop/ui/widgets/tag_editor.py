"""A paper's tags as one line of comma-separated names, edited in place."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLineEdit, QWidget

# Chinese and Japanese input methods type these for a comma: they separate tags too.
_COMMAS = str.maketrans({"，": ",", "、": ",", "､": ","})


def parse_tags(text: str) -> list[str]:
    """Tag names from "a, b ,c" or "甲，乙、丙" (blank ones dropped, duplicates once, order
    kept)."""
    names = (" ".join(part.split()) for part in text.translate(_COMMAS).split(","))
    return list(dict.fromkeys(name for name in names if name))


class TagEditor(QLineEdit):
    """Emits `tags_edited(added, removed)` when the user leaves the field after a change."""

    tags_edited = Signal(list, list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._shown: list[str] = []
        self.setPlaceholderText(self.tr("Tags, separated by commas"))
        self.setToolTip(self.tr("Type tag names separated by commas; press Enter to apply"))
        self.setAccessibleName(self.tr("Tags"))
        self.editingFinished.connect(self._on_editing_finished)

    def show_tags(self, names: list[str]) -> None:
        """Show a paper's tags (unless the user is typing in the field)."""
        if self.hasFocus() and parse_tags(self.text()) != self._shown:
            return
        self._shown = list(names)
        self.setText(", ".join(names))

    def _on_editing_finished(self) -> None:
        wanted = parse_tags(self.text())
        added = [n for n in wanted if n.casefold() not in {s.casefold() for s in self._shown}]
        removed = [n for n in self._shown if n.casefold() not in {w.casefold() for w in wanted}]
        if added or removed:
            self._shown = wanted
            self.tags_edited.emit(added, removed)
