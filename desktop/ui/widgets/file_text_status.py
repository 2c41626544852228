"""The status bar's word on reading the text of PDFs: how far it is, with Cancel."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QToolButton, QWidget

from desktop.ui.background.file_texts import FileTextReader


class FileTextStatus(QWidget):
    """Shown while `reader` reads files that have pages to read; hidden otherwise."""

    def __init__(self, reader: FileTextReader, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._reader = reader
        self.label = QLabel(self)
        self.bar = QProgressBar(self)
        self.bar.setMaximumWidth(140)
        self.bar.setTextVisible(False)
        self.cancel = QToolButton(self)
        self.cancel.setText(self.tr("Cancel"))
        self.cancel.setToolTip(
            self.tr("Stop reading PDFs for now (they are read again at the next start)")
        )
        self.cancel.clicked.connect(reader.cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.cancel)
        reader.progressed.connect(self._on_progress)
        reader.finished.connect(self._on_finished)
        self.hide()

    def _on_progress(self, done: int, total: int) -> None:
        if total == 0 or done >= total:
            self.hide()
            return
        self.label.setText(
            self.tr("Reading the text of PDFs: {done} of {total}").format(done=done, total=total)
        )
        self.bar.setMaximum(total)
        self.bar.setValue(done)
        self.show()

    def _on_finished(self, _report: Any) -> None:
        self.hide()
