"""How one query term finds papers: through postings (lists of ids) for the many, and word
by word for the few papers that are ranked.

A term turns into "sources": lists of ids with the quality of the match they stand for
(an exact title word, a prefix, a typo, a full-text hit), best first. The index combines
sources with set operations, which run in C, and only looks at single papers to rank them.
"""

from __future__ import annotations

import dataclasses
import re
from array import array
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass

from desktop.core import cjk, folding
from desktop.core.search import pinyin
from desktop.core.search.document import (
    FREE_FIELDS,
    IDENTIFIER_FIELDS,
    PINYIN_FIELDS,
    Entry,
    FieldWords,
)
from desktop.core.search.fulltext import closed as closed_phrase
from desktop.core.search.postings import Postings, common, common_cost
from desktop.core.search.query import Clause, Term, YearRange
from desktop.core.search.vocabulary import (
    FUZZY_FLOOR,
    FUZZY_SPAN,
    PREFIX_FLOOR,
    Expansion,
    Vocabulary,
)

#: `fulltext(text, field)` -> ids of the index's papers whose abstract or notes match `text`.
#: `field` is "abstract", "note", "fulltext" (attached files), or None for any; `text` is
#: one term as the user typed it (several words are to be matched as a phrase).
FullText = Callable[[str, str | None], set[int]]
#: `within([(text, field), ...], ids)` -> for each query, those of `ids` whose abstract or
#: notes match it (each paper's text read once for all the queries).
FullTextWithin = Callable[[list[tuple[str, str | None]], set[int]], list[set[int]]]


@dataclass(frozen=True)
class Probed:
    """What probing a term's full text told: the whole answer (`ids`) when it is small or
    known already, else None, about how many papers hold the term (`estimate`) and those
    of them the probe read (`sample`)."""

    ids: set[int] | None
    estimate: int
    sample: set[int]


#: `probe(text, field, at_most)` -> the `fulltext` answer if it holds at most `at_most`
#: papers (found out without reading a common word's every paper), else an estimate.
FullTextProbe = Callable[[str, str | None, int], Probed]


#: `every(groups, wanted, usable)` -> up to `wanted` of the index's papers whose full text
#: holds, for every group, one of its (text, field) queries: some such papers, not all (see
#: `fulltext.match_every`), with `usable` keeping those of each batch that can be taken.
FullTextEvery = Callable[
    [list[list[tuple[str, str | None]]], int, Callable[[list[int]], list[int]]], list[int]
]


@dataclass(frozen=True)
class FullTextPlanning:
    """What lets a search read less than every word's whole full-text answer: probing a
    word first, checking given papers for words, and (when given) finding a few papers
    that hold every common word at once (see `planning.load_fulltext`)."""

    within: FullTextWithin
    probe: FullTextProbe
    every: FullTextEvery | None = None


@dataclass
class PerPaper:
    """How a term's full text is asked paper by paper (see `TermMatcher.ask_per_paper`):
    `within` checks papers for (text, field) queries, this term's being `query`; `whole()`
    reads every match, which is done instead when more than `checked_at_most` papers are
    to be checked at once; `asked` is which papers were checked so far; the terms asked
    `together` (this one among them) are checked on the same papers in one pass, each
    paper's text read once for all of them."""

    within: FullTextWithin
    query: tuple[str, str | None]
    whole: Callable[[], set[int]]
    checked_at_most: int
    together: list[TermMatcher]
    asked: set[int] = dataclasses.field(default_factory=set)


#: Title and author matches rank first; the other short fields a little lower.
FIELD_WEIGHT = {"title": 1.0, "author": 1.0}
OTHER_FIELD_WEIGHT = 0.8
#: A word found only in an abstract or a note ranks below any fuzzy title or author match.
FULLTEXT_QUALITY = 0.35
#: A word matching a Chinese title or name by its pinyin ranks below the characters
#: themselves (exact and prefix matches) and above every typo.
PINYIN_QUALITY = 0.78
#: A CJK run of this many characters and more may match with one character wrong or
#: missing when no paper holds it exactly (`_near`).
_NEAR_AT_LEAST = 4

