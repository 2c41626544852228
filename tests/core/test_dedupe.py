"""Likely duplicates and their evidence (pure: no database)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.core import dedupe, folding
from desktop.core.dedupe import MOST_LISTED, Candidate, DuplicateFinder, numbered_part


def paper(pid: int, title: str, **changes: Any) -> Candidate:
    """A paper by Levine from 2016 keyed k<pid>, unless `changes` (Candidate's fields) differ."""
    return replace(Candidate(pid, title, 2016, "Levine", "", "", f"k{pid}"), **changes)


def test_evidence_for_each_kind_of_likeness() -> None:
    finder = DuplicateFinder(
        [
            paper(1, "End-to-End Training of Deep Visuomotor Policies", doi="10.5555/ABC"),
            paper(2, "Something else", arxiv_id="1504.00702v2"),
            paper(3, "Other", citekey="smith2020"),
        ],
        not_duplicates=set(),
    )
    (by_title,) = finder.matches(paper(10, "End to end training of deep visuomotor policy"))
    assert by_title.other_id == 1
    (evidence,) = by_title.evidence
    # At least 90% alike is what counts as the same title.
    assert re.fullmatch(
        r"title (9\d|100)% alike, same first author \(Levine\) and year \(2016\)", evidence
    )
    assert finder.matches(paper(11, "Unrelated", doi="10.5555/abc"))[0].evidence == [
        "same DOI 10.5555/abc"
    ]
    assert finder.matches(paper(12, "Unrelated", arxiv_id="1504.00702"))[0].other_id == 2
    assert (
        finder.matches(paper(13, "Unrelated", citekey="x"), original_key="SMITH2020")[0].other_id
        == 3
    )
    # Another year, another first author, or a different title: not the same paper.
    assert (
        finder.matches(paper(14, "End-to-End Training of Deep Visuomotor Policies", year=2017))
        == []
    )
    assert (
        finder.matches(
            paper(15, "End-to-End Training of Deep Visuomotor Policies", first_author="Finn")
        )
        == []
    )
    assert finder.matches(paper(16, "Guided Policy Search")) == []


def test_evidence_says_when_neither_paper_has_an_author_or_a_year() -> None:
    title = "Particle aggregation in coastal waters"
    cases = {
        (2016, "Levine"): "same first author (Levine) and year (2016)",
        (None, "Levine"): "same first author (Levine), neither with a year",
        (2016, ""): "neither with an author, both from 2016",
        (None, ""): "neither with an author or a year",
    }
    for (year, author), said in cases.items():
        finder = DuplicateFinder(
            [paper(1, title, year=year, first_author=author)], not_duplicates=set()
        )
        (found,) = finder.matches(paper(2, title, year=year, first_author=author))
        assert found.evidence == [f"title 100% alike, {said}"]
        assert "none" not in found.evidence[0]


def test_pairs_marked_different_are_not_reported() -> None:
    finder = DuplicateFinder([paper(1, "Soft Actor-Critic")], not_duplicates={(1, 2)})
    assert finder.matches(paper(2, "Soft Actor Critic")) == []
    assert [d.other_id for d in finder.matches(paper(3, "Soft Actor Critic"))] == [1]


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=30))
def test_folding_keeps_exactly_letters_digits_and_spaces(text: str) -> None:
    """The fast fold (a regex, NFKD only when needed) equals its plain definition."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if c.isalnum() or c == " ").strip()
    assert folding.for_duplicates(text) == plain


def test_folding_examples() -> None:
    assert folding.for_duplicates("Müller-Lyer") == "mullerlyer"
    assert folding.for_duplicates("  Straße_2 ") == "strasse2"


def test_every_copy_of_a_paper_held_a_few_times_is_found() -> None:
    copies = [paper(pid, "Deep Visuomotor Policies") for pid in range(1, 6)]
    finder = DuplicateFinder(copies, not_duplicates=set())
    found = finder.matches(paper(9, "Deep visuomotor policies"), original_key="other")
    assert sorted(d.other_id for d in found) == [1, 2, 3, 4, 5]
    assert finder.crowded == {}


def test_thousands_sharing_a_title_are_listed_ten_at_a_time_and_told() -> None:
    finder = DuplicateFinder([], not_duplicates=set())
    for pid in range(1, 3001):
        newcomer = paper(pid, "One Title for All", doi="10.5555/same")
        found = finder.matches(newcomer)
        # Each newcomer is listed with the earliest papers only (by DOI and by title).
        assert [d.other_id for d in found] == list(range(1, min(pid, MOST_LISTED + 1)))
        finder.add(newcomer)
    assert MOST_LISTED == 10
    assert finder.crowded["the DOI 10.5555/same"] == 2999
    (by_title,) = (shared for shared in finder.crowded if "title" in shared)
    assert "“One Title for All”" in by_title
    assert finder.crowded[by_title] == 2999


def test_many_titles_alike_but_not_equal_are_bounded_too() -> None:
    finder = DuplicateFinder([], not_duplicates=set())
    for pid in range(1, 501):
        # The number inside the title: one at its end would name a part of a series.
        newcomer = paper(pid, f"A Study of {pid:05d} Titles in Large Bibliographies")
        assert len(finder.matches(newcomer)) <= MOST_LISTED
        finder.add(newcomer)
    assert len(finder.crowded) == 1


def test_numbered_parts_of_one_work_are_not_duplicates() -> None:
    """A series shares nearly all of its title: the part's number tells the papers apart."""
    first = "Particle aggregation in the ocean: laboratory and field studies I"
    finder = DuplicateFinder(
        [paper(1, first, pages="11-29"), paper(2, "Learning Dexterity, Part 1: Grasping")],
        not_duplicates=set(),
    )
    assert finder.matches(paper(10, first.replace(" I", " II"), pages="31-52")) == []
    # The same part (written as a numeral or a digit) without pages is still a match.
    assert [d.other_id for d in finder.matches(paper(11, first))] == [1]
    assert finder.matches(paper(12, "Learning dexterity, part 2: grasping")) == []
    assert finder.matches(paper(13, "Learning dexterity part II grasping")) == []
    assert [
        d.other_id for d in finder.matches(paper(14, "Learning dexterity, Part I: grasping"))
    ] == [2]


