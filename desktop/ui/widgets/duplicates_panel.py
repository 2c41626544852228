"""The library's possible duplicates, shown when the sidebar's "Possible duplicates" row is
picked: compare a pair side by side, merge it or keep it apart, or settle all at once."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.core import api
from desktop.core.api import LikelyDuplicate
from desktop.core.library import Library
from desktop.ui import core_sentences, plain_text, prompts, undo_commands
from desktop.ui.background.duplicate_search import DuplicateSearch
from desktop.ui.dialogs.compare_papers import ComparePapersDialog
from desktop.ui.selection import select_only
from desktop.ui.widgets.wrapping_rows import wrap_rows

_PAIR_ROLE = Qt.ItemDataRole.UserRole


class DuplicatesPanel(QWidget):
    """Pairs of papers that look like one, the newer paper first, with the evidence."""

    #: The number of pairs shown changed (the window's status bar tells it).
    counted = Signal(int)

    def __init__(
        self,
        library: Library,
        history: undo_commands.History,
        search: DuplicateSearch,
        *,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._history = history
        self._search = search
        search.found.connect(self._on_found)
        search.started.connect(self._on_started)
        self.heading = QLabel(self)
        self.heading.setWordWrap(True)
        self.tree = QTreeWidget(self)
        self.tree.setAccessibleName(self.tr("Possible duplicates"))
        self.tree.setHeaderLabels(
            [self.tr("Paper"), self.tr("Looks like"), self.tr("Why they look alike")]
        )
        self.tree.setRootIsDecorated(False)
        wrap_rows(self.tree)  # long titles and evidence are shown whole
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        # A third of the width each: at fixed widths the evidence was cut to a sliver.
        for column in range(3):
            self.tree.header().setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self.tree.itemDoubleClicked.connect(lambda _item, _column: self.compare_current())
        self.tree.itemSelectionChanged.connect(self._update_buttons)
        self.compare_button = QPushButton(self.tr("Compare and merge…"), self)
        self.compare_button.setToolTip(
            self.tr("See both papers field by field and choose what the merge keeps")
        )
        self.compare_button.clicked.connect(self.compare_current)
        self.different_button = QPushButton(self.tr("Not duplicates"), self)
        self.different_button.setToolTip(
            self.tr("The selected pairs are different papers: never offer them again")
        )
        self.different_button.clicked.connect(self.keep_selected_apart)
        self.merge_all_button = QPushButton(self.tr("Merge all"), self)
        self.merge_all_button.setToolTip(
            self.tr("Fold every group into its oldest paper; Undo takes it back in one step")
        )
        self.merge_all_button.clicked.connect(self.merge_all)
        self.keep_all_button = QPushButton(self.tr("Keep all"), self)
        self.keep_all_button.setToolTip(
            self.tr("Every pair listed is two different papers: never offer them again")
        )
        self.keep_all_button.clicked.connect(self.keep_all)
        buttons = QHBoxLayout()
        for button in (self.compare_button, self.different_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        for button in (self.merge_all_button, self.keep_all_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.tree, 1)
        layout.addLayout(buttons)
        self._pairs: list[LikelyDuplicate] = []
        self._searching = False
        #: What is being written (said in the heading), "" when nothing is.
        self._working = ""
        self._update_buttons()

    # -- showing -------------------------------------------------------------------------

    def reload(self) -> None:
        """Show the pairs the library holds now (looked for in the background if needed)."""
        self._search.refresh(now=True)

    def _on_started(self) -> None:
        self._searching = True
        self._show_heading()

    def _on_found(self, pairs: list[LikelyDuplicate]) -> None:
        self._searching = False
        self._pairs = pairs
        rows = self._library.rows(list({i for p in pairs for i in (p.paper_id, p.other_id)}))
        selected = {_pair(item) for item in self.tree.selectedItems()}
        self.tree.clear()
        for pair in pairs:
            if pair.paper_id not in rows or pair.other_id not in rows:
                continue  # gone since the search (merged meanwhile)
            item = QTreeWidgetItem(
                [
                    self._describe(rows[pair.paper_id]),
                    self._describe(rows[pair.other_id]),
                    "; ".join(core_sentences.translated(e) for e in pair.evidence),
                ]
            )
            evidence = "\n".join(core_sentences.translated(e) for e in pair.evidence)
            item.setToolTip(2, plain_text.tooltip(evidence))
            item.setData(0, _PAIR_ROLE, (pair.paper_id, pair.other_id))
            self.tree.addTopLevelItem(item)
            item.setSelected((pair.paper_id, pair.other_id) in selected)
        items = self._all_items()
        if self.tree.currentItem() is None and items:
            select_only(self.tree, items[0])
        self._show_heading()
        self._update_buttons()
        self.counted.emit(self.tree.topLevelItemCount())

    def _describe(self, row: api.PaperRow) -> str:
        title = api.math_as_text(row.title) or self.tr("(untitled)")
        return f"{title}\n{row.authors} {row.year or ''} · {row.citekey}".strip()

    def _show_heading(self) -> None:
        count = self.tree.topLevelItemCount()
        if self._working:
            text = self._working
        elif self._searching and not count:
            text = self.tr("Looking for possible duplicates…")
        elif not count:
            text = self.tr(
                "No possible duplicates: no two papers share a DOI, an arXiv id, or a title "
                "with the same first author and year."
            )
        else:
            text = QCoreApplication.translate(
                "DuplicatesPanel",
                "%n pair(s) of papers look like one paper. Compare a pair to choose what a "
                "merge keeps, or settle them all at once.",
                "",
                count,
            )
        self.heading.setText(text)

    def _update_buttons(self) -> None:
        # One decision at a time: the next waits until the one being written is done.
        free = not self._working
        selected = bool(self.tree.selectedItems())
        self.compare_button.setEnabled(free and self.tree.currentItem() is not None)
        self.different_button.setEnabled(free and selected)
        self.merge_all_button.setEnabled(free and self.tree.topLevelItemCount() > 0)
        self.keep_all_button.setEnabled(free and self.tree.topLevelItemCount() > 0)

    def shown_pairs(self) -> list[tuple[int, int]]:
        """(newer, older) of every row shown."""
        return [_pair(item) for item in self._all_items()]

    # -- deciding ------------------------------------------------------------------------

    def compare_current(self) -> None:
        """Open the side-by-side comparison of the current pair (the older paper kept)."""
        item = self.tree.currentItem()
        if item is None:
            return
        newer, older = item.data(0, _PAIR_ROLE)
        dialog = ComparePapersDialog(self._library, older, newer, parent=self)
        dialog.finished.connect(lambda result: self._on_compared(dialog, item, result))
        dialog.open()
        self.dialog = dialog  # tests drive it

    def _on_compared(self, dialog: ComparePapersDialog, item: QTreeWidgetItem, result: int) -> None:
        dialog.deleteLater()
        if result != QDialog.DialogCode.Accepted:
            return
        keep, other = dialog.keep_id, dialog.other_id
        command: undo_commands.QUndoCommand
        if dialog.decision == "merge":
            command = undo_commands.MergeCommand(
                self._library, keep, other, choices=dialog.choices()
            )
        else:
            command = undo_commands.NotDuplicatesCommand(self._library, [(other, keep)])
        self._perform(command, [item])

    def keep_selected_apart(self) -> None:
        items = self.tree.selectedItems()
        pairs = [_pair(item) for item in items]
        if pairs:
            self._perform(undo_commands.NotDuplicatesCommand(self._library, pairs), items)

    def merge_all(self, *, confirmed: bool = False) -> None:
        """Fold each group of papers linked by the pairs shown into its oldest paper."""
        merges = api.merge_groups(self.shown_pairs())
        if not merges:
            return
        count = len(merges)
        question = QCoreApplication.translate(
            "DuplicatesPanel",
            "Merge %n paper(s) into the oldest paper of their group? Fields empty in the "
            "kept paper are filled from the others, their notes, tags and lists move over, "
            "and they go to the trash. Undo takes it all back.",
            "",
            count,
        )
        if confirmed or prompts.confirm(self, self.tr("Merge all"), question):
            self._perform(undo_commands.MergeAllCommand(self._library, merges), self._all_items())

    def keep_all(self) -> None:
        pairs = self.shown_pairs()
        if pairs:
            command = undo_commands.NotDuplicatesCommand(self._library, pairs)
            self._perform(command, self._all_items())

    def _all_items(self) -> list[QTreeWidgetItem]:
        found = (self.tree.topLevelItem(row) for row in range(self.tree.topLevelItemCount()))
        return [item for item in found if item is not None]

    def _perform(self, command: undo_commands.QUndoCommand, items: list[QTreeWidgetItem]) -> None:
        # The rows go once the step is done (off the GUI thread: many merges take seconds,
        # said meanwhile); the library's change then brings the new list of pairs.
        count = len(items)
        self._working = QCoreApplication.translate(
            "DuplicatesPanel", "Settling %n pair(s)…", "", count
        )
        self._show_heading()
        self._update_buttons()
        self._history.perform(command, on_done=self._settle(items), on_failed=self._stop_working)

    def _stop_working(self) -> None:
        self._working = ""
        self._show_heading()
        self._update_buttons()

    def _settle(self, items: list[QTreeWidgetItem]) -> Callable[[], None]:
        pairs = {_pair(item) for item in items}

        def settled() -> None:
            self._working = ""
            for item in self._all_items():
                if _pair(item) in pairs:
                    self.tree.takeTopLevelItem(self.tree.indexOfTopLevelItem(item))
            self._show_heading()
            self._update_buttons()
            self.counted.emit(self.tree.topLevelItemCount())

        return settled


def _pair(item: QTreeWidgetItem) -> tuple[int, int]:
    """The (newer, older) paper ids a row shows."""
    newer, older = item.data(0, _PAIR_ROLE)
    return int(newer), int(older)
