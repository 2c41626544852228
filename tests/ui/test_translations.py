"""The window's language: chosen, remembered, installed; the .qm built from the committed
.ts loads and translates (ours and Qt's own standard dialogs)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QSettings, QTranslator
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from desktop import cli
from desktop.ui import app, resources, translations
from desktop.ui.window.main_window import MainWindow

LRELEASE = Path(sys.executable).parent / "pyside6-lrelease"


@pytest.fixture
def installed(qapp: QApplication) -> Iterator[list[QTranslator]]:
    """Translators a test installs, removed afterwards (the QApplication is shared)."""
    kept: list[QTranslator] = []
    yield kept
    for translator in kept:
        qapp.removeTranslator(translator)
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


def _build(ts: Path, tmp_path: Path) -> Path:
    """The .qm lrelease makes of `ts` now (not a copy left from an older build)."""
    qm = tmp_path / ts.with_suffix(".qm").name
    subprocess.run([str(LRELEASE), "-silent", str(ts), "-qm", str(qm)], check=True)
    return qm


def test_the_chinese_qm_built_from_the_ts_translates_a_known_string(
    qapp: QApplication, installed: list[QTranslator], tmp_path: Path
) -> None:
    qm = _build(resources.TRANSLATIONS / "papershelf_zh_CN.ts", tmp_path)
    translator = QTranslator()
    assert translator.load(str(qm))
    qapp.installTranslator(translator)
    installed.append(translator)
    assert QCoreApplication.translate("Organiser", "Move to Trash") == "移到回收站"
    assert QCoreApplication.translate("SidebarModel", "Reading lists") == "阅读列表"
    shown = QCoreApplication.translate("MainWindow", "%Ln paper(s) shown", "", 3)
    assert shown == "显示 3 篇文献"


def test_english_plurals_come_from_the_english_plural_file(
    qapp: QApplication, installed: list[QTranslator], tmp_path: Path
) -> None:
    qm = _build(resources.TRANSLATIONS / "papershelf_en.ts", tmp_path)
    translator = QTranslator()
    assert translator.load(str(qm))
    qapp.installTranslator(translator)
    installed.append(translator)
    count = QCoreApplication.translate
    assert count("MainWindow", "%Ln paper(s) shown", "", 1) == "1 paper shown"
    assert count("MainWindow", "%Ln paper(s) shown", "", 2) == "2 papers shown"
    assert count("ImportReport", "%Ln entries could not be read", "", 1) == (
        "1 entry could not be read"
    )


def test_the_qm_the_build_made_is_the_one_the_ts_gives(tmp_path: Path) -> None:
    """`make` rebuilds a .qm older than its .ts; this catches one left from other strings."""
    for ts in sorted(resources.TRANSLATIONS.glob("*.ts")):
        built = ts.with_suffix(".qm")
        assert built.exists(), f"{built.name} is missing: run `make translations`"
        assert built.read_bytes() == _build(ts, tmp_path).read_bytes(), f"{built.name} is stale"


def test_install_loads_ours_and_qts_own_chinese(
    qapp: QApplication, installed: list[QTranslator]
) -> None:
    installed += translations.install(qapp, "zh_CN")
    assert len(installed) == 2  # qtbase_zh_CN from PySide6's folder, and ours
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    assert [b.text() for b in box.buttons()] == ["取消"]
    assert QCoreApplication.translate("WindowActions", "&File") == "文件(&F)"
    assert QLocale().name() == "zh_CN"


def test_english_installs_only_its_plural_forms(
    qapp: QApplication, installed: list[QTranslator]
) -> None:
    installed += translations.install(qapp, "en")
    assert len(installed) == 1
    assert QCoreApplication.translate("Organiser", "Move to Trash") == "Move to Trash"


@pytest.mark.parametrize(
    ("chosen", "system", "shown"),
    [
        ("", "zh_CN", "zh_CN"),
        ("", "zh_TW", "zh_CN"),
        ("", "de_DE", "en"),
        ("", "en_GB", "en"),
        ("en", "zh_CN", "en"),
        ("zh_CN", "fr_FR", "zh_CN"),
    ],
)
def test_the_language_follows_the_system_unless_one_was_chosen(
    chosen: str, system: str, shown: str
) -> None:
    assert translations.resolve(chosen, QLocale(system)) == shown


def test_the_choice_is_remembered(tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert translations.chosen(settings) == ""
    translations.remember(settings, "zh_CN")
    again = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert translations.chosen(again) == "zh_CN"
    translations.remember(again, "")
    assert translations.chosen(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)) == ""
    with pytest.raises(ValueError, match="unknown language 'klingon'"):
        translations.remember(again, "klingon")


def test_the_command_line_offers_the_languages_the_window_has() -> None:
    assert set(cli.LANGUAGE_CODES) == set(translations.LANGUAGES)


@pytest.mark.parametrize(("argument", "passed"), [("zh_CN", "zh_CN"), ("system", ""), (None, None)])
def test_lang_on_the_command_line_reaches_the_window(
    monkeypatch: pytest.MonkeyPatch, argument: str | None, passed: str | None
) -> None:
    seen: dict[str, Any] = {}

    def run(url: str | None = None, *, language: str | None = None) -> int:
        seen.update(url=url, language=language)
        return 0

    monkeypatch.setattr(app, "run", run)
    argv = ["--db", "sqlite:///x.sqlite"] + (["--lang", argument] if argument else [])
    assert cli.main(argv) == 0
    assert seen == {"url": "sqlite:///x.sqlite", "language": passed}


def test_lang_not_offered_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--lang", "fr"])
    assert "invalid choice: 'fr'" in capsys.readouterr().err


def test_the_view_menu_remembers_the_language_chosen(
    window: MainWindow, settings: QSettings, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[str] = []
    monkeypatch.setattr(
        "desktop.ui.prompts.show_info", lambda _parent, _title, sentence: told.append(sentence)
    )
    menu = window.window_actions.language_menu
    names = [a.text() for a in menu.actions()]
    assert names == ["System Language", "English", "简体中文"]
    assert menu.actions()[0].isChecked()  # nothing chosen yet: the system's
    menu.actions()[2].trigger()
    assert translations.chosen(settings) == "zh_CN"
    assert told == ["The new language is used when Papershelf starts again."]
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert menu.menuAction() in view_menu.actions()
