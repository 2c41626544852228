"""A paper's links (DOI, arXiv, URL) and attached files, opened with the system's handler
or read in Papershelf; a missing file says so and can be relinked; the pages of its files
where the search's words are."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.core import api
from desktop.core.api import AttachedFile, PaperDetails, Place
from desktop.ui import core_sentences, icons, link_opener, plain_text, prompts

_TARGET_ROLE = Qt.ItemDataRole.UserRole
_ATTACHMENT_ROLE = Qt.ItemDataRole.UserRole + 1
#: On a file's row: "missing", "pdf" (present, can be read here) or "file".
_STATE_ROLE = Qt.ItemDataRole.UserRole + 2
_PAGE_ROLE = Qt.ItemDataRole.UserRole + 3


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
    """Double-click opens; Add file (a copy) / Link file / Add link / Relink / Read /
    Remove change or show the paper's attachments."""

    #: A web address or path to attach as it is (target, label).
    attach_requested = Signal(str, str)
    #: A file to attach: (path, link instead of copying).
    file_requested = Signal(str, bool)
    #: (attachment id, the file's new path).
    relink_requested = Signal(int, str)
    #: Read an attached PDF in Papershelf: (attachment id, page index or -1 for the last
    #: page read).
    read_requested = Signal(int, int)
    detach_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._files: dict[int, AttachedFile] = {}
        self._folders: list[Path] = []
        self.list = QListWidget(self)
        self.list.setAccessibleName(self.tr("Links and files"))
        self.list.itemActivated.connect(self._on_open)
        self.list.currentItemChanged.connect(self._on_current)
        add_file = QPushButton(self.tr("Add file…"), self)
        add_file.setToolTip(
            self.tr("Copy a file (the PDF, slides, code…) into the library's files folder")
        )
        add_file.clicked.connect(lambda: self._on_add_file(link=False))
        link_file = QPushButton(self.tr("Link file…"), self)
        link_file.setToolTip(self.tr("Attach a file where it is, without copying it"))
        link_file.clicked.connect(lambda: self._on_add_file(link=True))
        add_link = QPushButton(icons.icon("link"), self.tr("Add link…"), self)
        add_link.setToolTip(self.tr("Attach a web address"))
        add_link.clicked.connect(self._on_add_link)
        self.read = QPushButton(self.tr("Read"), self)
        self.read.setToolTip(self.tr("Read the PDF here, beside the paper's notes"))
        self.read.clicked.connect(self._on_read)
        self.relink = QPushButton(self.tr("Relink…"), self)
        self.relink.setToolTip(self.tr("Tell Papershelf where the file is now"))
        self.relink.clicked.connect(self._on_relink)
        self.remove = QPushButton(self.tr("Remove"), self)
        self.remove.setToolTip(
            self.tr(
                "Remove the selected attachment (a copy in the files folder goes to its "
                "trash; a linked file stays where it is)"
            )
        )
        self.remove.clicked.connect(self._on_remove)
        for button in (self.read, self.relink, self.remove):
            button.setEnabled(False)
        adding = QHBoxLayout()
        for button in (add_file, link_file, add_link):
            adding.addWidget(button)
        adding.addStretch(1)
        acting = QHBoxLayout()
        for button in (self.read, self.relink):
            acting.addWidget(button)
        acting.addStretch(1)
        acting.addWidget(self.remove)
        self.places_label = QLabel(self.tr("Where the searched words are in its files:"), self)
        self.places_label.setWordWrap(True)
        self.places = QListWidget(self)
        self.places.setAccessibleName(self.tr("Places of the searched words"))
        self.places.setWordWrap(True)
        self.places.itemActivated.connect(self._on_place)
        self.places.setMaximumHeight(self.fontMetrics().height() * 9)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.list, 2)
        layout.addLayout(acting)
        layout.addLayout(adding)
        layout.addWidget(self.places_label)
        layout.addWidget(self.places, 1)
        self.show_places([])

    def show_links(
        self,
        details: PaperDetails,
        files: list[AttachedFile] | None = None,
        *,
        folders: list[Path] | None = None,
    ) -> None:
        """Show the paper's links and files (`files`: how this computer sees them;
        `folders`: where our own files are, which open without asking)."""
        self._files = {f.attachment.id: f for f in files or []}
        self._folders = list(folders or [])
        self.list.clear()
        for label, target, attachment_id in links_of(details):
            seen = self._files.get(attachment_id) if attachment_id is not None else None
            self.list.addItem(self._item(label, target, attachment_id, seen=seen))
        self._on_current(self.list.currentItem())

    def _item(
        self, label: str, target: str, attachment_id: int | None, *, seen: AttachedFile | None
    ) -> QListWidgetItem:
        state = ""
        if seen is not None and seen.path is not None:
            target = str(seen.path)
            if not seen.present:
                state = "missing"
                label = self.tr("{label} — missing").format(label=label)
            else:
                state = "pdf" if api.is_pdf(seen.path) else "file"
        icon = "problems" if state == "missing" else "link" if "://" in target else "note"
        item = QListWidgetItem(icons.icon(icon), label)
        item.setData(_TARGET_ROLE, target)
        item.setData(_ATTACHMENT_ROLE, attachment_id)
        item.setData(_STATE_ROLE, state)
        if state == "missing":
            tip = self.tr("{target}\nThe file is not there: Relink… to say where it is now.")
        else:
            tip = self.tr("{target}\nDouble-click or Enter to open")
        tip = tip.format(target=target)
        if seen is not None and seen.attachment.text_problem:
            tip += "\n" + self.tr("Its words cannot be searched: {why}").format(
                why=core_sentences.translated(seen.attachment.text_problem)
            )
        item.setToolTip(plain_text.tooltip(tip))
        return item

    def show_places(self, places: list[Place]) -> None:
        """The pages of the paper's files where the searched words are ([]: hidden)."""
        self.places.clear()
        for place in places:
            text = self.tr("p. {page}: {snippet}").format(page=place.page, snippet=place.snippet)
            item = QListWidgetItem(text)
            item.setData(_ATTACHMENT_ROLE, place.attachment_id)
            item.setData(_PAGE_ROLE, place.page - 1)
            item.setToolTip(plain_text.tooltip(place.label))
            self.places.addItem(item)
        self.places_label.setVisible(bool(places))
        self.places.setVisible(bool(places))

    def _on_open(self, item: QListWidgetItem) -> None:
        target = str(item.data(_TARGET_ROLE))
        if item.data(_STATE_ROLE) == "missing":
            prompts.show_error(
                self,
                self.tr(
                    "“{target}” is not there any more. Use Relink… to say where it is now."
                ).format(target=target),
            )
            return
        link_opener.open_target(self, target, also_allowed=self._folders)

    def _on_current(self, item: QListWidgetItem | None) -> None:
        attachment = item is not None and item.data(_ATTACHMENT_ROLE) is not None
        state = item.data(_STATE_ROLE) if item is not None else ""
        self.remove.setEnabled(attachment)
        self.relink.setEnabled(attachment and state in ("missing", "pdf", "file"))
        self.read.setEnabled(attachment and state == "pdf")

    def _on_add_file(self, *, link: bool) -> None:
        title = self.tr("Link files") if link else self.tr("Attach files")
        for path in prompts.ask_open_files(self, title, self.tr("All files (*)")):
            self.file_requested.emit(path, link)

    def _on_add_link(self) -> None:
        url = prompts.ask_text(self, self.tr("Add link"), self.tr("Web address (https://…):"))
        if url:
            self.attach_requested.emit(url, "")

    def _selected_attachment(self) -> int | None:
        item = self.list.currentItem()
        if item is None or item.data(_ATTACHMENT_ROLE) is None:
            return None
        return int(item.data(_ATTACHMENT_ROLE))

    def _on_relink(self) -> None:
        attachment_id = self._selected_attachment()
        if attachment_id is None:
            return
        chosen = prompts.ask_open_files(
            self, self.tr("Where is the file now?"), self.tr("All files (*)")
        )
        if chosen:
            self.relink_requested.emit(attachment_id, chosen[0])

    def _on_read(self) -> None:
        attachment_id = self._selected_attachment()
        if attachment_id is not None:
            self.read_requested.emit(attachment_id, -1)

    def _on_place(self, item: QListWidgetItem) -> None:
        self.read_requested.emit(int(item.data(_ATTACHMENT_ROLE)), int(item.data(_PAGE_ROLE)))

    def _on_remove(self) -> None:
        attachment_id = self._selected_attachment()
        item = self.list.currentItem()
        if attachment_id is None or item is None:
            return
        if prompts.confirm(self, self.tr("Remove attachment"), self._removal_said(item)):
            self.detach_requested.emit(attachment_id)

    def _removal_said(self, item: QListWidgetItem) -> str:
        """What removing the attachment does to its file, for the user to confirm."""
        seen = self._files.get(int(item.data(_ATTACHMENT_ROLE)))
        label = item.text()
        if seen is not None:
            label = seen.attachment.label or seen.attachment.target
        if seen is None or seen.path is None:
            return self.tr("Remove the link “{label}” from this paper?").format(label=label)
        if seen.copied:
            return self.tr(
                "Remove “{label}” from this paper? Its copy in the library's files folder "
                "goes to that folder's trash: Undo brings it back. It is deleted for good "
                "when you empty the trash, or once Undo cannot reach it any more (at the "
                "latest when the window closes)."
            ).format(label=label)
        return self.tr(
            "Remove “{label}” from this paper? The file itself stays where it is: {path}"
        ).format(label=label, path=seen.path)
