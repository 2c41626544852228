"""Any query is answered quickly: `"a` repeated 250 times took 0.8 s in the index alone at
20k papers (1.1 s through the library); read up to the limits it takes some 35 ms, and
every hostile query here stays under a quarter of a second (the goal is 100 ms at 100k
papers, measured by hand)."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import pytest

from desktop.core.search.index import SearchIndex
from desktop.core.search.query import parse

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import generate_library


@pytest.mark.slow
def test_hostile_queries_answer_within_a_quarter_second_at_20k_papers() -> None:
    papers = generate_library.generate(20_000)
    words = [word for paper in papers[:500] for word in paper.title.split()]
    index = SearchIndex.build(generate_library.search_documents(papers))
    chooser = random.Random(15)
    hostile = [
        '"a' * 250,
        " ".join(chooser.choice(words) for _ in range(800))[:4500],
        " ".join("-" + chooser.choice(words) for _ in range(40)),
        " ".join("abcdefghijklmnopqrstuvwxyz"),
    ]
    for text in hostile:
        started = time.perf_counter()
        index.search(parse(text), limit=200)
        assert time.perf_counter() - started < 0.25, text[:60]
