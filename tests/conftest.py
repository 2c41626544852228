"""Fixtures shared by the whole suite: the corpus, the seed listing, and the databases."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Widgets are driven offscreen; set before anything imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
IN_CI = os.environ.get("CI", "").lower() == "true"



def _shared_folder(name: str) -> Path:
    path = SHARED / name
    if not path.is_dir():
        reason = f"{path} is missing: the shared test data lives beside the repository"
        if IN_CI:
            pytest.fail(reason)
        pytest.skip(reason)
    return path


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """`../shared/corpus`: real bibliography files written by others (read-only test data)."""
    return _shared_folder("corpus")


@pytest.fixture(scope="session")
def seed_listing() -> Path:
    """The plain-text listing of 20 papers copied from a paper-search page."""
    return _shared_folder("seeds") / "000_4d45217d9d1e4ece.txt"
