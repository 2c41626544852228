"""The right-hand pane: one paper's metadata, abstract with annotations, notes and links.

Everything it changes goes through `Library`, off the GUI thread in the window's operation
runner (notes aside); metadata edits, tags and annotations are pushed on its undo stack.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QLabel,
    QScrollArea,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.core import api
from desktop.core.api import DEFAULT_STYLE, Change, PaperDetails
from desktop.core.errors import KnownError, NotFoundError, StaleEditError
from desktop.core.library import Library
from desktop.ui import core_sentences, plain_text, prompts, undo_commands
from desktop.ui.translations import QT_TRANSLATE_NOOP
from desktop.ui.widgets.abstract_view import AbstractView
from desktop.ui.widgets.citation_preview import CitationPreview
from desktop.ui.widgets.links_view import LinksView
from desktop.ui.widgets.metadata_form import MetadataForm
from desktop.ui.widgets.notes_editor import NotesEditor
from desktop.ui.widgets.selection_summary import SelectionSummary
from desktop.ui.widgets.tag_editor import TagEditor

#: The answers to a collision (translated where asked).
RELOAD = QT_TRANSLATE_NOOP("DetailPane", "Reload their version")
OVERWRITE = QT_TRANSLATE_NOOP("DetailPane", "Save mine over theirs")


class DetailPane(QWidget):
    """Shows the paper picked in the table (`show_paper`); empty when none is."""

    #: Read an attached PDF in Papershelf: (attachment id, page index or -1: the last read).
    read_requested = Signal(int, int)

    def __init__(
        self,
        library: Library,
        history: undo_commands.History,
        parent: Any = None,
        *,
        style: Callable[[], str] = lambda: DEFAULT_STYLE,
    ) -> None:
        """`style`: the citation style the reference preview is formatted in."""
        super().__init__(parent)
        self._library = library
        self._history = history
        self._details: PaperDetails | None = None
        self._search_text = ""  # the words whose places in the paper's files are shown
        #: The version the form's edits are based on (kept old after a collision).
        self._version: int | None = None
        self.heading = plain_text.label(self)
        self.heading.setWordWrap(True)
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = QFont(self.heading.font())
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.heading.setFont(font)
        self.byline = plain_text.label(self)
        self.byline.setWordWrap(True)
        self.byline.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tags = TagEditor(self)
        self.keywords = plain_text.label(self)
        self.keywords.setWordWrap(True)
        self.keywords.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.keywords.setToolTip(
            self.tr("The paper's keywords; search them with keyword:, edit them under Details")
        )
        self.citation = CitationPreview(library, style, self)
        self.tags.tags_edited.connect(self._on_tags_edited)
        self.form = MetadataForm(self)
        self.form.save_requested.connect(self._on_save_requested)
        form_scroll = QScrollArea(self)
        form_scroll.setWidget(self.form)
        form_scroll.setWidgetResizable(True)
        form_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.abstract = AbstractView(self)
        self.abstract.annotate_requested.connect(self._on_annotate)
        self.abstract.edit_requested.connect(self._on_edit_annotation)
        self.abstract.delete_requested.connect(self._on_delete_annotation)
        self.notes = NotesEditor(library, self)
        self.links = LinksView(self)
        self.links.attach_requested.connect(self._on_attach)
        self.links.detach_requested.connect(self._on_detach)
        self.links.file_requested.connect(self._on_attach_file)
        self.links.relink_requested.connect(self._on_relink)
        self.links.read_requested.connect(self.read_requested)
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.abstract, self.tr("Abstract"))
        self.tabs.addTab(self.notes, self.tr("Notes"))
        self.tabs.addTab(form_scroll, self.tr("Details"))
        self.tabs.addTab(self.links, self.tr("Links"))
        paper_page = QWidget(self)
        paper_layout = QVBoxLayout(paper_page)
        paper_layout.setContentsMargins(8, 8, 8, 8)
        paper_layout.addWidget(self.heading)
        paper_layout.addWidget(self.byline)
        paper_layout.addWidget(self.tags)
        paper_layout.addWidget(self.keywords)
        paper_layout.addWidget(self.citation)
        paper_layout.addWidget(self.tabs, 1)
        placeholder = QLabel(
            self.tr("Select a paper to see its details, abstract and notes."), self
        )
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        placeholder.setWordWrap(True)
        placeholder.setEnabled(False)
        # Shown while several papers are selected.
        self.summary = SelectionSummary(self)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(placeholder)
        self.pages.addWidget(paper_page)
        self.pages.addWidget(self.summary)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.pages)

    @property
    def paper_id(self) -> int | None:
        return None if self._details is None else self._details.id

    def show_paper(self, paper_id: int | None) -> None:
        """Show a paper (or nothing), saving the note being typed first."""
        self.notes.save_now()
        if paper_id is None:
            self._details = None
            self.notes.show_paper(None, [])
            self.citation.show_paper(None)
            self.pages.setCurrentIndex(0)
            return
        try:
            details = self._library.paper(paper_id)
        except NotFoundError:
            self.show_paper(None)
            return
        if self._details is None or self._details.id != paper_id:
            self.form.clear()
        self._details = details
        self._version = details.paper.version
        self.form.load(details)
        self._show_parts(details)
        self.notes.show_paper(paper_id, details.notes)
        self.pages.setCurrentIndex(1)

    def show_many(self, count: int) -> None:
        """Say how many papers are selected, with what can be done to all of them (no
        paper is read: the count is all a selection of 100k papers costs)."""
        if self.pages.currentWidget() is not self.summary:
            self.show_paper(None)
        self.summary.show_count(count)
        self.pages.setCurrentWidget(self.summary)

    def show_annotation(self, annotation_id: int) -> None:
        """Open the abstract at an annotation of the paper shown (its words selected)."""
        self.tabs.setCurrentWidget(self.abstract)
        self.abstract.show_annotation(annotation_id)

    def _show_parts(self, details: PaperDetails) -> None:
        paper = details.paper
        # Math as Unicode ($^{13}$C as ¹³C); the form below edits the title as stored.
        self.heading.setText(api.math_as_text(paper.title) or self.tr("Untitled paper"))
        names = api.join_names([p.display() for p in details.authors[:6]])
        if len(details.authors) > 6:
            names += self.tr(" and {count} more").format(count=len(details.authors) - 6)
        venue = paper.journal or paper.booktitle or paper.publisher
        where = " · ".join(x for x in (venue, str(paper.year or "")) if x)
        self.byline.setText("\n".join(x for x in (names, where) if x))
        self.tags.show_tags([t.name for t in details.tags])
        shown = " · ".join(api.math_as_text(word) for word in paper.keywords)
        self.keywords.setText(self.tr("Keywords: {keywords}").format(keywords=shown))
        self.keywords.setVisible(bool(paper.keywords))
        self.abstract.show_abstract(paper.abstract, details.annotations)
        self._show_files(details)
        self.citation.show_paper(details.id)

    def _show_files(self, details: PaperDetails) -> None:
        try:
            folders = [self._library.files_folder()]
        except KnownError:
            folders = []  # a server library with no files folder chosen yet
        files = self._library.attached_files(details.id)
        self.links.show_links(details, files, folders=folders)
        places = self._library.file_places(details.id, self._search_text)
        self.links.show_places(places)

    def set_search_text(self, text: str) -> None:
        """Show where the words of this search are in the shown paper's files."""
        self._search_text = text
        if self._details is not None:
            self.links.show_places(self._library.file_places(self._details.id, text))

    def refresh_citation(self) -> None:
        """Format the shown paper's reference again (the citation style changed)."""
        self.citation.show_paper(self.paper_id)

    def refresh(self, change: Change) -> None:
        """Bring the shown paper up to date after a change in the library."""
        if self._details is None:
            return
        if change.paper_ids and self._details.id not in change.paper_ids:
            return
        try:
            details = self._library.paper(self._details.id)
        except NotFoundError:
            self.show_paper(None)
            return
        if details.paper.deleted_at is not None and self._details.paper.deleted_at is None:
            self.show_paper(None)
            return
        self._details = details
        if self.form.load(details):
            self._version = details.paper.version
        self._show_parts(details)

    def save_pending(self) -> None:
        """Save what is being typed (the window is closing or the paper changes)."""
        self.notes.save_now()

    # -- metadata -----------------------------------------------------------------------

    def _on_save_requested(self, changes: dict[str, Any]) -> None:
        if self._details is None:
            return
        before = {name: self.form.loaded(name) for name in changes}
        self._save(changes, before, self._version)

    def _save(self, changes: dict[str, Any], before: dict[str, Any], version: int | None) -> None:
        assert self._details is not None
        paper_id = self._details.id
        values = dict(changes)
        authors = values.pop("authors", None)
        editors = values.pop("editors", None)
        library = self._library  # the runner's thread must not touch this widget

        def save() -> PaperDetails:
            return library.update_paper(
                paper_id, expected_version=version, authors=authors, editors=editors, **values
            )

        def saved(details: PaperDetails) -> None:
            if self.paper_id == paper_id:  # still shown
                self._version = details.paper.version
                self._details = details
                self.form.load(details)  # what was saved is now what the form started from
                self._show_parts(details)
            command = undo_commands.EditPaperCommand(library, paper_id, before, after=changes)
            self._history.push_done(command)

        def failed(error: KnownError) -> None:
            if isinstance(error, StaleEditError) and self.paper_id == paper_id:
                self._resolve_collision(core_sentences.of_error(error), changes, before)
            else:
                prompts.show_error(self, core_sentences.of_error(error))

        self._history.runner.run(save, on_done=saved, on_failed=failed)

    def _resolve_collision(
        self, sentence: str, changes: dict[str, Any], before: dict[str, Any]
    ) -> None:
        reload, overwrite = self.tr(RELOAD), self.tr(OVERWRITE)
        choice = prompts.choose(
            self, self.tr("Changed by someone else"), sentence, choices=[reload, overwrite]
        )
        if choice == reload:
            assert self._details is not None
            self.form.clear()
            self.show_paper(self._details.id)
        elif choice == overwrite:
            assert self._details is not None
            current = self._library.paper(self._details.id).paper.version
            self._save(changes, before, current)

    # -- annotations and links --------------------------------------------------------------

    def _on_annotate(self, start: int, end: int) -> None:
        if self._details is None:
            return
        note = prompts.ask_multiline(
            self, self.tr("Annotate"), self.tr("Your note on the selected words:")
        )
        if note is None:
            return
        paper_id = self._details.id
        self._history.perform(
            undo_commands.AnnotateCommand(self._library, paper_id, start, end=end, note=note)
        )

    def _on_edit_annotation(self, annotation_id: int) -> None:
        annotation = self.abstract.annotation(annotation_id)
        if annotation is None:
            return
        note = prompts.ask_multiline(
            self, self.tr("Annotation"), self.tr("Your note:"), text=annotation.note
        )
        if note is not None and note != annotation.note:
            command = undo_commands.EditAnnotationCommand(self._library, annotation, note)
            self._history.perform(command)

    def _on_delete_annotation(self, annotation_id: int) -> None:
        annotation = self.abstract.annotation(annotation_id)
        if annotation is not None:
            command = undo_commands.DeleteAnnotationCommand(self._library, annotation)
            self._history.perform(command)

    def _on_tags_edited(self, added: list[str], removed: list[str]) -> None:
        if self._details is None or not (added or removed):
            return
        paper_id = self._details.id
        command = undo_commands.ChangeTagsCommand(self._library, paper_id, added, removed=removed)
        self._history.perform(command)

    def _on_attach(self, target: str, _label: str) -> None:
        if self._details is not None:
            command = undo_commands.AttachCommand(self._library, self._details.id, address=target)
            self._history.perform(command)

    def _on_attach_file(self, path: str, link: bool) -> None:
        if self._details is not None:
            command = undo_commands.AttachCommand(
                self._library, self._details.id, files=[Path(path)], link=link
            )
            self._history.perform(command)

    def _on_relink(self, attachment_id: int, path: str) -> None:
        self._history.perform(undo_commands.RelinkCommand(self._library, attachment_id, Path(path)))

    def _on_detach(self, attachment_id: int) -> None:
        shown = self._details.attachments if self._details is not None else []
        attachment = next((a for a in shown if a.id == attachment_id), None)
        if attachment is not None:
            self._history.perform(undo_commands.DetachCommand(self._library, attachment))
