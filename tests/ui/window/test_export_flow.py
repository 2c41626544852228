"""Exporting from the window: the formats offered, the file written on a worker, errors told."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from desktop.core import api
from desktop.ui import file_dialogs
from desktop.ui.background.workers import Worker
from desktop.ui.dialogs import export_options
from desktop.ui.window import export_flow
from desktop.ui.window.main_window import MainWindow


def test_the_dialog_offers_the_cores_export_formats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    offered: list[str] = []
    ris = next(f for f in api.export_formats() if f.name == "ris")

    def save_dialog(_parent: Any, _title: str, _suggested: str, filters: str) -> tuple[str, str]:
        offered.extend(filters.split(";;"))
        return str(tmp_path / "papers"), ris.file_filter

    monkeypatch.setattr(file_dialogs.QFileDialog, "getSaveFileName", save_dialog)
    chosen = export_flow.ask_target(None, "papers")  # type: ignore[arg-type]
    assert offered == [f.file_filter for f in api.export_formats()]
    assert chosen == (tmp_path / "papers.ris", "ris")  # the format's first extension


def test_the_export_is_written_off_the_gui_thread(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "all.bib"
    monkeypatch.setattr(export_flow, "ask_target", lambda _p, _s: (target, "bibtex"))
    threads: list[threading.Thread] = []
    real_export = window.library.export_to_file

    def recording_export(*args: Any, **kw: Any) -> Any:
        threads.append(threading.current_thread())
        return real_export(*args, **kw)

    monkeypatch.setattr(window.library, "export_to_file", recording_export)
    flow = window.transfers.export_flow
    with qtbot.waitSignal(flow.finished, timeout=10_000) as written:
        window.transfers.export_view_action.trigger()
    assert written.args == [5]
    assert threads and threads[0] is not threading.main_thread()
    assert target.read_text(encoding="utf-8").count("@") >= 4
    assert not flow.busy
    assert not list(tmp_path.glob(".*.part"))  # written beside, then put in place


def test_a_folder_that_cannot_be_written_is_told_as_a_sentence(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, scripted: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "missing" / "all.bib"
    monkeypatch.setattr(export_flow, "ask_target", lambda _p, _s: (target, "bibtex"))
    window.transfers.export_view_action.trigger()
    qtbot.waitUntil(lambda: bool(scripted.errors), timeout=10_000)
    (error,) = scripted.errors
    assert error.startswith(f"Papershelf could not write {target}: ") and error.endswith(".")
    assert not window.transfers.export_flow.busy


def test_a_search_of_more_than_500_papers_shows_and_exports_them_all(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bib = "".join(
        f"@article{{tok{n}, title = {{Tokamak study {n}}}, journal = {{J}}, year = {{2000}}}}\n"
        for n in range(620)
    )
    window.library.import_text(bib)
    window.transfers.refresh_from_others()
    # The quick answer (the first 100) is said to be partial; then every match is shown.
    with qtbot.waitSignal(window.search_finished, timeout=20_000):
        window.search_bar.field.setText("tokamak")
    # 620 titles and the small library's abstract about tokamaks.
    assert len(window.shown_ids()) == 621  # even while only the quick answer is in the table
    qtbot.waitUntil(lambda: window.shown_count() == 621, timeout=20_000)
    assert window.search_bar.hit_count.text() == "621 found"
    target = tmp_path / "tokamak.bib"
    monkeypatch.setattr(export_flow, "ask_target", lambda _p, _s: (target, "bibtex"))
    with qtbot.waitSignal(window.transfers.export_flow.finished, timeout=20_000) as written:
        window.transfers.export_view_action.trigger()
    assert written.args == [621]
    assert target.read_text(encoding="utf-8").count("@article{tok") == 620


def test_the_options_offer_preambles_for_a_whole_library_only_and_nothing_else_by_default(
    qtbot: QtBot,
) -> None:
    whole = export_options.ExportOptionsDialog(None, whole_library=True)
    part = export_options.ExportOptionsDialog(None, whole_library=False)
    qtbot.addWidget(whole)
    qtbot.addWidget(part)
    assert whole.options() == api.ExportOptions(preambles=True)
    assert part.options() == api.ExportOptions()
    part.ascii_only.setChecked(True)
    part.parents.setChecked(True)
    assert part.options() == api.ExportOptions(parents=True, ascii_only=True)
    part.our_fields.setChecked(True)
    assert part.options() == api.ExportOptions(parents=True, ascii_only=True, our_fields=True)


def test_our_fields_chosen_in_the_window_reach_the_file(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = window.library.import_text(
        "TY  - JOUR\nTI  - Tides\nAU  - Levine, Sergey\nPY  - 2020\nN1  - read on a train\n"
        "ER  - \n",
        format="ris",
    )
    target = tmp_path / "ours.bib"
    monkeypatch.setattr(export_flow, "ask_target", lambda _p, _s: (target, "bibtex"))

    def tick_our_fields(parent: object, **options: object) -> api.ExportOptions | None:
        dialog = export_options.ExportOptionsDialog(None, whole_library=False)
        qtbot.addWidget(dialog)
        dialog.our_fields.setChecked(True)
        return dialog.options()

    monkeypatch.setattr(export_flow.export_options, "ask", tick_our_fields)
    with qtbot.waitSignal(window.transfers.export_flow.finished, timeout=20_000):
        window.transfers.export_flow.export_to_file(report.paper_ids, "ours")
    assert "read on a train" in target.read_text(encoding="utf-8")


def test_an_ascii_only_export_from_the_window_tells_what_it_wrote_as_utf8(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = window.library.import_text(
        "@article{zh, author = {张三}, title = {Über 路径规划}, year = 2020}", format="bibtex"
    )
    target = tmp_path / "ascii.bib"
    monkeypatch.setattr(export_flow, "ask_target", lambda _p, _s: (target, "bibtex"))
    monkeypatch.setattr(
        export_flow.export_options, "ask", lambda *_a, **_k: api.ExportOptions(ascii_only=True)
    )
    told: list[str] = []
    monkeypatch.setattr(
        export_flow.prompts, "show_info", lambda _p, _t, sentence: told.append(sentence)
    )
    with qtbot.waitSignal(window.transfers.export_flow.finished, timeout=20_000):
        window.transfers.export_flow.export_to_file(report.paper_ids, "chinese")
    text = target.read_text(encoding="utf-8")
    assert '{\\"U}ber' in text and "路径规划" in text  # spelled where it can be, kept where not
    (sentence,) = told
    # 张 三 路 径 规 划: six characters with no LaTeX spelling, each still in the file.
    assert sentence.startswith("6 characters have no LaTeX spelling") and "张" in sentence


def test_an_export_cancelled_writes_no_file_and_frees_the_window_at_once(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "all.bib"
    release = threading.Event()
    real_export = window.library.export_to_file
    started: list[bool] = []

    def slow_export(*args: Any, **kwargs: Any) -> Any:
        started.append(True)
        release.wait(10)  # an export of 100k papers, still reading when Cancel is pressed
        return real_export(*args, **kwargs)

    monkeypatch.setattr(window.library, "export_to_file", slow_export)
    flow = window.transfers.export_flow
    done: list[int] = []
    flow.finished.connect(done.append)
    choice = export_flow.ExportChoice(target, "bibtex", api.ExportOptions())
    flow.start(window.shown_ids(), choice)
    assert flow.busy
    assert flow._dialog is not None
    flow._dialog.findChild(QPushButton).click()  # the dialog's Cancel button
    assert not flow.busy  # the window is the user's again, without waiting
    release.set()
    for worker in flow.findChildren(Worker):
        worker.wait(10)  # the work ended: it read every paper, then wrote nothing
    qtbot.wait(50)
    assert started  # the export had begun when Cancel was pressed
    assert not target.exists()
    assert done == []


def test_the_export_dialog_counts_the_entries_written(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desktop.core.formats import record

    monkeypatch.setattr(record, "TELL_EVERY", 2)  # 5 papers: told after 2 and 4
    flow = window.transfers.export_flow
    choice = export_flow.ExportChoice(tmp_path / "all.ris", "ris", api.ExportOptions())
    flow.start(window.shown_ids(), choice)
    dialog = flow._dialog
    assert dialog is not None and dialog.maximum() == 5  # not a busy indicator
    seen: list[tuple[int, int, str]] = []
    assert flow._worker is not None
    flow._worker.progressed.connect(
        lambda *_told: seen.append((dialog.value(), dialog.maximum(), dialog.labelText()))
    )
    with qtbot.waitSignal(flow.finished, timeout=10_000):
        pass
    assert (2, 5, "2 of 5 entries written to all.ris…") in seen
    assert (4, 5, "4 of 5 entries written to all.ris…") in seen
    assert (tmp_path / "all.ris").is_file()