#: Telling whether one paper holds a term from its words costs about as much as taking
#: this many ids from the postings (measured: 130 to 320, about 5 microseconds).
_PAPER_COST = 200
#: A one-word term standing for more people's words than this (a prefix's completions)
#: splits every ranked paper's names to rank it (see `FieldWords.people_may_hold`).
_PEOPLE_WORDS_AT_MOST = 64

#: Fields whose postings also list papers by the first letter of their words.
BY_INITIAL_FIELDS = ("title", "author")
# Identifiers are matched by prefix only from this many letters on: `l` is no citekey.
_IDENTIFIER_PREFIX = 3
# A typed word beginning more identifiers than this (`levine` the keys levine2016end,
# levine2018learning...: 3,400 in the window benchmark's library) gives one source per
# quality rather than per key: the keys' own sources made typing a name 3-4 ms slower.
_IDENTIFIERS_ONE_BY_ONE_AT_MOST = 8
# "S." is an initial: it is looked for among people only.
_INITIAL = re.compile(r"\w\.")
_YEAR_WORD = re.compile(r"[12]\d{3}")

_FULLTEXT_ONLY = ("abstract", "note", "fulltext")
# Labels the user picks from a list: matched whole-word, not by prefix or typo.
_EXACT_FIELDS = ("tag", "list", "status")

#: Paper ids: a set (full text, candidates), an array or a tuple (postings).
Ids = Collection[int]
#: Papers with the quality of the match they stand for.
Source = tuple[float, Ids]


def _by_quality(
    by_word: Postings, words: Collection[str], quality: dict[str, float], *, weight: float
) -> list[Source]:
    """One source for each quality the `words` stand for: the papers of all the words of
    that quality, sorted (so the same however the words came)."""
    lists: dict[float, list[Collection[int]]] = {}
    for word in words:
        ids = by_word.get(word)
        if ids:
            lists.setdefault(quality[word], []).append(ids)
    return [
        (stands_for * weight, held[0] if len(held) == 1 else array("i", sorted(set().union(*held))))
        for stands_for, held in lists.items()
    ]


@dataclass
class Corpus:
    """What a matcher reads: the postings of each field, years, entries and the vocabulary."""

    postings: dict[str, Postings]
    years: dict[int | None, array[int]]
    #: Each paper's `Entry`, as a plain tuple.
    entries: dict[int, tuple[object, ...]]
    vocabulary: Vocabulary


def restrict(candidates: set[int], sources: list[Source]) -> set[int]:
    """The candidates found in any of the sources."""
    found: set[int] = set()
    if not candidates:
        return found  # an intersection would still read every source through
    for _, ids in sources:
        found.update(common(candidates, ids))
        if len(found) == len(candidates):
            break
    return found


