"""One-letter searches are prepared with every build of the index and in the background
after an import, so that the first keystroke does not make them (issue 17), and what is
prepared is forgotten like anything else the index keeps when papers change."""

from __future__ import annotations

import time

import pytest

from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.search import index, searcher, vocabulary


def _records(count: int) -> list[Record]:
    return [
        Record(
            title=f"Learning latent {word} models number {n}",
            year=2000 + n % 20,
            authors=[Person(given="Lena", family="Lindqvist")],
        )
        for n, word in zip(range(count), ["graphs", "lattices", "lenses"] * count, strict=False)
    ]


def _completions_made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The words a search works out completions for (a one-letter search's chief work)."""
    made: list[str] = []
    original = vocabulary.Vocabulary._completions

    def counting(self: vocabulary.Vocabulary, word: str, *, whole: bool = False) -> object:
        made.append(word)
        return original(self, word, whole=whole)

    monkeypatch.setattr(vocabulary.Vocabulary, "_completions", counting)
    return made


def _prepared(library: Library) -> None:
    thread = library._searcher.preparing
    assert thread is not None, "nothing was prepared"
    thread.join(30)
    assert not thread.is_alive()


def _imported_and_prepared(library: Library, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Import 12 papers into a library whose index is built, wait for the letters to be
    prepared, and from then on tell the words searches work out completions for."""
    monkeypatch.setattr(searcher, "PREPARE_LETTERS_FROM", 5)
    library.build_search_index()
    library.add_records(_records(12))
    _prepared(library)
    return _completions_made(monkeypatch)


def test_the_first_letter_after_an_import_is_prepared(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = _imported_and_prepared(library, monkeypatch)
    hits = library.search("l", full_text=False)
    assert len(hits) == 12
    assert made == [], "the one-letter search worked out its completions again"


def test_what_was_prepared_is_forgotten_when_papers_change(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = _imported_and_prepared(library, monkeypatch)
    assert len(library.search("l", full_text=False)) == 12
    assert made == []
    # A word beginning with "l" that no paper had when the letters were prepared.
    library.add_records([Record(title="Quiet lullabies", authors=[Person("Q.", "Quine")])])
    assert len(library.search("l", full_text=False)) == 13
    assert "l" in made


def test_an_import_of_few_papers_prepares_nothing_in_the_background_nor_does_a_build(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    library.build_search_index()  # it prepares them itself: see `Searcher._read_index`
    library.add_records(_records(3))  # fewer than PREPARE_LETTERS_FROM
    assert library._searcher.preparing is None


def test_a_build_comes_with_its_first_letters_prepared(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    library.add_records(_records(12))
    library.build_search_index()
    made = _completions_made(monkeypatch)
    assert len(library.search("l", full_text=False)) == 12
    assert len(library.search("m", full_text=False)) == 12  # "models" in every title
    assert made == [], "a one-letter search worked out its completions again"
    assert len(library.search("la", full_text=False)) == 12  # two letters: made as typed
    assert made == ["la"]


def test_a_search_while_letters_are_prepared_waits_for_one_letter_at_most(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(searcher, "PREPARE_LETTERS_FROM", 5)
    letters = "abcdefghijklmnopqrstuvwxyz"
    slow = 0.02  # a letter's preparing, drawn out

    def prepare_slowly(self: index.SearchIndex, letter: str) -> None:
        until = time.perf_counter() + slow
        while time.perf_counter() < until:  # busy, as preparing is: the GIL held
            pass

    monkeypatch.setattr(index.SearchIndex, "prepare_letter", prepare_slowly)
    library.build_search_index()
    # An import: preparing 26 letters begins, about half a second.
    library.add_records([Record(title=f"{c}{c}orn study", year=2000) for c in letters])
    started = time.perf_counter()
    assert library.search("zzorn", full_text=False)
    waited = time.perf_counter() - started
    assert library._searcher.preparing is not None
    assert library._searcher.preparing.is_alive(), "the letters were prepared too soon to tell"
    assert waited < 8 * slow, f"the search waited {waited:.2f} s for the letters"
    library._searcher.preparing.join(10)
