"""Papershelf's own PDF reader: the pages (rendered by PDFium) beside the page's text and
the paper's notes, with search inside the PDF; it opens at the page last read.

Pages are pictures, so text is selected in the page's text beside them: "Quote in note"
puts the selection (a search hit alone: its whole line) in the note as a Markdown quote
naming the page, in one step; "Annotate…" adds the reader's comment under the quote.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QKeySequence, QPainter, QPixmap, QShortcut, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.core import api
from desktop.core.errors import KnownError
from desktop.core.library import Library
from desktop.ui import core_sentences, plain_text, prompts
from desktop.ui.widgets.notes_editor import NotesEditor

#: Zoom steps (PDF points to pixels).
SCALES = (0.75, 1.0, 1.25, 1.5, 2.0, 3.0)
#: Saving the page read waits this long after the last page turn.
REMEMBER_AFTER_MS = 400


class PdfReader(QWidget):
    """One attached PDF of a paper, in a window of its own."""

    def __init__(
        self,
        library: Library,
        attachment_id: int,
        *,
        page: int = -1,
        parent: QWidget | None = None,
    ) -> None:
        """`page`: the page to open at (0 for the first; -1: where it was left)."""
        super().__init__(parent, Qt.WindowType.Window)
        self._library = library
        attached = library.attached_file(attachment_id)
        if attached.path is None or not attached.present:
            raise KnownError(
                self.tr("The file of attachment {attachment} is missing; relink it first.").format(
                    attachment=attachment_id
                )
            )
        self._attachment_id = attachment_id
        self._path: Path = attached.path
        self._count = api.pdf_page_count(self._path)
        self._texts = self._page_texts()
        self._scale_step = 2
        self._hits: list[tuple[int, int, int]] = []  # (page index, start, end) in its text
        self._hit = -1
        self._page = -1
        details = library.paper(attached.attachment.paper_id)
        title = api.math_as_text(details.paper.title) or self.tr("Untitled paper")
        self.setWindowTitle(self.tr("{title} — Papershelf reader").format(title=title))
        self._build(details)
        start = attached.attachment.last_page if page < 0 else page
        self._remember = QTimer(self, singleShot=True, interval=REMEMBER_AFTER_MS)
        self._remember.timeout.connect(self._on_remember)
        self.show_page(min(max(start, 0), max(self._count - 1, 0)))
        self.resize(1200, 850)

    def _page_texts(self) -> list[str]:
        stored = self._library.file_pages(self._attachment_id)
        texts = stored if stored else api.pdf_pages_text(self._path)
        return texts + [""] * (self._count - len(texts))

    # -- building ----------------------------------------------------------------------

    def _build(self, details: api.PaperDetails) -> None:
        self.page_image = QLabel(self)
        self.page_image.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.page_image.setAccessibleName(self.tr("Page"))
        scroll = QScrollArea(self)
        scroll.setWidget(self.page_image)
        scroll.setWidgetResizable(True)
        self.page_area = scroll
        self.previous_page = QToolButton(self)
        self.previous_page.setText("◀")
        self.previous_page.setToolTip(self.tr("Previous page (Page Up)"))
        self.previous_page.clicked.connect(lambda: self.show_page(self._page - 1))
        self.next_page = QToolButton(self)
        self.next_page.setText("▶")
        self.next_page.setToolTip(self.tr("Next page (Page Down)"))
        self.next_page.clicked.connect(lambda: self.show_page(self._page + 1))
        self.page_box = QSpinBox(self)
        self.page_box.setRange(1, max(self._count, 1))
        self.page_box.setAccessibleName(self.tr("Page number"))
        self.page_box.editingFinished.connect(lambda: self.show_page(self.page_box.value() - 1))
        of = QLabel(self.tr("of {count}").format(count=self._count), self)
        smaller = QToolButton(self)
        smaller.setText("−")
        smaller.setToolTip(self.tr("Smaller"))
        smaller.clicked.connect(lambda: self._zoom(-1))
        larger = QToolButton(self)
        larger.setText("+")
        larger.setToolTip(self.tr("Larger"))
        larger.clicked.connect(lambda: self._zoom(1))
        self.find_field = QLineEdit(self)
        self.find_field.setPlaceholderText(self.tr("Find in the PDF"))
        self.find_field.setClearButtonEnabled(True)
        self.find_field.returnPressed.connect(self.find_next)
        self.find_field.textChanged.connect(self._on_find_changed)
        find_previous = QToolButton(self)
        find_previous.setText("↑")
        find_previous.setToolTip(self.tr("Previous place (Shift+F3)"))
        find_previous.clicked.connect(self.find_previous)
        find_next = QToolButton(self)
        find_next.setText("↓")
        find_next.setToolTip(self.tr("Next place (F3, Enter)"))
        find_next.clicked.connect(self.find_next)
        self.found = QLabel(self)
        bar = QHBoxLayout()
        shown: list[QWidget] = [self.previous_page, self.page_box, of, self.next_page]
        finding: list[QWidget] = [self.find_field, find_previous, find_next, self.found]
        for widget in (*shown, smaller, larger):
            bar.addWidget(widget)
        bar.addStretch(1)
        for widget in finding:
            bar.addWidget(widget)
        pages = QWidget(self)
        pages_layout = QVBoxLayout(pages)
        pages_layout.setContentsMargins(0, 0, 0, 0)
        pages_layout.addLayout(bar)
        pages_layout.addWidget(scroll, 1)
        self.page_text = QPlainTextEdit(self)
        self.page_text.setReadOnly(True)
        self.page_text.setAccessibleName(self.tr("Text of this page"))
        self.quote = QPushButton(self.tr("Quote in note"), self)
        self.quote.setToolTip(
            self.tr("Put the selected text (or the line of the place found) in the note")
        )
        self.quote.clicked.connect(self.quote_selection)
        self.annotate = QPushButton(self.tr("Annotate…"), self)
        self.annotate.setToolTip(
            self.tr("Quote the selected text in the note with what you think of it")
        )
        self.annotate.clicked.connect(self.annotate_selection)
        self.notes = NotesEditor(self._library, self)
        self.notes.show_paper(details.id, details.notes)
        text_label = plain_text.label(self)
        text_label.setText(self.tr("Text of this page (select some to quote it):"))
        side = QWidget(self)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(text_label)
        side_layout.addWidget(self.page_text, 1)
        quoting = QHBoxLayout()
        quoting.addWidget(self.quote)
        quoting.addWidget(self.annotate)
        quoting.addStretch(1)
        side_layout.addLayout(quoting)
        side_layout.addWidget(self.notes, 2)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(pages)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        for keys, slot in (
            (QKeySequence.StandardKey.MoveToNextPage, lambda: self.show_page(self._page + 1)),
            (QKeySequence.StandardKey.MoveToPreviousPage, lambda: self.show_page(self._page - 1)),
            (QKeySequence.StandardKey.FindNext, self.find_next),
            (QKeySequence.StandardKey.FindPrevious, self.find_previous),
            (QKeySequence.StandardKey.Find, self.find_field.setFocus),
        ):
            QShortcut(QKeySequence(keys), self, slot)

    # -- pages -------------------------------------------------------------------------

    @property
    def page(self) -> int:
        """The page shown (0 for the first)."""
        return self._page

    def show_page(self, index: int) -> None:
        if not 0 <= index < self._count:
            return
        changed = index != self._page
        self._page = index
        try:
            pixels, width, height = api.render_pdf_page(
                self._path, index, scale=SCALES[self._scale_step]
            )
        except KnownError as error:
            self.page_image.setText(core_sentences.of_error(error))
        else:
            image = QImage(pixels, width, height, width * 4, QImage.Format.Format_RGBA8888)
            self.page_image.setPixmap(self._marked(QPixmap.fromImage(image.copy()), index))
        self.page_box.setValue(index + 1)
        self.previous_page.setEnabled(index > 0)
        self.next_page.setEnabled(index < self._count - 1)
        if changed:
            self.page_text.setPlainText(self._texts[index])
            self._remember.start()

    def _marked(self, pixmap: QPixmap, index: int) -> QPixmap:
        """The page with the places of the searched words marked (the current one more)."""
        words = self.find_field.text().strip()
        if not words:
            return pixmap
        try:
            places = api.find_in_pdf_page(self._path, index, words)
        except KnownError:
            return pixmap
        current = -1
        if self._hit >= 0 and self._hits[self._hit][0] == index:
            current = sum(1 for page, _s, _e in self._hits[: self._hit] if page == index)
        scale = SCALES[self._scale_step]
        painter = QPainter(pixmap)
        painter.setPen(Qt.PenStyle.NoPen)
        for number, boxes in enumerate(places):
            alpha = 140 if number == current else 70
            painter.setBrush(QColor(255, 200, 0, alpha))
            for left, top, right, bottom in boxes:
                painter.drawRect(
                    QRectF(
                        left * scale, top * scale, (right - left) * scale, (bottom - top) * scale
                    )
                )
        painter.end()
        return pixmap

    def _zoom(self, step: int) -> None:
        self._scale_step = min(max(self._scale_step + step, 0), len(SCALES) - 1)
        self.show_page(self._page)

    def _on_remember(self) -> None:
        with contextlib.suppress(KnownError):  # where one stopped is not worth an error box
            self._library.remember_page(self._attachment_id, self._page)

    # -- finding -------------------------------------------------------------------------

    def _on_find_changed(self, text: str) -> None:
        self._hits, self._hit = [], -1
        words = text.strip()
        if words:
            pattern = re.compile(re.escape(words), re.IGNORECASE)
            for index, page_text in enumerate(self._texts):
                self._hits += [(index, m.start(), m.end()) for m in pattern.finditer(page_text)]
        if not words or not self._hits:
            self.found.setText(self.tr("not found") if words else "")
            self.show_page(self._page)  # without the marks of the words searched before
        else:
            later = [n for n, (page, _s, _e) in enumerate(self._hits) if page >= self._page]
            self._go_to_hit(later[0] if later else 0)

    def find_next(self) -> None:
        if self._hits:
            self._go_to_hit((self._hit + 1) % len(self._hits))

    def find_previous(self) -> None:
        if self._hits:
            self._go_to_hit((self._hit - 1) % len(self._hits))

    def _go_to_hit(self, number: int) -> None:
        self._hit = number
        page, start, end = self._hits[number]
        self.show_page(page)
        cursor = self.page_text.textCursor()
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        self.page_text.setTextCursor(cursor)
        self.page_text.ensureCursorVisible()
        self.found.setText(
            self.tr("{number} of {count}").format(number=number + 1, count=len(self._hits))
        )

    # -- quoting -------------------------------------------------------------------------

    def quote_selection(self) -> bool:
        """Put the selected page text in the note as a quote with its page number; False
        (and a sentence) when nothing is selected."""
        return self._quote(comment="")

    def annotate_selection(self) -> bool:
        """Quote the selected page text in the note, followed by the reader's comment on it
        (asked for); False when nothing is selected or the comment is cancelled."""
        if not self._selected_text():
            return self._quote(comment="")
        comment = prompts.ask_multiline(
            self, self.tr("Annotate"), self.tr("Your note on the selected words:")
        )
        if comment is None:
            return False
        return self._quote(comment=comment.strip())

    def _selected_text(self) -> str:
        selected = self.page_text.textCursor().selectedText().replace("\u2029", "\n")
        if self._hit >= 0 and self._hits[self._hit][0] == self._page and selected:
            selected = self._line_around(*self._hits[self._hit])
        return " ".join(selected.split())

    def _quote(self, *, comment: str) -> bool:
        text = self._selected_text()
        if not text:
            prompts.show_error(self, self.tr("Select words in the page's text to quote them."))
            return False
        quote = self.tr("> {text}\n> (p. {page})").format(text=text, page=self._page + 1)
        if comment:
            quote += "\n\n" + comment
        editor = self.notes.editor
        body = editor.toPlainText()
        editor.moveCursor(QTextCursor.MoveOperation.End)
        editor.insertPlainText(("\n\n" if body.strip() else "") + quote + "\n")
        self.notes.save_now()
        return True

    def _line_around(self, page: int, start: int, end: int) -> str:
        """The line (of the page's text) a search hit is on: a hit alone is a word or two."""
        text = self._texts[page]
        if self.page_text.textCursor().selectionStart() != start or (
            self.page_text.textCursor().selectionEnd() != end
        ):
            return self.page_text.textCursor().selectedText()  # the user chose their own
        first = text.rfind("\n", 0, start) + 1
        last = text.find("\n", end)
        return text[first : last if last >= 0 else len(text)]

    def closeEvent(self, event: object) -> None:
        self.notes.save_now()
        if self._remember.isActive():
            self._remember.stop()
            self._on_remember()
        super().closeEvent(event)  # type: ignore[arg-type]
