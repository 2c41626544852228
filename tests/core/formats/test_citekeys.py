"""Citation keys: the default pattern, its fallbacks, and deterministic disambiguation."""

from __future__ import annotations

import re

import pytest

from desktop.core.formats.citekeys import check_pattern, citekey_for, disambiguate, taken_in
from desktop.core.formats.record import Person, Record


def paper(
    title: str = "Attention Is All You Need", year: int | None = 2017, family: str = "Vaswani"
) -> Record:
    authors = [Person(given="A", family=family)] if family else []
    return Record(title=title, year=year, authors=authors)


@pytest.mark.parametrize(
    ("record", "key"),
    [
        (paper(), "vaswani2017attention"),
        (paper(title="On the Origin of Species"), "vaswani2017origin"),
        (paper(title="A Survey"), "vaswani2017survey"),
        (paper(family="Schrödinger"), "schrodinger2017attention"),
        (paper(family="Łukasiewicz-Żak"), "lukasiewiczzak2017attention"),
        (paper(title=""), "vaswani2017"),  # an untitled paper from a listing
        (paper(year=None), "vaswaniattention"),
        (paper(family=""), "anon2017attention"),
        (paper(family="王"), "anon2017attention"),  # nothing ASCII to keep
        (paper(title="The Of"), "vaswani2017the"),  # only stop words: the first one
        (paper(title="$\\alpha$-helices"), "vaswani2017helices"),
    ],
)
def test_default_pattern(record: Record, key: str) -> None:
    assert citekey_for(record) == key


def test_editor_when_no_author() -> None:
    record = Record(title="Handbook", year=2001, editors=[Person(family="Knuth")])
    assert citekey_for(record) == "knuth2001handbook"


def test_other_tokens() -> None:
    assert citekey_for(paper(), "[Auth]_[shortyear]-[Shorttitle]") == "Vaswani_17-Attention"


def test_unknown_token_is_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match=r"\[bogus\]"):
        check_pattern("[auth][bogus]")
    with pytest.raises(ValueError):
        citekey_for(paper(), "no tokens")


def test_keys_are_valid_bibtex_keys() -> None:
    record = paper(title='{Odd}, #title% "q"', family="O'Brien {x}")
    key = citekey_for(record, "[auth] [year], {[shorttitle]}")
    assert re.fullmatch(r"[A-Za-z0-9_:.-]+", key)
    assert key == "obrienx2017odd"


def test_disambiguate_counts_in_letters() -> None:
    assert disambiguate("smith2020", taken_in([])) == "smith2020"
    assert disambiguate("smith2020", taken_in(["smith2020"])) == "smith2020a"
    assert disambiguate("smith2020", taken_in(["smith2020", "smith2020a"])) == "smith2020b"
    taken = ["smith2020"] + [f"smith2020{chr(c)}" for c in range(ord("a"), ord("z") + 1)]
    assert disambiguate("smith2020", taken_in(taken)) == "smith2020aa"
    assert disambiguate("smith2020", taken_in([*taken, "smith2020aa"])) == "smith2020ab"


def test_disambiguate_ignores_case_as_bibtex_does() -> None:
    assert disambiguate("Smith2020", taken_in(["smith2020"])) == "Smith2020a"
