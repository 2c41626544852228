"""Searching as you type, importing through the progress path, exporting, the clipboard."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from desktop.core.importing.storing import ImportReport
from desktop.core.library import Library
from desktop.core.views import View
from desktop.ui.background.import_flow import ImportFlow
from desktop.ui.dialogs.import_report import ImportReportDialog, summary
from desktop.ui.window import export_flow
from desktop.ui.window.main_window import MainWindow

BIB = r"""
@article{shannon1948,
  author = {Shannon, Claude E.},
  title = {A Mathematical Theory of Communication},
  journal = {Bell System Technical Journal},
  year = {1948},
  doi = {10.1002/j.1538-7305.1948.tb01338.x},
}
@article{broken,
  author = {Nobody},
  title = {Unclosed
"""


def _titles(window: MainWindow) -> list[str]:
    model = window.table_model
    return [model.index(r, 0).data() for r in range(model.rowCount())]


def _settle(qtbot: QtBot, window: MainWindow) -> None:
    window.operations.wait_idle()  # the window's writes run off the GUI thread
    qtbot.waitUntil(lambda: not window._pending and not window._apply_timer.isActive())


def test_typing_a_query_narrows_the_table_and_esc_restores_it(
    window: MainWindow, qtbot: QtBot
) -> None:
    field = window.search_bar.field
    field.setFocus()
    QTest.keyClicks(field, "levnie")  # misspelt author
    assert window.table_model.rowCount() == 5  # debounced: nothing yet
    qtbot.waitUntil(lambda: window.table_model.rowCount() == 1, timeout=2000)
    assert _titles(window) == ["Offline Reinforcement Learning"]
    assert window.search_bar.hit_count.text() == "1 found"
    QTest.keyClick(field, Qt.Key.Key_Escape)
    assert field.text() == ""
    assert window.table_model.rowCount() == 5
    assert window.search_bar.hit_count.text() == "5 papers"


def test_a_query_with_nothing_to_look_for_says_so(window: MainWindow, qtbot: QtBot) -> None:
    field = window.search_bar.field
    QTest.keyClicks(field, "((")
    label = window.search_bar.hit_count
    qtbot.waitUntil(
        lambda: label.text() == "Nothing to search for" and window.table_model.rowCount() == 0,
        timeout=2000,
    )
    assert "“((” has no letters or digits" in label.toolTip()
    QTest.keyClicks(field, " levine")
    qtbot.waitUntil(lambda: label.text() == "1 found", timeout=2000)
    assert label.toolTip() == ""


def test_search_stays_inside_the_list_shown(window: MainWindow, qtbot: QtBot) -> None:
    library = window.library
    in_list = [i for i, r in library.rows(library.view_ids()).items() if r.year in (2016, 2017)]
    library.add_to_list("To read", in_list)
    window.show_view(View("list", library.reading_list("To read").id))
    _settle(qtbot, window)
    with qtbot.waitSignal(window.search_finished):
        window.search_bar.field.setText("year:2015..2020")
        window.search_bar.flush()
    assert sorted(window.table_model.paper_ids()) == sorted(in_list)  # not the 2020 paper


def test_ctrl_f_focuses_the_search_field(window: MainWindow) -> None:
    window.table.setFocus()
    window.window_actions.find_action.trigger()
    assert window.search_bar.field.hasFocus() or QGuiApplication.focusObject() is (
        window.search_bar.field
    )


def test_import_runs_through_the_worker_with_progress_and_reports(
    ui_library: Library, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "refs.bib"
    path.write_text(BIB, encoding="utf-8")
    from PySide6.QtWidgets import QWidget

    parent = QWidget()
    qtbot.addWidget(parent)
    flow = ImportFlow(ui_library, parent)
    progress: list[tuple[int, int]] = []
    flow.progressed.connect(lambda done, total: progress.append((done, total)))
    with qtbot.waitSignal(flow.finished, timeout=5000) as finished:
        flow.start([path], show_progress=True)
    (report,) = finished.args[0]
    assert report.imported == 1 and len(report.problems) == 1
    assert report.problems[0].line is not None
    assert progress and progress[-1][0] == progress[-1][1]  # reached the end
    assert [r.title for r in ui_library.rows(ui_library.view_ids()).values()] == [
        "A Mathematical Theory of Communication"
    ]
    assert summary([report]) == "Imported 1 paper; 1 entry could not be read."
    dialog = ImportReportDialog(ui_library, [report], parent)
    assert dialog.problems.topLevelItemCount() == 1
    first_problem = dialog.problems.topLevelItem(0)
    assert first_problem is not None
    assert (first_problem.text(0), first_problem.text(1)) == ("Error", "refs.bib")


def test_a_cancelled_import_leaves_the_library_as_it_was(
    ui_library: Library, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "many.bib"
    path.write_text(
        "".join(f"@misc{{k{n}, title={{Paper {n}}}, year={{2000}}}}\n" for n in range(600)),
        encoding="utf-8",
    )
    from PySide6.QtWidgets import QWidget

    parent = QWidget()
    qtbot.addWidget(parent)
    flow = ImportFlow(ui_library, parent)
    real_import = ui_library.import_files

    def cancelled_midway(paths: list[Path], **options: Any) -> Any:
        report_progress = options["progress"]

        def progress(done: int, total: int) -> None:
            if done < total:  # the user presses Cancel before the end
                flow.cancel()
            report_progress(done, total)

        return real_import(paths, **{**options, "progress": progress})

    monkeypatch.setattr(ui_library, "import_files", cancelled_midway)
    with qtbot.waitSignal(flow.finished, timeout=5000) as finished:
        flow.start([path], show_progress=False)
    assert finished.args[0] == []
    assert ui_library.count() == 0


def test_closing_during_an_import_asks_before_stopping_it(
    window: MainWindow,
    scripted: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Keep importing: the window stays. Stop: the import is cancelled (and has rolled
    itself back) before the window closes."""
    from desktop.core.importing.storing import ImportCancelled

    started, rolled_back = threading.Event(), threading.Event()

    def slow_import(_paths: list[Path], **options: Any) -> Any:
        started.set()
        while not options["cancel"]():
            time.sleep(0.01)
        rolled_back.set()
        raise ImportCancelled()

    monkeypatch.setattr(window.library, "import_files", slow_import)
    path = tmp_path / "refs.bib"
    path.write_text(BIB, encoding="utf-8")
    window.transfers.import_flow.start([path], show_progress=False)
    assert started.wait(5)

    scripted.confirm_answer = False
    assert not window.close()
    assert window.isVisible() and window.transfers.import_flow.busy and not rolled_back.is_set()
    scripted.confirm_answer = True
    assert window.close()
    assert rolled_back.is_set()
    assert scripted.asked.count("Stop the import?") == 2


def _import_again(library: Library, tmp_path: Path, more_fields: str = "") -> ImportReport:
    """Import a second copy of a paper the sample library holds."""
    path = tmp_path / "again.bib"
    path.write_text(
        "@article{again, author={Vaswani, A.}, title={Attention Is All You Need},"
        f"{more_fields} year={{2017}}}}",
        encoding="utf-8",
    )
    return library.import_file(path)


def test_duplicates_can_be_marked_different(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    library = window.library
    report = _import_again(library, tmp_path)
    assert report.duplicates, "the import should see the paper the library already has"
    dialog = ImportReportDialog(library, [report], window)
    qtbot.addWidget(dialog)
    assert dialog.duplicates.topLevelItemCount() == 1
    pair_item = dialog.duplicates.topLevelItem(0)
    assert pair_item is not None
    dialog.duplicates.setCurrentItem(pair_item)
    pair = report.duplicates[0]
    dialog._on_not_duplicate()
    assert dialog.duplicates.topLevelItemCount() == 0
    assert all(d.other_id != pair.other_id for d in library.likely_duplicates(pair.paper_id))


def test_duplicate_rows_of_the_import_report_show_math_as_text(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    library = window.library
    title = "$^{13}$C labelling of glucose"
    library.import_text(f"@article{{first, author={{Kim, J.}}, title={{{title}}}, year=2020}}")
    path = tmp_path / "again.bib"
    path.write_text(
        f"@article{{second, author={{Kim, J.}}, title={{{title}}}, year=2020}}", encoding="utf-8"
    )
    report = library.import_file(path)
    assert report.duplicates, "the import should see the paper the library already has"
    dialog = ImportReportDialog(library, [report], window)
    qtbot.addWidget(dialog)
    item = dialog.duplicates.topLevelItem(0)
    assert item is not None
    for column in (0, 1):  # the new paper, the one the library had
        assert item.text(column).splitlines()[0] == "¹³C labelling of glucose"


def test_a_merge_from_the_import_report_is_undone_with_the_window(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    library = window.library
    report = _import_again(library, tmp_path, " note={from the second file},")
    pair = report.duplicates[0]
    dialog = ImportReportDialog(library, [report], window, history=window.history)
    qtbot.addWidget(dialog)
    dialog.duplicates.setCurrentItem(dialog.duplicates.topLevelItem(0))
    dialog._on_merge()
    window.operations.wait_idle()  # writes run off the GUI thread
    assert library.paper(pair.paper_id).paper.deleted_at is not None  # merged away
    assert library.paper(pair.other_id).paper.extra.get("note") == "from the second file"
    window.history.undo()
    window.operations.wait_idle()
    assert library.paper(pair.paper_id).paper.deleted_at is None  # both back
    assert "note" not in library.paper(pair.other_id).paper.extra


def test_export_a_list_to_bibtex_and_copy_the_selection(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = window.library
    wanted = [i for i, r in library.rows(library.view_ids()).items() if r.year == 2017]
    library.add_to_list("To read", wanted)
    window.show_view(View("list", library.reading_list("To read").id))
    _settle(qtbot, window)
    target = tmp_path / "to-read"
    monkeypatch.setattr(
        export_flow, "ask_target", lambda _p, _s: (target.with_suffix(".bib"), "bibtex")
    )
    window.transfers.export_view_action.trigger()
    qtbot.waitUntil(target.with_suffix(".bib").exists)  # written by a worker
    text = target.with_suffix(".bib").read_text(encoding="utf-8")
    assert text.count("@") == 1 and "Attention Is All You Need" in text
    window.select_ids(wanted)
    window.transfers.copy_bibtex_action.trigger()
    assert "Attention Is All You Need" in QGuiApplication.clipboard().text()


def test_pasting_bibtex_adds_the_papers(window: MainWindow, qtbot: QtBot, scripted: object) -> None:
    QGuiApplication.clipboard().setText(BIB.split("@article{broken")[0])
    window.transfers.paste_action.trigger()
    _settle(qtbot, window)
    assert "A Mathematical Theory of Communication" in _titles(window)


def test_only_the_newest_query_is_delivered(
    small_library: Library, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from desktop.ui.background.search_runner import SearchRunner

    release = threading.Event()
    asked: list[tuple[str, bool]] = []
    real_find = small_library.find

    def slow_find(view: Any, text: str, *args: Any, full_text: bool = True, **more: Any) -> Any:
        asked.append((text, full_text))
        release.wait(5)
        return real_find(view, text, *args, full_text=full_text, **more)

    monkeypatch.setattr(small_library, "find", slow_find)
    runner = SearchRunner(small_library)
    delivered: list[str] = []
    runner.hits_ready.connect(lambda text, _ids: delivered.append(text))
    runner.request("l", 500)
    qtbot.waitUntil(lambda: asked == [("l", False)])
    runner.request("le", 500)  # typed while "l" runs: waits
    runner.request("lev", 500)  # replaces "le", which never runs
    release.set()
    # "l" is dropped unanswered; "lev" is answered quickly, then completely.
    qtbot.waitUntil(lambda: delivered == ["lev", "lev"], timeout=5000)
    assert asked == [("l", False), ("lev", False), ("lev", True)]


def test_an_import_problem_is_fixed_and_imported_from_the_sidebar(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    from desktop.ui.models.sidebar_model import COUNT_ROLE, PROBLEMS_VIEW

    library = window.library
    path = tmp_path / "refs.bib"
    path.write_text(BIB, encoding="utf-8")
    library.import_file(path)
    _settle(qtbot, window)
    problems_row = window.sidebar_model.index_of(PROBLEMS_VIEW)
    assert problems_row.data(COUNT_ROLE) == 1
    window.sidebar.setCurrentIndex(problems_row)
    panel = window.problems_panel
    assert window.center.currentWidget() is panel
    assert "@article{broken" in panel.editor.toPlainText()
    panel.editor.setPlainText("@article{fixed, author={Nobody}, title={Closed At Last}}")
    panel.retry_button.click()
    _settle(qtbot, window)
    assert library.import_problems() == []
    assert panel.count() == 0 and not panel.empty.isHidden()
    assert window.sidebar_model.index_of(PROBLEMS_VIEW).data(COUNT_ROLE) is None
    assert "Closed At Last" in {r.title for r in library.rows(library.view_ids()).values()}


def test_an_import_problem_is_dismissed_off_the_gui_thread(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from desktop.ui.models.sidebar_model import PROBLEMS_VIEW

    library = window.library
    path = tmp_path / "refs.bib"
    path.write_text(BIB, encoding="utf-8")
    library.import_file(path)
    _settle(qtbot, window)
    window.sidebar.setCurrentIndex(window.sidebar_model.index_of(PROBLEMS_VIEW))
    threads: list[str] = []
    dismiss = library.dismiss_import_problems

    def recorded(problem_ids: list[int]) -> None:
        threads.append(threading.current_thread().name)
        dismiss(problem_ids)

    monkeypatch.setattr(library, "dismiss_import_problems", recorded)
    window.problems_panel.dismiss_button.click()
    _settle(qtbot, window)
    assert threads == ["papershelf-operations"]
    assert library.import_problems() == []
    assert window.problems_panel.count() == 0


def test_files_dropped_on_the_window_are_imported(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDropEvent

    path = tmp_path / "dropped.bib"
    path.write_text(BIB.split("@article{broken")[0], encoding="utf-8")
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path))])
    drop = QDropEvent(
        QPointF(20, 20),
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    with qtbot.waitSignal(window.transfers.import_flow.finished, timeout=5000):
        window.dropEvent(drop)
    _settle(qtbot, window)
    assert "A Mathematical Theory of Communication" in _titles(window)


def test_add_by_identifier_runs_in_the_background_and_selects_the_paper(
    window: MainWindow, qtbot: QtBot, scripted: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desktop.core.errors import InvalidInputError
    from desktop.core.formats.record import Record

    library = window.library
    asked: list[str] = []

    def fetched(text: str) -> Any:  # stands in for Crossref: no network in tests
        asked.append(text)
        if not text.startswith("10."):
            raise InvalidInputError(f"“{text}” is not a DOI or an arXiv id.")
        return library.add_paper(Record(title="Fetched Paper", doi=text, year=2021))

    monkeypatch.setattr(library, "add_by_identifier", fetched)
    scripted.texts = ["10.1000/xyz123"]  # type: ignore[attr-defined]
    window.transfers.add_identifier_action.trigger()
    qtbot.waitUntil(lambda: bool(window.selected_ids()), timeout=3000)
    (selected,) = window.selected_ids()
    assert library.paper(selected).paper.title == "Fetched Paper"
    window.transfers.add_by_identifier("not an id")
    qtbot.waitUntil(lambda: bool(scripted.errors), timeout=3000)  # type: ignore[attr-defined]
    assert scripted.errors == ["“not an id” is not a DOI or an arXiv id."]  # type: ignore[attr-defined]
    assert asked == ["10.1000/xyz123", "not an id"]


def test_a_search_finishing_after_the_window_is_gone_is_dropped(
    small_library: Library, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from PySide6.QtCore import QObject
    from shiboken6 import Shiboken

    from desktop.ui.background.search_runner import SearchRunner

    started, release = threading.Event(), threading.Event()
    real_find = small_library.find

    def slow_find(view: Any, text: str, *args: Any, **more: Any) -> Any:
        started.set()
        release.wait(5)
        return real_find(view, text, *args, **more)

    monkeypatch.setattr(small_library, "find", slow_find)
    window = QObject()
    runner = SearchRunner(small_library, window)
    runner.request("levine", 500)
    assert started.wait(5)
    Shiboken.delete(window)  # the window is gone, with its runner, while the search runs
    release.set()
    qtbot.wait(100)  # the late result arrives: dropped, with no error in the event loop
    assert not Shiboken.isValid(runner)


def test_a_pair_of_the_import_report_is_compared_and_merged_as_chosen(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    library = window.library
    report = _import_again(library, tmp_path, " journal={NeurIPS proceedings},")
    pair = report.duplicates[0]
    dialog = ImportReportDialog(library, [report], window, history=window.history)
    qtbot.addWidget(dialog)
    dialog.duplicates.setCurrentItem(dialog.duplicates.topLevelItem(0))
    dialog._on_compare()
    comparison = dialog.comparison
    assert (comparison.keep_id, comparison.other_id) == (pair.other_id, pair.paper_id)
    comparison.choose("journal", "other")
    comparison.merge_button.click()
    window.operations.wait_idle()
    assert dialog.duplicates.topLevelItemCount() == 0
    assert library.paper(pair.other_id).paper.journal == "NeurIPS proceedings"
    assert library.paper(pair.paper_id).paper.deleted_at is not None


def test_a_file_imported_twice_in_the_window_says_its_papers_are_already_there(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    import json

    path = tmp_path / "refs.json"
    items = [
        {
            "id": "comets",
            "type": "article-journal",
            "title": "Orbits of Comets",
            "author": [{"family": "Halley", "given": "E."}],
            "issued": {"date-parts": [[1705]]},
        },
        {
            "id": "tides",
            "type": "article-journal",
            "title": "The Tides",
            "author": [{"family": "Newton", "given": "I."}],
            "issued": {"date-parts": [[1687]]},
        },
    ]
    path.write_text(json.dumps(items), encoding="utf-8")
    flow = window.transfers.import_flow
    with qtbot.waitSignal(flow.finished, timeout=10_000):
        window.transfers.import_files([str(path)])
    assert window.library.count() == 7
    with qtbot.waitSignal(flow.finished, timeout=10_000):
        window.transfers.import_files([str(path)])
    _settle(qtbot, window)
    assert window.library.count() == 7  # not added again
    message = window.statusBar().currentMessage()
    assert message == "Imported 0 papers; 2 already in your library."


def test_a_paper_like_two_already_there_is_counted_once_as_a_possible_duplicate(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    library = window.library
    for key in ("first", "second"):  # the library holds two copies already
        library.import_text(
            f"@article{{{key}, author={{Kim, J.}}, title={{Glucose labelling}}, year=2020}}"
        )
    path = tmp_path / "again.bib"
    path.write_text(
        "@article{third, author={Kim, J.}, title={Glucose labelling}, year=2020}\n"
        "@article{other, author={Lee, K.}, title={Something else entirely}, year=2001}",
        encoding="utf-8",
    )
    flow = window.transfers.import_flow
    with qtbot.waitSignal(flow.finished, timeout=10_000) as finished:
        window.transfers.import_files([str(path)])
    _settle(qtbot, window)
    (report,) = finished.args[0]
    assert len(report.duplicates) == 2  # two pairs, of one paper
    message = window.statusBar().currentMessage()
    assert message == "Imported 2 papers; 1 may be a duplicate of a paper you had."
