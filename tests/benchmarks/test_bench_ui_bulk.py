"""The window acting on every paper at 100k: select all, tag all (and undo it), a list of
all made and emptied (and undone), export all; with the search index built, as in the app.
Run by `make bench`; `PAPERSHELF_BENCH_PAPERS` makes a smaller library for a quick look.

Each run works on a copy of the generated library (it is tagged and untagged here).
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from benchmarks.test_bench_ui import kept_library
from PySide6.QtCore import QEventLoop, QSettings

from desktop.core.api import ExportOptions, View
from desktop.core.library import Library
from desktop.ui import undo_commands
from desktop.ui.window.export_flow import ExportChoice
from desktop.ui.window.main_window import MainWindow

PAPERS = int(os.environ.get("PAPERSHELF_BENCH_PAPERS", "100000"))
SELECT_ALL_GOAL_MS = 100.0


@pytest.fixture(scope="module")
def library_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the UI benchmark's kept library of generated papers."""
    copy = tmp_path_factory.mktemp("bulk") / "library.sqlite"
    shutil.copyfile(kept_library(PAPERS), copy)
    return copy


@pytest.fixture(scope="module")
def window(
    library_copy: Path, qapp: object, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[MainWindow]:
    library = Library.open(f"sqlite:///{library_copy}")
    settings = tmp_path_factory.mktemp("settings") / "s.ini"
    shown = MainWindow(library, QSettings(str(settings), QSettings.Format.IniFormat))
    shown.resize(1280, 800)
    shown.show()
    # As the app does once its window is up (`app.prepare_search`): every change below
    # then goes into the search index too, as it does for someone using the app.
    library.build_search_index()
    _pump()
    yield shown
    shown.close()
    library.close()


def _pump(until: object = None, seconds: float = 600.0) -> None:
    loop = QEventLoop()
    deadline = time.monotonic() + seconds
    while True:
        loop.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        if until is None or until() or time.monotonic() > deadline:  # type: ignore[operator]
            return


def test_select_all(window: MainWindow) -> None:
    assert window.table_model.rowCount() == PAPERS
    times = []
    for _ in range(3):
        window.table.clearSelection()
        _pump()
        started = time.perf_counter()
        window.table.selectAll()
        _pump()
        window.repaint()  # the table, its headers and the detail pane, drawn
        times.append((time.perf_counter() - started) * 1000)
    assert window.detail.summary.count_label.text().startswith(f"{PAPERS} paper")
    print(f"\nselect all of {PAPERS:,} papers: " + ", ".join(f"{t:.0f} ms" for t in times))
    assert min(times) <= SELECT_ALL_GOAL_MS


def test_bulk_tag_of_all(window: MainWindow) -> None:
    window.table.selectAll()
    _pump()
    ids = window.selected_ids()
    started = time.perf_counter()
    window.perform(undo_commands.TagCommand(window.library, "bench", ids, add=True))
    window.operations.wait_idle(seconds=600)
    tagged = time.perf_counter() - started
    _pump(lambda: not window._pending)
    shown = time.perf_counter() - started
    assert dict((t.name, n) for t, n in window.library.tags())["bench"] == PAPERS
    started = time.perf_counter()
    window.history.undo()
    window.operations.wait_idle(seconds=600)
    undone = time.perf_counter() - started
    print(
        f"\ntag all {PAPERS:,} papers: {tagged:.2f} s written, {shown:.2f} s shown; "
        f"undo {undone:.2f} s"
    )


def test_bulk_status_of_all(window: MainWindow) -> None:
    window.table.selectAll()
    _pump()
    started = time.perf_counter()
    window.organiser.mark_read_action.trigger()
    window.operations.wait_idle(seconds=600)
    marked = time.perf_counter() - started
    _pump(lambda: not window._pending)
    shown = time.perf_counter() - started
    assert window.library.view_ids(View("status", "read")) != []
    started = time.perf_counter()
    window.history.undo()
    window.operations.wait_idle(seconds=600)
    undone = time.perf_counter() - started
    print(
        f"\nmark all {PAPERS:,} papers read: {marked:.2f} s written, {shown:.2f} s shown; "
        f"undo {undone:.2f} s"
    )


def test_list_of_all_made_emptied_and_put_back(window: MainWindow) -> None:
    """Add to New List, then Remove from List of every paper, each undone and redone."""
    ids = window.shown_ids()
    library = window.library

    def timed(work: object) -> float:
        started = time.perf_counter()
        work()  # type: ignore[operator]
        window.operations.wait_idle(seconds=600)
        return time.perf_counter() - started

    made = timed(lambda: window.perform(undo_commands.AddToNewListCommand(library, "All", ids)))
    list_id = library.reading_list("All").id
    assert len(library.list_items(list_id)) == PAPERS
    order = [i.paper.id for i in library.list_items(list_id)]
    removing = undo_commands.RemoveFromListCommand(library, list_id, ids)
    removed = timed(lambda: window.perform(removing))
    assert library.list_items(list_id) == []
    undone = timed(window.history.undo)
    assert [i.paper.id for i in library.list_items(list_id)] == order
    redone = timed(window.history.redo)
    assert library.list_items(list_id) == []
    print(
        f"\nlist of all {PAPERS:,} papers: made {made:.2f} s; every paper removed "
        f"{removed:.2f} s, undo {undone:.2f} s, redo {redone:.2f} s"
    )


def test_export_of_all_through_the_window(window: MainWindow, tmp_path: Path) -> None:
    ids = window.shown_ids()
    target = tmp_path / "all.bib"
    done: list[int] = []
    flow = window.transfers.export_flow
    flow.finished.connect(done.append)

    def export() -> float:
        done.clear()
        started = time.perf_counter()
        flow.start(ids, ExportChoice(target, "bibtex", ExportOptions()))
        _pump(lambda: bool(done))
        return time.perf_counter() - started

    # The bulk edits before changed every paper: the first export writes every entry
    # afresh (and keeps it), the second reads the kept entries.
    afresh = export()
    first = target.read_bytes()
    kept = export()
    assert done == [PAPERS] and target.read_bytes() == first and first
    print(
        f"\nexport all {PAPERS:,} papers to BibTeX through the window: {afresh:.2f} s with "
        f"every entry written afresh (every paper was just edited), {kept:.2f} s with the "
        "entries kept"
    )
