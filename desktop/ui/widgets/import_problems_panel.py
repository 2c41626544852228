"""Entries earlier imports could not read: see the raw text, fix it and retry, or dismiss."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from desktop.core.api import ImportReport
from desktop.core.errors import KnownError
from desktop.core.library import Library
from desktop.ui import prompts
from desktop.ui.background.operations import OperationRunner

_ID_ROLE = Qt.ItemDataRole.UserRole


class ImportProblemsPanel(QWidget):
    """Shown in the centre when the sidebar's self.tr("Import problems") row is picked."""

    #: Papers came in from a fixed entry (their ids), so the window can show them.
    imported = Signal(list)

    def __init__(
        self, library: Library, runner: OperationRunner, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._runner = runner  # retries and dismissals are writes: off the GUI thread
        self._raw: dict[int, str] = {}
        self.list = QListWidget(self)
        self.list.setAccessibleName(self.tr("Import problems"))
        self.list.setWordWrap(True)
        self.list.currentItemChanged.connect(self._on_current)
        self.editor = QPlainTextEdit(self)
        self.editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.editor.setPlaceholderText(self.tr("The text that could not be read appears here."))
        self.retry_button = QPushButton(self.tr("Import the corrected text"), self)
        self.retry_button.setToolTip(
            self.tr("Read the text above again; the problem goes once it reads")
        )
        self.retry_button.clicked.connect(self._on_retry)
        self.dismiss_button = QPushButton(self.tr("Dismiss"), self)
        self.dismiss_button.setToolTip(self.tr("Forget this problem (nothing is imported)"))
        self.dismiss_button.clicked.connect(self._on_dismiss)
        self.empty = QLabel(
            self.tr("Every entry you imported was read. Nothing to fix here."), self
        )
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setEnabled(False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.retry_button)
        buttons.addStretch(1)
        buttons.addWidget(self.dismiss_button)
        fix = QWidget(self)
        fix_layout = QVBoxLayout(fix)
        fix_layout.setContentsMargins(0, 0, 0, 0)
        fix_layout.addWidget(QLabel(self.tr("Fix the entry, then import it again:"), fix))
        fix_layout.addWidget(self.editor, 1)
        fix_layout.addLayout(buttons)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(self.list)
        self.splitter.addWidget(fix)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.empty)
        layout.addWidget(self.splitter, 1)

    def reload(self) -> None:
        """Re-read the problems from the library."""
        current = self.list.currentItem()
        keep = current.data(_ID_ROLE) if current is not None else None
        self.list.clear()
        self._raw.clear()
        for problem in self._library.import_problems():
            assert problem.id is not None
            line = self.tr(", line {line}").format(line=problem.line) if problem.line else ""
            where = problem.source + line
            item = QListWidgetItem(f"{where}\n{problem.message}")
            item.setData(_ID_ROLE, problem.id)
            self.list.addItem(item)
            self._raw[problem.id] = problem.raw
            if problem.id == keep:
                self.list.setCurrentItem(item)
        if self.list.currentItem() is None and self.list.count():
            self.list.setCurrentRow(0)
        has_problems = self.list.count() > 0
        self.empty.setVisible(not has_problems)
        self.splitter.setVisible(has_problems)
        if not has_problems:
            self.editor.clear()

    def _current_id(self) -> int | None:
        item = self.list.currentItem()
        return None if item is None else int(item.data(_ID_ROLE))

    def _on_current(self, item: QListWidgetItem | None) -> None:
        self.editor.setPlainText("" if item is None else self._raw.get(item.data(_ID_ROLE), ""))
        self.retry_button.setEnabled(item is not None)
        self.dismiss_button.setEnabled(item is not None)

    def _on_retry(self) -> None:
        problem_id = self._current_id()
        if problem_id is None:
            return
        library, fixed = self._library, self.editor.toPlainText()  # read here, on the GUI thread
        self._runner.run(
            lambda: library.retry_import_problem(problem_id, fixed),
            on_done=self._on_retried,
            on_failed=self._on_failed,
        )

    def _on_retried(self, report: ImportReport) -> None:
        if report.problems or not report.imported:
            reason = (
                report.problems[0].message if report.problems else self.tr("No entry was found.")
            )
            prompts.show_error(
                self, self.tr("The entry still cannot be read: {reason}").format(reason=reason)
            )
            return
        self.imported.emit(list(report.paper_ids))

    def _on_dismiss(self) -> None:
        problem_id = self._current_id()
        if problem_id is not None:
            library = self._library
            self._runner.run(
                lambda: library.dismiss_import_problem(problem_id), on_failed=self._on_failed
            )

    def _on_failed(self, error: KnownError) -> None:
        prompts.show_error(self, str(error))
