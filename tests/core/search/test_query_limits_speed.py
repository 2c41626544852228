"""Any query is answered quickly: at 20k papers a 4,500-character query took 13-17 s and
`"a` repeated 250 times 1.1 s; read up to the limits, each is well under a second here
(the goal is 100 ms at 100k papers, measured by hand in the report)."""

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
def test_hostile_queries_answer_within_a_second_at_20k_papers() -> None:
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
        assert time.perf_counter() - started < 1.0, text[:60]
