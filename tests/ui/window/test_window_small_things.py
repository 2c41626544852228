"""The window's small courtesies: its title names the library, an empty search says so,
math in titles reads as text, tag colours show in the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer, QUrl
from PySide6.QtGui import QColor, QGuiApplication, QPixmap
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.views import View
from desktop.ui import file_dialogs, prompts
from desktop.ui.widgets import show_in_folder
from desktop.ui.window import export_flow
from desktop.ui.window.main_window import MainWindow
from tests.ui.conftest import add


def _row_of(window: MainWindow, title: str) -> int:
    model = window.table_model
    return next(r for r in range(model.rowCount()) if title in (model.index(r, 0).data() or ""))


def _settle(qtbot: QtBot, window: MainWindow) -> None:
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: not window._pending and not window._apply_timer.isActive())


def test_the_window_title_names_the_open_library(window: MainWindow) -> None:
    assert window.windowTitle() == "ui.sqlite — Papershelf"


def test_the_title_names_a_postgresql_library_by_its_database(
    library: Library, qtbot: QtBot, settings: QSettings
) -> None:
    shown = MainWindow(library, settings)
    qtbot.addWidget(shown)
    expected = (
        Path(library.where).name if library.backend == "sqlite" else library.engine.url.database
    )
    assert shown.windowTitle() == f"{expected} — Papershelf"
    assert "@" not in shown.windowTitle() and "password" not in shown.windowTitle()


def test_a_search_that_finds_nothing_says_so_in_the_table(window: MainWindow, qtbot: QtBot) -> None:
    assert window.table.empty_message == ""
    with qtbot.waitSignal(window.search_finished, timeout=5000):
        window.search_bar.field.setText("zzyzx")
    qtbot.waitUntil(lambda: window.table_model.rowCount() == 0)
    assert window.center.currentWidget() is window.table
    assert window.table.empty_message == "No papers match “zzyzx”."
    # It is painted where the rows would be: text pixels appear in the empty viewport.
    shot = window.table.viewport().grab().toImage()
    background = shot.pixelColor(2, shot.height() - 2)
    assert any(
        shot.pixelColor(x, y) != background
        for x in range(0, shot.width(), 2)
        for y in range(20, 70)
    )
    with qtbot.waitSignal(window.search_finished, timeout=5000):
        window.search_bar.field.setText("attention")
    qtbot.waitUntil(lambda: window.table_model.rowCount() == 1)
    assert window.table.empty_message == ""
    window.search_bar.field.setText("")
    assert window.table.empty_message == ""


def test_an_empty_search_inside_a_view_names_the_view(window: MainWindow, qtbot: QtBot) -> None:
    window.show_view(View("list", window.library.reading_list("To read").id))
    with qtbot.waitSignal(window.search_finished, timeout=5000):
        window.search_bar.field.setText("attention")
    qtbot.waitUntil(lambda: window.table.empty_message != "")
    assert window.table.empty_message == "No papers in this view match “attention”."


def test_math_in_a_title_is_shown_as_text_and_stored_as_given(
    window: MainWindow, qtbot: QtBot
) -> None:
    library = window.library
    paper = add(library, "$^{13}$C NMR of H$_2$O with $\\epsilon$-MOEA", 2021)
    _settle(qtbot, window)
    row = _row_of(window, "NMR")
    assert window.table_model.index(row, 0).data() == "¹³C NMR of H₂O with ϵ-MOEA"
    window.select_ids([paper])
    qtbot.waitUntil(lambda: window.detail.heading.text() == "¹³C NMR of H₂O with ϵ-MOEA")
    assert library.paper(paper).paper.title == "$^{13}$C NMR of H$_2$O with $\\epsilon$-MOEA"


def test_tag_colours_are_shown_beside_the_title(window: MainWindow, qtbot: QtBot) -> None:
    library = window.library
    paper = next(
        i for i, r in library.rows(library.view_ids()).items() if r.title.startswith("Att")
    )
    library.tag_papers("robotics", [paper])  # #e4572e
    library.tag_papers("plain", [paper])  # no colour: no dot
    _settle(qtbot, window)
    index = window.table_model.index(_row_of(window, "Attention"), 0)
    dots = index.data(Qt.ItemDataRole.DecorationRole)
    assert isinstance(dots, QPixmap)
    image = dots.toImage()
    centre = image.pixelColor(6, image.height() // 2)
    assert abs(centre.red() - QColor("#e4572e").red()) < 8
    assert abs(centre.green() - QColor("#e4572e").green()) < 8
    assert "Coloured tags: robotics" in index.data(Qt.ItemDataRole.ToolTipRole)
    other = window.table_model.index(_row_of(window, "Deep Residual"), 0)
    assert other.data(Qt.ItemDataRole.DecorationRole) is None
    library.edit_tag("plain", colour="#3366cc")  # recoloured: the row gains a second dot
    _settle(qtbot, window)
    index = window.table_model.index(_row_of(window, "Attention"), 0)
    wider = index.data(Qt.ItemDataRole.DecorationRole)
    assert wider.width() > dots.width()
    assert "Coloured tags: plain, robotics" in index.data(Qt.ItemDataRole.ToolTipRole)


def test_file_dialogs_start_in_the_last_folder_used_not_the_working_directory(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened_in: list[str] = []
    chosen = tmp_path / "papers" / "mine.bib"
    chosen.parent.mkdir()
    chosen.write_text("@article{a, title = {A}}\n", encoding="utf-8")

    def open_dialog(_parent: Any, _title: str, folder: str, _filters: str) -> tuple[list[str], str]:
        opened_in.append(folder)
        return [str(chosen)], ""

    def save_dialog(_parent: Any, _title: str, suggested: str, _filters: str) -> tuple[str, str]:
        opened_in.append(suggested)
        return "", ""

    monkeypatch.setattr(file_dialogs.QFileDialog, "getOpenFileNames", open_dialog)
    monkeypatch.setattr(file_dialogs.QFileDialog, "getSaveFileName", save_dialog)
    monkeypatch.chdir(tmp_path)
    assert prompts.ask_open_files(window, "Import", "BibTeX (*.bib)") == [str(chosen)]
    assert Path(opened_in[0]) != tmp_path  # not the working directory
    assert Path(opened_in[0]).is_dir()
    # Remembered in the window's settings: the next dialog, even a save one, opens there.
    assert window.settings.value(file_dialogs.LAST_FOLDER_KEY) == str(chosen.parent)
    assert export_flow.ask_target(window, "papers") is None
    assert opened_in[1] == str(chosen.parent / "papers")
    # A folder since removed is not offered.
    window.settings.setValue(file_dialogs.LAST_FOLDER_KEY, str(tmp_path / "gone"))
    assert file_dialogs.start_folder() != tmp_path / "gone"


def test_an_export_is_confirmed_with_its_count_path_and_folder(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out" / "all.bib"
    target.parent.mkdir()
    monkeypatch.setattr(export_flow, "ask_target", lambda _p, _s: (target, "bibtex"))
    assert not window.show_in_folder.isVisible()
    with qtbot.waitSignal(window.transfers.export_flow.finished, timeout=10_000):
        window.transfers.export_view_action.trigger()
    assert window.statusBar().currentMessage() == f"Exported 5 papers to {target}."
    assert window.show_in_folder.isVisible()
    opened: list[QUrl] = []
    monkeypatch.setattr(show_in_folder.QDesktopServices, "openUrl", opened.append)
    qtbot.mouseClick(window.show_in_folder, Qt.MouseButton.LeftButton)
    assert opened == [QUrl.fromLocalFile(str(target.parent))]


def test_question_dialogs_are_wide_enough_for_their_title(qtbot: QtBot) -> None:
    title = "Rename saved search"
    seen: list[tuple[int, int, str]] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, prompts.QuestionDialog)
        needed = dialog.fontMetrics().horizontalAdvance(f"{title} — Papershelf")
        seen.append((min(dialog.width(), dialog.minimumWidth()), needed, dialog.textValue()))
        dialog.setTextValue("  kept  ")
        dialog.accept()

    QTimer.singleShot(0, answer)
    assert prompts.ask_text(None, title, "New name:", text="old") == "kept"
    QTimer.singleShot(0, answer)
    assert prompts.ask_multiline(None, title, "Your note:", text="two\nlines") == "  kept  "
    (width, needed, first), (_w, _n, second) = seen
    assert width > needed
    assert (first, second) == ("old", "two\nlines")


def test_a_name_a_few_letters_off_shows_the_nearest_papers_marked_approximate(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.library.add_records(
        [Record(title="Tsallis-INF: bandits", authors=[Person(given="Julian", family="Zimmert")])]
    )
    window.search_bar.field.setText("Zimmerman")
    qtbot.waitUntil(lambda: "nearest" in window.search_bar.hit_count.text(), timeout=10_000)
    model = window.table_model
    titles = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert titles == ["Tsallis-INF: bandits"]
    assert "≈ 1 nearest" in window.search_bar.hit_count.text()
    assert "“Zimmerman” as zimmert" in window.search_bar.hit_count.toolTip()
    # Typing on to a word that matches gives an exact answer, no longer marked.
    window.search_bar.field.setText("Zimmert")
    qtbot.waitUntil(lambda: "nearest" not in window.search_bar.hit_count.text(), timeout=10_000)


def test_a_message_told_for_a_while_stands_though_the_library_changes_meanwhile(
    window: MainWindow, qtbot: QtBot
) -> None:
    bar = window.statusBar()
    window.show_status("Imported 1 paper; 1 may be a duplicate of a paper you had.", 600)
    add(window.library, "Offline reinforcement learning", 2020, "Levine")  # recounts the table
    qtbot.waitUntil(lambda: window.table_model.rowCount() == 6)
    qtbot.waitUntil(lambda: not window._pending and not window._apply_timer.isActive())
    assert bar.currentMessage().startswith("Imported 1 paper")  # not "6 papers shown" yet
    qtbot.waitUntil(lambda: bar.currentMessage() == "6 papers shown", timeout=3000)  # after it
    window.show_status("Exported 6 papers.", 10_000)
    window.show_view(View("status", "unread"))  # the user goes elsewhere: that view's count
    assert bar.currentMessage().endswith("papers shown")


def test_copy_citation_key_copies_the_selected_papers_keys_in_table_order(
    window: MainWindow,
) -> None:
    library = window.library
    shown = [window.table_model.paper_id(row) for row in range(window.table_model.rowCount())]
    chosen = [shown[3], shown[0]]
    window.select_ids(chosen)
    window.organiser.copy_citekey_action.trigger()
    expected = [library.paper(i).paper.citekey for i in (shown[0], shown[3])]
    assert all(expected)
    assert QGuiApplication.clipboard().text() == ", ".join(expected)


def test_the_import_report_offers_titles_for_the_new_untitled_papers_only(
    window: MainWindow,
) -> None:
    library = window.library
    older_untitled = library.untitled_ids()
    assert len(older_untitled) == 1  # the small library's own, there before the import
    report = library.import_text(
        "@article{kept2020, title={A Title Given}, year={2020}}\n"
        "@article{bare2021, author={Doe, Jane}, year={2021}, journal={Nature}}\n",
        format="bibtex",
    )
    window.transfers._on_import_finished([report])
    untitled_new = [i for i in report.paper_ids if not library.paper(i).paper.title]
    assert len(untitled_new) == 1 and len(report.paper_ids) == 2
    dialog = window.transfers.report_dialog
    assert dialog is not None
    assert dialog._untitled == untitled_new
    dialog.close()
