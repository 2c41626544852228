"""Two possible duplicates side by side: the fields that differ marked, a choice of value
for each, then merge them or keep them as different papers (remembered)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont, QMouseEvent, QPalette
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop.core.api import KEEP, OTHER, Comparison, FieldPair, math_as_text
from desktop.core.library import Library
from desktop.ui import plain_text
from desktop.ui.translations import QT_TRANSLATE_NOOP
from desktop.ui.widgets import field_labels

#: Labels of the fields a paper has a column for; imported ones are named as the form names them.
FIELD_LABELS = {
    "citekey": QT_TRANSLATE_NOOP("ComparePapers", "Citation key"),
    "authors": QT_TRANSLATE_NOOP("ComparePapers", "Authors"),
    "editors": QT_TRANSLATE_NOOP("ComparePapers", "Editors"),
    "entry_type": QT_TRANSLATE_NOOP("ComparePapers", "Type"),
    "title": QT_TRANSLATE_NOOP("ComparePapers", "Title"),
    "year": QT_TRANSLATE_NOOP("ComparePapers", "Year"),
    "month": QT_TRANSLATE_NOOP("ComparePapers", "Month"),
    "abstract": QT_TRANSLATE_NOOP("ComparePapers", "Abstract"),
    "journal": QT_TRANSLATE_NOOP("ComparePapers", "Journal"),
    "booktitle": QT_TRANSLATE_NOOP("ComparePapers", "Book title"),
    "publisher": QT_TRANSLATE_NOOP("ComparePapers", "Publisher"),
    "volume": QT_TRANSLATE_NOOP("ComparePapers", "Volume"),
    "number": QT_TRANSLATE_NOOP("ComparePapers", "Number"),
    "pages": QT_TRANSLATE_NOOP("ComparePapers", "Pages"),
    "doi": QT_TRANSLATE_NOOP("ComparePapers", "DOI"),
    "arxiv_id": QT_TRANSLATE_NOOP("ComparePapers", "arXiv id"),
    "url": QT_TRANSLATE_NOOP("ComparePapers", "URL"),
    "topic": QT_TRANSLATE_NOOP("ComparePapers", "Topic"),
}
#: Longer values are cut in the grid (the tooltip holds them whole).
_SHOWN_CHARACTERS = 300


def field_label(name: str) -> str:
    """How the dialog names a field: its label, or an imported field's own name."""
    if name.startswith("extra:"):
        return field_labels.label(name)  # as the detail pane names it
    return QCoreApplication.translate("ComparePapers", FIELD_LABELS.get(name, name))


def shown_values(pair: FieldPair) -> tuple[str, str]:
    """The two values as the dialog shows them: math as text ($^{13}$C as ¹³C), unless
    only the LaTeX tells two differing values apart."""
    keep, other = math_as_text(pair.keep), math_as_text(pair.other)
    if pair.differs and keep == other:
        return pair.keep, pair.other
    return keep, other


