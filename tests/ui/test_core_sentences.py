"""Sentences made in the core reach the window in its language: a real error in the
Chinese window is told in Chinese, the English window tells exactly the core's English,
and a translation that cannot take the values falls back to the English."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from desktop.core import sentences
from desktop.core.api import Record
from desktop.core.errors import InvalidInputError, KnownError
from desktop.core.library import Library
from desktop.core.views import View
from desktop.ui import core_sentences, prompts, translations
from desktop.ui.window.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts

LRELEASE = Path(sys.executable).parent / "pyside6-lrelease"


@pytest.fixture
def chinese(qapp: QApplication) -> Iterator[None]:
    """The window's translations in zh_CN for one test (the QApplication is shared)."""
    installed = translations.install(qapp, "zh_CN")
    assert len(installed) == 2
    yield
    for translator in installed:
        qapp.removeTranslator(translator)
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


def _taken_name_refused(window: MainWindow, scripted: ScriptedPrompts) -> list[str]:
    scripted.texts = ["To read"]  # the small library has a list of that name
    window.organiser.new_list_action.trigger()
    window.operations.wait_idle()
    return scripted.errors


def test_a_refused_name_is_told_in_chinese_in_the_chinese_window(
    chinese: None, window: MainWindow, scripted: ScriptedPrompts
) -> None:
    assert _taken_name_refused(window, scripted) == ["名为“To read”的阅读列表已存在。"]


def test_the_english_window_tells_the_cores_english_as_it_is(
    window: MainWindow, scripted: ScriptedPrompts
) -> None:
    assert _taken_name_refused(window, scripted) == [
        "A reading list called “To read” already exists."
    ]


def test_an_invalid_year_is_told_in_chinese(chinese: None, ui_library: Library) -> None:
    paper = ui_library.add_paper(Record(title="A paper")).paper
    with pytest.raises(InvalidInputError) as refused:
        ui_library.update_paper(paper.id, expected_version=None, year="20x1")
    assert core_sentences.of_error(refused.value) == "年份 '20x1' 不是年份；请写成如 2019 的形式。"
    assert str(refused.value) == "The year '20x1' is not a year; write it as, e.g., 2019."


def test_stored_import_problems_are_listed_in_chinese(
    chinese: None, window: MainWindow, tmp_path: Path
) -> None:
    bib = tmp_path / "broken.bib"
    bib.write_text("@article{a, title={Fine}, year={20x1}}\n@article{b title={Broken}}\n")
    window.library.import_files([bib])
    panel = window.problems_panel
    panel.show_warnings.setChecked(True)
    panel.reload()
    shown = [panel.tree.topLevelItem(row).text(3) for row in range(panel.count())]  # type: ignore[union-attr]
    # Sentences inside sentences (what could not be read, and why) are translated too.
    assert shown == [
        "此条目无法读取：其引用键后面没有逗号。已跳过，其文字已保留。",
        "条目“a”：年份“20x1”不是数字；已按原样保留。",
    ]


def test_why_a_files_words_cannot_be_searched_is_told_in_chinese(
    chinese: None, window: MainWindow, tmp_path: Path
) -> None:
    library = window.library
    paper = library.add_paper(Record(title="A paper")).id
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4 and then nothing a reader understands")
    library.attach_file(paper, broken, link=True)
    report = library.read_file_texts()
    # Told in the status bar as it is read...
    window.files._on_texts_read(report)
    said = window.statusBar().currentMessage()
    why = "broken.pdf 无法作为 PDF 读取（文件内容已损坏，或并非 PDF 文件）。"
    assert said == f"有些 PDF 无法读取：{why}"
    # ...and kept beside the file, in its tooltip in the detail pane.
    window.detail.show_paper(paper)
    links = window.detail.links.list
    [tip] = [links.item(row).toolTip() for row in range(links.count())]
    assert f"无法检索其中的文字：{why}" in tip


