"""Search speed on a 20k library that is half Chinese: runs of title characters, names,
pinyin, Traditional forms, titles with a character wrong, and English queries.

Run by `make bench`; the normal suite does not collect this folder.
"""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path

from desktop.core.search.index import SearchIndex
from desktop.core.search.query import parse

sys.path.insert(0, str(Path(__file__).parent))
import generate_chinese
from conftest import slowness

PAPERS = 20_000


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def test_search_of_a_half_chinese_library_is_fast(corpus_dir: Path) -> None:
    bib = corpus_dir / "gbt7714" / "gbt7714-2015-biblatex.bib"
    papers = generate_chinese.generate(PAPERS, bib)
    docs = generate_chinese.search_documents(papers)
    queries = generate_chinese.chinese_queries(papers)
    del papers
    started = time.perf_counter()
    index = SearchIndex.build(docs)
    build_seconds = time.perf_counter() - started
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
    slow = min(slow_before, slowness())  # the machine at its fastest around the queries
    every = [t for values in latencies.values() for t in values]
    p50, p95 = _percentile(every, 0.5), _percentile(every, 0.95)
    print(f"\nhalf-Chinese search benchmark: {PAPERS} papers, {len(every)} queries")
    print(f"  index build {build_seconds:.2f} s")
    print(
        f"  latency p50 {p50 * 1e3:.2f} ms, p95 {p95 * 1e3:.2f} ms, max {max(every) * 1e3:.2f} ms"
    )
    for kind, values in latencies.items():
        print(
            f"    {kind:16} p50 {_percentile(values, 0.5) * 1e3:6.2f} ms"
            f"  p95 {_percentile(values, 0.95) * 1e3:6.2f} ms"
            f"  source paper in top 10: {found[kind]:3}/{len(values)}"
        )
    print(
        f"  goal on a quiet machine: p95 16 ms; this machine ran {slow:.2f}x slower than"
        f" quiet, so judged against {16 * slow:.1f} ms"
    )
    assert p95 <= 0.016 * slow
    assert found["one wrong"] >= 0.9 * len(latencies["one wrong"])
