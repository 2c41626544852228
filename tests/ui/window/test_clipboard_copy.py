"""Copying many papers (Ctrl+C's BibTeX, Copy Bibliography, Copy as Citation) runs on a
worker behind a dialog with progress and Cancel; a cancelled copy leaves the clipboard as it
was."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QProgressDialog, QPushButton
from pytestqt.qtbot import QtBot

from desktop.core.errors import ExportCancelled
from desktop.core.library import Library
from desktop.ui.background import progress
from desktop.ui.window import clipboard_copy
from desktop.ui.window.main_window import MainWindow


@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> list[QProgressDialog]:
    """The progress dialogs opened, in order."""
    opened: list[QProgressDialog] = []
    real = progress.open_dialog

    def seen(*args: Any, **kwargs: Any) -> QProgressDialog:
        opened.append(real(*args, **kwargs))
        return opened[-1]

    monkeypatch.setattr(progress, "open_dialog", seen)
    return opened


@pytest.fixture
def many(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """All five papers selected, which counts as many: each copy takes the worker's path."""
    monkeypatch.setattr(clipboard_copy, "BIBTEX_AT_ONCE", 2)
    monkeypatch.setattr(clipboard_copy, "REFERENCES_AT_ONCE", 2)
    monkeypatch.setattr(clipboard_copy, "CITATIONS_AT_ONCE", 2)
    ids = window.library.view_ids()
    window.select_ids(ids)
    return ids


def _recorded(
    monkeypatch: pytest.MonkeyPatch, library: Library, name: str, *, hold: threading.Event
) -> list[tuple[str, BaseException | None]]:
    """Each call of the library's method `name`: the thread it ran on and what it raised;
    each call waits until `hold` is set."""
    calls: list[tuple[str, BaseException | None]] = []
    real = getattr(library, name)

    def held(*args: Any, **kwargs: Any) -> Any:
        assert hold.wait(10)
        try:
            result = real(*args, **kwargs)
        except BaseException as error:
            calls.append((threading.current_thread().name, error))
            raise
        calls.append((threading.current_thread().name, None))
        return result

    monkeypatch.setattr(library, name, held)
    return calls


def _released() -> threading.Event:
    released = threading.Event()
    released.set()
    return released


def _copy_bibtex(window: MainWindow) -> None:
    window.transfers.copy_bibtex_action.trigger()


def _copy_bibliography(window: MainWindow) -> None:
    window.manuscript.copy_bibliography_action.trigger()


def _copy_citation(window: MainWindow) -> None:
    window.manuscript.copy_citation_action.trigger()


def test_the_bibtex_of_many_papers_is_copied_by_a_worker_with_progress(
    window: MainWindow,
    qtbot: QtBot,
    many: list[int],
    dialogs: list[QProgressDialog],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _recorded(monkeypatch, window.library, "export", hold=_released())
    with qtbot.waitSignal(window.transfers.clipboard_copy.copied, timeout=10_000) as told:
        _copy_bibtex(window)
    assert calls == [("papershelf-worker", None)]  # not on the GUI thread
    (dialog,) = dialogs
    assert dialog.labelText() == "Copying the BibTeX of 5 papers…"
    assert dialog.windowTitle() == "Copy" and dialog.maximum() == len(many)
    assert dialog.findChild(QPushButton).text() == "Cancel"
    copied = QGuiApplication.clipboard().text()
    assert copied.startswith("@") and copied.count("\n@") == 4  # five entries
    assert "Attention Is All You Need" in copied and "Long Short-Term Memory" in copied
    assert told.args == ["Copied the BibTeX of 5 papers."]


def test_the_bibliography_of_many_papers_is_formatted_by_a_worker_with_progress(
    window: MainWindow,
    qtbot: QtBot,
    many: list[int],
    dialogs: list[QProgressDialog],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _recorded(monkeypatch, window.library, "bibliography", hold=_released())
    with qtbot.waitSignal(window.manuscript.clipboard_copy.copied, timeout=20_000) as told:
        _copy_bibliography(window)
    assert calls == [("papershelf-worker", None)] * 2  # rich text, then plain text
    (dialog,) = dialogs
    assert dialog.labelText() == "Formatting 5 references to copy…"
    assert dialog.maximum() == 2 * len(many)  # each reference formatted twice
    data = QGuiApplication.clipboard().mimeData()
    assert "Hochreiter, A. (1997). Long Short-Term Memory. Neural Computation." in data.text()
    assert "<i>Neural Computation</i>" in data.html()
    assert told.args == ["Copied 5 references in the style apa."]


def test_the_citation_of_many_papers_is_formatted_by_a_worker_with_progress(
    window: MainWindow,
    qtbot: QtBot,
    many: list[int],
    dialogs: list[QProgressDialog],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _recorded(monkeypatch, window.library, "citation", hold=_released())
    with qtbot.waitSignal(window.manuscript.clipboard_copy.copied, timeout=20_000) as told:
        _copy_citation(window)
    assert calls == [("papershelf-worker", None)] * 2  # rich text, then plain text
    (dialog,) = dialogs
    assert dialog.labelText() == "Formatting the in-text citation of 5 papers to copy…"
    assert dialog.windowTitle() == "Copy" and dialog.maximum() == 2 * len(many)
    data = QGuiApplication.clipboard().mimeData()
    expected = window.library.cite(many, style="apa").citation  # as a few are copied
    assert data.text() == expected and "Hochreiter, 1997" in expected
    assert data.html() == window.library.cite(many, style="apa", output="html").citation
    assert told.args == ["Copied the in-text citation in the style apa."]


@pytest.mark.usefixtures("many")
@pytest.mark.parametrize(
    ("copy", "method"),
    [
        (_copy_bibtex, "export"),
        (_copy_bibliography, "bibliography"),
        (_copy_citation, "citation"),
    ],
)
def test_a_cancelled_copy_leaves_the_clipboard_as_it_was(
    window: MainWindow,
    qtbot: QtBot,
    dialogs: list[QProgressDialog],
    monkeypatch: pytest.MonkeyPatch,
    copy: Callable[[MainWindow], None],
    method: str,
) -> None:
    QGuiApplication.clipboard().setText("the user's own text")
    hold = threading.Event()
    calls = _recorded(monkeypatch, window.library, method, hold=hold)
    told: list[str] = []
    window.transfers.clipboard_copy.copied.connect(told.append)
    window.manuscript.clipboard_copy.copied.connect(told.append)
    copy(window)
    (dialog,) = dialogs
    dialog.findChild(QPushButton).click()  # Cancel, while the worker is at it
    hold.set()
    qtbot.waitUntil(lambda: len(calls) == 1, timeout=10_000)
    qtbot.wait(50)  # what the worker hands back would arrive meanwhile
    assert isinstance(calls[0][1], ExportCancelled)  # the work stopped, too
    assert QGuiApplication.clipboard().text() == "the user's own text"
    assert told == []
    assert not window.transfers.clipboard_copy.busy and not window.manuscript.clipboard_copy.busy
