"""BibTeX name splitting, judged against names BibTeX itself split (pybtex's table)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core.formats import names
from desktop.core.formats.names import is_others, parse_names, split_name, split_names

CASES_FILE = "pybtex/bibtex_name_parsing_cases.json"


def _cases(corpus_dir: Path) -> list[dict]:
    return json.loads((corpus_dir / CASES_FILE).read_text(encoding="utf-8"))["cases"]


def test_all_104_cases_split_as_bibtex_does(corpus_dir: Path) -> None:
    cases = _cases(corpus_dir)
    assert len(cases) == 104
    wrong = []
    for case in cases:
        person = split_name(case["input"])
        got = (person.given, person.von, person.family, person.jr)
        expected = tuple(" ".join(case[key]) for key in ("first", "prelast", "last", "lineage"))
        if got != expected:
            wrong.append((case["input"], got, expected))
    assert wrong == []


def test_expected_errors_are_reported_and_clean_names_are_not(corpus_dir: Path) -> None:
    for case in _cases(corpus_dir):
        problems = parse_names(case["input"]).problems
        if case["errors"]:
            assert [e["expected_error"] for e in case["errors"]] == ["InvalidNameString"]
            assert len(problems) == 1 and "more than two commas" in problems[0]
        else:
            assert problems == [], case["input"]


@pytest.mark.parametrize(
    ("written", "given", "von", "family", "jr"),
    [
        # The three shapes BibTeX knows.
        ("Donald E. Knuth", "Donald E.", "", "Knuth", ""),
        ("Knuth, Donald E.", "Donald E.", "", "Knuth", ""),
        ("Ford, Jr., Henry", "Henry", "", "Ford", "Jr."),
        ("Ludwig van Beethoven", "Ludwig", "van", "Beethoven", ""),
        ("van Beethoven, Ludwig", "Ludwig", "van", "Beethoven", ""),
        # von detection looks through accents and foreign letters in special characters.
        ("Jean {\\'e}t{\\'e} Martin", "Jean", "{\\'e}t{\\'e}", "Martin", ""),
        ("{\\'E}mile Zola", "{\\'E}mile", "", "Zola", ""),
        ("Ole {\\o}stergaard Hansen", "Ole", "{\\o}stergaard", "Hansen", ""),
        ("Ole {\\O}stergaard Hansen", "Ole {\\O}stergaard", "", "Hansen", ""),
        # A plain brace group has no case; the word's next top-level letter decides,
        # and a word with no top-level letter is not von.
        ("Jan {v}an Dijk", "Jan", "{v}an", "Dijk", ""),
        ("Jan {van} Dijk", "Jan {van}", "", "Dijk", ""),
        # Unicode letters count as letters (BibTeX only knows ASCII; biber agrees with us).
        ("Émile Zola", "Émile", "", "Zola", ""),
        # Hyphens and ties separate words but stay in the parts.
        ("Jean-Paul Sartre", "Jean-Paul", "", "Sartre", ""),
        ("Andreas Geyer-Schulz", "Andreas", "", "Geyer-Schulz", ""),
        ("D.~E. Knuth", "D.~E.", "", "Knuth", ""),
        # The final word is always Last, even in lower case.
        ("bell hooks", "", "bell", "hooks", ""),
        ("  Ada   Lovelace  ", "Ada", "", "Lovelace", ""),
        ("", "", "", "", ""),
    ],
)
def test_shapes(written: str, given: str, von: str, family: str, jr: str) -> None:
    person = split_name(written)
    assert (person.given, person.von, person.family, person.jr) == (given, von, family, jr)


def test_and_separates_names_only_outside_braces() -> None:
    people = split_names("{Barnes and Noble} and Smith, John AND Jane~Doe\n  and others")
    assert [p.as_written for p in people] == [
        "{Barnes and Noble}",
        "Smith, John",
        "Jane~Doe",
        "others",
    ]
    assert people[0].family == "{Barnes and Noble}"
    assert (people[1].given, people[1].family) == ("John", "Smith")
    assert is_others(people[3]) and not is_others(people[0])


def test_and_inside_a_word_is_not_a_separator() -> None:
    assert [p.family for p in split_names("Anderson and Sandberg")] == ["Anderson", "Sandberg"]


def test_empty_names_are_skipped_and_reported() -> None:
    result = parse_names("Smith and and Jones and")
    assert [p.family for p in result.people] == ["Smith", "Jones"]
    assert len(result.problems) == 2
    assert all("empty name" in problem for problem in result.problems)


def test_as_written_keeps_the_latex() -> None:
    (person,) = split_names('J{\\"o}rg   Knappen')
    assert person.as_written == 'J{\\"o}rg Knappen'
    assert person.given == 'J{\\"o}rg'


@given(
    st.lists(
        st.sampled_from(
            ["and", "AND", "And", " ", "  ", "\t", "\n", "~", "-", "Smith,", "J.", "sand"]
        ),
        max_size=14,
    ).map("".join)
)
def test_a_list_without_braces_is_cut_as_the_general_way_cuts_it(text: str) -> None:
    """Lists with no brace take a short way (one split): the same names as going from "and"
    to "and" and asking whether each stands outside braces."""
    cut = names._cut_at_top_level_and(f" {text} ")
    assert names._split_at_and(text) == [" ".join(name.split()) for name in cut]


def _cut_by_definition(text: str) -> list[str]:
    """The rule read character by character: cut at each "and" (any case) with white space
    on either side (the list's ends count as space) and, in a list with a "{", as many "}"
    as "{" before it; then each name's white space made single."""
    padded = f" {text} "
    names, start, at = [], 0, 1
    while at < len(padded) - 3:
        if (
            padded[at : at + 3].lower() == "and"
            and padded[at - 1].isspace()
            and padded[at + 3].isspace()
            and ("{" not in padded or padded.count("{", 0, at) == padded.count("}", 0, at))
        ):
            names.append(padded[start:at])
            start = at = at + 3
        else:
            at += 1
    names.append(padded[start:])
    return [" ".join(name.split()) for name in names]


@settings(max_examples=500)
@given(
    st.lists(
        st.sampled_from(
            ["and", "AND", "aNd", " ", "  ", "\t", "\n", "\xa0", "{", "}", "Smith,", "J.", "sand"]
        ),
        max_size=16,
    ).map("".join)
)
def test_a_list_is_cut_at_each_and_outside_braces_as_the_rule_says(text: str) -> None:
    assert names._split_at_and(text) == _cut_by_definition(text)


def test_lists_are_cut_as_the_rule_says() -> None:
    assert names._split_at_and("A {and} B and C\nAND  D") == ["A {and} B", "C", "D"]
    # Unbalanced: a "}" with no "{" before it counts as one fewer.
    assert names._split_at_and("A } and B { and C } and D") == ["A } and B {", "C } and D"]
    assert names._split_at_and("and A and and B and") == ["", "A", "", "B", ""]


@given(
    st.lists(
        st.sampled_from(
            [
                *("Smith", "smith", "J.", "van", "De", "Ö", "Émile", "O'Neil", "A1", "Jr", "'t"),
                *(" ", "  ", "-", " - ", "~", ",", ", ", "{", "}", "\\'e", "\\ ", "=", "\n"),
            ]
        ),
        max_size=10,
    ).map(lambda pieces: " ".join("".join(pieces).split()))  # names come tidied
)
def test_a_name_of_capitalised_words_is_cut_as_the_rules_cut_it(written: str) -> None:
    """Names of capitalised words take a short way: the parts the rules give."""
    short = names._capitalised_parts(written)
    if short is not None:
        assert short == names._split_by_the_rules(written)[0]


@pytest.mark.parametrize(
    ("written", "parts"),
    [
        ("Levine, Sergey", ("Sergey", "", "Levine", "")),
        ("Sergey Levine", ("Sergey", "", "Levine", "")),
        ("Jean-Pierre Le Blanc", ("Jean-Pierre Le", "", "Blanc", "")),
        ("Anne Smith-Jones", ("Anne", "", "Smith-Jones", "")),
        ("Plato", ("", "", "Plato", "")),
        ("van Gogh, Vincent", None),
        ("Ludwig van Beethoven", None),
        ("Émile Zola", None),  # the capital is not ASCII: the rules decide
        ("Smith, Jr, John", None),
        ("Smith - Jones", None),  # the rules join it as "Smith-Jones"
    ],
)
def test_the_short_way_takes_common_names_and_leaves_the_rest(
    written: str, parts: tuple[str, str, str, str] | None
) -> None:
    assert names._capitalised_parts(written) == parts
    if parts is not None:
        assert names._split_by_the_rules(written)[0] == parts
