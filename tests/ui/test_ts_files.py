"""The committed .ts files are what extraction gives today, and plural messages are
marked as such (PySide's lupdate does not see counts in `QCoreApplication.translate`)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from desktop.core.sentences import placeholders
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


# --- The core's sentences -----------------------------------------------------------------


def test_every_sentence_of_the_core_has_a_finished_chinese_translation() -> None:
    templates = ts_files.core_templates()
    assert len(templates) > 150
    kept = ts_files.context_translations(ts_files.ts_path("zh_CN"))
    assert [t for t in templates if t not in kept] == [], "run `make update-translations`"
    unfinished = [t for t in templates if kept[t][1] is not None or not kept[t][0]]
    assert unfinished == [], "translate them in papershelf_zh_CN.ts"
    assert set(kept) == set(templates), "take the vanished sentences out once reworded"
    wrong = [t for t in templates if placeholders(kept[t][0]) != placeholders(t)]
    assert wrong == [], "a translation keeps exactly the template's {placeholders}"
    # The English file holds plural forms only: an English sentence is its template.
    assert ts_files.context_translations(ts_files.ts_path("en")) == {}


def test_the_templates_are_read_from_the_source_in_order(tmp_path: Path) -> None:
    (tmp_path / "b.py").write_text(
        "from desktop.core import sentences\n"
        "from desktop.core.sentences import sentence\n"
        'LATER = sentence("Second {x}", x=1)\n'
        'first = sentences.sentence("Third")\n'
        'again = sentence("Second {x}", x=2)\n'
        "made = sentence(TEMPLATE)\n"
    )
    (tmp_path / "a.py").write_text('sentence("First")\nsentence(f"Not {this}")\n')
    assert ts_files.core_templates(tmp_path) == ["First", "Second {x}", "Third"]


def test_the_core_context_keeps_translations_and_marks_what_vanished(tmp_path: Path) -> None:
    path = _ts(
        tmp_path,
        "<context><name>C</name><message><source>Plain</source>"
        "<translation>普通</translation></message></context>"
        "<context><name>core</name>"
        "<message><source>Kept {a}</source><translation>保留 {a}</translation></message>"
        "<message><source>Gone</source><translation>没了</translation></message>"
        "<message><source>Back</source>"
        '<translation type="vanished">回来</translation></message>'
        "<message><source>Never translated</source>"
        '<translation type="unfinished" /></message>'
        "</context>",
    )
    kept = ts_files.context_translations(path)
    ts_files.put_core_context(path, ["Kept {a}", "Back", "New"], kept=kept)
    once = path.read_text(encoding="utf-8")
    assert ts_files.context_translations(path) == {
        "Kept {a}": ("保留 {a}", None),
        "Back": ("回来", None),
        "New": ("", "unfinished"),
        "Gone": ("没了", "vanished"),
    }
    assert "<translation>普通</translation>" in once  # other contexts are left alone
    ts_files.put_core_context(
        path, ["Kept {a}", "Back", "New"], kept=ts_files.context_translations(path)
    )
    assert path.read_text(encoding="utf-8") == once
