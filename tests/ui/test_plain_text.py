"""Everything from a paper is shown as text: a title holding `<img src="/dev/zero">` or a
note holding `![x](/dev/zero)` loads nothing (it crashed the window with bad_alloc, a FIFO
hung it). The window runs in a subprocess, with a timeout, so that a regression fails this
test instead of taking the test run down."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox

from desktop.ui import plain_text

WINDOW = r"""
import sys
from pathlib import Path
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.ui.background.operations import OperationRunner
from desktop.ui.models.paper_table_model import PaperTableModel
from desktop.ui.undo_commands import History
from desktop.ui.widgets.detail_pane import DetailPane

folder, fifo = Path(sys.argv[1]), sys.argv[2]
app = QApplication([])
library = Library.open(f"sqlite:///{folder / 'l.sqlite'}")
images = f'<img src="/dev/zero"><img src="{fifo}"><img src="file://{fifo}">'
record = Record(
    title="Title " + images,
    journal="<img src='/dev/zero'>",
    abstract="Abstract " + images,
    authors=[Person(given="<img src='/dev/zero'>", family=f"<img src='{fifo}'>")],
)
paper = library.add_paper(record).id
library.add_note(paper, f"![x](/dev/zero) ![y]({fifo}) ![z](https://example.invalid/a.png)")
runner = OperationRunner()
pane = DetailPane(library, History(QUndoStack(), runner, print))
pane.show()
pane.show_paper(paper)
pane.notes.preview_button.setChecked(True)
for _ in range(20):
    app.processEvents()
pane.grab()
pane.notes.preview.grab()
# The browser itself loads nothing, whatever HTML reaches it.
pane.notes.preview.setHtml(f'{images}<link rel="stylesheet" href="/dev/zero">')
pane.notes.preview.grab()
pane.abstract.text.setHtml(images)
pane.abstract.text.grab()
print("shown:", pane.heading.text())
runner.shut_down()
library.close()
"""


def test_hostile_images_in_a_paper_load_nothing(tmp_path: Path) -> None:
    fifo = tmp_path / "image.png"
    os.mkfifo(fifo)
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", WINDOW, str(tmp_path), str(fifo)],
        capture_output=True,
        text=True,
        timeout=90,
        env=environment,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert 'shown: Title <img src="/dev/zero">' in done.stdout  # as text, to the letter


def test_labels_and_message_boxes_are_plain_text() -> None:
    assert plain_text.label().textFormat() == Qt.TextFormat.PlainText
    assert isinstance(plain_text.label(), QLabel)
    box = plain_text.message_box(QMessageBox())
    assert box.textFormat() == Qt.TextFormat.PlainText


def test_a_tooltip_shows_markup_as_text() -> None:
    shown = plain_text.tooltip('<img src="/dev/zero"> & co\nline')
    assert "<img" not in shown
    assert "&lt;img src=&quot;/dev/zero&quot;&gt; &amp; co<br>line" in shown
    assert plain_text.tooltip("") == ""


def test_a_browser_loads_no_resource() -> None:
    browser = plain_text.ResourcelessBrowser()
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QTextDocument

    kind = int(QTextDocument.ResourceType.ImageResource.value)
    blank = browser.loadResource(kind, QUrl.fromLocalFile("/dev/zero"))
    assert (blank.width(), blank.height()) == (1, 1)  # a blank pixel, not the file
    assert not browser.openLinks() and not browser.openExternalLinks()


def test_a_note_preview_shows_images_as_their_description() -> None:
    from desktop.ui.widgets.notes_editor import render_markdown

    html = render_markdown("![x <b>](/dev/zero) ![](https://example.org/a.png) [a](https://a)")
    assert "<img" not in html and "/dev/zero" not in html
    assert html == '<p>[x &lt;b&gt;] [image] <a href="https://a">a</a></p>\n'
