"""Window speed at 100k papers: process start to first painted window, and keystroke to
table updated while searching. Run by `make bench`; the normal suite skips this folder.

The 100k-paper library is generated once (about a minute) and kept in the temporary folder
for later runs; delete `papershelf-bench-ui-*.sqlite` there to make a fresh one.
"""

from __future__ import annotations

import collections
import os
import random
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QSettings

from desktop.core.formats.record import Person, Record
from desktop.core.library import Library

sys.path.insert(0, str(Path(__file__).parent))
import kept_libraries
from conftest import slowness

PAPERS = 100_000
STARTUP_GOAL_S = 1.5
KEYSTROKE_P95_GOAL_MS = 50.0
#: Typed one character at a time, as a person would.
TYPED = ("levine offline", "reinforcment lerning", "graph neural", "year:2019 diffusion")

_WORDS = (
    "learning reinforcement offline policy model neural network deep graph attention "
    "transformer diffusion robot planning control bayesian inference optimization stochastic "
    "gradient language vision image segmentation detection protein molecular climate quantum "
    "causal representation contrastive federated privacy sparse kernel memory retrieval "
    "generative adversarial variational flow equivariant symmetry manifold spectral"
).split()
_FAMILIES = (
    "Levine Finn Abbeel Vaswani He Zhang Wang Li Chen Smith Müller Garcia Kim Nguyen Sutton "
    "Silver Hinton Bengio LeCun Schmidhuber Kumar Tucker Fu Ho Jain Kingma Welling Ng Jordan"
).split()
_VENUES = ("Nature", "Science", "JMLR", "NeurIPS", "ICML", "ICLR", "CVPR", "ACL", "AAAI")


def _records(count: int, seed: int = 7) -> list[Record]:
    rng = random.Random(seed)
    records = []
    for _ in range(count):
        title = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(4, 10))).capitalize()
        abstract = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(30, 80)))
        authors = [
            Person(given=rng.choice("ABCDEFGHJKLMNPRS") + ".", family=rng.choice(_FAMILIES))
            for _ in range(rng.randint(1, 6))
        ]
        venue = rng.choice(_VENUES)
        records.append(
            Record(
                title=title,
                abstract=abstract,
                year=rng.randint(1990, 2025),
                journal=venue if venue in ("Nature", "Science", "JMLR") else "",
                booktitle="" if venue in ("Nature", "Science", "JMLR") else venue,
                authors=authors,
            )
        )
    return records


def kept_library(papers: int = PAPERS) -> Path:
    """A SQLite library of `papers` generated papers, made once and kept for later runs."""
    path = Path(tempfile.gettempdir()) / f"papershelf-bench-ui-{papers}.sqlite"
    if kept_libraries.reusable(path, papers):
        return path
    started = time.perf_counter()
    with Library.open(f"sqlite:///{path}") as library:
        records = _records(papers)
        for start in range(0, papers, 10_000):
            library.add_records(records[start : start + 10_000])
    print(f"\ngenerated {papers:,} papers in {time.perf_counter() - started:.1f} s")
    return path


@pytest.fixture(scope="module")
def big_library_url() -> str:
    return f"sqlite:///{kept_library()}"


# Started as the `papershelf` command starts: its entry (the command line, which loads the
# library's code) before Qt. Modules loaded after PySide6 are each read as source by its
# import hook, looking for "PySide6" (0.09 s for the 570 modules the window needs): a
# harness loading Qt first would time a start no user has.
_FIRST_PAINT = textwrap.dedent(
    """
    import sys
    from desktop import cli

    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv[:1])

    class FirstPaint(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint and isinstance(watched, QMainWindow):
                app.removeEventFilter(self)
                # Report once this round of painting (the window's children too) is done.
                QTimer.singleShot(0, lambda: (print("painted", flush=True), app.quit()))
            return False

    watcher = FirstPaint()
    app.installEventFilter(watcher)
    sys.exit(cli.main(["--db", sys.argv[1]]))
    """
)


def _time_to_first_paint(url: str, home: Path) -> float:
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        PYTHONPATH=str(Path.cwd()),
    )
    started = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, "-c", _FIRST_PAINT, url],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        text=True,
    ) as child:
        assert child.stdout is not None
        line = child.stdout.readline()
        painted = time.perf_counter() - started
        child.wait(timeout=60)
    assert line.strip() == "painted", "the window never painted"
    return painted


def test_process_start_to_first_painted_window(big_library_url: str, tmp_path: Path) -> None:
    slow_before = slowness()
    times = [_time_to_first_paint(big_library_url, tmp_path) for _ in range(3)]
    slow = min(slow_before, slowness())  # the machine at its fastest around the starts
    print(f"\nstart to first paint at {PAPERS:,} papers: " + ", ".join(f"{t:.2f} s" for t in times))
    print(
        f"  goal on a quiet machine: {STARTUP_GOAL_S} s; this machine ran {slow:.2f}x slower"
        f" than quiet, so judged against {STARTUP_GOAL_S * slow:.2f} s"
    )
    assert statistics.median(times) <= STARTUP_GOAL_S * slow


