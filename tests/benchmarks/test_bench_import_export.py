"""Import and export at 100k BibTeX entries with abstracts, against bare bibtexparser.

Prints, in one run: bare `bibtexparser.parse_string` time; our full import (read, decode
LaTeX, split names, make keys, look for duplicates, store, update the search index, as in
the window); their throughput ratio; the BibTeX export of everything; and the process's peak memory.
Run by `make bench`; the normal suite does not collect this folder.
"""

from __future__ import annotations

import gc
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import bibtexparser

from desktop.core.library import Library

sys.path.insert(0, str(Path(__file__).parent))
import generate_library

ENTRIES = 100_000
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


# VmHWM, not getrusage's ru_maxrss: Linux keeps ru_maxrss across exec, so a child forked
# from this (large) benchmark process would report the parent's size.
_IMPORT_ALONE = """
import sys
from pathlib import Path
from desktop.core.library import Library
with Library.open(sys.argv[2]) as library:
    library.build_search_index()  # as in the window: the import keeps it up to date
    library.import_file(sys.argv[1])
status = Path("/proc/self/status").read_text().splitlines()
print(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
"""


def _import_peak_mb(source: Path, target: Path) -> float:
    """Peak memory (resident) of the import alone: in a process of its own, so that
    nothing this benchmark holds (the text, bare bibtexparser's result) counts."""
    done = subprocess.run(
        [sys.executable, "-c", _IMPORT_ALONE, str(source), f"sqlite:///{target}"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout.split()[-1]) / 1024


def test_import_and_export_of_100k_entries() -> None:
    text = _bibtex(generate_library.generate(ENTRIES, abstracts=True))
    folder = Path(tempfile.mkdtemp(prefix="papershelf-bench-import-"))
    try:
        source = folder / "big.bib"
        source.write_text(text, encoding="utf-8")
        print(f"\n{ENTRIES:,} entries, {len(text) / 1e6:.0f} MB of BibTeX")

        gc.collect()
        started = time.perf_counter()
        bare = bibtexparser.parse_string(text)
        bare_seconds = time.perf_counter() - started
        assert len(bare.entries) == ENTRIES
        del bare
        gc.collect()

        with Library.open(f"sqlite:///{folder / 'library.sqlite'}") as library:
            library.build_search_index()  # of an empty library: the window builds it at start
            started = time.perf_counter()
            report = library.import_file(source)  # keeps the index up to date too
            ours = time.perf_counter() - started
            assert report.imported == ENTRIES and not report.problems
            ids = library.view_ids()
            started = time.perf_counter()
            exported = library.export(ids, "bibtex")
            export_seconds = time.perf_counter() - started
        peak_mb = _import_peak_mb(source, folder / "again.sqlite")
        print(
            f"  bare bibtexparser.parse_string: {bare_seconds:.1f} s "
            f"({ENTRIES / bare_seconds:,.0f} entries/s)"
        )
        print(
            f"  our import (read, decode, names, keys, duplicates, store, full text, search "
            f"index): {ours:.1f} s ({ENTRIES / ours:,.0f} entries/s); "
            f"throughput {bare_seconds / ours:.2f} of bare parsing (goal >= 0.7)"
        )
        print(
            f"  export of {len(ids):,} entries to BibTeX: {export_seconds:.1f} s "
            f"({len(exported) / 1e6:.0f} MB)"
        )
        print(f"  peak memory of a process doing just this import: {peak_mb:,.0f} MB (goal < 1 GB)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)  # about 1 GB
