"""Ranking a shortlist of matching papers: the score (0..100) of each, best first.

A paper's score is mostly the mean quality of its matches (exact, prefix or typo; title and
author above other fields, full text last), and partly how closely the query reads as its
title (rapidfuzz, in one batch) or as the name of one of its people.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from desktop.core import cjk, folding
from desktop.core.search import pinyin
from desktop.core.search.document import Entry, FieldWords, with_joined
from desktop.core.search.matching import PINYIN_QUALITY, ClauseMatcher
from desktop.core.search.vocabulary import Expansion, Vocabulary

# The share of the score given to how closely the query reads as the title or a name.
_CLOSENESS_SHARE = 0.2
# How much a name's closeness counts for a first author of several, and for the others.
_FIRST_OF_SEVERAL, _FURTHER_DOWN = 0.94, 0.88
# Points for a paper by a person the query names (by family name, with the given name or
# initial if typed; up to 10): a word that matched only a given name, or a title, must not
# tie with it ("L. Maritn framework" wants Lucas Martin's papers, not Martin López's).
_NAMED_PERSON_POINTS = 10.0


@dataclass(frozen=True)
class Hit:
    """A paper that matches, with its score (0..100) and the fields the query matched in."""

    doc_id: int
    score: float
    fields: frozenset[str]


class Ranker:
    """Scores shortlisted papers: how well each clause matches, and how close the query reads
    to the paper's title or to one of its people."""

    def __init__(self, clauses: list[ClauseMatcher], vocabulary: Vocabulary) -> None:
        self._clauses = [c for c in clauses if c.positive]
        text_terms = [
            t.term
            for c in self._clauses
            for t in c.positive
            if t.term.field in (None, "title") and t.years is None
        ]
        self._title_query = " ".join(folding.for_search(t.text) for t in text_terms)
        self._name_words = _name_words(self._clauses, vocabulary)
        # Family names the query may stand for (initials aside), to skip other people fast.
        self._family_keys: set[str] = set().union(
            *(w.quality.keys() for w in self._name_words if len(w.word) > 1)
        )
        self._compares = bool(self._title_query or self._name_words)
        # The name words as typed that may be pinyin (a Chinese name written in letters).
        self._typed_pinyin = [w.word for w in self._name_words if w.word.isascii()]

    def rank(self, shortlist: list[int], entries: dict[int, tuple[object, ...]]) -> list[Hit]:
        """Hits for the shortlisted papers that hold every clause, best first (ties: newer
        first, then higher id)."""
        matched = []
        for doc_id in shortlist:
            entry = Entry._make(entries[doc_id])
            found = self._match(doc_id, entry)
            if found is not None:
                matched.append((doc_id, entry, *found))
        titles = self._title_closeness([(row[0], row[1]) for row in matched if "title" in row[3]])
        scored = []
        for doc_id, entry, mean, fields, words in matched:
            score = 100.0 * mean
            if self._compares:
                name = self._name_closeness(entry, words) if "author" in fields else 0.0
                closeness = max(titles.get(doc_id, 0.0), name)
                score = 100.0 * ((1.0 - _CLOSENESS_SHARE) * mean + _CLOSENESS_SHARE * closeness)
                score += _NAMED_PERSON_POINTS * name
            hit = Hit(doc_id, round(min(score, 100.0), 2), frozenset(fields))
            # Ordered by the score before it is capped: a named person's points still count.
            scored.append((-round(score, 2), -(entry.year or 0), -doc_id, hit))
        scored.sort(key=lambda row: row[:3])
        return [row[3] for row in scored]

    def _match(self, doc_id: int, entry: Entry) -> tuple[float, set[str], FieldWords] | None:
        """The mean quality of the clauses for one paper, the fields they matched in, and
        its words; None when some clause does not hold after all."""
        words = FieldWords(entry)
        total, fields = 0.0, set()
        for clause in self._clauses:
            quality, field = clause.quality(doc_id, entry, words)
            if quality <= 0.0:
                return None
            total += quality
            if field:
                fields.add(field)
        return (total / len(self._clauses) if self._clauses else 1.0), fields, words

    def _title_closeness(self, papers: list[tuple[int, Entry]]) -> dict[int, float]:
        """How closely the query reads as each paper's title (0..1), scored in one batch."""
        if not self._title_query or not papers:
            return {}
        titles = {doc_id: entry.title for doc_id, entry in papers}
        closeness = dict.fromkeys(titles, 0.0)
        # WRatio forgives extra title words (it scores a part of a long title as high as a
        # whole short one); token_sort_ratio does not, and breaks those ties.
        for scorer in (fuzz.WRatio, fuzz.token_sort_ratio):
            for _, score, doc_id in process.extract(
                self._title_query, titles, scorer=scorer, limit=None
            ):
                closeness[doc_id] += score / 200.0
        # A Chinese title is also read as its pinyin, for queries typed in pinyin.
        readings = {doc_id: entry.title_pinyin for doc_id, entry in papers if entry.title_pinyin}
        if readings and self._title_query.isascii():
            for doc_id, score in _reading_closeness(self._title_query, readings).items():
                closeness[doc_id] = max(closeness[doc_id], score)
        return closeness

    def _name_closeness(self, entry: Entry, words: FieldWords) -> float:
        """1.0 when the query names a person of the paper by family and given name (or
        initial), half as much for the family name alone."""
        best = 0.0
        family_keys = self._family_keys
        # Chinese names may be typed in pinyin (a Latin query, a paper with such names).
        by_reading = bool(self._typed_pinyin and entry.authors_pinyin)
        people = words.people()
        for position, (given, family) in enumerate(people):
            family_words = with_joined(family)
            if family_keys.isdisjoint(family_words):
                if by_reading and not all(map(str.isascii, family)):
                    closeness = self._reading_closeness(given, family)
                    best = max(best, closeness * _prominence(position, len(people)))
                continue
            # An initial stands for a given name: "M. Meyer" is not "M" for Meyer (a
            # single Han character, 张, is a family name all the same).
            by_family = [
                0.0 if _is_initial(w.word) else w.best_in(family_words) for w in self._name_words
            ]
            family_best = max(by_family)
            matched = by_family.index(family_best)
            given_best = max(
                (w.best_in(given) for i, w in enumerate(self._name_words) if i != matched),
                default=0.0,
            )
            closeness = (family_best + given_best) / 2 if given_best else family_best / 2
            best = max(best, closeness * _prominence(position, len(people)))
        return best

    def _reading_closeness(self, given: list[str], family: list[str]) -> float:
        """How closely the query names a person with a Chinese name by its pinyin, scored
        as `_name_closeness` scores a name in letters but below the characters themselves
        (`PINYIN_QUALITY`): `chen deng` names 陈登原 (Chen Dengyuan) whole, `chen` or
        `deng` alone half as well."""
        reading = set(pinyin.name_words("".join(family), "".join(given)))
        typed = self._typed_pinyin
        held = sum(word in reading for word in typed)
        if held == len(typed) > 1:
            return PINYIN_QUALITY
        return PINYIN_QUALITY / 2 if held else 0.0


