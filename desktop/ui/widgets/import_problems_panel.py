"""What earlier imports met: entries they could not read (errors, first) and warnings about
entries they imported, each with its file and line. Several can be fixed and imported
again at once, dismissed, or all dismissed."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.core.api import ImportProblem, ImportReport
from desktop.core.errors import KnownError
from desktop.core.library import Library
from desktop.ui import core_sentences, icons, plain_text, prompts
from desktop.ui.background.operations import OperationRunner
from desktop.ui.selection import select_only

_ID_ROLE = Qt.ItemDataRole.UserRole


def joined_raw(raws: Sequence[str]) -> str:
    """The texts of several problems as one text to fix and import: CSL-JSON items as one
    array, anything else one after another."""
    texts = [raw.strip() for raw in raws if raw.strip()]
    if len(texts) > 1 and all(text.startswith("{") for text in texts):
        return "[\n" + ",\n".join(texts) + "\n]"
    return "\n\n".join(texts)


def shown_source(source: str) -> str:
    """Where a problem was met, as the File column shows it: a file's name (a PDF import
    keeps the whole path, which the tooltip shows)."""
    return Path(source).name if Path(source).is_absolute() else source


class ImportProblemsPanel(QWidget):
    """Shown in the centre when the sidebar's "Import problems" row is picked."""

    #: Papers came in from a fixed entry (their ids), so the window can show them.
    imported = Signal(list)

    def __init__(
        self, library: Library, runner: OperationRunner, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._runner = runner  # retries and dismissals are writes: off the GUI thread
        self._problems: dict[int, ImportProblem] = {}
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.show_warnings = QCheckBox(self.tr("Show warnings"), self)
        self.show_warnings.setToolTip(
            self.tr("Warnings tell of values kept aside in entries that were imported")
        )
        self.show_warnings.setChecked(True)
        self.show_warnings.toggled.connect(lambda _on: self.reload())
        self.tree = QTreeWidget(self)
        self.tree.setAccessibleName(self.tr("Import problems"))
        self.tree.setHeaderLabels(
            [self.tr("Kind"), self.tr("File"), self.tr("Line"), self.tr("Problem")]
        )
        self.tree.setRootIsDecorated(False)
        self.tree.setWordWrap(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        header = self.tree.header()
        header.resizeSection(0, 90)
        header.resizeSection(1, 200)
        header.resizeSection(2, 50)
        self.tree.itemSelectionChanged.connect(self._on_selection)
        self.editor = QPlainTextEdit(self)
        self.editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.editor.setPlaceholderText(self.tr("The text that could not be read appears here."))
        self.fix_label = QLabel(self.tr("Fix the entries, then import them again:"), self)
        # Said instead of the editor for a problem of a whole file (a PDF): no text of it
        # was kept, so there is nothing to correct and import here.
        self.no_text = QLabel(
            self.tr(
                "There is no text to correct here: the problem is with a file itself (a PDF), "
                "not with an entry in it. Fix or replace the file and import it again, or "
                "check the paper made from it, then dismiss the problem."
            ),
            self,
        )
        self.no_text.setWordWrap(True)
        self.no_text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.no_text.hide()
        self.retry_button = QPushButton(self.tr("Import the corrected text"), self)
        self.retry_button.setToolTip(
            self.tr("Read the text above again; the selected problems go once it reads")
        )
        self.retry_button.clicked.connect(self._on_retry)
        self.dismiss_button = QPushButton(self.tr("Dismiss"), self)
        self.dismiss_button.setToolTip(
            self.tr("Forget the selected problems (nothing is imported)")
        )
        self.dismiss_button.clicked.connect(self._on_dismiss)
        self.dismiss_warnings_button = QPushButton(self.tr("Dismiss all warnings"), self)
        self.dismiss_warnings_button.clicked.connect(self._on_dismiss_warnings)
        self.dismiss_all_button = QPushButton(self.tr("Dismiss all"), self)
        self.dismiss_all_button.clicked.connect(self._on_dismiss_all)
        self.empty = QLabel(
            self.tr("Every entry you imported was read. Nothing to fix here."), self
        )
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setEnabled(False)
        self._build_layout()

    def _build_layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.show_warnings)
        listed = QWidget(self)
        listed_layout = QVBoxLayout(listed)
        listed_layout.setContentsMargins(0, 0, 0, 0)
        listed_layout.addLayout(top)
        listed_layout.addWidget(self.tree, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.retry_button)
        buttons.addStretch(1)
        for button in (self.dismiss_button, self.dismiss_warnings_button, self.dismiss_all_button):
            buttons.addWidget(button)
        fix = QWidget(self)
        fix_layout = QVBoxLayout(fix)
        fix_layout.setContentsMargins(0, 0, 0, 0)
        fix_layout.addWidget(self.fix_label)
        fix_layout.addWidget(self.editor, 1)
        fix_layout.addWidget(self.no_text, 1)
        fix_layout.addLayout(buttons)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(listed)
        self.splitter.addWidget(fix)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.empty)
        layout.addWidget(self.splitter, 1)

    # -- showing -------------------------------------------------------------------------

    def count(self) -> int:
        """How many problems are listed."""
        return self.tree.topLevelItemCount()

    def reload(self) -> None:
        """Re-read the problems from the library (the worst first)."""
        keep = set(self.selected_ids())
        self.tree.clear()
        kept = self._library.import_problems()
        self._problems = {problem.id: problem for problem in kept}
        errors = sum(1 for problem in kept if problem.error)
        warnings = len(kept) - errors
        bold = QFont(self.tree.font())
        bold.setWeight(QFont.Weight.DemiBold)
        for problem in kept:
            if not problem.error and not self.show_warnings.isChecked():
                continue
            item = QTreeWidgetItem(
                [
                    self.tr("Error") if problem.error else self.tr("Warning"),
                    shown_source(problem.source),
                    "" if problem.line is None else str(problem.line),
                    core_sentences.translated(problem.message),
                ]
            )
            if problem.error:
                item.setIcon(0, icons.icon("problems"))
                item.setFont(0, bold)
            item.setToolTip(1, problem.source)
            item.setToolTip(3, plain_text.tooltip(core_sentences.translated(problem.message)))
            item.setData(0, _ID_ROLE, problem.id)
            self.tree.addTopLevelItem(item)
            item.setSelected(problem.id in keep)
        if not self.tree.selectedItems() and self.count():
            first = self.tree.topLevelItem(0)
            if first is not None:
                select_only(self.tree, first)
        self.summary.setText(_summary(errors, warnings))
        self.empty.setVisible(not kept)
        self.splitter.setVisible(bool(kept))
        self.dismiss_warnings_button.setEnabled(warnings > 0)
        self.dismiss_all_button.setEnabled(bool(kept))
        self._on_selection()

    def selected_ids(self) -> list[int]:
        return [int(item.data(0, _ID_ROLE)) for item in self.tree.selectedItems()]

    def _on_selection(self) -> None:
        chosen = [self._problems[i] for i in self.selected_ids() if i in self._problems]
        self.editor.setPlainText(joined_raw([problem.raw for problem in chosen]))
        # A whole file's problem (a PDF's) kept no text: an empty editor would invite typing
        # an entry in as if it were the file's.
        textless = any(not problem.raw.strip() for problem in chosen)
        self.fix_label.setVisible(not textless)
        self.editor.setVisible(not textless)
        self.no_text.setVisible(textless)
        # A warning's entry was imported: there is nothing of it to import again.
        self.retry_button.setEnabled(
            bool(chosen) and not textless and all(problem.error for problem in chosen)
        )
        self.dismiss_button.setEnabled(bool(chosen))

    # -- fixing and dismissing -----------------------------------------------------------

    def _on_retry(self) -> None:
        problem_ids = self.selected_ids()
        if not problem_ids:
            return
        library, fixed = self._library, self.editor.toPlainText()  # read here, on the GUI thread
        self._runner.run(
            lambda: library.retry_import_problems(problem_ids, fixed),
            on_done=self._on_retried,
            on_failed=self._on_failed,
        )

    def _on_retried(self, report: ImportReport) -> None:
        if not report.imported and not report.already_held:
            errors = [problem for problem in report.problems if problem.error]
            reason = (
                core_sentences.translated(errors[0].message)
                if errors
                else self.tr("No entry was found.")
            )
            prompts.show_error(
                self, self.tr("The entry still cannot be read: {reason}").format(reason=reason)
            )
            return
        self.imported.emit(list(report.paper_ids))

    def _on_dismiss(self) -> None:
        self._dismiss(self.selected_ids())

    def _on_dismiss_warnings(self) -> None:
        self._dismiss([i for i, problem in self._problems.items() if not problem.error])

    def _on_dismiss_all(self) -> None:
        errors = sum(1 for problem in self._problems.values() if problem.error)
        if errors:
            question = QCoreApplication.translate(
                "ImportProblemsPanel",
                "Forget every problem, with the %n entry(ies) that could not be read? Their "
                "text is not imported.",
                "",
                errors,
            )
            if not prompts.confirm(self, self.tr("Dismiss all"), question):
                return
        self._dismiss(list(self._problems))

    def _dismiss(self, problem_ids: list[int]) -> None:
        if problem_ids:
            library = self._library
            self._runner.run(
                lambda: library.dismiss_import_problems(problem_ids), on_failed=self._on_failed
            )

    def _on_failed(self, error: KnownError) -> None:
        prompts.show_error(self, core_sentences.of_error(error))


def _summary(errors: int, warnings: int) -> str:
    parts = []
    if errors:
        parts.append(
            QCoreApplication.translate(
                "ImportProblemsPanel", "%n entry(ies) could not be read", "", errors
            )
        )
    if warnings:
        parts.append(
            QCoreApplication.translate("ImportProblemsPanel", "%n warning(s)", "", warnings)
        )
    separator = QCoreApplication.translate(
        "ImportProblemsPanel", "; ", "between the parts of the problems summary"
    )
    return separator.join(parts)
