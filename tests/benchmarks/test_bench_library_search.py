"""`Library.search` at 100k papers on SQLite: the whole path a keystroke takes (query
parsing, the in-memory index, FTS5 for abstract words), against brute-force rapidfuzz over
every title, measured in the same run. Also import speed and index build time and memory.
On three libraries: `generate_library`'s, the real-science-shaped `generate_science`, and
that one with the words of the first (`STRESS`).

Run by `make bench`; the normal suite does not collect this folder.
"""

from __future__ import annotations

import gc
import hashlib
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from rapidfuzz import fuzz, process

from desktop.core.api import SearchHit, View
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library

sys.path.insert(0, str(Path(__file__).parent))
import exact_holders
import generate_library
import generate_science
import kept_libraries
import pytest
from conftest import slowness

PAPERS = 100_000
#: Issue 17's goals: each kind's p95 (of each query's median of the timed passes) on a quiet
#: machine, and the share of a kind's queries with the right top 10 (55 of 60).
P95_GOAL_MS = 16.0
RIGHT_GOAL = (55, 60)
BRUTE_FORCE_EVERY = 10
#: Every this many queries is also asked with every match ranked (see `_agreement`).
AGREEMENT_EVERY = 2
#: Timed passes over the queries, each starting with no full-text answer remembered: the
#: p95 of a kind's 60 queries is their third slowest, so one pause of a shared machine
#: during one of them moves it; the median of each query's passes does not.
TIMED_PASSES = 3
#: The science-shaped library with the words of `generate_library`'s list, by Zipf's law, as
#: it was first made: every query word in thousands of abstracts, most in tens of thousands
#: (see `generate_science`). A stress case for full-text search, measured beside the others.
STRESS = generate_science.LISTED_WORDS_SHAPE


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _records(papers: list[generate_library.GeneratedPaper]) -> list[Record]:
    return [
        Record(
            title=p.title,
            abstract=p.abstract,
            year=p.year,
            journal=p.venue,
            authors=[Person(given=g, family=f) for g, f in p.authors],
        )
        for p in papers
    ]


#: Each library: how to make its papers, and the words its titles are made of (queries are
#: made of those).
LIBRARIES = {
    "benchmark": (lambda: generate_library.generate(PAPERS, abstracts=True), None),
    "science-shaped": (
        lambda: generate_science.generate(PAPERS),
        generate_science.title_vocabulary,
    ),
    STRESS: (
        lambda: generate_science.generate(PAPERS, words=generate_science.WORDS_FROM_LIST),
        lambda: generate_science.title_vocabulary(generate_science.WORDS_FROM_LIST),
    ),
}


def _library(papers: list[generate_library.GeneratedPaper], shape: str) -> tuple[str, float | None]:
    """A 100k-paper SQLite library (made once, then reused); the import rate when made."""
    # Named by its first papers too: a file made by another version of the generator is
    # not taken for this one's.
    made = hashlib.sha256("".join(p.title + p.abstract for p in papers[:100]).encode())
    name = f"{re.sub(r'[^a-z0-9]+', '-', shape)}-{made.hexdigest()[:8]}"
    path = Path(tempfile.gettempdir()) / f"papershelf-bench-search-{name}-{PAPERS}.sqlite"
    url = f"sqlite:///{path}"
    if kept_libraries.reusable(path, PAPERS):
        _read_through(path)
        return url, None
    records = _records(papers)
    started = time.perf_counter()
    with Library.open(url) as library:
        library.add_records(records)
    return url, PAPERS / (time.perf_counter() - started)


def _read_through(path: Path) -> None:
    """Read the file once, so that a library kept from an earlier run starts as one just
    made does, every page in the system's cache: what the system kept of it since varies
    from run to run (once, its full-text tables only partly), and searches then paid disk
    reads the next run did not."""
    with path.open("rb") as kept:
        while kept.read(1 << 20):
            pass


def _fulltext_queries(papers: list[generate_library.GeneratedPaper]) -> list[tuple[str, str, int]]:
    rng = random.Random(11)
    queries = []
    for _ in range(30):
        paper = rng.choice(papers)
        words = paper.abstract.split()
        at = rng.randrange(len(words) - 2)
        queries.append(("abstract phrase", f'abstract:"{words[at]} {words[at + 1]}"', paper.id))
    return queries


