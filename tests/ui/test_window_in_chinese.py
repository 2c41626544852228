"""The window in Simplified Chinese over a Chinese library (GB/T 7714 examples): CJK text
renders, and no label, button, tab, header or menu is cut short.

Set PAPERSHELF_SCREENSHOTS to a folder to keep the screenshots (they are looked at by a
person; these checks catch what can be measured)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QSettings, QTranslator
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QHeaderView,
    QLabel,
    QMenu,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from desktop.core.api import Person, Record, View
from desktop.core.library import Library
from desktop.ui import fonts, translations
from desktop.ui.dialogs.import_report import ImportReportDialog
from desktop.ui.window.main_window import MainWindow

pytestmark = pytest.mark.slow


@pytest.fixture
def chinese(qapp: QApplication) -> Iterator[None]:
    """The window's translations in zh_CN for one test."""
    installed: list[QTranslator] = translations.install(qapp, "zh_CN")
    assert len(installed) == 2
    fonts.prefer_plain_cjk(qapp)
    yield
    for translator in installed:
        qapp.removeTranslator(translator)
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PAPERSHELF_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def chinese_library(tmp_path: Path, corpus_dir: Path) -> Iterator[Library]:
    library = Library.open(f"sqlite:///{tmp_path / 'zh.sqlite'}")
    library.import_files([corpus_dir / "gbt7714" / "gbt7714-2015-biblatex.bib"])
    # The paper of issue 14, with an abstract to annotate and a note.
    paper = library.add_paper(
        Record(
            title="基于深度强化学习的机器人路径规划方法研究",
            authors=[Person(family="张三"), Person(family="李四")],
            journal="计算机学报",
            year=2021,
            abstract="针对复杂环境下移动机器人的路径规划问题，本文提出一种基于深度强化学习的"
            "方法，在仿真与真实场景中均取得了较好的效果。",
        )
    ).id
    reading_list = library.create_list("博士论文：强化学习")
    assert reading_list.id is not None
    library.add_to_list(reading_list.id, [paper, *library.view_ids(View())[:4]])
    library.create_tag("机器人路径规划", "#3a7bd5")
    library.add_note(paper, "# 阅读笔记\n\n第三节的**复杂环境**实验值得再读一遍。")
    library.annotate(paper, 2, 6, note="复杂环境：指动态障碍物")
    yield library
    library.close()


def _cut_short(root: QWidget) -> list[str]:
    """Visible buttons, unwrapped labels and tabs narrower than their text needs."""
    found = []
    for button in root.findChildren(QAbstractButton):
        if button.isVisible() and button.text() and button.width() < button.sizeHint().width():
            found.append(
                f"button {button.text()!r}: {button.width()} < {button.sizeHint().width()}"
            )
    for label in root.findChildren(QLabel):
        shown = label.isVisible() and label.text() and not label.wordWrap()
        if shown and label.width() < label.minimumSizeHint().width():
            found.append(f"label {label.text()[:30]!r}")
    for tabs in root.findChildren(QTabWidget):
        bar = tabs.tabBar()
        for i in range(bar.count()):
            if tabs.isVisible() and bar.tabRect(i).width() < bar.tabSizeHint(i).width():
                found.append(f"tab {bar.tabText(i)!r}")
    return found


def _headers_cut_short(header: QHeaderView) -> list[str]:
    found = []
    model = header.model()
    metrics = header.fontMetrics()
    for section in range(header.count()):
        if header.isSectionHidden(section):
            continue
        text = str(model.headerData(section, header.orientation()))
        # The sort arrow and the padding take about two character widths.
        if header.sectionSize(section) < metrics.horizontalAdvance(text) + 2 * metrics.height():
            found.append(f"header {text!r}: {header.sectionSize(section)}")
    return found


def test_cjk_fonts_are_installed() -> None:
    families = QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese)
    assert families, "install fonts-noto-cjk (listed in .ci/debian-packages)"


def test_the_window_in_chinese_shows_everything_whole(
    chinese: None, chinese_library: Library, tmp_path: Path, shots: Path, qtbot: QtBot
) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(chinese_library, settings)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    assert window.table_model.rowCount() > 200
    newest = max(window.shown_ids())
    window.select_ids([newest])
    window.open_selected()
    qtbot.wait(50)
    window.grab().save(str(shots / "main.png"))
    problems = _cut_short(window) + _headers_cut_short(window.table.horizontalHeader())
    for index, name in enumerate(["abstract", "notes", "details", "links"]):
        window.detail.tabs.setCurrentIndex(index)
        qtbot.wait(20)
        window.detail.grab().save(str(shots / f"detail-{name}.png"))
        problems += _cut_short(window.detail)
    for action in window.menuBar().actions():
        menu = action.menu()
        assert isinstance(menu, QMenu)
        menu.adjustSize()
        menu.grab().save(str(shots / f"menu-{len(list(shots.glob('menu-*')))}.png"))
        for entry in menu.actions():
            assert entry.text() == "" or not entry.text().isascii() or entry.isSeparator(), (
                f"English in the Chinese menu: {entry.text()!r}"
            )
    assert problems == []


def test_the_import_report_and_welcome_in_chinese_show_everything_whole(
    chinese: None,
    chinese_library: Library,
    corpus_dir: Path,
    shots: Path,
    tmp_path: Path,
    qtbot: QtBot,
) -> None:
    # The same papers again, each with a note more: likely duplicates to settle (the same
    # file again would be recognised as papers the library holds).
    source = (corpus_dir / "gbt7714" / "gbt7714-2015-biblatex.bib").read_text(encoding="utf-8")
    copy = tmp_path / "gbt7714-copy.bib"
    copy.write_text(re.sub(r"(@\w+\{[^,\s]+,)", r"\1 note = {副本},", source), encoding="utf-8")
    again = chinese_library.import_files([copy])
    assert again.duplicates and not again.already_held
    parent = QWidget()
    dialog = ImportReportDialog(chinese_library, [again], parent)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.grab().save(str(shots / "import-report.png"))
    assert dialog.windowTitle() == "导入完成"
    problems = _cut_short(dialog)
    dialog.close()
    empty = Library.open(f"sqlite:///{tmp_path / 'empty.sqlite'}")
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(empty, settings)
    window.resize(1000, 700)
    window.show()
    qtbot.waitExposed(window)
    window.grab().save(str(shots / "welcome.png"))
    problems += _cut_short(window.welcome)
    window.close()
    empty.close()
    assert problems == []