@pytest.fixture(scope="module")
def keystrokes(
    big_library_url: str, qapp: object, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, list[float]]:
    """Type the phrases into the window at 100k papers; per keystroke, the time until the
    table shows the hits, and the part of it spent inside `Library.find`."""
    from PySide6.QtCore import QEventLoop

    from desktop.ui.window.main_window import MainWindow

    library = Library.open(big_library_url)
    settings = tmp_path_factory.mktemp("settings") / "s.ini"
    window = MainWindow(library, QSettings(str(settings), QSettings.Format.IniFormat))
    window.show()
    started = time.perf_counter()
    library.build_search_index()
    print(f"\nsearch index built in {time.perf_counter() - started:.2f} s")
    searching: list[float] = []
    real_find = library.find  # what the window's search runner calls

    def timed_find(*args: Any, full_text: bool = True, **more: Any) -> Any:
        before = time.perf_counter()
        try:
            return real_find(*args, full_text=full_text, **more)
        finally:
            if not full_text:  # the quick answer is what updates the table at a keystroke
                searching.append((time.perf_counter() - before) * 1000)

    library.find = timed_find  # type: ignore[method-assign]
    shown: list[str] = []
    window.search_finished.connect(shown.append)
    totals: list[float] = []
    typed_texts: list[str] = []
    loop = QEventLoop()
    PAINTED_BY.clear()
    for phrase in TYPED:
        for end in range(1, len(phrase) + 1):
            typed = phrase[:end]
            if not typed.strip():
                continue
            totals.append(keystroke_ms(window, loop, shown, typed))
            typed_texts.append(typed)
        window.search_bar.field.clear()
    window.close()
    library.close()
    window_part = [total - search for total, search in zip(totals, searching, strict=True)]
    print(
        f"keystroke to table updated over {len(totals)} keystrokes: p50 "
        f"{_percentile(totals, 0.5):.0f} ms, p95 {_percentile(totals, 0.95):.0f} ms; "
        f"inside Library.find: p50 {_percentile(searching, 0.5):.0f} ms, "
        f"p95 {_percentile(searching, 0.95):.0f} ms; the window's part: p50 "
        f"{_percentile(window_part, 0.5):.0f} ms, p95 {_percentile(window_part, 0.95):.0f} ms"
    )
    slowest = sorted(zip(window_part, typed_texts, strict=True), reverse=True)[:5]
    print("slowest for the window: " + ", ".join(f"{t!r} {ms:.0f} ms" for ms, t in slowest))
    print("hits painted by: " + ", ".join(f"{who} {n}" for who, n in PAINTED_BY.items()))
    return {"total": totals, "search": searching, "window": window_part}


#: Per keystroke, who painted the hits: the window itself, or `keystroke_ms` forcing it.
PAINTED_BY: collections.Counter[str] = collections.Counter()


class _PaintsOnceShown(QObject):
    """Counts the paints of a widget that come once `shown` (the hits) is filled."""

    def __init__(self, shown: list[str]) -> None:
        super().__init__()
        self._shown = shown
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self._shown:
            self.count += 1
        return False  # the widget paints as ever


def keystroke_ms(window: Any, loop: Any, shown: list[str], typed: str) -> float:
    """Type `typed` into the search field at once; the time until the table has painted
    the hits (`shown` is filled by the window's `search_finished`).

    The window paints them itself in the turn of the event loop that brings them (a
    paint event is handled before that turn ends); only when it has not is a paint forced
    here. (Until December 2026 a second paint was always forced: 5 ms more per keystroke
    than a person waits.)"""
    from PySide6.QtCore import QEventLoop

    viewport = window.table.viewport()
    paints = _PaintsOnceShown(shown)
    viewport.installEventFilter(paints)
    shown.clear()
    started = time.perf_counter()
    window.search_bar.field.setText(typed)
    window.search_bar.flush()  # the debounce is a pause, not work: leave it out
    while not shown:
        loop.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 50)
    if paints.count:
        PAINTED_BY["the window"] += 1
    else:
        viewport.repaint()  # rows on screen are fetched and drawn
        PAINTED_BY["forced here"] += 1
    elapsed = (time.perf_counter() - started) * 1000
    viewport.removeEventFilter(paints)
    return elapsed


def test_keystroke_to_table_updated(keystrokes: dict[str, list[float]]) -> None:
    """The goal is for the whole; the printed split says whether the search or the window
    is over budget."""
    assert _percentile(keystrokes["total"], 0.95) <= KEYSTROKE_P95_GOAL_MS


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
