"""Uncaught errors: known ones become a sentence, bugs are logged and announced once."""

from __future__ import annotations

import os
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


def test_a_bug_is_appended_in_one_write_synced_to_the_disk(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = tmp_path / "errors.log"
    log.write_bytes(b"--- earlier\nTraceback: an old bug\n\n")
    writes: list[bytes] = []
    synced: list[int] = []
    real_write, real_fsync = os.write, os.fsync

    def write(handle: int, data: bytes) -> int:
        writes.append(bytes(data))
        return real_write(handle, data)

    def fsync(handle: int) -> None:
        synced.append(len(writes))
        real_fsync(handle)

    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(os, "fsync", fsync)
    CrashReporter(log, lambda _sentence: None).excepthook(*_raise(ZeroDivisionError("now")))  # type: ignore[arg-type]
    (record,) = writes
    assert record.startswith(b"--- ") and b"ZeroDivisionError: now" in record
    assert synced == [1]  # after the write
    assert log.read_bytes() == b"--- earlier\nTraceback: an old bug\n\n" + record


def test_a_crash_while_writing_keeps_the_earlier_entries(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = tmp_path / "errors.log"
    earlier = b"--- earlier\nTraceback: an old bug\n\n"
    log.write_bytes(earlier)
    real_write = os.write

    def cut_short(handle: int, data: bytes) -> int:
        real_write(handle, data[:10])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", cut_short)
    reporter = CrashReporter(log, lambda _sentence: None)
    reporter.excepthook(*_raise(ZeroDivisionError("cut")))  # type: ignore[arg-type]
    assert log.read_bytes().startswith(earlier)
    monkeypatch.setattr(os, "write", real_write)
    reporter.excepthook(*_raise(KeyError("next")))  # type: ignore[arg-type]
    text = log.read_text(encoding="utf-8")
    assert text.startswith(earlier.decode())
    # The record cut short does not swallow the next one's heading.
    assert "\n--- " in text.split("Traceback: an old bug", 1)[1].split("KeyError")[0]
    assert text.count("\n--- ") == 2 and "KeyError: 'next'" in text