class TermMatcher:
    """One positive or negated term, ready to find its papers."""

    def __init__(
        self, term: Term, corpus: Corpus, *, exact_only: bool = False, typing: bool = False
    ) -> None:
        self.term = term
        #: Whether the user may still be typing this term's last word (see `Query.typing`).
        self.typing = typing
        self._corpus = corpus
        self.fields: tuple[str, ...] = FREE_FIELDS if term.field is None else (term.field,)
        #: A free "S." stands for a given name: looked for among people, not in abstracts.
        self.initial = term.field is None and _INITIAL.fullmatch(term.text) is not None
        if self.initial:
            self.fields = ("author",)
        if term.field in _FULLTEXT_ONLY:
            self.fields = ()
        self.years: YearRange | None = term.years
        folded = folding.search_words(term.text) if term.years is None else []
        self.phrase = " ".join(folded) if term.phrase and len(folded) > 1 else ""
        loose = not (exact_only or term.phrase or term.field in _EXACT_FIELDS)
        expand = corpus.vocabulary.expand
        # A CJK run is the phrase of its bigrams: each must be there, and the run itself
        # (looked for in the field's text, where runs are kept whole).
        self.runs = [w for w in folded if len(w) > 2 and cjk.is_run(w)]
        words = cjk.with_bigrams(folded) if self.runs else folded
        self.parts: list[Expansion] = [
            expand(w, prefix=loose, fuzzy=loose, whole=not self.runs and self.typed_whole(i, words))
            for i, w in enumerate(words)
        ]
        #: How many of the bigrams may be missing when nothing holds them all, or 0.
        self.near_misses = _near_misses(folded, exact_only or term.phrase)
        self.near = False  # set when no paper holds the run exactly
        self.pinyin = _pinyin_of(term, folded, corpus) if loose else None
        #: The word being typed, when it may begin a syllable of a title's or a name's
        #: reading ("zhang s" on the way to "zhang san"), as it may begin any other word.
        self.pinyin_begun = (
            folded[0]
            if loose
            and typing
            and len(folded) == 1
            and folded[0].isascii()
            and folded[0].isalpha()
            and _reads_pinyin(term, corpus)
            else None
        )
        self.pinyin_fields = (
            tuple(PINYIN_FIELDS.values())
            if term.field is None
            else (PINYIN_FIELDS.get(term.field, ""),)
        )
        if term.open_ended and folded and not exact_only and not self.runs:
            # The last word of a phrase still being typed may be a prefix.
            self.parts[-1] = expand(folded[-1], prefix=True, fuzzy=False)
        # A phrase is found where its words stand together: " world models " in a title,
        # or " world mod" while the quote is still open.
        self._needle = f" {self.phrase}" if term.open_ended else f" {self.phrase} "
        joined = "".join(folded)
        self.joined = (
            expand(joined, prefix=loose, fuzzy=False)
            if len(folded) > 1 and not self.phrase
            else None
        )
        #: A free four-digit word may be a year ("levine 2018").
        self.free_year = (
            int(folded[0])
            if term.field is None and len(folded) == 1 and _YEAR_WORD.fullmatch(folded[0])
            else None
        )
        self.fulltext_ids: set[int] | None = None
        self._per_paper: PerPaper | None = None
        self._sources: list[Source] | None = None
        # The fields holding a word a one-word term may stand for (found with its sources):
        # ranking looks in those only, not in every field of every paper.
        self._live_fields: set[str] = set()
        self._quality_fields: tuple[tuple[str, float], ...] = self._weighed(self.fields)
        # The people's words a one-word term may stand for, found with its sources: a paper
        # whose names hold none of them is told so without splitting its names into words.
        self._people_words: re.Pattern[str] | None = None

    def typed_whole(self, position: int, words: list[str]) -> bool:
        """Whether the word at `position` of this term's `words` was typed whole: every word
        but the last of the term the user may still be typing."""
        return not (self.typing and position == len(words) - 1)

    @property
    def searchable(self) -> bool:
        """False for terms that fold to nothing (`-`, `(`); `C++` folds to `c` and is kept."""
        return bool(self.years is not None or self.parts or self.term.field in _FULLTEXT_ONLY)

    @property
    def wants_fulltext(self) -> bool:
        """Whether full text may satisfy this term (free words but initials, `abstract:`,
        `note:`)."""
        if not self.parts or self.initial:
            return False
        return self.term.field is None or self.term.field in _FULLTEXT_ONLY

    @property
    def fulltext_field(self) -> str | None:
        """The field full text is asked about: "abstract", "note", "fulltext" (the text of
        attached files), or None for all three."""
        return self.term.field if self.term.field in _FULLTEXT_ONLY else None

    @property
    def fulltext_text(self) -> str:
        """The text full text is asked about: the term as typed, a phrase whose closing
        quote is typed marked so (`fulltext.closed`: its last word is not a prefix)."""
        if self.term.phrase and not self.term.open_ended:
            return closed_phrase(self.term.text)
        return self.term.text

    def load_fulltext(self, fulltext: FullText) -> None:
        """Ask full text for this term once; later calls reuse the answer (a term whose
        full text is asked paper by paper, `ask_per_paper`, is answered by `cover`)."""
        if self.fulltext_ids is None and self.wants_fulltext:
            self.fulltext_ids = fulltext(self.fulltext_text, self.fulltext_field)
            self._sources = None

    def ask_per_paper(self, asking: PerPaper) -> None:
        """Have full text asked only about the papers `cover` is given (for a common negated
        word: a search narrows its candidates to a few hundred before it asks)."""
        self._per_paper = asking
        self.fulltext_ids = set()
        self._sources = None

    def cover(self, candidates: set[int]) -> None:
        """Make sure the full-text matches are known for `candidates` (for a term asked paper
        by paper: those not asked about yet are checked, or, when they are more than
        checking pays for, the word is read whole)."""
        asking = self._per_paper
        if asking is None:
            return
        unknown = candidates - asking.asked
        if not unknown:
            return
        if len(unknown) > asking.checked_at_most:
            self._per_paper = None
            self.use_fulltext(asking.whole())
            return
        peers = [
            (term, peer)
            for term in asking.together
            if (peer := term._per_paper) is not None
            and len(unknown - peer.asked) <= peer.checked_at_most
        ]
        queries = [peer.query for _, peer in peers]
        for (term, peer), found in zip(peers, asking.within(queries, unknown), strict=True):
            peer.asked |= unknown
            term.use_fulltext((term.fulltext_ids or set()) | found)

    def use_fulltext(self, ids: set[int]) -> None:
        """Take these papers as this term's full-text matches (replacing any earlier ones)."""
        self.fulltext_ids = ids
        self._sources = None

    def forget_fulltext(self) -> None:
        """Drop the full-text matches taken so far: full text is to be asked again."""
        self.fulltext_ids = None
        self._sources = None

    def sources(self) -> list[Source]:
        """Posting sets with the quality they stand for, best first."""
        if self._sources is None:
            self._sources = self._build_sources()
        return self._sources

    def cost(self) -> int:
        """How many ids the sources hold in all (to pick the cheapest term to start from)."""
        return sum(len(ids) for _, ids in self.sources())

    def _build_sources(self) -> list[Source]:
        corpus = self._corpus
        sources: list[Source] = []
        if self.years is not None:
            years = self.years
            sources = [(1.0, ids) for year, ids in corpus.years.items() if year in years]
        elif len(self.parts) == 1:
            sources = self._word_sources(self.parts[0], self._live_fields)
            live = self._live_fields
            self._quality_fields = self._weighed(tuple(f for f in self.fields if f in live))
            if "author" in self._live_fields:
                self._people_words = self._people_words_of(self.parts[0])
            in_year = corpus.years.get(self.free_year) if self.free_year else None
            if in_year:
                sources.insert(0, (1.0, in_year))
        elif self.parts and self.fields:
            found = self._all_parts()
            self.near = not found and self.near_misses > 0
            sources = [(FUZZY_FLOOR, self._near()) if self.near else (1.0, found)]
        if self.pinyin is not None:
            sources.append((PINYIN_QUALITY, self._pinyin_ids(self.pinyin)))
        if self.pinyin_begun is not None:
            sources.append((PREFIX_FLOOR * PINYIN_QUALITY, self._pinyin_begun_ids()))
        if self.pinyin is not None or self.pinyin_begun is not None:
            sources.sort(key=lambda source: -source[0])
        if self.fulltext_ids:
            sources.append((FULLTEXT_QUALITY, self.fulltext_ids))
        return sources

    def _people_words_of(self, expansion: Expansion) -> re.Pattern[str] | None:
        """A pattern finding any of the people's words `expansion` stands for, or None when
        they are too many to be worth it (a prefix's completions) or not listed (an initial
        stands for every word it begins)."""
        if len(expansion.word) == 1:
            return None
        words = expansion.quality.keys() & self._corpus.postings["author"].words()
        if not words or len(words) > _PEOPLE_WORDS_AT_MOST:
            return None
        return re.compile("|".join(map(re.escape, words)))

    def _pinyin_ids(self, words: tuple[str, ...]) -> set[int]:
        """Papers holding every pinyin word in a title's or names' readings."""
        found: set[int] = set()
        for field in self.pinyin_fields:
            by_word = self._corpus.postings[field]
            lists = sorted((by_word.get(w) or () for w in words), key=len)
            held = set(lists[0])
            for ids in lists[1:]:
                held.intersection_update(ids)
            found |= held
        return found

    def _pinyin_begun_ids(self) -> set[int]:
        """Papers with a word of a title's or names' readings that the word being typed
        begins."""
        begun = self.pinyin_begun
        assert begun is not None
        words = self._corpus.vocabulary.starting_with(begun)
        found: set[int] = set()
        for field in self.pinyin_fields:
            by_word = self._corpus.postings[field]
            if len(begun) == 1:  # kept per letter, as for the titles' initials
                found.update(by_word.starting_with(begun, words))
                continue
            # Readings are a few hundred syllables: where the field holds fewer words than
            # the vocabulary has beginning with `begun` (every field's: 907 for "si" in a
            # real-science library of 100k), its own are the ones to go through.
            own = by_word.words()
            if len(own) < len(words):
                begun_here: Iterable[str] = (w for w in own if w.startswith(begun))
            else:
                begun_here = words
            for word in begun_here:
                found.update(by_word.get(word) or ())
        return found

    def _pinyin_in(self, words: FieldWords) -> str:
        """The field ("title" or "author") whose readings hold every pinyin word, or ""."""
        assert self.pinyin is not None
        for field, pinyin_field in PINYIN_FIELDS.items():
            if pinyin_field in self.pinyin_fields:
                held = set(words[pinyin_field])
                if held and held.issuperset(self.pinyin):
                    return field
        return ""

    def _pinyin_begun_in(self, words: FieldWords) -> str:
        """The field ("title" or "author") with a reading the word being typed begins, or
        ""."""
        begun = self.pinyin_begun
        assert begun is not None
        for field, pinyin_field in PINYIN_FIELDS.items():
            if pinyin_field in self.pinyin_fields and any(
                word.startswith(begun) for word in words[pinyin_field]
            ):
                return field
        return ""

    def _near(self) -> set[int]:
        """Papers holding all but `near_misses` of the bigrams: any such paper holds one
        of the `near_misses + 1` rarest, whose papers are then counted one by one."""
        per_part = sorted((self._word_sources(part) for part in self.parts), key=_total)
        candidates: set[int] = set()
        for sources in per_part[: self.near_misses + 1]:
            for _, ids in sources:
                candidates.update(ids)
        entries = self._corpus.entries
        return {
            doc
            for doc in candidates
            if self._held_parts(FieldWords(Entry._make(entries[doc]))) >= self._near_needed()
        }

    def _near_needed(self) -> int:
        return len(self.parts) - self.near_misses

    def _held_parts(self, words: FieldWords) -> int:
        return sum(self._part_holds(part, words) for part in self.parts)

    def _word_sources(self, expansion: Expansion, live: set[str] | None = None) -> list[Source]:
        """One source per (indexed word, field) the typed word may stand for; the fields
        that hold any of those words are added to `live`."""
        postings = self._corpus.postings
        sources: list[Source] = []
        quality = expansion.quality
        short = len(expansion.word) < _IDENTIFIER_PREFIX
        for field in self.fields:
            weight = self._weight(field)
            by_word = postings[field]
            if short and field in IDENTIFIER_FIELDS:
                exact = by_word.get(expansion.word)
                if exact:
                    sources.append((weight, exact))
                    if live is not None:
                        live.add(field)
                continue
            if len(expansion.word) == 1 and field in BY_INITIAL_FIELDS:
                initial = self._initial_sources(expansion, by_word, weight)
                if initial and live is not None:
                    live.add(field)
                sources += initial
                continue
            # Set intersection of the two key views runs in C, from the smaller side.
            if len(by_word) < len(quality):
                common = by_word.words() & quality.keys()
            else:
                common = quality.keys() & by_word.words()
            if field in IDENTIFIER_FIELDS and len(common) > _IDENTIFIERS_ONE_BY_ONE_AT_MOST:
                found = _by_quality(by_word, common, quality, weight=weight)
            else:
                # In the words' order, not the set's (which changes with each run's string
                # hashing): papers tied on quality are then taken alike every time.
                found = [
                    (quality[word] * weight, ids)
                    for word in sorted(common)
                    for ids in [by_word.get(word)]
                    if ids
                ]
            if found and live is not None:
                live.add(field)
            sources += found
        sources.sort(key=lambda source: -source[0])
        return sources

    def _initial_sources(
        self, expansion: Expansion, by_word: Postings, weight: float
    ) -> list[Source]:
        """A one-letter word: its exact postings, then every paper with a word it begins."""
        sources: list[Source] = []
        letter = expansion.word
        exact = by_word.get(letter)
        if exact:
            sources.append((weight, exact))
        if any(word != letter for word in expansion.quality):  # it begins a longer word
            words = self._corpus.vocabulary.starting_with(letter)
            starting = by_word.starting_with(letter, words)
            if starting:
                sources.append((PREFIX_FLOOR * weight, starting))
        return sources

    def _weighed(self, fields: tuple[str, ...]) -> tuple[tuple[str, float], ...]:
        """The fields with their weights (`_weight`), as ranking goes through them."""
        return tuple((field, self._weight(field)) for field in fields)

    def _weight(self, field: str) -> float:
        """A field's weight for a free word; a qualified term asked for its field: 1.0."""
        if self.term.field is not None:
            return 1.0
        return FIELD_WEIGHT.get(field, OTHER_FIELD_WEIGHT)

    def _all_parts(self) -> set[int]:
        """Papers holding every part of a multi-word term (`multi-agent`, a phrase), or the
        parts joined (`multiagent`); phrases are checked word by word afterwards."""
        per_part = sorted((self._word_sources(part) for part in self.parts), key=_total)
        found = set().union(*(ids for _, ids in per_part[0]))
        for sources in per_part[1:]:
            found = restrict(found, sources)
        if self.joined is not None:
            for _, ids in self._word_sources(self.joined):
                found.update(ids)
        if self.phrase or self.runs:
            entries = self._corpus.entries
            found = {doc for doc in found if self._phrase_in(Entry._make(entries[doc]))}
        return found

    def quality(self, doc_id: int, entry: Entry, words: dict[str, list[str]]) -> tuple[float, str]:
        """How well this term matches one paper, and in which field (0.0 when it does not)."""
        if self.years is not None:
            return (1.0, "year") if entry.year in self.years else (0.0, "")
        if self.free_year is not None and entry.year == self.free_year:
            return 1.0, "year"
        if self._sources is None:
            self._sources = self._build_sources()
        best, where = self._best_field(entry, words)
        if best < PINYIN_QUALITY and self.pinyin is not None:
            field = self._pinyin_in(words) if isinstance(words, FieldWords) else ""
            if field:
                best, where = PINYIN_QUALITY, field
        begun = PREFIX_FLOOR * PINYIN_QUALITY
        if best < begun and self.pinyin_begun is not None and isinstance(words, FieldWords):
            field = self._pinyin_begun_in(words)
            if field:
                best, where = begun, field
        if best < FULLTEXT_QUALITY and self.fulltext_ids and doc_id in self.fulltext_ids:
            best, where = FULLTEXT_QUALITY, "fulltext"
        return best, where

    def _best_field(self, entry: Entry, words: dict[str, list[str]]) -> tuple[float, str]:
        """The best quality of the paper's fields the term's words are in, and that field."""
        best, where = 0.0, ""
        for field, weight in self._quality_fields:
            if weight <= best:
                break  # fields come best first: nothing later can do better
            if field == "author" and self._holds_no_people_word(words):
                continue
            found = self._quality_in(entry, field, words[field]) * weight
            if found > best:
                best, where = found, field
        return best, where

    def _holds_no_people_word(self, words: dict[str, list[str]]) -> bool:
        """Whether a paper's people are known to hold none of the words this term may stand
        for, told without splitting its names (`FieldWords.people_may_hold`)."""
        return (
            self._people_words is not None
            and isinstance(words, FieldWords)
            and not words.people_may_hold(self._people_words)
        )

    def _quality_in(self, entry: Entry, field: str, words: list[str]) -> float:
        if not words:
            return 0.0
        if self.phrase:
            needle = self._needle
            return 1.0 if any(needle in f" {text} " for text in entry.field_texts(field)) else 0.0
        if self.near:
            held = sum(part.best_in(words) > 0.0 for part in self.parts)
            if held < self._near_needed():
                return 0.0
            return FUZZY_FLOOR + FUZZY_SPAN * held / len(self.parts)
        if self.runs and not self._runs_in(entry, field):
            return 0.0
        parts = self.parts
        # (One word is the usual term: its quality without a generator, for every paper ranked.)
        best = parts[0].best_in(words) if len(parts) == 1 else min(p.best_in(words) for p in parts)
        if self.joined is not None:
            best = max(best, self.joined.best_in(words))
        return best

    def _runs_in(self, entry: Entry, field: str) -> bool:
        """Whether the field holds each CJK run of the term as written (not only its
        bigrams, which may stand apart)."""
        text = " | ".join(entry.field_texts(field))
        return all(run in text for run in self.runs)

    def _phrase_in(self, entry: Entry) -> bool:
        if self.runs and not any(self._runs_in(entry, field) for field in self.fields):
            return False
        if not self.phrase:
            return True
        needle = self._needle
        return any(
            needle in f" {text} " for field in self.fields for text in entry.field_texts(field)
        )

    def holds(self, doc_id: int, entry: Entry, words: FieldWords) -> bool:
        """Whether one paper is in this term's sources, told from its own words rather than
        by reading the postings (which hold thousands of ids for a common word)."""
        if self.fulltext_ids and doc_id in self.fulltext_ids:
            return True
        if self.years is not None:
            return entry.year in self.years
        if self._sources is None:
            self._sources = self._build_sources()  # tells whether `near` applies
        if self.pinyin is not None and self._pinyin_in(words):
            return True
        if self.pinyin_begun is not None and self._pinyin_begun_in(words):
            return True
        if self.near:
            return self._held_parts(words) >= self._near_needed()
        if len(self.parts) == 1:
            if self.free_year is not None and entry.year == self.free_year:
                return True
            return self._part_holds(self.parts[0], words)
        if not (self.parts and self.fields):
            return False
        found = all(self._part_holds(part, words) for part in self.parts)
        if not found and self.joined is not None:
            found = self._part_holds(self.joined, words)
        return found and (not (self.phrase or self.runs) or self._phrase_in(entry))

    def _part_holds(self, expansion: Expansion, words: FieldWords) -> bool:
        """`_word_sources(expansion)` for one paper: any of its words the typed one may
        stand for, in any of the term's fields."""
        word = expansion.word
        for field in self.fields:
            field_words = words[field]
            if not field_words:
                continue
            if len(word) < _IDENTIFIER_PREFIX and field in IDENTIFIER_FIELDS:
                if word in field_words:
                    return True
            elif len(word) == 1 and field in BY_INITIAL_FIELDS:
                if word in field_words:
                    return True
                if len(expansion.quality) > 1 and any(w.startswith(word) for w in field_words):
                    return True
            elif not expansion.quality.keys().isdisjoint(field_words):
                return True
        return False


