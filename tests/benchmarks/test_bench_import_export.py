"""Import and export at 100k BibTeX entries with abstracts, against bare bibtexparser.

Prints, in one run and for each of three libraries (`generate_library`'s, the
real-science-shaped `generate_science`, and that one with the words of the first): bare
`bibtexparser.parse_string` time; our full import (read, decode LaTeX, split names, make
keys, look for duplicates, store, update the search index, as in the window); their
throughput ratio; the BibTeX export of everything; the import's peak memory; and, when
JabRef is installed, JabRef 3.8.2 opening and round-tripping the same file, with the ratios.
Run by `make bench`; the normal suite does not collect this folder.
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import generate_library
import generate_science
import jabref
import pytest
from conftest import slowness

ENTRIES = 100_000
EXPORT_RUNS = 3
#: JabRef's load and round trip, each run this many times (see `_beside_jabref`).
JABREF_RUNS = 3
#: Our import, run this many times, as JabRef's load is.
IMPORT_RUNS = JABREF_RUNS
#: Issue 17's goals: the import's throughput against bare parsing (paired, so the machine's
#: speed cancels), the export of everything with its entries kept and a list of 1,000 papers
#: exported in the process (on a quiet machine; judged against the goal times the machine's
#: measured slowness, as the search benchmarks do), and the two processes' peak memory.
IMPORT_RATIO_GOAL = 0.7
EXPORT_GOAL_S = 1.2
LIST_GOAL_S = 0.1
MEMORY_GOAL_MB = 1024
#: Family names written with TeX accents, as older .bib files do.
ACCENTED = [
    'M{\\"u}ller',
    "Garc{\\'\\i}a",
    'Sch{\\"o}lkopf',
    "{\\v{C}}ech",
    "Ma{\\ss}",
    'G{\\"o}del',
]


def _bibtex(papers: list[generate_library.GeneratedPaper]) -> str:
    rng = random.Random(3)
    chunks = []
    for paper in papers:
        names = []
        for given, family in paper.authors:
            if rng.random() < 0.05:
                family = rng.choice(ACCENTED)
            names.append(f"{family}, {given}")
        chunks.append(
            f"@article{{p{paper.id},\n"
            f"  title = {{{paper.title}}},\n"
            f"  author = {{{' and '.join(names)}}},\n"
            f"  journal = {{{paper.venue}}},\n"
            f"  year = {{{paper.year}}},\n"
            f"  volume = {{{paper.id % 60 + 1}}},\n"
            f"  pages = {{{paper.id % 900 + 1}--{paper.id % 900 + 14}}},\n"
            f"  doi = {{10.5555/bench.{paper.id}}},\n"
            f"  abstract = {{{paper.abstract}}}\n"
            "}\n"
        )
    return "\n".join(chunks)


# Each step runs in a process of its own, started afresh: what one step leaves behind (the
# bare parser's 100k entries, freed but fragmenting the heap; this benchmark's generated
# papers) would otherwise slow the next by 10-30%, and the peak memory is the step's own.
# VmHWM, not getrusage's ru_maxrss: Linux keeps ru_maxrss across exec, so a child forked
# from this (large) benchmark process would report the parent's size.
_PEAK = """
def peak_mb():
    status = open("/proc/self/status").read().splitlines()
    return int(next(line.split()[1] for line in status if line.startswith("VmHWM:"))) / 1024
"""
_BARE_PARSE = (
    _PEAK
    + """
import sys, time
import bibtexparser
text = open(sys.argv[1], encoding="utf-8").read()
started, cpu = time.perf_counter(), time.process_time()
parsed = bibtexparser.parse_string(text)
print(time.perf_counter() - started, len(parsed.entries), time.process_time() - cpu)
"""
)
_IMPORT_THEN_EXPORT = (
    _PEAK
    + """
import glob, resource, sys, threading, time
from desktop.core.library import Library

def rss_mb(pid):
    try:
        status = open(f"/proc/{pid}/status").read().splitlines()
    except OSError:
        return 0.0
    return int(next((l.split()[1] for l in status if l.startswith("VmRSS:")), 0)) / 1024

def both_mb():
    children = set()
    for listing in glob.glob("/proc/self/task/*/children"):
        children.update(open(listing).read().split())
    return rss_mb("self") + sum(rss_mb(child) for child in children)

