"""The search language: what a user types, read into a plan (`Query`) that the index runs.

    reinforcment lerning          free words: every one must match somewhere
    "world models"                an exact phrase
    -survey                       exclude papers that match
    levine OR finn                either term (OR binds the terms on each side of it)
    title:transformer  author:"van der Maaten"  venue:  topic:  tag:  keyword:  list:  status:
    doi:
    abstract:tokamak  note:todo   searched through full text only
    fulltext:tokamak              the text of the attached files (PDFs) only
    year:2019  year:2015..2020  year:>=2021  year:<2000

A query is read up to `MOST_QUERY_CHARS` characters and `MOST_WORDS` words; what is left
out is said in `Query.notice` (a 4,500-character query took seconds to answer, `"a`
repeated 250 times one second), so that any query is answered as the user types.

Reading never fails: whatever does not fit the grammar (`title:` with nothing after it, an
unclosed quote, `C++`, `NEAR(`, a lone `-` or `OR`) is read as literal words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from desktop.core import folding
from desktop.core.sentences import sentence

#: Field names a user may put before a colon, with the forms we also accept.
FIELD_NAMES = {
    "title": "title",
    "author": "author",
    "authors": "author",
    "abstract": "abstract",
    "venue": "venue",
    "journal": "venue",
    "topic": "topic",
    "tag": "tag",
    "tags": "tag",
    "keyword": "keyword",
    "keywords": "keyword",
    "list": "list",
    "status": "status",
    "note": "note",
    "notes": "note",
    "fulltext": "fulltext",
    "doi": "doi",
    "year": "year",
}

#: The longest query read: far beyond what anyone types (a long title fits), short enough
#: that no query keeps the search from answering as the user types.
MOST_QUERY_CHARS = 300
#: The most words a query is read with (a phrase counts its words, a year range one): each
#: word is matched fuzzily, and ten are about 100 ms at 100k papers when all are common.
MOST_WORDS = 10

#: Fields matched word by word (not a DOI, tag or list name, matched as a whole).
_FUZZY_FIELDS = frozenset(
    {None, "title", "author", "abstract", "venue", "topic", "keyword", "note", "fulltext"}
)

_QUALIFIER = re.compile(r"([A-Za-z]+):")
_YEAR = r"(\d{1,4})"
_Bounds = tuple[int | None, int | None]
_YEAR_FORMS: tuple[tuple[re.Pattern[str], Callable[[int], _Bounds]], ...] = (
    (re.compile(rf"{_YEAR}"), lambda a: (a, a)),
    (re.compile(rf">={_YEAR}"), lambda a: (a, None)),
    (re.compile(rf">{_YEAR}"), lambda a: (a + 1, None)),
    (re.compile(rf"<={_YEAR}"), lambda a: (None, a)),
    (re.compile(rf"<{_YEAR}"), lambda a: (None, a - 1)),
    (re.compile(rf"{_YEAR}\.\."), lambda a: (a, None)),
    (re.compile(rf"\.\.{_YEAR}"), lambda a: (None, a)),
)
_YEAR_SPAN = re.compile(rf"{_YEAR}(?:\.\.|-|–){_YEAR}")


@dataclass(frozen=True)
class YearRange:
    """Inclusive bounds on the publication year; None leaves that side open."""

    low: int | None
    high: int | None

    def __contains__(self, year: object) -> bool:
        if not isinstance(year, int):
            return False
        return (self.low is None or year >= self.low) and (self.high is None or year <= self.high)


@dataclass(frozen=True)
class Term:
    """One thing to look for: a word, a phrase or a year range, maybe limited to a field."""

    #: As typed, without qualifier, quotes or the leading `-`.
    text: str
    #: A name from `FIELD_NAMES` values, or None for a free term (searched everywhere).
    field: str | None = None
    phrase: bool = False
    negated: bool = False
    #: A phrase whose closing quote is not typed (yet): its last word may be half-typed.
    open_ended: bool = False
    #: Set only for `year:` terms.
    years: YearRange | None = None


@dataclass(frozen=True)
class Clause:
    """Terms joined by OR: the clause holds when any of them does."""

    terms: tuple[Term, ...]


@dataclass(frozen=True)
class Query:
    """A parsed query: every clause must hold (AND)."""

    text: str
    clauses: tuple[Clause, ...]
    #: What was left out of a query too long to be read whole, as a sentence; "" if nothing.
    notice: str = ""

    @property
    def is_empty(self) -> bool:
        """True when nothing was typed but spaces (the caller then lists everything)."""
        return not self.clauses

    @property
    def typing(self) -> Term | None:
        """The term the user may still be typing: the last one, when the text ends in it
        rather than in a space. Every other word was typed whole."""
        if not self.clauses or not self.text or _is_gap(self.text[-1]):
            return None
        return self.clauses[-1].terms[-1]

    @property
    def has_words(self) -> bool:
        """Whether some term has something to look for: letters or digits, or years.
        `((` or a lone `-` has none: it can find nothing, which deserves saying."""
        return any(
            term.years is not None or folding.search_words(term.text)
            for clause in self.clauses
            for term in clause.terms
        )


@dataclass(frozen=True)
class _Or:
    """An `OR` as typed, before we know whether it joins two terms or is a literal word."""

    text: str


def parse(text: str) -> Query:
    """Read `text` into a `Query`. Never raises; a query past the limits is read up to
    them, and its `notice` says so."""
    notice = ""
    read = text
    if len(text) > MOST_QUERY_CHARS:
        read = text[:MOST_QUERY_CHARS]
        notice = sentence(
            "The search is {length} characters long; only its first {most} were searched for.",
            length=f"{len(text):,}",
            most=MOST_QUERY_CHARS,
        )
    units, words = _within_words(_read_units(read))
    if words > MOST_WORDS:
        cut = sentence(
            "The search has {words} words; only the first {most} were searched for.",
            words=f"{words:,}",
            most=MOST_WORDS,
        )
        notice = sentence("{first} {then}", first=notice, then=cut) if notice else cut
    return Query(text=text, clauses=_join_alternatives(units), notice=notice)


def _within_words(units: list[Term | _Or]) -> tuple[list[Term | _Or], int]:
    """The units holding the first `MOST_WORDS` words (the last one cut to fit), and how
    many words there were in all. An `OR` is no word; a year range is one."""
    kept: list[Term | _Or] = []
    total = 0
    for unit in units:
        if isinstance(unit, _Or):
            if total < MOST_WORDS:
                kept.append(unit)
            continue
        words = [unit.text] if unit.years is not None else folding.search_words(unit.text)
        if unit.field in _FUZZY_FIELDS and not unit.phrase and len(set(words)) < len(words):
            # `a"a"a...` is one word to the eye but many to the index: once each is enough.
            words = list(dict.fromkeys(words))
            unit = replace(unit, text=" ".join(words))
        room = MOST_WORDS - total
        total += len(words)
        if len(words) <= room:
            kept.append(unit)
        elif room > 0:
            kept.append(replace(unit, text=" ".join(words[:room]), open_ended=False))
    while kept and isinstance(kept[-1], _Or) and total > MOST_WORDS:
        kept.pop()  # an OR before the words left out joins nothing
    return kept, total


def _is_gap(char: str) -> bool:
    """Spaces and control characters separate terms."""
    return char.isspace() or ord(char) < 32 or ord(char) == 127


def _read_units(text: str) -> list[Term | _Or]:
    """Split `text` into terms and `OR` markers, left to right."""
    units: list[Term | _Or] = []
    pos, end = 0, len(text)
    while pos < end:
        if _is_gap(text[pos]):
            pos += 1
            continue
        unit, pos = _read_unit(text, pos)
        if unit is not None:
            units.append(unit)
    return units


def _read_unit(text: str, pos: int) -> tuple[Term | _Or | None, int]:
    """Read the term starting at `pos`; return it (None for an empty `""`) and where it ends."""
    negated = text[pos] == "-" and pos + 1 < len(text) and not _is_gap(text[pos + 1])
    start = pos + 1 if negated else pos
    qualifier = _QUALIFIER.match(text, start)
    field = FIELD_NAMES.get(qualifier.group(1).lower()) if qualifier else None
    if qualifier and field:
        value_start = qualifier.end()
        if value_start < len(text) and not _is_gap(text[value_start]):
            value, phrase, after = _read_value(text, value_start)
            term = _qualified(field, value, phrase, negated=negated, literal=text[start:after])
            return _mark_open_end(term, text, after), after
    value, phrase, after = _read_value(text, start)
    if phrase and not value.strip():
        return None, after
    if value == "OR" and not negated and not phrase:
        return _Or(value), after
    return _mark_open_end(Term(text=value, phrase=phrase, negated=negated), text, after), after


def _mark_open_end(term: Term, text: str, after: int) -> Term:
    """Mark a phrase whose closing quote is missing: it ran to the end of the text, and the
    text does not end with a closing quote (an opening one there would have left it empty)."""
    if term.phrase and after == len(text) and not text.endswith('"'):
        return replace(term, open_ended=True)
    return term


def _read_value(text: str, pos: int) -> tuple[str, bool, int]:
    """A quoted phrase (closed or running to the end) or a word running to the next gap."""
    if text[pos] == '"':
        close = text.find('"', pos + 1)
        after = len(text) if close < 0 else close + 1
        inner = text[pos + 1 : after - 1 if close >= 0 else after]
        return inner, True, after
    after = pos
    while after < len(text) and not _is_gap(text[after]):
        after += 1
    return text[pos:after], False, after


def _qualified(field: str, value: str, phrase: bool, *, negated: bool, literal: str) -> Term:
    """A `field:value` term; a year that does not read as a year becomes a literal word."""
    if field != "year":
        return Term(text=value, field=field, phrase=phrase, negated=negated)
    years = parse_years(value.strip())
    if years is None:
        return Term(text=literal, negated=negated)
    return Term(text=value, field="year", negated=negated, years=years)


def parse_years(value: str) -> YearRange | None:
    """`2019`, `2015..2020`, `2015-2020`, `>=2021`, `<2000`, `2015..`, `..2020`; else None."""
    span = _YEAR_SPAN.fullmatch(value)
    if span:
        first, last = sorted((int(span.group(1)), int(span.group(2))))
        return YearRange(first, last)
    for pattern, bounds in _YEAR_FORMS:
        match = pattern.fullmatch(value)
        if match:
            low, high = bounds(int(match.group(1)))
            return YearRange(low, high)
    return None


def _join_alternatives(units: list[Term | _Or]) -> tuple[Clause, ...]:
    """Group terms into clauses: `a OR b` makes one clause; an `OR` with no term on one side is
    the literal word "OR"."""
    clauses: list[list[Term]] = []
    join_next = False
    for index, unit in enumerate(units):
        if isinstance(unit, _Or):
            following = units[index + 1] if index + 1 < len(units) else None
            if clauses and not join_next and isinstance(following, Term):
                join_next = True
                continue
            unit = Term(text=unit.text)
        if join_next:
            clauses[-1].append(unit)
            join_next = False
        else:
            clauses.append([unit])
    return tuple(Clause(tuple(terms)) for terms in clauses)
