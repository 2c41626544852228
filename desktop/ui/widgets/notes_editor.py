"""A paper's Markdown notes: an editor that saves itself, and a rendered preview.

Typing starts a short quiet-time timer (`SAVE_DELAY_MS`); a second timer caps how long
unsaved text can wait (`MAX_UNSAVED_MS`) while someone types without pause. Leaving the
editor, switching papers and closing the window save at once. So a note typed just before
the program is killed loses at most the last second.

A save names the note's version it was typed over: when someone else (another window,
another user) changed the note meanwhile, the save is refused and the user chooses to merge
the two texts, keep both as two notes, or save theirs over; the text typed is never dropped.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PySide6.QtCore import QEvent, QObject, QTimer, QUrl, Signal
from PySide6.QtGui import QGuiApplication, QTextCursor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QPlainTextEdit,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.core.api import Note
from desktop.core.errors import NotFoundError, StaleEditError
from desktop.core.library import Library
from desktop.ui import core_sentences, icons, link_opener, plain_text, prompts

SAVE_DELAY_MS = 500
MAX_UNSAVED_MS = 1000


@cache
def _markdown() -> Any:
    # Imported on first use: the window should not wait for it to open.
    from markdown_it import MarkdownIt

    # Raw HTML in a note is shown as text, never interpreted.
    parser = MarkdownIt("commonmark", {"html": False})
    # An image is shown as its description in brackets: the preview loads no file and no
    # page (`![x](/dev/zero)` took all memory), whatever a note links to.
    parser.add_render_rule("image", _image_as_text)
    return parser


def _image_as_text(renderer: Any, *rule: Any) -> str:
    # markdown-it passes a rule (tokens, index, options, env), by position.
    tokens, index, options, env = rule
    token = tokens[index]
    described = renderer.renderInline(token.children, options, env) if token.children else ""
    return f"[{described or 'image'}]"


def render_markdown(text: str) -> str:
    """The HTML a note's Markdown stands for (raw HTML in it is escaped)."""
    return str(_markdown().render(text))


