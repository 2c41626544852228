"""The search field: searches as you type (debounced), Esc clears, the syntax in its tooltip."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QWidget

from desktop.core import api
from desktop.ui import core_sentences, icons
from desktop.ui.translations import QT_TRANSLATE_NOOP

#: Quiet time after the last keystroke before a search runs.
DEBOUNCE_MS = 150

#: The search syntax, for the tooltip and the Help menu (translated where shown).
QUERY_HELP = QT_TRANSLATE_NOOP(
    "SearchBar",
    """<b>Search</b> matches titles, authors, abstracts and more, forgiving small typos.
<table cellspacing="2">
<tr><td><tt>levine offline</tt></td><td>papers with both words</td></tr>
<tr><td><tt>"offline reinforcement"</tt></td><td>this exact phrase</td></tr>
<tr><td><tt>-survey</tt></td><td>leave out papers with this word</td></tr>
<tr><td><tt>diffusion OR flow</tt></td><td>either word</td></tr>
<tr><td><tt>title:</tt> <tt>author:</tt> <tt>abstract:</tt></td><td>search one field only</td></tr>
<tr><td><tt>venue:</tt> <tt>topic:</tt> <tt>keyword:</tt> <tt>note:</tt> <tt>doi:</tt></td>
<td>…and these fields (notes include annotations)</td></tr>
<tr><td><tt>fulltext:tokamak</tt></td><td>words in the attached PDFs</td></tr>
<tr><td><tt>tag:robotics</tt> <tt>list:"to read"</tt></td><td>papers with a tag, in a list</td></tr>
<tr><td><tt>status:unread</tt></td><td>unread, reading or read</td></tr>
<tr><td><tt>year:2019</tt> <tt>year:2015..2020</tt> <tt>year:&gt;=2021</tt></td>
<td>a year or a range</td></tr>
</table>
Esc clears the search.""",
)


class SearchField(QLineEdit):
    """A line edit that clears itself on Esc."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.text():
            self.clear()
            return
        super().keyPressEvent(event)


class SearchBar(QWidget):
    """Emits `query_changed(text)` once typing pauses; shows how many papers matched."""

    query_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.field = SearchField(self)
        self.field.setPlaceholderText(self.tr("Search title, author, abstract, tag:…, year:…"))
        self.field.setClearButtonEnabled(True)
        self.field.addAction(icons.icon("search"), QLineEdit.ActionPosition.LeadingPosition)
        self.field.setToolTip(self.tr(QUERY_HELP))
        self.field.setAccessibleName(self.tr("Search"))
        self.hit_count = QLabel(self)
        self.hit_count.setAccessibleName(self.tr("Matching papers"))
        self.hit_count.setMinimumWidth(90)
        self.hit_count.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.field, 1)
        layout.addWidget(self.hit_count)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._on_pause)
        self.field.textChanged.connect(self._on_text_changed)

    def text(self) -> str:
        return self.field.text().strip()

    def focus(self) -> None:
        self.field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.field.selectAll()

    def show_nearest(self, shown: int, replaced: list[tuple[str, str]]) -> None:
        """Say that nothing matched as typed and the papers listed are approximate: found
        by reading each word in `replaced` as the nearest the library holds."""
        self.hit_count.setText(self.tr("≈ %n nearest (no exact match)", "", shown))
        readings = "; ".join(
            self.tr("“{typed}” as {read}").format(typed=typed, read=read.replace(" OR ", ", "))
            for typed, read in replaced
        )
        self.hit_count.setToolTip(
            self.tr(
                "Nothing matches what you typed. Shown instead, read nearly: {readings}."
            ).format(readings=readings)
        )

    def set_count(self, shown: int, searching: bool, *, capped: bool = False) -> None:
        """Show how many papers are listed ("100+ found" while only a search's quick answer is
        shown, the complete one to follow), or
        say why a query that has nothing to look for (`((`, a lone `-`) finds nothing."""
        typed = self.text()
        if searching and not api.has_words(typed):
            self.hit_count.setText(self.tr("Nothing to search for"))
            self.hit_count.setToolTip(
                self.tr(
                    "“{query}” has no letters or digits to look for. Type words, a phrase in "
                    "quotes, or a qualifier such as author:levine or year:2019."
                ).format(query=typed)
            )
            return
        notice = api.query_notice(typed) if searching else ""
        more = "+" if capped and searching else ""
        if notice:
            self.hit_count.setToolTip(core_sentences.translated(notice))
        else:
            self.hit_count.setToolTip(
                self.tr("The first matches; every match follows in a moment.") if more else ""
            )
        shortened = self.tr(" (search shortened)") if notice else ""
        if searching:
            found = self.tr("{count}{more} found").format(count=f"{shown:,}", more=more)
            self.hit_count.setText(found + shortened)
        else:
            self.hit_count.setText(
                QCoreApplication.translate("SearchBar", "%Ln paper(s)", "", shown)
            )

    def flush(self) -> None:
        """Run a pending search now (tests, and Enter)."""
        if self._timer.isActive():
            self._timer.stop()
            self._on_pause()

    def _on_text_changed(self, _text: str) -> None:
        if not self.field.text():  # cleared: show the view at once
            self._timer.stop()
            self._on_pause()
            return
        self._timer.start()

    def _on_pause(self) -> None:
        self.query_changed.emit(self.text())