def cpu_seconds():  # this process's threads and the reading helper, once it has ended
    return sum(
        usage.ru_utime + usage.ru_stime
        for usage in map(resource.getrusage, (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    )

# This process and the reading helper together, sampled: their peaks are not at one time.
together = [0.0]
stop = threading.Event()
def sample():
    while not stop.wait(0.02):
        together[0] = max(together[0], both_mb())

with Library.open(sys.argv[2]) as library:
    library.build_search_index()  # of an empty library: the window builds it at start
    sampler = threading.Thread(target=sample)
    sampler.start()
    cpu = cpu_seconds()
    started = time.perf_counter()
    report = library.import_file(sys.argv[1])  # keeps the index up to date too
    seconds = time.perf_counter() - started
    cpu = cpu_seconds() - cpu
    stop.set()
    sampler.join()
    assert report.imported == int(sys.argv[3]) and not report.problems, report.problems[:3]
    peak = peak_mb()
    # The reading helper's own peak (started by exec from a small process: see above).
    helper_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    ids = library.view_ids()
    started = time.perf_counter()
    exported = library.export(ids, "bibtex")
    print(
        seconds, peak, helper_peak, together[0], time.perf_counter() - started, len(ids),
        len(exported), cpu,
    )
"""
)
_EXPORT_ALONE = """
import hashlib, sys, time
from desktop.core.exporting import kept_entries
from desktop.core.library import Library

def timed(work):
    started = time.perf_counter()
    text = work()
    seconds = time.perf_counter() - started
    # What the export gave is kept as its digest, length and count of entries, not as the
    # text (100k entries are 170-340 MB of it), as a user's process holds one export at a
    # time: five exports of the same 100k kept entries in one process took 0.49, 0.40,
    # 0.40, 0.81 and 1.02 s while each text was held, and 0.39-0.51 s when each was let go.
    return seconds, (hashlib.sha256(text.encode()).hexdigest(), len(text), text.count("\\n@"))

def afresh(ids):
    saved, kept_entries.FORMATS = kept_entries.FORMATS, ()
    try:
        return library.export(ids, "bibtex")
    finally:
        kept_entries.FORMATS = saved

with Library.open(sys.argv[1]) as library:
    ids = library.view_ids()
    listed = ids[::len(ids) // 1000][:1000]  # a list of papers from all over the library
    with library.engine.begin() as connection:
        connection.exec_driver_sql("DELETE FROM exportentry")
    cold, written = timed(lambda: library.export(ids, "bibtex"))  # writes and keeps them
    kept, read = timed(lambda: library.export(ids, "bibtex"))
    fresh, again = timed(lambda: afresh(ids))
    assert written == read == again
    list_kept, small = timed(lambda: library.export(listed, "bibtex"))
    list_fresh, small_again = timed(lambda: afresh(listed))
    assert small == small_again and small[2] == len(listed) - 1
    print(cold, kept, fresh, list_kept, list_fresh, len(ids), written[1])
"""
#: The command a user runs: start, open, export everything, write the file.
_COMMAND_EXPORT = """
import subprocess, sys, time
started = time.perf_counter()
subprocess.run([sys.executable, "-m", "desktop", "--db", sys.argv[1], "export", "-o", sys.argv[2]],
               check=True, capture_output=True)
print(time.perf_counter() - started)
"""
_STARTUP = """
import subprocess, sys, time
started = time.perf_counter()
subprocess.run([sys.executable, "-m", "desktop", "--db", sys.argv[1], "export", "--ids", "1"],
               check=True, capture_output=True)
print(time.perf_counter() - started)
"""


def _compile_package() -> None:
    """Compile our modules' bytecode, as installing the app does (pip, PyInstaller): the
    commands timed here would otherwise compile about 120 modules every time they start
    where PYTHONDONTWRITEBYTECODE is set (0.1-0.2 s), which no installed copy does."""
    package = Path(__file__).resolve().parents[2] / "desktop"
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True)


def _run(script: str, *arguments: str) -> list[float]:
    """The numbers a step printed, run in a new interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", script, *arguments], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return [float(number) for number in done.stdout.split()]


LIBRARIES = {
    "benchmark": lambda: generate_library.generate(ENTRIES, abstracts=True),
    "science-shaped": lambda: generate_science.generate(ENTRIES),
    # As it was first made: the first library's 763 words (see `generate_science`).
    generate_science.LISTED_WORDS_SHAPE: lambda: generate_science.generate(
        ENTRIES, words=generate_science.WORDS_FROM_LIST
    ),
}


@pytest.mark.parametrize("shape", list(LIBRARIES))
def test_import_and_export_of_100k_entries(shape: str) -> None:
    papers = LIBRARIES[shape]()
    authors = sum(len(paper.authors) for paper in papers) / len(papers)
    text = _bibtex(papers)
    del papers
    folder = Path(tempfile.mkdtemp(prefix="papershelf-bench-import-"))
    try:
        source = folder / "big.bib"
        source.write_text(text, encoding="utf-8")
        print(
            f"\n{shape} library: {ENTRIES:,} entries, {authors:.1f} authors per paper, "
            f"{len(text) / 1e6:.0f} MB of BibTeX"
        )
        del text

        # The baseline runs before each import and after the last, and each import is
        # compared with the two runs either side of it: this machine's speed has moved by
        # up to 2x from one minute to the next (the same parse took 19.8 s, then 13.2 s),
        # so runs minutes apart say more about the machine than about the code.
        bares = [_run(_BARE_PARSE, str(source))]
        assert bares[0][1] == ENTRIES
        # Imported as many times as JabRef opens the file, each into a new database, and the
        # median counts. The first database stays for the exports; memory counts the most
        # any import took.
        imports = []
        for number in range(IMPORT_RUNS):
            path = folder / f"library-{number}.sqlite"
            imports.append(
                _run(_IMPORT_THEN_EXPORT, str(source), f"sqlite:///{path}", str(ENTRIES))
            )
            if number:
                for leftover in folder.glob(path.name + "*"):
                    leftover.unlink()
            bares.append(_run(_BARE_PARSE, str(source)))
        database = f"sqlite:///{folder / 'library-0.sqlite'}"
        ours = statistics.median(run[0] for run in imports)
        peak_mb, helper_mb, together_mb = (max(run[i] for run in imports) for i in (1, 2, 3))
        export_after, exported, size = imports[0][4:7]
        # Throughput against the baseline beside each import (the mean of the runs either
        # side), and the median of those; and, as before, against the fastest baseline.
        paired = [(bares[n][0] + bares[n + 1][0]) / 2 / run[0] for n, run in enumerate(imports)]
        bare_seconds = min(bare[0] for bare in bares)
        import_cpu = statistics.median(run[7] for run in imports)
        bare_cpu = statistics.median(bare[2] for bare in bares)
        assert exported == ENTRIES
        # Three fresh processes: one export swings by 10% with the machine's load.
        slow_before = slowness()
        runs = [_run(_EXPORT_ALONE, database) for _ in range(EXPORT_RUNS)]
        slow = min(slow_before, slowness())  # the machine at its fastest around the exports
        assert all(int(run[5]) == ENTRIES for run in runs)
        cold, kept, fresh, list_kept, list_fresh = (
            statistics.median(run[i] for run in runs) for i in range(5)
        )
        kept_runs = ", ".join(f"{run[1]:.2f}" for run in runs)
        _compile_package()
        command = statistics.median(
            _run(_COMMAND_EXPORT, database, str(folder / "out.bib"))[0] for _ in range(EXPORT_RUNS)
        )
        startup = statistics.median(_run(_STARTUP, database)[0] for _ in range(EXPORT_RUNS))
        print(
            f"  bare bibtexparser.parse_string: {bare_seconds:.1f} s at its fastest "
            f"({ENTRIES / bare_seconds:,.0f} entries/s; runs before, between and after the "
            f"imports: {', '.join(f'{bare[0]:.1f}' for bare in bares)} s)"
        )
        print(
            f"  our import (read, decode, names, keys, duplicates, store, full text, search "
            f"index; read by a second process while stored): {ours:.1f} s, median of "
            f"{', '.join(f'{run[0]:.1f}' for run in imports)} ({ENTRIES / ours:,.0f} entries/s)"
        )
        print(
            f"  throughput of bare parsing, each import against the parses either side of it: "
            f"{statistics.median(paired):.2f}, median of "
            f"{', '.join(f'{ratio:.2f}' for ratio in paired)} (goal >= 0.7); against the "
            f"fastest parse: {bare_seconds / ours:.2f}"
        )
        print(
            f"  CPU time: the import {import_cpu:.1f} s (both processes; "
            f"{', '.join(f'{run[7]:.1f}' for run in imports)}), bare parsing {bare_cpu:.1f} s "
            f"(the parse alone): the import does {import_cpu / bare_cpu:.2f} times its work, "
            "on two cores"
        )
        print(
            f"  export of {ENTRIES:,} entries to BibTeX ({size / 1e6:.0f} MB), medians of "
            f"{EXPORT_RUNS} fresh processes: every entry kept read {kept:.2f} s ({kept_runs}; "
            f"goal <= 1.2 s); every entry written afresh by this process (the baseline) "
            f"{fresh:.2f} s, so kept/afresh {kept / fresh:.2f}; none kept yet (written, the last "
            f"40% by a second process, and kept) {cold:.2f} s, {cold / fresh:.2f} of afresh; "
            f"{export_after:.1f} s right after the import in the same process (written by one: "
            "the import's checkpoint has the second core)"
        )
        print(
            f"  a list of 1,000 papers exported in the process: {list_kept * 1000:.0f} ms with "
            f"their entries kept (goal <= 100 ms), {list_fresh * 1000:.0f} ms written afresh "
            f"({list_kept / list_fresh:.2f} of it)"
        )
        print(
            f"  `papershelf export -o FILE` of everything, the whole command: {command:.2f} s "
            f"(of which starting, opening the library and exporting one paper: {startup:.2f} s)"
        )
        print(
            f"  peak memory of the import (the most of {IMPORT_RUNS}): {peak_mb:,.0f} MB "
            f"(goal < 1 GB); the process "
            f"reading the file beside it: {helper_mb:,.0f} MB; the two together, sampled "
            f"every 20 ms: {together_mb:,.0f} MB"
        )
        # Memory, unlike time, does not swing with the machine's load (a helper that kept
        # the file's text while the import grew took 1,037 MB).
        goals: dict[str, bool | None] = {
            f"import >= {IMPORT_RATIO_GOAL} of bare parsing": (
                statistics.median(paired) >= IMPORT_RATIO_GOAL
            ),
            f"memory < {MEMORY_GOAL_MB} MB": together_mb < MEMORY_GOAL_MB,
            f"export kept <= {EXPORT_GOAL_S * slow:.2f} s": kept <= EXPORT_GOAL_S * slow,
            f"a list of 1,000 <= {LIST_GOAL_S * slow * 1000:.0f} ms": (
                list_kept <= LIST_GOAL_S * slow
            ),
            **_beside_jabref(source, folder, ours, kept, command),
        }
        _judge(goals, slow)
    finally:
        shutil.rmtree(folder, ignore_errors=True)  # about 1 GB


def _judge(goals: dict[str, bool | None], slow: float) -> None:
    """Print each goal as met, not met, or not measured in this run, and fail the benchmark
    when one is not met (one not measured is said, and does not fail it)."""
    said = {True: "met", False: "NOT MET", None: "not measured"}
    print(
        f"  goals (the machine {slow:.2f}x slower than quiet around the exports): "
        + "; ".join(f"{goal}: {said[met]}" for goal, met in goals.items())
    )
    missed = [goal for goal, met in goals.items() if met is False]
    assert not missed, f"goals not met: {missed}"


def _beside_jabref(
    source: Path, folder: Path, import_seconds: float, export_seconds: float, command: float
) -> dict[str, bool | None]:
    """JabRef on the same file in the same run: its load, and its save (round trip less load);
    whether we are faster at each (None where this run cannot tell)."""
    faster_import, faster_export = (
        "import faster than JabRef opening",
        "export faster than its save",
    )
    if jabref.command() is None:
        print("  JabRef: not installed (make bench installs Debian's jabref), not compared")
        return {faster_import: None, faster_export: None}
    home = folder / "jabref-home"
    jabref.prepare(home)
    # Its save is told by a difference of two runs of 20 s or more, each swinging by a
    # second or two with the machine: a load and a round trip one after the other, three
    # times, and the median of the three differences.
    loads, trips = [], []
    for _ in range(JABREF_RUNS):
        loads.append(jabref.load_seconds(source, home))
        trips.append(jabref.round_trip_seconds(source, folder / "jabref-out.bib", home))
    saves = [trip - load for trip, load in zip(trips, loads, strict=True)]
    load, save, trip = statistics.median(loads), statistics.median(saves), statistics.median(trips)
    print(
        f"  JabRef 3.8.2: opens the file in {load:.1f} s, median of "
        f"{', '.join(f'{x:.1f}' for x in loads)} (our import {import_seconds / load:.2f}x its "
        f"time; goal < 1); a round trip (open and save) {trip:.1f} s, against our import and"
        f" export of everything {import_seconds + export_seconds:.1f} s"
        f" ({(import_seconds + export_seconds) / trip:.2f}x its time)"
    )
    # The save alone is a difference of two runs that each swing by seconds with the
    # machine: a ratio is printed only when their median stands out of how far they lie
    # from it (twice their median distance; in issue 17's runs they were 7.9, -2.5 and
    # -1.2 s once, a ratio of 615x, and 1.5, 1.4 and 5.7 s another time, a fair one).
    spread = statistics.median(abs(x - save) for x in saves)
    differences = ", ".join(f"{x:.1f}" for x in saves)
    told = save > 2 * spread
    if told:
        print(
            f"    its save takes about {save:.1f} s, the median of each round trip less the load"
            f" before it ({differences}): our export {export_seconds / save:.2f}x its time,"
            f" our whole export command {command / save:.2f}x (goal < 1)"
        )
    else:
        print(
            f"    its save is not told apart from the machine's swings in this run: each round"
            f" trip less the load before it {differences} s; no ratio"
        )
    return {faster_import: import_seconds < load, faster_export: command < save if told else None}
