"""Shown instead of the table while the library is empty: ways to get papers in."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.ui import icons


class WelcomePanel(QWidget):
    """Buttons for the first papers: import a file, add by identifier, load the sample."""

    import_requested = Signal()
    add_by_identifier_requested = Signal()
    sample_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel(self.tr("Your library is empty"), self)
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        title.setFont(font)
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        hint = QLabel(
            self.tr(
                "Drop PDFs, or a folder of them, on this window; bring in papers from a "
                "BibTeX, RIS or CSL-JSON file; add one by its DOI or arXiv id; or look around "
                "with a few classic papers first."
            ),
            self,
        )
        hint.setWordWrap(True)
        hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        hint.setFixedWidth(460)
        # A wrapped label placed with an alignment gets no height-for-width from the
        # layout, and would be cut to one line; ask for the height its lines need.
        hint.setMinimumHeight(hint.heightForWidth(460))
        self.import_button = QPushButton(icons.icon("import"), self.tr("Import a file…"), self)
        self.import_button.clicked.connect(self.import_requested)
        self.identifier_button = QPushButton(
            icons.icon("add"), self.tr("Add by DOI or arXiv id…"), self
        )
        self.identifier_button.clicked.connect(self.add_by_identifier_requested)
        self.sample_button = QPushButton(
            icons.icon("sample"), self.tr("Load the sample library"), self
        )
        self.sample_button.clicked.connect(self.sample_requested)
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        layout.addWidget(title)
        layout.addSpacing(6)
        layout.addWidget(hint, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addSpacing(16)
        for button in (self.import_button, self.identifier_button, self.sample_button):
            button.setMinimumWidth(260)
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(3)

    def offer(self, *, can_import: bool, can_add_by_identifier: bool) -> None:
        """Show only the ways in that this version of Papershelf supports."""
        self.import_button.setVisible(can_import)
        self.identifier_button.setVisible(can_add_by_identifier)
