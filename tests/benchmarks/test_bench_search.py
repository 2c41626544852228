"""Search speed at 100k generated papers: latency of `SearchIndex.search` over 300 mixed
queries, against brute-force rapidfuzz over every title; index build time and memory.
The index is made as the library makes it: built, then its one-letter searches prepared.

Run by `make bench`; the normal suite does not collect this folder.
"""

from __future__ import annotations

import gc
import os
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

from rapidfuzz import fuzz, process

from desktop.core.search.document import SearchDocument
from desktop.core.search.index import SearchIndex
from desktop.core.search.query import parse
from desktop.core.search.searcher import prepare_first_letters

# The generator sits beside this file; benchmarks are not a package.
sys.path.insert(0, str(Path(__file__).parent))
import generate_library
from conftest import slowness

PAPERS = 100_000
# Brute force takes ~0.4 s a query: time it on every tenth query only.
BRUTE_FORCE_EVERY = 10


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def test_search_at_100k_papers_is_fast_and_small() -> None:
    papers = generate_library.generate(PAPERS)
    docs = generate_library.search_documents(papers)
    queries = generate_library.benchmark_queries(papers)
    titles = [p.title for p in papers]
    assert len(queries) == 300
    # Only the index should stay alive while searching: the generated papers are ~600k
    # objects that the garbage collector would walk, as a library's rows would not be.
    del papers

    memory_mb = _index_memory_mb(docs)
    gc.collect()
    rss_before = _rss_mb()
    slow_building = slowness()
    started, cpu_started = time.perf_counter(), time.process_time()
    index = SearchIndex.build(docs)
    build_seconds = time.perf_counter() - started
    build_cpu = time.process_time() - cpu_started
    rss_delta = _rss_mb() - rss_before
    # As the library's own build does, after it: the first keystroke of a search is one
    # letter, answered from what this makes (timed apart: the build goal is the index's).
    started = time.perf_counter()
    prepare_first_letters(index)
    letters_seconds = time.perf_counter() - started
    del docs
    gc.collect()

    latencies: dict[str, list[float]] = {}
    found: dict[str, int] = {}
    slow_before = slowness()
    for kind, text, source in queries:
        started = time.perf_counter()
        hits = index.search(parse(text), limit=50)
        latencies.setdefault(kind, []).append(time.perf_counter() - started)
        found[kind] = found.get(kind, 0) + (source in [h.doc_id for h in hits[:10]])
    # The machine at its fastest around the queries: the goal is not loosened more than
    # the slowness the queries could have met.
    slow = min(slow_before, slowness())

    wide = []
    for _kind, text, _source in queries:
        started = time.perf_counter()
        index.search(parse(text), limit=500)
        wide.append(time.perf_counter() - started)

    brute, ours = [], []
    for kind, text, _source in queries[::BRUTE_FORCE_EVERY]:
        started = time.perf_counter()
        process.extract(text, titles, scorer=fuzz.WRatio, limit=50)
        brute.append(time.perf_counter() - started)
        ours.append(statistics.mean(latencies[kind]))

    every = [t for kind in latencies for t in latencies[kind]]
    p50, p95, worst = (_percentile(every, 0.5), _percentile(every, 0.95), max(every))
    speedup = statistics.mean(brute) / statistics.mean(every)
    print(f"\nsearch benchmark: {PAPERS} papers, {len(every)} queries")
    print(
        f"  index build {build_seconds:.2f} s ({build_cpu:.2f} s of CPU), index memory"
        f" {memory_mb:.0f} MB (tracemalloc; RSS grew {rss_delta:.0f} MB); the one-letter"
        f" searches prepared after it, as the library's build does, {letters_seconds:.2f} s"
    )
    print(f"  latency p50 {p50 * 1e3:.2f} ms, p95 {p95 * 1e3:.2f} ms, max {worst * 1e3:.2f} ms")
    print(
        f"  goals on a quiet machine: p95 16 ms, build 3.0 s; this machine ran"
        f" {slow:.2f}x (queries) and {slow_building:.2f}x (build) slower than quiet, so"
        f" judged against {16 * slow:.1f} ms and {3.0 * slow_building:.2f} s"
    )
    # A query made from one paper finds it only when few others match as well: a common
    # word or a year range matches thousands, so those rates are low by nature.
    for kind, values in latencies.items():
        print(
            f"    {kind:16} p50 {_percentile(values, 0.5) * 1e3:6.2f} ms"
            f"  p95 {_percentile(values, 0.95) * 1e3:6.2f} ms"
            f"  source paper in top 10: {found[kind]:2}/{len(values)}"
        )
    print(
        f"  with limit=500: p50 {_percentile(wide, 0.5) * 1e3:.2f} ms,"
        f" p95 {_percentile(wide, 0.95) * 1e3:.2f} ms, max {max(wide) * 1e3:.2f} ms"
    )
    print(
        f"  brute-force WRatio over all titles: mean {statistics.mean(brute) * 1e3:.0f} ms"
        f" ({len(brute)} queries); index is {speedup:.0f}x faster"
    )
    assert p95 <= 0.016 * slow
    assert speedup >= 30
    assert build_seconds <= 3.0 * slow_building
    assert memory_mb <= 150


def _rss_mb() -> float:
    """Resident memory of this process (Linux), in MB."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def _index_memory_mb(docs: list[SearchDocument]) -> float:
    """Memory held by a fresh index of `docs` (the documents themselves not counted)."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    index = SearchIndex.build(docs)
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del index
    return held / 1e6