class ComparePapersDialog(QDialog):
    """Accepted with `decision` "merge" (see `keep_id`, `other_id`, `choices`) or
    "different"; rejected to decide later."""

    def __init__(self, library: Library, keep_id: int, other_id: int, *, parent: QWidget) -> None:
        super().__init__(parent)
        self._library = library
        self.decision = ""
        self.setWindowTitle(self.tr("Compare possible duplicates"))
        self.resize(900, 620)
        self._intro = QLabel(self)
        self._intro.setWordWrap(True)
        self._scroll = QScrollArea(self)
        self._scroll.setWidgetResizable(True)
        self._groups: dict[str, QButtonGroup] = {}
        self.swap_button = QPushButton(self.tr("Keep the other paper instead"), self)
        self.swap_button.setToolTip(
            self.tr("The paper kept holds the merge; the other goes to the trash")
        )
        self.swap_button.clicked.connect(self._on_swap)
        buttons = QDialogButtonBox(self)
        self.merge_button = buttons.addButton(
            self.tr("Merge"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.different_button = buttons.addButton(
            self.tr("Not duplicates"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.different_button.setToolTip(
            self.tr("They are different papers: keep both and do not offer them again")
        )
        later = buttons.addButton(self.tr("Decide later"), QDialogButtonBox.ButtonRole.RejectRole)
        self.merge_button.clicked.connect(self._on_merge)
        self.different_button.clicked.connect(self._on_different)
        later.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self._intro)
        layout.addWidget(self._scroll, 1)
        layout.addWidget(self.swap_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(buttons)
        self._show(keep_id, other_id)

    # -- what the user chose -------------------------------------------------------------

    def choices(self) -> tuple[tuple[str, str], ...]:
        """Which paper's value each differing field keeps (KEEP or OTHER)."""
        return tuple(
            (name, OTHER if group.checkedId() == 1 else KEEP)
            for name, group in self._groups.items()
        )

    def choose(self, name: str, side: str) -> None:
        """Pick a field's value (as a click on its button does)."""
        self._groups[name].button(1 if side == OTHER else 0).setChecked(True)

    # -- building ------------------------------------------------------------------------

    def _show(self, keep_id: int, other_id: int) -> None:
        self.keep_id, self.other_id = keep_id, other_id
        self.comparison: Comparison = self._library.compare_papers(keep_id, other_id)
        differing = sum(1 for p in self.comparison.fields if p.differs and p.name != "citekey")
        self._intro.setText(
            QCoreApplication.translate(
                "ComparePapers",
                "%n field(s) differ (marked). Choose the value to keep in each; the paper on "
                "the left is kept, with the notes, files, tags and lists of both, and the other "
                "goes to the trash.",
                "",
                differing,
            )
        )
        grid_widget = QWidget(self._scroll)
        grid = QGridLayout(grid_widget)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        grid.setHorizontalSpacing(12)
        self._groups = {}
        keep, other = self.comparison.keep.paper, self.comparison.other.paper
        headings = (
            self.tr("Field"),
            self.tr("Kept: {key}, added {date}").format(
                key=keep.citekey, date=keep.created_at.date().isoformat()
            ),
            self.tr("Other: {key}, added {date}").format(
                key=other.citekey, date=other.created_at.date().isoformat()
            ),
        )
        for column, text in enumerate(headings):
            heading = QLabel(text, grid_widget)
            font = heading.font()
            font.setWeight(QFont.Weight.DemiBold)
            heading.setFont(font)
            grid.addWidget(heading, 0, column)
        for row, pair in enumerate(self.comparison.fields, start=1):
            self._add_row(grid, row, pair)
        grid.setRowStretch(len(self.comparison.fields) + 1, 1)
        self._scroll.setWidget(grid_widget)

    def _add_row(self, grid: QGridLayout, row: int, pair: FieldPair) -> None:
        parent = grid.parentWidget() or self
        label = QLabel(field_label(pair.name), parent)
        label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        grid.addWidget(label, row, 0)
        choosable = pair.differs and pair.name != "citekey"
        group = QButtonGroup(self) if choosable else None
        if group is not None:
            self._groups[pair.name] = group
            marked = label.font()
            marked.setWeight(QFont.Weight.Bold)
            label.setFont(marked)
            label.setText(self.tr("{field} (differs)").format(field=field_label(pair.name)))
        # By default a merge keeps the kept paper's value, or the other's where it has none.
        default_other = not pair.keep
        readable = shown_values(pair)
        for column, (value, side) in enumerate(((pair.keep, 0), (pair.other, 1)), start=1):
            shown = readable[side]
            shown = shown if len(shown) <= _SHOWN_CHARACTERS else shown[:_SHOWN_CHARACTERS] + "…"
            cell: QWidget
            if group is None:
                cell = QLabel(shown or self.tr("(empty)"), parent)
                cell.setTextFormat(Qt.TextFormat.PlainText)
                cell.setWordWrap(True)
                cell.setEnabled(bool(value))
                cell.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            else:
                choice = _Choice(shown or self.tr("(empty)"), parent)
                group.addButton(choice.button, side)
                choice.button.setChecked((side == 1) == default_other)
                cell = choice
            cell.setToolTip(plain_text.tooltip(value[:4000]))
            grid.addWidget(cell, row, column)

    # -- decisions -----------------------------------------------------------------------

    def _on_swap(self) -> None:
        self._show(self.other_id, self.keep_id)

    def _on_merge(self) -> None:
        self.decision = "merge"
        self.accept()

    def _on_different(self) -> None:
        self.decision = "different"
        self.accept()


class _Choice(QWidget):
    """A value to keep: a radio button and the value wrapped beside it (a click anywhere
    on it chooses it), on a marked background."""

    def __init__(self, text: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.button = QRadioButton(self)
        self.button.setAccessibleName(text[:80])
        label = QLabel(text, self)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        # Beside its button, however tall the row (the other value may be a long abstract).
        label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.label = label
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, palette.color(QPalette.ColorRole.AlternateBase))
        self.setPalette(palette)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(label, 1)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.button.setChecked(True)
        super().mousePressEvent(event)
