"""A search gives the same papers in every run of the program, even among papers tied on
how well they match: which of them are taken must not follow the order of a set of words,
which changes from run to run with Python's string hashing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]

# More papers than a prefix's words are united whole for (`index._UNION_LIMIT`), so that
# only some of its completions' papers are taken; all of them match it equally well.
_SEARCH = """
from desktop.core.search.document import SearchDocument
from desktop.core.search.index import SearchIndex
from desktop.core.search.query import parse
words = [f"co{a}{b}" for a in "abcdefghij" for b in "klmnopqrst"]
docs = [
    SearchDocument(id=i + 1, title=f"{words[i % len(words)]} study", year=2000)
    for i in range(45_000)
]
index = SearchIndex.build(docs)
print([hit.doc_id for hit in index.search(parse("co"), limit=20)])
"""


def _answer(hash_seed: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _SEARCH],
        cwd=REPO,
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def test_papers_tied_on_a_prefix_are_the_same_in_every_run() -> None:
    first = _answer("1")
    assert len(json.loads(first)) == 20
    assert _answer("2") == first
    assert _answer("3") == first