def _narrowing_cost(candidates: int, terms: list[TermMatcher]) -> int:
    """About what narrowing that many candidates through the terms' postings costs, in ids
    read (to weigh against telling it from each paper's words, `_PAPER_COST` each): a long
    sorted list, such as every paper with a word beginning with one letter, is probed for
    each candidate rather than read through."""
    return sum(common_cost(candidates, ids) for term in terms for _, ids in term.sources())


def _total(sources: list[Source]) -> int:
    return sum(len(ids) for _, ids in sources)


def _near_misses(folded: list[str], exact: bool) -> int:
    """How many bigrams a typed CJK run may lack (one character wrong costs two, one
    missing costs one): only for a term that is one long run, never for an exact one."""
    if exact or len(folded) != 1 or len(folded[0]) < _NEAR_AT_LEAST or not cjk.is_run(folded[0]):
        return 0
    return 1 if len(folded[0]) < 6 else 2


def _pinyin_of(term: Term, folded: list[str], corpus: Corpus) -> tuple[str, ...] | None:
    """The pinyin words a term of one Latin word must find, when the index holds readings
    for the term's fields at all (an English library never pays for this)."""
    if len(folded) != 1 or not _reads_pinyin(term, corpus):
        return None
    return pinyin.query_words(folded[0])


