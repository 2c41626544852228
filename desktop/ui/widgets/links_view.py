"""A paper's links (DOI, arXiv, URL) and attachments, opened with the system's handler."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.core.api import PaperDetails
from desktop.ui import icons, link_opener, plain_text, prompts

_TARGET_ROLE = Qt.ItemDataRole.UserRole
_ATTACHMENT_ROLE = Qt.ItemDataRole.UserRole + 1


def links_of(details: PaperDetails) -> list[tuple[str, str, int | None]]:
    """(label, target, attachment id or None) for everything openable about a paper."""
    paper = details.paper
    found: list[tuple[str, str, int | None]] = []
    if paper.doi:
        found.append((f"DOI {paper.doi}", f"https://doi.org/{paper.doi}", None))
    if paper.arxiv_id:
        found.append((f"arXiv {paper.arxiv_id}", f"https://arxiv.org/abs/{paper.arxiv_id}", None))
    if paper.url:
        found.append((paper.url, paper.url, None))
    for attachment in details.attachments:
        found.append((attachment.label or attachment.target, attachment.target, attachment.id))
    return found


class LinksView(QWidget):
    """Double-click opens; Add file / Add link / Remove change the paper's attachments."""

    attach_requested = Signal(str, str)
    detach_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget(self)
        self.list.setAccessibleName(self.tr("Links and files"))
        self.list.itemActivated.connect(self._on_open)
        self.list.currentItemChanged.connect(self._on_current)
        add_file = QPushButton(self.tr("Add file…"), self)
        add_file.setToolTip(self.tr("Attach a file on this computer (the PDF, slides, code…)"))
        add_file.clicked.connect(self._on_add_file)
        add_link = QPushButton(icons.icon("link"), self.tr("Add link…"), self)
        add_link.setToolTip(self.tr("Attach a web address"))
        add_link.clicked.connect(self._on_add_link)
        self.remove = QPushButton(self.tr("Remove"), self)
        self.remove.setEnabled(False)
        self.remove.setToolTip(self.tr("Remove the selected attachment (the file itself stays)"))
        self.remove.clicked.connect(self._on_remove)
        buttons = QHBoxLayout()
        buttons.addWidget(add_file)
        buttons.addWidget(add_link)
        buttons.addStretch(1)
        buttons.addWidget(self.remove)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)

    def show_links(self, details: PaperDetails) -> None:
        self.list.clear()
        for label, target, attachment_id in links_of(details):
            item = QListWidgetItem(icons.icon("link" if "://" in target else "note"), label)
            item.setData(_TARGET_ROLE, target)
            item.setData(_ATTACHMENT_ROLE, attachment_id)
            item.setToolTip(
                plain_text.tooltip(
                    self.tr("{target}\nDouble-click or Enter to open").format(target=target)
                )
            )
            self.list.addItem(item)

    def _on_open(self, item: QListWidgetItem) -> None:
        link_opener.open_target(self, str(item.data(_TARGET_ROLE)))

    def _on_current(self, item: QListWidgetItem | None) -> None:
        self.remove.setEnabled(item is not None and item.data(_ATTACHMENT_ROLE) is not None)

    def _on_add_file(self) -> None:
        for path in prompts.ask_open_files(self, self.tr("Attach files"), self.tr("All files (*)")):
            self.attach_requested.emit(path, "")

    def _on_add_link(self) -> None:
        url = prompts.ask_text(self, self.tr("Add link"), self.tr("Web address (https://…):"))
        if url:
            self.attach_requested.emit(url, "")

    def _on_remove(self) -> None:
        item = self.list.currentItem()
        if item is not None and item.data(_ATTACHMENT_ROLE) is not None:
            self.detach_requested.emit(int(item.data(_ATTACHMENT_ROLE)))
