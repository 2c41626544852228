"""A large library's duplicates are looked for in a helper process: the same pairs as
looking in this process (the reference), pairs marked different left out, and the answer
kept at the revision the helper read; on both backends."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from desktop.core import dedupe, duplicates_beside, undo
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.runtime import helper_process
from desktop.core.storage import revisions

TITLE = "End-to-End Training of Deep Visuomotor Policies"


def _papers(library: Library) -> list[int]:
    levine = [Person(given="Sergey", family="Levine")]
    records = [
        Record(title=TITLE, year=2016, authors=levine, journal="JMLR"),
        Record(title="End to end training of deep visuomotor policy", year=2016, authors=levine),
        Record(title=TITLE, year=2016, authors=levine, doi="10.5555/2946645.2946684"),
        Record(title="Particle aggregation in the ocean I", year=2001, pages="1-10"),
        Record(title="Particle aggregation in the ocean II", year=2001, pages="11-20"),
        Record(title="Guided Policy Search", year=2013, authors=levine),
    ]
    return [library.add_paper(record).id for record in records]


def _here(library: Library) -> list[dedupe.LikelyDuplicate]:
    with library._read() as session:
        return dedupe.find_all(dedupe.candidates(session), dedupe.not_duplicate_pairs(session))


def test_the_helper_finds_what_this_process_finds(library: Library) -> None:
    a, b, c, *_ = _papers(library)
    library.apply(undo.MarkNotDuplicates(((c, b),)))
    beside = duplicates_beside.find_beside(library.url)
    assert beside is not None
    revision, pairs = beside
    reference = _here(library)
    assert pairs == reference
    assert {(d.paper_id, d.other_id) for d in pairs} == {(b, a), (c, a)}
    with library._read() as session:
        assert revision == revisions.current(session)


def test_a_large_library_asks_the_helper_and_keeps_its_answer(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    _papers(library)
    asked: list[str] = []
    real = duplicates_beside.find_beside

    def counting(url: str) -> duplicates_beside.Found | None:
        asked.append(url)
        return real(url)

    monkeypatch.setattr(duplicates_beside, "HELPER_FROM_PAPERS", 1)
    monkeypatch.setattr(helper_process, "available", lambda: True)  # however many cores
    monkeypatch.setattr(duplicates_beside, "find_beside", counting)
    found = library.possible_duplicates()
    assert asked == [library.url] and found == _here(library)
    assert library.known_duplicates() == found  # kept: the library has not changed
    library.possible_duplicates()
    assert len(asked) == 1


def test_a_helper_that_cannot_answer_leaves_the_search_to_this_process(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    _papers(library)
    monkeypatch.setattr(duplicates_beside, "HELPER_FROM_PAPERS", 1)
    monkeypatch.setattr(helper_process, "available", lambda: True)
    monkeypatch.setattr(duplicates_beside, "HELPER_COMMAND", ["/nonexistent/python"])
    assert library.possible_duplicates() == _here(library)


def test_the_helper_works_in_the_background(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nobody waits for its answer: the window's typing goes first (the helper started
    behind the app, recorded here rather than done)."""
    _papers(library)
    behind: list[int] = []
    monkeypatch.setattr(helper_process, "run_behind", behind.append)
    found = duplicates_beside.find_beside(library.url)
    assert found is not None and found[1]
    assert len(behind) == 1 and behind[0] > 0  # the helper's process id


def test_looked_for_in_this_process_with_the_collector_paused(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    # On a worker thread, each full collection over the search's objects held the
    # window's thread too (0.1-0.2 s each at 100k papers).
    _papers(library)
    seen: list[bool] = []
    real = dedupe.find_all

    def noting(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(dedupe, "find_all", noting)
    assert gc.isenabled()
    assert library.possible_duplicates()  # small: looked for here
    assert seen == [False]
    assert gc.isenabled()
