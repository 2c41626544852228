"""The committed .ts files are what extraction gives today, and plural messages are
marked as such (PySide's lupdate does not see counts in `QCoreApplication.translate`)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from desktop.ui import ts_files

LUPDATE = str(Path(sys.executable).parent / "pyside6-lupdate")


def test_the_committed_ts_files_are_in_step_with_the_code(tmp_path: Path) -> None:
    for language in ts_files.PLURAL_FORMS:
        shutil.copy(ts_files.ts_path(language), tmp_path)
    ts_files.update(lupdate=LUPDATE, folder=tmp_path)
    for language in ts_files.PLURAL_FORMS:
        committed = ts_files.ts_path(language).read_text(encoding="utf-8")
        extracted = ts_files.ts_path(language, tmp_path).read_text(encoding="utf-8")
        assert extracted == committed, f"run `make update-translations` ({language})"


def _ts(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "x.ts"
    path.write_text(
        f'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1">{body}</TS>'
    )
    return path


def test_a_count_in_the_source_makes_a_plural_message(tmp_path: Path) -> None:
    path = _ts(
        tmp_path,
        "<context><name>C</name>"
        "<message><source>%Ln paper(s)</source><translation>%Ln 篇</translation></message>"
        "<message><source>Plain</source><translation>普通</translation></message>"
        "</context>",
    )
    ts_files.mark_plurals(path, forms=1)
    text = path.read_text(encoding="utf-8")
    assert '<message numerus="yes">' in text
    assert "<numerusform>%Ln 篇</numerusform>" in text
    assert "<translation>普通</translation>" in text
    assert 'type="unfinished"' not in text


def test_a_language_of_two_forms_waits_for_the_second(tmp_path: Path) -> None:
    path = _ts(
        tmp_path,
        "<context><name>C</name>"
        "<message><source>%Ln paper(s)</source><translation>%Ln paper</translation></message>"
        "<message><source>Plain</source><translation>Plain</translation></message>"
        "</context><context><name>D</name>"
        "<message><source>Only plain</source><translation>x</translation></message>"
        "</context>",
    )
    ts_files.mark_plurals(path, forms=2, plurals_only=True)
    text = path.read_text(encoding="utf-8")
    assert text.count("<numerusform") == 2 and 'type="unfinished"' in text
    assert "Plain" not in text and "<name>D</name>" not in text
