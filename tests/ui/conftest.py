"""Fixtures for driving the window offscreen: a small SQLite library, private settings,
and prompts that answer from a script instead of opening modal dialogs."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import migrated_templates
import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from desktop.core.api import undo
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.ui import prompts, translations
from desktop.ui.background import progress
from desktop.ui.background.workers import Job
from desktop.ui.dialogs import export_options
from desktop.ui.window.main_window import MainWindow


@pytest.fixture(scope="session")
def _english(qapp: Any) -> list[Any]:
    """English as the app installs it: the source strings, and plural forms ("1 paper")
    from the English .qm that `make` builds."""
    installed = translations.install(qapp, "en")
    assert installed, "the English plural forms are missing: run `make translations`"
    return installed


@pytest.fixture(autouse=True)
def _application(qapp: Any, _english: list[Any]) -> Any:
    """Every UI test runs with a QApplication (pixmaps and palettes need one), in English."""
    return qapp


@pytest.fixture(autouse=True)
def _clipboard_emptied_after(qapp: Any) -> Iterator[None]:
    """Qt's offscreen platform crashes at exit when the clipboard still holds mime data a
    test put there (the xcb platform does not: checked under Xvfb); emptied after each test."""
    yield
    from PySide6.QtGui import QGuiApplication

    QGuiApplication.clipboard().clear()


@pytest.fixture(autouse=True)
def _export_options_as_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The export options dialog accepted as it opens (its own defaults), never left modal."""

    def accepted_at_once(parent: Any, *, format: Any, whole_library: bool) -> Any:
        if not format.offers_ascii_only:
            return export_options.api.ExportOptions()
        dialog = export_options.ExportOptionsDialog(parent, whole_library=whole_library)
        chosen = dialog.options()
        dialog.deleteLater()
        return chosen

    monkeypatch.setattr(export_options, "ask", accepted_at_once)


@pytest.fixture
def ui_library(tmp_path: Path, sqlite_at_head: Path) -> Iterator[Library]:
    """An empty library in a SQLite file of its own."""
    url = migrated_templates.copy_sqlite_template(sqlite_at_head, tmp_path / "ui.sqlite")
    library = Library.open(url)
    yield library
    library.close()


def add(
    library: Library, title: str, year: int | None = None, family: str = "Doe", **kw: Any
) -> int:
    """Add one paper with one author; returns its id."""
    record = Record(title=title, year=year, authors=[Person(given="A.", family=family)], **kw)
    return library.add_paper(record).id


@pytest.fixture
def small_library(ui_library: Library) -> Library:
    """Five papers: one untitled, one in a list, one tagged."""
    add(ui_library, "Offline Reinforcement Learning", 2020, "Levine", journal="arXiv")
    add(ui_library, "Attention Is All You Need", 2017, "Vaswani", booktitle="NeurIPS")
    add(ui_library, "", 2024, "Nobody", abstract="We study tokamaks with a new kind of magnet.")
    add(ui_library, "Deep Residual Learning", 2016, "He", booktitle="CVPR")
    add(ui_library, "Long Short-Term Memory", 1997, "Hochreiter", journal="Neural Computation")
    ui_library.create_list("To read")
    ui_library.create_tag("robotics", "#e4572e")
    return ui_library


@pytest.fixture
def window(small_library: Library, settings: QSettings, qtbot: QtBot) -> Iterator[MainWindow]:
    """The main window on the small library, shown offscreen, closed afterwards."""
    shown = MainWindow(small_library, settings)
    qtbot.addWidget(shown)
    shown.show()
    yield shown
    shown.close()


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """Window settings in a file of the test's own (never the user's)."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


class ScriptedPrompts:
    """Answers the window's questions from queues the test fills; records what was asked."""

    def __init__(self) -> None:
        self.texts: list[str | None] = []
        self.choices: list[str | None] = []
        self.confirm_answer = True
        self.errors: list[str] = []
        self.asked: list[str] = []
        #: The questions `confirm` was asked, as sentences.
        self.confirmed: list[str] = []

    # Named as the real prompts name them: callers pass `text` and `choices` by keyword.
    def ask_text(self, _parent: Any, title: str, _label: str, text: str = "") -> str | None:
        self.asked.append(title)
        return self.texts.pop(0) if self.texts else None

    def choose(self, _parent: Any, title: str, _sentence: str, *, choices: list[str]) -> str | None:
        self.asked.append(title)
        return self.choices.pop(0) if self.choices else None

    def confirm(self, _parent: Any, title: str, sentence: str) -> bool:
        self.asked.append(title)
        self.confirmed.append(sentence)
        return self.confirm_answer

    def show_error(self, _parent: Any, sentence: str) -> None:
        self.errors.append(sentence)


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> ScriptedPrompts:
    """Replace every modal prompt with scripted answers."""
    script = ScriptedPrompts()
    monkeypatch.setattr(prompts, "ask_text", script.ask_text)
    monkeypatch.setattr(prompts, "ask_multiline", script.ask_text)
    monkeypatch.setattr(prompts, "choose", script.choose)
    monkeypatch.setattr(prompts, "confirm", script.confirm)
    monkeypatch.setattr(prompts, "show_error", script.show_error)
    monkeypatch.setattr(prompts, "show_info", lambda *_a: None)
    return script


def cancel_after(
    monkeypatch: pytest.MonkeyPatch, library: Library, *, when: Callable[[undo.Step], bool]
) -> list[Job]:
    """The progress jobs the window starts, from now on; the first is cancelled (as the
    user's Cancel) right after `library` applies a step for which `when` is true."""
    jobs: list[Job] = []

    class SeenJob(Job):
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            jobs.append(self)

    monkeypatch.setattr(progress, "Job", SeenJob)
    real_apply = library.apply

    def apply_then_cancel(step: undo.Step) -> undo.Step:
        inverse = real_apply(step)
        if when(step):
            jobs[0].cancelled = True
        return inverse

    monkeypatch.setattr(library, "apply", apply_then_cancel)
    return jobs
