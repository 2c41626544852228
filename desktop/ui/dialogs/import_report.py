"""What an import did: how many papers came in, likely duplicates to settle, problems.

A likely duplicate shows both papers side by side with the evidence; the user merges them,
keeps both, or says they are different (never asked again).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.core.api import ImportReport, math_as_text, undo
from desktop.core.errors import KnownError
from desktop.core.library import Library
from desktop.ui import core_sentences, plain_text, prompts, undo_commands
from desktop.ui.dialogs.compare_papers import ComparePapersDialog
from desktop.ui.widgets.import_problems_panel import shown_source
from desktop.ui.widgets.wrapping_rows import wrap_rows

_PAIR_ROLE = Qt.ItemDataRole.UserRole


def summary(reports: list[ImportReport]) -> str:
    """One sentence about a batch of imports."""
    imported = sum(r.imported for r in reports)
    # Papers, not pairs: a paper that looks like two the library had is one to look at.
    duplicates = sum(len({d.paper_id for d in r.duplicates}) for r in reports)
    problems = sum(1 for r in reports for p in r.problems if p.error)
    warnings = sum(1 for r in reports for p in r.problems if not p.error)
    held = sum(len(r.already_held) for r in reports)
    attached = sum(len(r.attached_to) for r in reports)
    parts = [QCoreApplication.translate("ImportReport", "Imported %Ln paper(s)", "", imported)]
    if held:
        parts.append(
            QCoreApplication.translate("ImportReport", "%Ln already in your library", "", held)
        )
    if attached:
        parts.append(
            QCoreApplication.translate(
                "ImportReport", "%Ln PDF(s) attached to papers you had", "", attached
            )
        )
    if duplicates:
        parts.append(
            QCoreApplication.translate(
                "ImportReport", "%Ln may be duplicates of papers you had", "", duplicates
            )
        )
    if problems:
        parts.append(
            QCoreApplication.translate(
                "ImportReport", "%Ln entries could not be read", "", problems
            )
        )
    if warnings:
        parts.append(QCoreApplication.translate("ImportReport", "%Ln warning(s)", "", warnings))
    # Chinese joins and ends the parts with its own full-width marks.
    separator = QCoreApplication.translate(
        "ImportReport", "; ", "between the parts of the import summary"
    )
    return separator.join(parts) + QCoreApplication.translate(
        "ImportReport", ".", "at the end of the import summary"
    )


class ImportReportDialog(QDialog):
    """The report after one or more imports."""

    def __init__(
        self,
        library: Library,
        reports: list[ImportReport],
        parent: QWidget,
        *,
        history: undo_commands.History | None = None,
        untitled: list[int] | None = None,
        find_titles: Callable[[list[int]], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._untitled = list(untitled or [])
        self._find_titles = find_titles
        #: Merges go on the window's undo stack, so Ctrl+Z takes one back; the window's
        #: writes run through its operation runner. Without a window they run here.
        self._history = history
        self.setWindowTitle(self.tr("Import finished"))
        self.resize(760, 460)
        heading = QLabel(summary(reports), self)
        heading.setWordWrap(True)
        self.duplicates = QTreeWidget(self)
        self.duplicates.setHeaderLabels(
            [self.tr("Imported paper"), self.tr("Paper you had"), self.tr("Why they look alike")]
        )
        self.duplicates.setRootIsDecorated(False)
        wrap_rows(self.duplicates)  # long titles and evidence are shown whole
        for report in reports:
            for pair in report.duplicates:
                self._add_pair(pair.paper_id, pair.other_id, pair.evidence)
        compare = QPushButton(self.tr("Compare…"), self)
        compare.setToolTip(
            self.tr("See both papers field by field and choose what the merge keeps")
        )
        compare.clicked.connect(self._on_compare)
        merge = QPushButton(self.tr("Merge into the paper I had"), self)
        merge.setToolTip(
            self.tr("Fill its empty fields from the new one, then put the new one in the trash")
        )
        merge.clicked.connect(self._on_merge)
        keep = QPushButton(self.tr("Keep both"), self)
        keep.clicked.connect(self._on_keep_both)
        different = QPushButton(self.tr("Not a duplicate"), self)
        different.setToolTip(self.tr("They are different papers; do not ask about them again"))
        different.clicked.connect(self._on_not_duplicate)
        pair_buttons = QHBoxLayout()
        for button in (compare, merge, keep, different):
            pair_buttons.addWidget(button)
        pair_buttons.addStretch(1)
        duplicates_page = QWidget(self)
        duplicates_layout = QVBoxLayout(duplicates_page)
        # Why the list is shorter than the papers alike: said beside it, not counted as a
        # problem of a file (it is about the list, and no file's entry needs fixing).
        notes = [note for report in reports for note in report.duplicate_notes]
        self.duplicate_notes = plain_text.label(duplicates_page)
        self.duplicate_notes.setWordWrap(True)
        self.duplicate_notes.setText("\n".join(map(core_sentences.translated, notes)))
        self.duplicate_notes.setVisible(bool(notes))
        duplicates_layout.addWidget(self.duplicate_notes)
        duplicates_layout.addWidget(self.duplicates, 1)
        duplicates_layout.addLayout(pair_buttons)
        self.problems = QTreeWidget(self)
        self.problems.setHeaderLabels(
            [self.tr("Kind"), self.tr("File"), self.tr("Line"), self.tr("Problem")]
        )
        self.problems.setRootIsDecorated(False)
        met = [problem for report in reports for problem in report.problems]
        # The worst first: entries that could not be read, then warnings, each as met.
        for problem in sorted(met, key=lambda p: not p.error):
            item = QTreeWidgetItem(
                [
                    self.tr("Error") if problem.error else self.tr("Warning"),
                    shown_source(problem.source),
                    "" if problem.line is None else str(problem.line),
                    core_sentences.translated(problem.message),
                ]
            )
            item.setToolTip(
                3,
                plain_text.tooltip(
                    problem.raw[:2000] or core_sentences.translated(problem.message)
                ),
            )
            item.setToolTip(1, problem.source)
            self.problems.addTopLevelItem(item)
        tabs = QTabWidget(self)
        tabs.addTab(
            duplicates_page,
            self.tr("Likely duplicates ({count})").format(
                count=self.duplicates.topLevelItemCount()
            ),
        )
        tabs.addTab(
            self.problems,
            self.tr("Problems ({count})").format(count=self.problems.topLevelItemCount()),
        )
        if not self.duplicates.topLevelItemCount() and self.problems.topLevelItemCount():
            tabs.setCurrentIndex(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        if self._untitled and find_titles is not None:
            layout.addLayout(self._titles_offer())
            if not self.duplicates.topLevelItemCount() and not self.problems.topLevelItemCount():
                tabs.hide()  # nothing to settle: the offer is the whole report
                self.resize(640, 160)
        layout.addWidget(tabs, 1)
        layout.addWidget(buttons)
        # A third of the width each: the paper one had was cut to a sliver beside the others.
        for column in range(3):
            self.duplicates.header().setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self.problems.header().resizeSection(0, 80)
        self.problems.header().resizeSection(1, 230)

    def _titles_offer(self) -> QHBoxLayout:
        """The offer to look up the papers that came without a title."""
        count = len(self._untitled)
        sentence = plain_text.label(self)
        sentence.setWordWrap(True)
        sentence.setText(
            self.tr(
                "%n imported paper(s) have no title. Papershelf can find their titles and "
                "identifiers on arXiv and Crossref (about a minute for 20 papers).",
                "",
                count,
            )
        )
        self.find_titles_button = QPushButton(self.tr("Find Missing Titles and Identifiers…"), self)
        self.find_titles_button.clicked.connect(self._on_find_titles)
        row = QHBoxLayout()
        row.addWidget(sentence, 1)
        row.addWidget(self.find_titles_button)
        return row

    def _on_find_titles(self) -> None:
        if self._find_titles is not None:
            self.accept()
            self._find_titles(self._untitled)

    def _add_pair(self, new_id: int, old_id: int, evidence: list[str]) -> None:
        rows = self._library.rows([new_id, old_id])
        if new_id not in rows or old_id not in rows:
            return

        def describe(paper_id: int) -> str:
            row = rows[paper_id]
            title = math_as_text(row.title) or self.tr("(untitled)")
            return f"{title}\n{row.authors} {row.year or ''}".strip()

        item = QTreeWidgetItem(
            [
                describe(new_id),
                describe(old_id),
                "; ".join(core_sentences.translated(e) for e in evidence),
            ]
        )
        item.setData(0, _PAIR_ROLE, (new_id, old_id))
        self.duplicates.addTopLevelItem(item)

    def _current_pair(self) -> tuple[QTreeWidgetItem, int, int] | None:
        item = self.duplicates.currentItem()
        if item is None:
            return None
        new_id, old_id = item.data(0, _PAIR_ROLE)
        return item, new_id, old_id

    def _settled(self, item: QTreeWidgetItem) -> None:
        self.duplicates.takeTopLevelItem(self.duplicates.indexOfTopLevelItem(item))

    def _on_compare(self) -> None:
        found = self._current_pair()
        if found is None:
            return
        item, new_id, old_id = found
        dialog = ComparePapersDialog(self._library, old_id, new_id, parent=self)
        self.comparison = dialog  # tests drive it

        def decided(result: int) -> None:
            dialog.deleteLater()
            if result != QDialog.DialogCode.Accepted:
                return
            if dialog.decision == "merge":
                self._merge(item, dialog.keep_id, dialog.other_id, choices=dialog.choices())
            else:
                self._not_duplicate(item, new_id, old_id)

        dialog.finished.connect(decided)
        dialog.open()

    def _on_merge(self) -> None:
        found = self._current_pair()
        if found is not None:
            item, new_id, old_id = found
            self._merge(item, old_id, new_id, choices=())

    def _merge(
        self,
        item: QTreeWidgetItem,
        keep_id: int,
        other_id: int,
        *,
        choices: tuple[tuple[str, str], ...],
    ) -> None:
        command = undo_commands.MergeCommand(self._library, keep_id, other_id, choices=choices)
        if self._history is not None:
            self._history.perform(command, on_done=lambda: self._settled(item))
            return
        try:
            undo_commands.apply_all(self._library, [undo.Merge(keep_id, other_id, choices)])
        except KnownError as error:
            prompts.show_error(self, core_sentences.of_error(error))
            return
        self._settled(item)

    def _on_keep_both(self) -> None:
        found = self._current_pair()
        if found is not None:
            self._settled(found[0])

    def _on_not_duplicate(self) -> None:
        found = self._current_pair()
        if found is not None:
            self._not_duplicate(*found)

    def _not_duplicate(self, item: QTreeWidgetItem, new_id: int, old_id: int) -> None:
        if self._history is None:
            self._library.mark_not_duplicate(new_id, old_id)
            self._settled(item)
            return
        # An undo step like the duplicates view's: Ctrl+Z offers the pair again.
        command = undo_commands.NotDuplicatesCommand(self._library, [(new_id, old_id)])
        self._history.perform(command, on_done=lambda: self._settled(item))