def _name_words(clauses: list[ClauseMatcher], vocabulary: Vocabulary) -> list[Expansion]:
    """The query's words that may name a person, expanded over the vocabulary."""
    return [
        vocabulary.expand(w, whole=t.typed_whole(i, words))
        for c in clauses
        for t in c.positive
        if t.term.field in (None, "author")
        for words in [folding.search_words(t.term.text)]
        for i, w in enumerate(words)
    ]


class NamedPerson:
    """Whether one of a paper's people is the person the query names: a family name and,
    on the same person, a given name or initial, as `Ranker` reads names; told from the
    names as they are: 2-3 microseconds a paper where `Ranker` takes ten, for putting
    those papers first when only some of many equal candidates can be ranked (`M. Popscu
    modelling`: hundreds of papers match alike, and Hannah M Popescu's own must not be
    left out for shorter titles)."""

    def __init__(self, pairs: list[tuple[frozenset[str], _GivenTest]]) -> None:
        #: (family names, given names) the query may stand for together.
        self._pairs = pairs
        self._families = frozenset().union(*(families for families, _ in pairs))

    @property
    def families(self) -> frozenset[str]:
        """The family names the query may stand for."""
        return self._families

    @property
    def given_names(self) -> frozenset[str] | None:
        """The given names (or initials) the query may stand for; None when some are told
        only by the letters they begin with."""
        if any(test.beginning for _, test in self._pairs):
            return None
        return frozenset().union(*(test.held for _, test in self._pairs))

    @classmethod
    def of(
        cls, clauses: list[ClauseMatcher], vocabulary: Vocabulary, names: Collection[str]
    ) -> NamedPerson | None:
        """The test for the query's person, `names` being the words people's names hold;
        None when the query names nobody: no word of it stands for a family name there,
        with another for a given name or initial (a title's words rarely do)."""
        words = _name_words([c for c in clauses if c.positive], vocabulary)
        pairs = [
            (family_held, given_test)
            for f, family in enumerate(words)
            if not _is_initial(family.word)
            for family_held in [frozenset(w for w in family.quality if w in names)]
            if family_held
            for g, given in enumerate(words)
            if g != f
            for given_test in [_GivenTest.of(given, names)]
            if given_test.possible
        ]
        return cls(pairs) if pairs else None

    def holds(self, authors: tuple[str, ...]) -> bool:
        """Whether one of `authors` (an entry's "given|family" names) is the person."""
        families = self._families
        for name in authors:
            given, _, family = name.partition("|")
            family_words = _family_words(family) if " " in family else (family,)
            if families.isdisjoint(family_words):
                continue  # most people's
            for family_held, given_test in self._pairs:
                if not family_held.isdisjoint(family_words) and given_test.holds(given):
                    return True
        return False