def test_part_numbers_as_written() -> None:
    assert numbered_part("Particle aggregation I") == "1"
    assert numbered_part("Particle aggregation II") == "2"
    assert numbered_part("Particle aggregation XIV") == "14"
    assert numbered_part("Deep learning, Part 2: practice") == "2"
    assert numbered_part("Teil III: Anwendungen") == "3"
    assert numbered_part("Networks 2") == "2"
    # A vitamin and a virus name no part.
    assert numbered_part("Vitamin C and colds") == ""
    assert numbered_part("COVID-19 in Europe") == ""


def test_different_pages_or_volumes_count_against_a_close_title() -> None:
    title = "Soft Actor-Critic: Off-Policy Maximum Entropy Deep Reinforcement Learning"
    finder = DuplicateFinder(
        [paper(1, title, pages="1861--1870", volume="80")], not_duplicates=set()
    )
    assert finder.matches(paper(10, title, pages="100-110")) == []
    assert finder.matches(paper(11, title, volume="81")) == []
    # Written differently, the same first page and volume; or unknown on one side.
    assert [d.other_id for d in finder.matches(paper(12, title, pages="1861-70"))] == [1]
    assert [d.other_id for d in finder.matches(paper(13, title, volume=" 80"))] == [1]
    assert [d.other_id for d in finder.matches(paper(14, title))] == [1]
    # The same DOI is the same paper, whatever the pages say.
    doi = DuplicateFinder([paper(1, title, pages="1", doi="10.1/x")], not_duplicates=set())
    assert [d.other_id for d in doi.matches(paper(15, title, pages="2", doi="10.1/X"))] == [1]


def test_find_all_may_wait_every_few_papers_and_finds_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    papers = [paper(pid, "Guided Policy Search") for pid in range(1, 6)]
    monkeypatch.setattr(dedupe, "_BETWEEN_EVERY", 2)
    calls: list[int] = []
    found = dedupe.find_all(papers, set(), between=lambda: calls.append(len(calls)))
    assert len(calls) == 2  # after the 2nd and the 4th of 5 papers
    assert found == dedupe.find_all(papers, set())
    assert len(found) == 10  # every pair of the five copies once
