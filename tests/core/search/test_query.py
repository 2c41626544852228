"""The query language: what each thing a user may type is read as; nothing makes it raise."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.core.search.query import Clause, Query, Term, YearRange, parse, parse_years


def terms(text: str) -> list[list[Term]]:
    """The clauses of `text` as lists of terms."""
    return [list(clause.terms) for clause in parse(text).clauses]


def word(text: str, **kwargs: object) -> Term:
    return Term(text=text, **kwargs)  # type: ignore[arg-type]


def test_free_words_are_one_clause_each() -> None:
    assert terms("reinforcment lerning") == [[word("reinforcment")], [word("lerning")]]


@pytest.mark.parametrize(
    ("text", "typing"),
    [
        ("tsia mixed", word("mixed")),
        ("levine OR fin", word("fin")),
        ('author:"van der', word("van der", field="author", phrase=True, open_ended=True)),
        ("tsia mixed ", None),  # a space after the last word: it was typed whole
        ("", None),
        ("   ", None),
    ],
)
def test_the_last_word_is_the_one_still_being_typed(text: str, typing: Term | None) -> None:
    assert parse(text).typing == typing


def test_a_quoted_phrase_is_one_term() -> None:
    assert terms('"world models" survey') == [
        [word("world models", phrase=True)],
        [word("survey")],
    ]


def test_a_minus_excludes() -> None:
    assert terms("offline -survey") == [[word("offline")], [word("survey", negated=True)]]
    assert terms('-"foo bar"') == [[word("foo bar", phrase=True, negated=True)]]


def test_or_joins_the_terms_on_each_side() -> None:
    assert terms("levine OR finn meta") == [[word("levine"), word("finn")], [word("meta")]]
    assert terms("a OR b OR c") == [[word("a"), word("b"), word("c")]]


def test_lower_case_or_is_a_word() -> None:
    assert terms("this or that") == [[word("this")], [word("or")], [word("that")]]


@pytest.mark.parametrize(
    "field",
    ["title", "author", "abstract", "venue", "topic", "tag", "list", "status", "note", "doi"],
)
def test_each_qualifier_limits_its_term_to_a_field(field: str) -> None:
    assert terms(f"{field}:value") == [[word("value", field=field)]]


def test_qualifiers_take_phrases_negation_and_any_case() -> None:
    assert terms('author:"van der Maaten"') == [
        [word("van der Maaten", field="author", phrase=True)]
    ]
    assert terms("-Title:survey") == [[word("survey", field="title", negated=True)]]
    assert terms("authors:levine tags:rl") == [
        [word("levine", field="author")],
        [word("rl", field="tag")],
    ]
    assert terms("doi:10.1038/nature14236") == [[word("10.1038/nature14236", field="doi")]]


@pytest.mark.parametrize(
    ("typed", "low", "high"),
    [
        ("2019", 2019, 2019),
        ("2015..2020", 2015, 2020),
        ("2015-2020", 2015, 2020),
        ("2020..2015", 2015, 2020),
        (">=2021", 2021, None),
        (">2020", 2021, None),
        ("<2000", None, 1999),
        ("<=1999", None, 1999),
        ("2015..", 2015, None),
        ("..2020", None, 2020),
    ],
)
def test_year_forms(typed: str, low: int | None, high: int | None) -> None:
    assert terms(f"year:{typed}") == [[word(typed, field="year", years=YearRange(low, high))]]


def test_year_ranges_hold_the_years_between_their_bounds() -> None:
    span = parse_years("2015..2020")
    assert span is not None
    assert 2015 in span and 2020 in span and 2017 in span
    assert 2014 not in span and 2021 not in span and None not in span
    after = parse_years(">=2021")
    assert after is not None and 2030 in after and 2020 not in after


@pytest.mark.parametrize("typed", ["abc", "20x9", "12345", ">=", "..", ""])
def test_a_year_that_is_no_year_reads_as_a_literal_word(typed: str) -> None:
    assert terms(f"year:{typed} x")[0] == [word(f"year:{typed}")]


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("title:", [[word("title:")]]),
        ("title: foo", [[word("title:")], [word("foo")]]),
        ('"unclosed phrase', [[word("unclosed phrase", phrase=True, open_ended=True)]]),
        ('title:"unclosed', [[word("unclosed", field="title", phrase=True, open_ended=True)]]),
        ('"a b" "c', [[word("a b", phrase=True)], [word("c", phrase=True, open_ended=True)]]),
        ('"a b"', [[word("a b", phrase=True)]]),
        ('"', []),
        ("C++", [[word("C++")]]),
        ("multi-agent", [[word("multi-agent")]]),
        ("don't", [[word("don't")]]),
        ("NEAR(", [[word("NEAR(")]]),
        ("-", [[word("-")]]),
        ("- x", [[word("-")], [word("x")]]),
        ("OR", [[word("OR")]]),
        ("a OR", [[word("a")], [word("OR")]]),
        ("OR b", [[word("OR")], [word("b")]]),
        ("http://x.org", [[word("http://x.org")]]),
        ("foo:bar", [[word("foo:bar")]]),
        ('""', []),
        ("", []),
        ("   ", []),
        ("a\x00b\tc\nd", [[word("a")], [word("b")], [word("c")], [word("d")]]),
        ("Müller 東京", [[word("Müller")], [word("東京")]]),
    ],
)
def test_malformed_input_is_read_as_literally_as_possible(
    typed: str, read: list[list[Term]]
) -> None:
    assert terms(typed) == read


def test_an_empty_query_says_so() -> None:
    assert parse("  ").is_empty
    assert not parse("x").is_empty
    assert parse("x") == Query(text="x", clauses=(Clause((word("x"),)),))


@given(st.text())
def test_parse_never_raises_and_keeps_no_empty_word(text: str) -> None:
    query = parse(text)
    assert query.text == text
    for clause in query.clauses:
        assert clause.terms
        for term in clause.terms:
            assert term.text.strip()


@given(
    st.lists(st.sampled_from(['"', "-", "OR", ":", "title:", "year:", " ", "a", "(", "\\", "é"]))
)
def test_parse_never_raises_on_the_grammars_own_characters(pieces: list[str]) -> None:
    parse("".join(pieces))


# --- limits ---------------------------------------------------------------------------------
def test_a_query_past_the_longest_is_read_up_to_it_and_says_so() -> None:
    from desktop.core.search import query

    typed = "word " * 100
    parsed = parse(typed)
    assert parsed.text == typed  # what the user typed is kept
    assert parsed.notice == (
        "The search is 500 characters long; only its first 300 were searched for. "
        "The search has 60 words; only the first 10 were searched for."
    )
    assert len(parsed.clauses) <= query.MOST_WORDS


def test_a_query_of_many_words_keeps_the_first_ten_and_says_so() -> None:
    parsed = parse(" ".join(f"w{n}" for n in range(14)) + " OR x")
    assert [c.terms[0].text for c in parsed.clauses] == [f"w{n}" for n in range(10)]
    assert parsed.notice == "The search has 15 words; only the first 10 were searched for."
    assert parse("a b c").notice == ""


def test_a_phrase_counts_its_words_and_is_cut_to_fit() -> None:
    parsed = parse('one two "three four five six seven eight nine ten eleven twelve"')
    assert parsed.clauses[-1].terms[0] == Term(
        text="three four five six seven eight nine ten", phrase=True
    )
    assert "12 words" in parsed.notice


def test_a_word_of_many_repeated_words_is_read_once_each() -> None:
    parsed = parse('"a' * 250)
    assert parsed.clauses[0].terms[0] == Term(text="a", phrase=True)
    assert parsed.clauses[1].terms[0].text == "a"
    assert parse("doi:10.1000/10").clauses[0].terms[0].text == "10.1000/10"