@dataclass(frozen=True)
class _GivenTest:
    """A query word read as a given name: the names it stands for, or, when they are many
    (an initial, a prefix), the letters they begin with."""

    held: frozenset[str]
    beginning: str

    @classmethod
    def of(cls, expansion: Expansion, names: Collection[str]) -> _GivenTest:
        if len(expansion.quality) > _GIVEN_NAMES_LISTED_AT_MOST:
            return cls(frozenset(), expansion.word)
        return cls(frozenset(w for w in expansion.quality if w in names), "")

    @property
    def possible(self) -> bool:
        return bool(self.held or self.beginning)

    def holds(self, given: str) -> bool:
        words = given.split()
        if self.beginning:
            return any(word.startswith(self.beginning) for word in words)
        return not self.held.isdisjoint(words)


#: A query word standing for more names than this is tested as the letters they begin
#: with (`m` for the thousands of names beginning with it).
_GIVEN_NAMES_LISTED_AT_MOST = 64


def _family_words(family: str) -> Sequence[str]:
    """A family name's words, and when several, all of them joined, as `Ranker` reads them."""
    return with_joined(family.split())


def _is_initial(word: str) -> bool:
    return len(word) == 1 and not cjk.is_run(word)


def _prominence(position: int, people: int) -> float:
    """A person's own papers before the ones they co-wrote: alone, first of several, or
    further down the byline (as people looking up an author expect to see them)."""
    if people == 1:
        return 1.0
    return _FIRST_OF_SEVERAL if position == 0 else _FURTHER_DOWN


def _reading_closeness(query: str, readings: dict[int, str]) -> dict[int, float]:
    """How closely a query reads as each title's pinyin, spaced or not (0..1)."""
    joined = {doc_id: reading.replace(" ", "") for doc_id, reading in readings.items()}
    closeness = dict.fromkeys(readings, 0.0)
    for texts, typed in ((readings, query), (joined, query.replace(" ", ""))):
        for _, score, doc_id in process.extract(typed, texts, scorer=fuzz.WRatio, limit=None):
            closeness[doc_id] = max(closeness[doc_id], score / 100.0)
    return closeness