def _exact_holders(
    papers: list[generate_library.GeneratedPaper], queries: list[tuple[str, str, int]]
) -> dict[int, set[int]]:
    """For each query (by number) of a kind that may match many papers equally, the papers
    that hold it exactly (see `exact_holders`)."""
    words = [exact_holders.PaperWords.of(paper) for paper in papers]
    by_id = {paper.id: paper for paper in words}
    found = {}
    for number, (kind, text, source) in enumerate(queries):
        test = exact_holders.holds(kind, text, by_id[source])
        if test is not None:
            found[number] = {paper.id for paper in words if test(paper)}
    return found


def _right(top: list[int], source: int, holders: set[int] | None) -> bool:
    """Whether a top 10 is what a person would want for the query (see the printout)."""
    if holders is None or len(holders) <= 10:
        return source in top
    return len(top) == 10 and all(paper_id in holders for paper_id in top)


def _agreement(top: list[int], every: list[SearchHit]) -> float | None:
    """The share of a search's top 10 whose papers score at least as high as the tenth
    paper (or the last, with fewer) when every match is ranked; None when nothing matches.
    The search shortlists and reads full text only for its best `limit`; this tells what
    that costs against ranking everything."""
    if not every:
        return None
    scores = {hit.paper_id: hit.score for hit in every}
    wanted = min(10, len(every))
    tenth = every[wanted - 1].score
    return sum(scores.get(paper_id, -1.0) >= tenth for paper_id in top[:wanted]) / wanted


def _mean_or_none(values: list[float] | None) -> str:
    return f"{statistics.mean(values):.2f}" if values else "none matched"


def _medians(passes: list[list[float]]) -> list[float]:
    """Each query's median time over the passes (each pass lists every query's time)."""
    return [statistics.median(times) for times in zip(*passes, strict=True)]


def _timed_top(library: Library, text: str) -> tuple[float, list[int]]:
    """How long a search takes, and its top 10 (as the window does when nothing matches:
    the nearest words', shown as approximate)."""
    started = time.perf_counter()
    top = [h.paper_id for h in library.search(text, limit=50)[:10]]
    if not top:
        nearest = library.find_nearest(View(), text, limit=50)
        top = [] if nearest is None else list(nearest.paper_ids[:10])
    return time.perf_counter() - started, top


def _timed(library: Library, text: str, **options: bool) -> float:
    started = time.perf_counter()
    library.search(text, limit=50, **options)
    return time.perf_counter() - started


