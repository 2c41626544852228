"""The "Possible duplicates" view at 100k papers on SQLite: finding every likely pair in
the library (off the GUI thread in the window), and reading the kept answer again.

Run by `make bench`; the normal suite does not collect this folder.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from desktop.core.formats.record import Person, Record
from desktop.core.library import Library

sys.path.insert(0, str(Path(__file__).parent))
import generate_library

PAPERS = 100_000
#: Papers held twice: the same title with one letter more, same first author and year.
COPIES = 500


def _records() -> list[Record]:
    papers = generate_library.generate(PAPERS)
    records = [
        Record(
            title=p.title,
            year=p.year,
            journal=p.venue,
            authors=[Person(given=g, family=f) for g, f in p.authors],
        )
        for p in papers
    ]
    rng = random.Random(3)
    for original in rng.sample(records, COPIES):
        records.append(
            Record(title=original.title + "s", year=original.year, authors=original.authors[:1])
        )
    return records


def test_possible_duplicates_at_100k_papers() -> None:
    with (
        tempfile.TemporaryDirectory(prefix="papershelf-bench-duplicates-") as folder,
        Library.open(f"sqlite:///{Path(folder) / 'duplicates.sqlite'}") as library,
    ):
        library.add_records(_records())
        started = time.perf_counter()
        found = library.possible_duplicates()
        first = time.perf_counter() - started
        started = time.perf_counter()
        assert library.known_duplicates() == found
        kept = time.perf_counter() - started
    pairs = {(d.other_id, d.paper_id) for d in found}
    print(
        f"\npossible duplicates at {PAPERS:,} papers: {len(pairs):,} pairs found in "
        f"{first:.2f} s; the kept answer read again in {kept * 1000:.1f} ms"
    )
    assert len(pairs) >= COPIES  # every copy is found (generated titles may also meet)
    assert kept < 0.05
