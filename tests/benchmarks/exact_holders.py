"""Which generated papers hold a benchmark query exactly: every word as typed (the last one
of a half-typed query as a prefix) and every qualifier.

A one-word query ("exact word"), a prefix of a few letters or a year with an author's
family name matches hundreds of papers equally well: no ranking can be asked to put the one
paper the query was made from in the top 10. For those queries the benchmark asks instead
that the top 10 hold the query exactly; for queries held exactly by 10 papers or fewer,
that the source paper is among them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from generate_library import GeneratedPaper
from rapidfuzz import fuzz

from desktop.core import folding


@dataclass(frozen=True)
class PaperWords:
    """A paper's folded words, made once for every query."""

    id: int
    year: int
    title: frozenset[str]
    families: frozenset[str]
    short: frozenset[str]
    venue: str
    #: Initials of the given names, by family name word ("wong": {"a"}).
    initials: dict[str, frozenset[str]]
    abstract: str

    @classmethod
    def of(cls, paper: GeneratedPaper) -> PaperWords:
        title = frozenset(folding.search_words(paper.title))
        people = [folding.search_words(f"{given} {family}") for given, family in paper.authors]
        families = frozenset(
            word for _given, family in paper.authors for word in folding.search_words(family)
        )
        venue = folding.for_search(paper.venue)
        short = title | frozenset(w for name in people for w in name) | frozenset(venue.split())
        initials: dict[str, set[str]] = {}
        for given, family in paper.authors:
            for word in folding.search_words(family):
                initials.setdefault(word, set()).update(w[0] for w in folding.search_words(given))
        abstract = f" {folding.for_search(paper.abstract)} "
        return cls(
            paper.id,
            paper.year,
            title,
            families,
            short,
            venue,
            {word: frozenset(letters) for word, letters in initials.items()},
            abstract,
        )


#: A query kind's test of one paper.
Holds = Callable[[PaperWords], bool]

_AUTHOR_YEAR = re.compile(r"author:(\S+) year:(\d+)$")
_TITLE_SINCE = re.compile(r"title:(\S+) year:>=(\d+)$")
_VENUE_WORD = re.compile(r'venue:"([^"]+)" (\S+)$')
_YEARS_WORD_NOT = re.compile(r"year:(\d+)\.\.(\d+) (\S+) -(\S+)$")


def _words(text: str) -> set[str]:
    return set(folding.search_words(text))


def holds(kind: str, query: str, source: PaperWords) -> Holds | None:
    """The test of "holds `query` exactly" for a kind whose queries may match many papers
    equally (a misspelt name read as the `source` paper's person's); None for misspelt
    titles, which name one paper."""
    if kind == "exact word":
        wanted = _words(query)
        return lambda paper: wanted <= paper.short
    if kind == "prefix typed":
        typed = folding.search_words(query)
        whole, last = set(typed[:-1]), typed[-1]
        return lambda paper: whole <= paper.short and any(w.startswith(last) for w in paper.short)
    if kind == "qualified":
        return _qualified(query)
    if kind == "misspelt author":
        return _person_and_word(query, source)
    if kind == "abstract phrase":
        phrase = f" {folding.for_search(query.removeprefix('abstract:').strip(chr(34)))} "
        return lambda paper: phrase in paper.abstract
    return None


def _person_and_word(query: str, source: PaperWords) -> Holds:
    """`A. Wng curvature`: the source's person whose family name is nearest to the typed
    one (Wong), with the initial if typed, and the word."""
    *name, word = folding.search_words(query)
    typed_family = name[-1]
    family = max(source.initials, key=lambda f: fuzz.ratio(f, typed_family))
    initial = name[0][0] if len(name) > 1 else None

    def holds_person(paper: PaperWords) -> bool:
        letters = paper.initials.get(family)
        if letters is None or word not in paper.short:
            return False
        return initial is None or initial in letters

    return holds_person


def _qualified(query: str) -> Holds:
    if match := _AUTHOR_YEAR.match(query):
        family, year = _words(match[1]), int(match[2])
        return lambda paper: paper.year == year and family <= paper.families
    if match := _TITLE_SINCE.match(query):
        word, since = _words(match[1]), int(match[2])
        return lambda paper: paper.year >= since and word <= paper.title
    if match := _VENUE_WORD.match(query):
        # A phrase of the venue, as venue:"..." matches: "Machine Learning" is in JMLR's.
        venue, word = f" {folding.for_search(match[1])} ", _words(match[2])
        return lambda paper: venue in f" {paper.venue} " and word <= paper.short
    if match := _YEARS_WORD_NOT.match(query):
        low, high = int(match[1]), int(match[2])
        word, excluded = _words(match[3]), _words(match[4])
        return lambda paper: (
            low <= paper.year <= high and word <= paper.short and not excluded & paper.short
        )
    raise ValueError(f"a qualified query of a form the benchmark does not make: {query}")