@pytest.mark.parametrize("shape", list(LIBRARIES))
def test_library_search_at_100k_papers(shape: str) -> None:
    make_papers, vocabulary = LIBRARIES[shape]
    papers = make_papers()
    content = vocabulary() if vocabulary else None
    queries = generate_library.benchmark_queries(papers, content=content)
    queries += _fulltext_queries(papers)
    titles = [p.title for p in papers]
    shares = generate_science.word_shares(titles, [p.abstract for p in papers])
    url, import_rate = _library(papers, shape)
    holders = _exact_holders(papers, queries)
    del papers
    gc.collect()

    with Library.open(url) as library:
        rss_before = _rss_mb()
        started = time.perf_counter()
        library.build_search_index()
        build_seconds = time.perf_counter() - started
        index_mb = _rss_mb() - rss_before

        quick = [_timed(library, text, full_text=False) for _, text, _ in queries]
        slow_before = slowness()
        latencies: dict[str, list[float]] = {}
        found: dict[str, int] = {}
        right: dict[str, list[bool]] = {}
        tops: list[list[int]] = []
        for number, (kind, text, source) in enumerate(queries):
            seconds, top = _timed_top(library, text)
            latencies.setdefault(kind, []).append(seconds)
            found[kind] = found.get(kind, 0) + (source in top)
            right.setdefault(kind, []).append(_right(top, source, holders.get(number)))
            tops.append(top)
        passes = [latencies]
        for _ in range(TIMED_PASSES - 1):
            library._searcher._forget_answers()  # as the first pass began
            again: dict[str, list[float]] = {}
            for kind, text, _source in queries:
                again.setdefault(kind, []).append(_timed_top(library, text)[0])
            passes.append(again)
        slow = min(slow_before, slowness())  # the machine at its fastest around the passes
        medians = {kind: _medians([p[kind] for p in passes]) for kind in latencies}
        # After the timed searches: ranking every match fills the answers kept while typing.
        # Every other query: a prefix of two letters has 90k matches to rank.
        agreeing: dict[str, list[float]] = {}
        papers_held = library.count()
        for (kind, text, _source), top in list(zip(queries, tops, strict=True))[::AGREEMENT_EVERY]:
            share = _agreement(top, library.search(text, limit=papers_held))
            if share is not None:
                agreeing.setdefault(kind, []).append(share)

    brute = []
    for _kind, text, _source in queries[::BRUTE_FORCE_EVERY]:
        started = time.perf_counter()
        process.extract(text, titles, scorer=fuzz.WRatio, limit=50)
        brute.append(time.perf_counter() - started)

    every = [t for values in latencies.values() for t in values]
    p50, p95, worst = _percentile(every, 0.5), _percentile(every, 0.95), max(every)
    print(
        f"\nLibrary.search benchmark, {shape} library: {PAPERS:,} papers on SQLite, "
        f"{len(every)} queries"
    )
    print(f"  words: {shares}")
    real = generate_science.word_shares(*generate_science.corpus_texts())
    print(f"    (the corpus's real ones: {real})")
    if import_rate is not None:
        print(f"  import (add_records, one transaction): {import_rate:,.0f} papers/s")
    print(f"  index build {build_seconds:.2f} s, RSS grew {index_mb:.0f} MB")
    print(
        f"  quick (short fields only): p50 {_percentile(quick, 0.5) * 1e3:.2f} ms,"
        f" p95 {_percentile(quick, 0.95) * 1e3:.2f} ms, max {max(quick) * 1e3:.2f} ms"
    )
    print(
        f"  complete (with abstracts and notes): p50 {p50 * 1e3:.2f} ms,"
        f" p95 {p95 * 1e3:.2f} ms, max {worst * 1e3:.2f} ms (first pass); p95 of each"
        f" query's median of {TIMED_PASSES} passes"
        f" {_percentile([t for ts in medians.values() for t in ts], 0.95) * 1e3:.2f} ms"
    )
    for kind, values in latencies.items():
        print(
            f"    {kind:16} p50 {_percentile(values, 0.5) * 1e3:6.2f} ms"
            f"  p95 {_percentile(values, 0.95) * 1e3:6.2f} ms"
            f" (of each query's median of {TIMED_PASSES} passes:"
            f" {_percentile(medians[kind], 0.95) * 1e3:.2f} ms)"
            f"  source paper in top 10: {found[kind]:2}/{len(values)}"
            f"  right top 10: {sum(right[kind]):2}/{len(values)}"
            f"  agrees with every match ranked: {_mean_or_none(agreeing.get(kind))}"
        )
    print(
        "    (right top 10: for a query that 10 papers or fewer hold exactly, the source paper"
        " is in it; for one that more hold exactly, as a single common word does, all 10 hold"
        " it: no ranking can tell which of those the query was made from)"
    )
    print(
        "    (agrees with every match ranked, every other query: the mean share of a top 10 that"
        " ranks as high as the tenth paper when every match is ranked, ties included; below 1"
        " where the search read and ranked only what its best 50 seemed to need)"
    )
    print(
        f"  brute-force WRatio over all titles: mean {statistics.mean(brute) * 1e3:.0f} ms; "
        f"Library.search is {statistics.mean(brute) / statistics.mean(every):.0f}x faster"
        f" (quick: {statistics.mean(brute) / statistics.mean(quick):.0f}x)"
    )
    goal_ms = P95_GOAL_MS * slow
    slow_kinds = [kind for kind in latencies if _percentile(medians[kind], 0.95) * 1e3 > goal_ms]
    wrong_kinds = [
        kind
        for kind, values in right.items()
        if sum(values) * RIGHT_GOAL[1] < RIGHT_GOAL[0] * len(values)
    ]
    print(
        f"  goals: p95 (of the medians) <= {P95_GOAL_MS:.0f} ms on a quiet machine, judged"
        f" against {goal_ms:.1f} ms (the machine {slow:.2f}x slower than quiet around the"
        f" passes): {'met' if not slow_kinds else 'NOT met in ' + ', '.join(slow_kinds)};"
        f" right top 10 in >= {RIGHT_GOAL[0]}/{RIGHT_GOAL[1]} of each kind's queries:"
        f" {'met' if not wrong_kinds else 'NOT met in ' + ', '.join(wrong_kinds)}"
    )
    assert len(every) == 330
    assert not wrong_kinds, f"too few right top 10s in {wrong_kinds}"
    assert not slow_kinds, f"p95 over {goal_ms:.1f} ms in {slow_kinds}"