class NotesEditor(QWidget):
    """Notes of one paper: pick a note, edit it, preview it; saving is automatic."""

    saved = Signal(int)

    def __init__(self, library: Library, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._library = library
        self._paper_id: int | None = None
        self._note_id: int | None = None
        self._version: int | None = None  # of the note as opened or last saved
        self._saved_text = ""
        self._resolving = False  # a collision is being put to the user
        self._notes: list[Note] = []
        self.picker = QComboBox(self)
        self.picker.setAccessibleName(self.tr("Note"))
        self.picker.activated.connect(self._on_picked)
        new = QToolButton(self)
        new.setIcon(icons.icon("add"))
        new.setToolTip(self.tr("Start a new note on this paper"))
        new.clicked.connect(self.new_note)
        self.delete_button = QToolButton(self)
        self.delete_button.setIcon(icons.icon("trash"))
        self.delete_button.setToolTip(self.tr("Delete this note"))
        self.delete_button.clicked.connect(self._on_delete)
        self.preview_button = QToolButton(self)
        self.preview_button.setText(self.tr("Preview"))
        self.preview_button.setCheckable(True)
        self.preview_button.setToolTip(self.tr("Show the note rendered from its Markdown"))
        self.preview_button.toggled.connect(self._on_preview_toggled)
        bar = QHBoxLayout()
        bar.addWidget(self.picker, 1)
        bar.addWidget(new)
        bar.addWidget(self.delete_button)
        bar.addWidget(self.preview_button)
        self.editor = QPlainTextEdit(self)
        self.editor.setPlaceholderText(
            self.tr(
                "Write notes in Markdown: **bold**, *italic*, - lists, [links](https://…).\n"
                "They save themselves as you type."
            )
        )
        self.editor.textChanged.connect(self._on_text_changed)
        self.editor.installEventFilter(self)
        self.preview = plain_text.ResourcelessBrowser(self)
        self.preview.anchorClicked.connect(self._on_link)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self.editor)
        self.pages.addWidget(self.preview)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.pages, 1)
        self._quiet = QTimer(self, singleShot=True, interval=SAVE_DELAY_MS)
        self._quiet.timeout.connect(self.save_now)
        self._cap = QTimer(self, singleShot=True, interval=MAX_UNSAVED_MS)
        self._cap.timeout.connect(self.save_now)

    # -- which paper and note ------------------------------------------------------------

    def show_paper(self, paper_id: int | None, notes: list[Note]) -> None:
        """Show the notes of a paper (saving the note being edited first)."""
        self.save_now()
        self._paper_id = paper_id
        self._notes = list(notes)
        self._fill_picker()
        self._open(self._notes[0] if self._notes else None)
        self.setEnabled(paper_id is not None)

    def _fill_picker(self) -> None:
        self.picker.clear()
        for number, note in enumerate(self._notes, start=1):
            lines = note.body.strip().splitlines()
            first = lines[0].lstrip("#>-* ").strip()[:40] if lines else ""
            first = first or self.tr("(empty)")
            self.picker.addItem(f"{number}. {first}", note.id)
        if not self._notes:
            self.picker.addItem(self.tr("New note"), None)
        self.delete_button.setEnabled(bool(self._notes))

    def _open(self, note: Note | None) -> None:
        self._note_id = note.id if note is not None else None
        self._version = note.version if note is not None else None
        self._saved_text = note.body if note is not None else ""
        self.editor.blockSignals(True)
        self.editor.setPlainText(self._saved_text)
        self.editor.moveCursor(QTextCursor.MoveOperation.End)  # typing goes on after the text
        self.editor.blockSignals(False)
        self._render_preview()

    def new_note(self) -> None:
        self.save_now()
        self._open(None)
        self.picker.addItem(self.tr("{number}. (new)").format(number=len(self._notes) + 1), None)
        self.picker.setCurrentIndex(self.picker.count() - 1)
        self.preview_button.setChecked(False)
        self.editor.setFocus()

    def _on_picked(self, index: int) -> None:
        self.save_now()
        note_id = self.picker.itemData(index)
        self._open(next((n for n in self._notes if n.id == note_id), None))

    def _on_delete(self) -> None:
        if self._note_id is None:
            return
        if not prompts.confirm(
            self, self.tr("Delete note"), self.tr("Delete this note? This cannot be undone.")
        ):
            return
        self._quiet.stop()
        self._cap.stop()
        try:
            self._library.delete_note(self._note_id, expected_version=self._version)
        except StaleEditError as error:
            # Someone wrote in it since: nothing is deleted, and their text is shown.
            prompts.show_error(self, core_sentences.of_error(error))
            fresh = self._library.note(self._note_id)
            self._notes = [fresh if n.id == fresh.id else n for n in self._notes]
            self._open(fresh)
            return
        self._notes = [n for n in self._notes if n.id != self._note_id]
        self._note_id = None
        self._fill_picker()
        self._open(self._notes[0] if self._notes else None)

    # -- saving ------------------------------------------------------------------------

    def has_unsaved_text(self) -> bool:
        return self.editor.toPlainText() != self._saved_text

    def _on_text_changed(self) -> None:
        self._quiet.start()
        if not self._cap.isActive():
            self._cap.start()

    def _keep_orphaned_text(self, text: str) -> None:
        """The paper (or note) was deleted for good elsewhere while the user typed: the text
        goes to the clipboard, with a sentence, and the editor lets go of that paper."""
        QGuiApplication.clipboard().setText(text)
        self._paper_id, self._note_id, self._saved_text = None, None, text
        prompts.show_error(
            self,
            self.tr(
                "This paper was deleted from the library while you were writing, so the note "
                "could not be saved with it. Your text is on the clipboard: paste it into a "
                "note on another paper to keep it."
            ),
        )

    def save_now(self) -> None:
        """Write the note being edited to the library, if it changed."""
        self._quiet.stop()
        self._cap.stop()
        text = self.editor.toPlainText()
        if self._paper_id is None or text == self._saved_text or self._resolving:
            return
        try:
            note = self._write(text)
        except StaleEditError as error:
            note = self._resolve_collision(core_sentences.of_error(error), text)
        except NotFoundError:
            self._keep_orphaned_text(text)
            return
        self._saved_text = note.body
        assert note.id is not None
        self.saved.emit(note.id)

    def _write(self, text: str) -> Note:
        """Save `text` into the note shown (a new one if it has none yet)."""
        if self._note_id is not None:
            try:
                note = self._library.edit_note(self._note_id, text, expected_version=self._version)
            except NotFoundError:
                self._note_id = None  # deleted elsewhere: the text becomes a new note
            else:
                self._remember(note)
                return note
        assert self._paper_id is not None
        note = self._library.add_note(self._paper_id, text)
        self._remember(note, new=True)
        return note

    def _remember(self, note: Note, *, new: bool = False) -> None:
        """`note` is the one shown now, as stored."""
        self._note_id, self._version = note.id, note.version
        if new:
            self._notes.append(note)
            self.picker.setItemData(self.picker.currentIndex(), note.id)
        else:
            self._notes = [note if n.id == note.id else n for n in self._notes]

    def _resolve_collision(self, sentence: str, mine: str) -> Note:
        """The note changed elsewhere since it was opened: ask what to do with the two
        texts, and do it; the note now shown, as stored. Closing the question keeps both."""
        assert self._note_id is not None
        merge = self.tr("Merge: their text, then mine")
        overwrite = self.tr("Save mine over theirs")
        keep_both = self.tr("Keep both as two notes")
        question = (
            sentence
            + " "
            + self.tr("Your text is kept whichever you choose (closing this keeps both notes).")
        )
        self._resolving = True
        try:
            choice = prompts.choose(
                self,
                self.tr("Note changed elsewhere"),
                question,
                choices=[merge, keep_both, overwrite],
            )
            theirs = self._library.note(self._note_id)
            if choice in (merge, overwrite):
                text = f"{theirs.body}\n\n{mine}" if choice == merge else mine
                try:
                    note = self._library.edit_note(theirs.id, text, expected_version=theirs.version)
                except StaleEditError:
                    pass  # changed yet again while the user chose: both are kept below
                else:
                    self._remember(note)
                    self._show_text(note.body)
                    return note
            return self._keep_both(theirs, mine)
        finally:
            self._resolving = False

    def _keep_both(self, theirs: Note, mine: str) -> Note:
        """Their text stays in their note; mine becomes a new note, shown."""
        assert self._paper_id is not None
        self._notes = [theirs if n.id == theirs.id else n for n in self._notes]
        note = self._library.add_note(self._paper_id, mine)
        self._notes.append(note)
        self._fill_picker()
        self.picker.setCurrentIndex(self.picker.findData(note.id))
        self._note_id, self._version = note.id, note.version
        return note

    def _show_text(self, text: str) -> None:
        """Put `text` in the editor as saved, the cursor at its end."""
        self.editor.blockSignals(True)
        self.editor.setPlainText(text)
        self.editor.moveCursor(QTextCursor.MoveOperation.End)
        self.editor.blockSignals(False)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.editor and event.type() == QEvent.Type.FocusOut:
            self.save_now()
        return False

    # -- preview -----------------------------------------------------------------------

    def _on_preview_toggled(self, on: bool) -> None:
        if on:
            self.save_now()
            self._render_preview()
        self.pages.setCurrentWidget(self.preview if on else self.editor)

    def _render_preview(self) -> None:
        self.preview.setHtml(render_markdown(self.editor.toPlainText()))

    def _on_link(self, url: QUrl) -> None:
        link_opener.open_target(self, url.toString())