def _reads_pinyin(term: Term, corpus: Corpus) -> bool:
    """Whether the term's fields have readings in the index (not in an English library)."""
    if term.field not in (None, *PINYIN_FIELDS):
        return False
    fields = PINYIN_FIELDS.values() if term.field is None else (PINYIN_FIELDS[term.field],)
    return any(len(corpus.postings[field]) for field in fields)


class ClauseMatcher:
    """Terms joined by OR. A negated alternative holds for papers that do not match it."""

    def __init__(self, clause: Clause, corpus: Corpus, typing: Term | None = None) -> None:
        self._entries = corpus.entries
        terms = [
            TermMatcher(t, corpus, exact_only=t.negated, typing=t is typing) for t in clause.terms
        ]
        terms = [t for t in terms if t.searchable]
        self.positive = [t for t in terms if not t.term.negated]
        self.negative = [t for t in terms if t.term.negated]

    @property
    def empty(self) -> bool:
        return not (self.positive or self.negative)

    @property
    def only_negative(self) -> bool:
        return bool(self.negative) and not self.positive

    @property
    def only_positive(self) -> bool:
        """Whether the clause holds exactly for the papers its sources list."""
        return bool(self.positive) and not self.negative

    def load_fulltext(self, fulltext: FullText) -> None:
        for term in self.positive + self.negative:
            term.load_fulltext(fulltext)

    def sources(self) -> list[Source]:
        """The sources of every positive alternative, best first."""
        merged = [source for term in self.positive for source in term.sources()]
        merged.sort(key=lambda source: -source[0])
        return merged

    def field_sources(self) -> list[Source]:
        """`sources` but full text's: the papers whose short fields (or year) hold an
        alternative, best first."""
        fulltext = [term.fulltext_ids for term in self.positive if term.fulltext_ids]
        return [s for s in self.sources() if not any(s[1] is ids for ids in fulltext)]

    def cost(self) -> int:
        return sum(term.cost() for term in self.positive)

    def restrict(self, candidates: set[int]) -> set[int]:
        """The candidates for which this clause holds."""
        for term in self.negative:
            term.cover(candidates)
        terms = self.positive + self.negative
        if len(candidates) * _PAPER_COST < _narrowing_cost(len(candidates), terms):
            return self._holding_each(candidates)
        found = restrict(candidates, self.sources()) if self.positive else set()
        if self.negative:
            rest = candidates - found
            # A paper fails the clause only when it matches every negated alternative.
            failing = rest
            for term in self.negative:
                failing = restrict(failing, term.sources())
            found |= rest - failing
        return found

    def _holding_each(self, candidates: set[int]) -> set[int]:
        """`restrict` paper by paper: for a few candidates against large postings, reading
        each paper's words costs less than reading the postings."""
        found = set()
        entries = self._entries
        for doc_id in candidates:
            entry = Entry._make(entries[doc_id])
            words = FieldWords(entry)
            if any(term.holds(doc_id, entry, words) for term in self.positive):
                found.add(doc_id)
            elif self.negative and not all(
                term.holds(doc_id, entry, words) for term in self.negative
            ):
                found.add(doc_id)  # a paper fails only by matching every negated alternative
        return found

    def quality(self, doc_id: int, entry: Entry, words: dict[str, list[str]]) -> tuple[float, str]:
        """The best alternative's quality for one paper (negated alternatives count as 0.5)."""
        best, where = 0.0, ""
        for term in self.positive:
            found, field = term.quality(doc_id, entry, words)
            if found > best:
                best, where = found, field
        if best == 0.0 and self.negative:
            best = 0.5
        return best, where


def holding_every(candidates: set[int], clauses: list[ClauseMatcher]) -> set[int]:
    """The candidates for which every clause holds."""
    for clause in clauses:
        if not candidates:
            break
        candidates = clause.restrict(candidates)
    return candidates
