"""How well a found paper fits an untitled one, with the evidence behind the number.

Three kinds of evidence, each shown to the user: how alike the two abstracts are (rapidfuzz
on the search-folded text: case, accents, LaTeX and punctuation do not count), how many of
the authors agree in byline order, and whether the years agree. A listing's abstract is the
strongest witness: two papers of the same authors almost never share one. So a candidate
with no abstract (most Crossref answers) can be offered but never applied on its own.

`THRESHOLD` and the floors were measured on the test collection (tests/core/completion,
42 listing papers of which 6 unknown to the services, 70 distractors by the same authors):
precision 1.0 and recall 0.89 there; the papers left are asked about, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from rapidfuzz import fuzz
from rapidfuzz.distance import LCSseq

from desktop.core import folding
from desktop.core.completion.queries import family_of
from desktop.core.formats.record import Person, Record

#: A total at or above this, with the floors below met, fills the paper without asking.
THRESHOLD = 0.90
#: Below this abstract similarity a candidate is never applied without asking. The right
#: papers of the test collection scored 0.97 and more (listings cut short or missing a
#: sentence included); the best wrong one, a companion paper sharing the opening of a
#: cut-short abstract, 0.89.
ABSTRACT_FLOOR = 0.95
#: At least this share of the byline must agree, in order.
AUTHOR_FLOOR = 0.5
#: The best must lead the next different paper by this much, or the user chooses.
MARGIN = 0.05
_WEIGHTS = {"abstract": 0.70, "authors": 0.25, "year": 0.05}
#: Fewer words than this are not an abstract to compare (a stub like "No abstract.").
_MINIMUM_WORDS = 12
#: A listing may show only the opening of an abstract: down to this share of it, the
#: opening counts as the whole.
_SHORTER_ALLOWED = 0.5


@dataclass(frozen=True)
class Evidence:
    """The numbers behind a score, for showing: each None when one side lacks the field."""

    #: 0..1, None when either abstract is missing.
    abstract: float | None
    #: Authors agreeing in byline order, of the paper's and of the candidate's bylines.
    authors_matched: int
    authors_mine: int
    authors_theirs: int
    year_mine: int | None
    year_theirs: int | None

    @property
    def authors(self) -> float:
        """The share of the longer byline that agrees (et al. bylines: of the shorter)."""
        longest = max(self.authors_mine, self.authors_theirs)
        return self.authors_matched / longest if longest else 0.0

    @property
    def year(self) -> float | None:
        if self.year_mine is None or self.year_theirs is None:
            return None
        gap = abs(self.year_mine - self.year_theirs)
        # A preprint and its published version are often a year apart.
        return 1.0 if gap == 0 else 0.5 if gap == 1 else 0.0

    @property
    def total(self) -> float:
        """0..1: the weighted evidence; without an abstract, authors alone count for half."""
        if self.abstract is None:
            return 0.5 * self.authors
        parts = {"abstract": self.abstract, "authors": self.authors, "year": self.year}
        known = {name: value for name, value in parts.items() if value is not None}
        weight = sum(_WEIGHTS[name] for name in known)
        return sum(_WEIGHTS[name] * value for name, value in known.items()) / weight

    def sentence(self) -> str:
        """The evidence in one English line (the command line's; the window words its own)."""
        parts = []
        if self.abstract is not None:
            parts.append(f"abstract {self.abstract:.0%} alike")
        else:
            parts.append("no abstract to compare")
        parts.append(f"{self.authors_matched} of {self.authors_theirs} authors in order")
        if self.year_theirs is not None:
            parts.append(f"year {self.year_theirs}")
        return ", ".join(parts)


def evidence(
    authors: list[Person], abstract: str, *, year: int | None, candidate: Record
) -> Evidence:
    """What speaks for `candidate` being the paper with these authors, abstract and year."""
    mine = _families(authors)
    theirs = _families(candidate.authors)
    et_al = any(person.family == "others" for person in authors)
    matched = _in_order(mine, theirs)
    return Evidence(
        abstract=abstract_similarity(abstract, candidate.abstract),
        authors_matched=matched,
        authors_mine=len(mine),
        # "A, B, et al." agrees with a longer byline as far as it goes.
        authors_theirs=len(mine) if et_al and len(theirs) > len(mine) else len(theirs),
        year_mine=year,
        year_theirs=candidate.year,
    )


def confident(best: Evidence, runner_up: Evidence | None) -> bool:
    """Whether `best` may be applied without asking: measured so that a wrong title is
    (as far as the test collection shows) never filled in, at the cost of asking more."""
    if best.abstract is None or best.abstract < ABSTRACT_FLOOR:
        return False
    if best.authors < AUTHOR_FLOOR or best.total < THRESHOLD:
        return False
    return runner_up is None or best.total - runner_up.total >= MARGIN


def abstract_similarity(mine: str, theirs: str) -> float | None:
    """0..1: how much of the paper's abstract the candidate's says, word for word in order.

    Measured on words (search-folded), as the longest common subsequence over the length of
    the paper's abstract: a listing that cuts the abstract short or leaves out a sentence
    still scores near 1, while a companion paper that shares only its opening does not.
    A candidate's abstract much shorter than the paper's counts against it.
    """
    a, b = folding.search_words(mine), folding.search_words(theirs)
    if len(a) < _MINIMUM_WORDS or len(b) < _MINIMUM_WORDS:
        return None
    common = LCSseq.similarity(a, b)
    return common / max(len(a), _SHORTER_ALLOWED * len(b))


def _families(people: list[Person]) -> list[str]:
    names = (folding.for_duplicates(family_of(p)) for p in people if p.family != "others")
    return [name for name in names if name]


def _in_order(mine: list[str], theirs: list[str]) -> int:
    """The longest run of family names both bylines give in the same order (LCS)."""
    if not mine or not theirs:
        return 0
    previous = [0] * (len(theirs) + 1)
    for name in mine:
        current = [0]
        for index, other in enumerate(theirs):
            same = name == other or fuzz.ratio(name, other) >= 90
            current.append(previous[index] + 1 if same else max(previous[index + 1], current[-1]))
        previous = current
    return previous[-1]