def test_why_syncing_a_file_stopped_is_told_in_chinese(
    chinese: None,
    window: MainWindow,
    scripted: ScriptedPrompts,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    library = window.library
    bib = tmp_path / "to-read.bib"
    library.add_synced_file("To read", bib)
    bib.write_text("% edited by hand\n")
    library.add_to_list("To read", [library.add_paper(Record(title="A paper")).id])
    library.sync_pending()
    assert library.take_sync_reports()  # told once, as it happened; kept in the library since
    list_id = library.reading_list("To read").id
    index = window.sidebar_model.index_of(View("list", list_id or 0))
    menu = window.organiser.sidebar_menu_for(index)
    window.manuscript.extend_sidebar_menu(menu, index)
    told: list[tuple[str, str]] = []
    monkeypatch.setattr(prompts, "show_info", lambda _p, title, said: told.append((title, said)))
    [why] = [action for action in menu.actions() if action.text() == "为何停止同步…"]
    why.trigger()
    assert told == [
        (
            "同步已停止",
            f"{bib} 在 Papershelf 上次写入后被 Papershelf 之外的程序修改。您的版本已保留，"
            "该文件不再保持同步：恢复同步会用列表覆盖它（您的版本会另存在旁边），"
            "您也可以停止同步它。",
        )
    ]


def test_text_that_is_no_sentence_and_a_bug_are_shown_as_they_are(chinese: None) -> None:
    assert core_sentences.translated("plain words") == "plain words"
    assert core_sentences.of_error(ValueError("a bug's own words")) == "a bug's own words"
    assert core_sentences.of_error(KnownError("Plain.")) == "Plain."


# --- A translation that cannot take the values ---------------------------------------------

TEMPLATES = {
    "There is no tag called “{name}”.": "没有名为“{nmae}”的标签。",  # a placeholder misspelt
    "A tag called “{name}” already exists.": "标签已存在。",  # the value dropped
    "The year {year} is not a year; write it as, e.g., 2019.": "年份 {year}} 不是年份。",
    "Paper {paper_id} is not in “{name}”.": "文献 {paper_id!r} 不在“{name}”中。",
    "There is no reading list called “{ref}”.": "没有名为“{ref}”的阅读列表（{ref.__class__}）。",
    "{what} could not be read: {detail}. It was skipped; its text is kept.": "{what}：{detail}",
    "This entry": "此条目",
}


@pytest.fixture
def slipped(qapp: QApplication, tmp_path: Path) -> Iterator[None]:
    """Translations of the core with a translator's slips in them, installed over ours."""
    messages = "".join(
        f"<message><source>{source}</source><translation>{text}</translation></message>"
        for source, text in TEMPLATES.items()
    )
    ts = tmp_path / "slips.ts"
    ts.write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1" '
        f'language="zh_CN"><context><name>core</name>{messages}</context></TS>',
        encoding="utf-8",
    )
    qm = tmp_path / "slips.qm"
    subprocess.run([str(LRELEASE), "-silent", str(ts), "-qm", str(qm)], check=True)
    translator = QTranslator()
    assert translator.load(str(qm))
    qapp.installTranslator(translator)
    yield
    qapp.removeTranslator(translator)


def test_a_translation_that_cannot_take_the_values_gives_the_english(
    slipped: None, ui_library: Library
) -> None:
    made = [
        sentences.sentence("There is no tag called “{name}”.", name="robots"),
        sentences.sentence("A tag called “{name}” already exists.", name="robots"),
        sentences.sentence(
            "The year {year} is not a year; write it as, e.g., 2019.", year=repr("20x1")
        ),
        sentences.sentence("Paper {paper_id} is not in “{name}”.", paper_id=3, name="Later"),
        sentences.sentence("There is no reading list called “{ref}”.", ref="Later"),
    ]
    assert [core_sentences.translated(text) for text in made] == [str(text) for text in made]
    # A part with no translation stays English inside a translated whole.
    nested = sentences.sentence(
        "{what} could not be read: {detail}. It was skipped; its text is kept.",
        what=sentences.sentence("This entry"),
        detail=sentences.sentence("its syntax is broken"),  # no translation here
    )
    assert core_sentences.translated(nested) == "此条目：its syntax is broken"
