"""Uncaught errors: known ones become a sentence, bugs are logged and announced once."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from desktop.core.errors import DatabaseError, InvalidInputError
from desktop.ui import app
from desktop.ui.crash_report import CrashReporter


def _raise(error: BaseException) -> tuple[type[BaseException], BaseException, object]:
    try:
        raise error
    except BaseException:
        kind, value, trace = sys.exc_info()
        assert kind is not None and value is not None
        return kind, value, trace


def test_a_known_error_is_shown_as_its_sentence_and_not_logged(tmp_path: Path) -> None:
    told: list[str] = []
    reporter = CrashReporter(tmp_path / "errors.log", told.append)
    reporter.excepthook(*_raise(InvalidInputError("The year 20x1 is not a year.")))  # type: ignore[arg-type]
    assert told == ["The year 20x1 is not a year."]
    assert not (tmp_path / "errors.log").exists()


def test_a_bug_is_logged_with_its_traceback_and_announced_once(tmp_path: Path) -> None:
    told: list[str] = []
    log = tmp_path / "errors.log"
    reporter = CrashReporter(log, told.append)
    reporter.excepthook(*_raise(ZeroDivisionError("first")))  # type: ignore[arg-type]
    reporter.excepthook(*_raise(KeyError("second")))  # type: ignore[arg-type]
    assert len(told) == 1
    assert str(log) in told[0] and "Traceback" not in told[0]
    text = log.read_text(encoding="utf-8")
    assert "ZeroDivisionError: first" in text and "KeyError: 'second'" in text
    assert text.count("Traceback (most recent call last)") == 2


def test_run_shows_a_sentence_when_the_library_cannot_open(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    told: list[str] = []
    monkeypatch.setattr(app, "_show_sentence", told.append)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # undone after the test

    def refuse(_url: str | None) -> None:
        raise DatabaseError("Papershelf cannot open the library at /nowhere: disk I/O error.")

    monkeypatch.setattr(app.Library, "open", staticmethod(refuse))
    monkeypatch.setattr(app.api, "data_dir", lambda: tmp_path)
    assert app.run("sqlite:////nowhere/l.sqlite") == 1
    assert told == ["Papershelf cannot open the library at /nowhere: disk I/O error."]
