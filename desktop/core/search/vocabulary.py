"""The distinct words of an index, and what a typed word may stand for among them.

A typed word expands to the indexed words it could mean: itself (exact), words it begins
(prefix, for half-typed words and initials) and words a typo or two away (fuzzy). Only
this small vocabulary is ever compared with rapidfuzz, never whole titles.
"""

from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

#: Match quality of each kind; every prefix of a word being typed outranks every fuzzy
#: match.
EXACT = 1.0
PREFIX_FLOOR, PREFIX_SPAN = 0.8, 0.15
FUZZY_FLOOR, FUZZY_SPAN = 0.5, 0.25
#: A word typed whole (more of the query follows it) is more likely a slip of a word its
#: length than the start of a longer one: "tsia mixed" means Tsai before Tsiafaki, "ma
#: disease" Ma before Mathis. Its completions are still found, ranked below its typos.
WHOLE_PREFIX_FLOOR = 0.45

#: How alike (rapidfuzz ratio, 0..100) a word must be to be offered as the nearest.
NEAREST_AT_LEAST = 70.0

# Expansions are cached between keystrokes; the cache is dropped when words come or go.
_CACHE_LIMIT = 4096


def typo_budget(word: str) -> int:
    """How many edits a typed word may be away from an indexed one."""
    if len(word) < 4 or not word.isalpha():
        return 0
    return 1 if len(word) < 6 else 2


@dataclass(frozen=True)
class Expansion:
    """The indexed words a typed word may stand for, each with a match quality in (0, 1]."""

    word: str
    quality: dict[str, float]
    #: The same words, best first.
    ranked: tuple[str, ...]

    def best_in(self, words: list[str]) -> float:
        """The best quality among `words` (0.0 when none matches)."""
        common = self.quality.keys() & words
        if not common:
            return 0.0
        return max(map(self.quality.__getitem__, common))


class Vocabulary:
    """Counts of indexed words, sorted for prefix lookup and bucketed by length for typos.

    Each word counts the fields that hold it. Words of identifiers (citation keys, DOIs)
    are left out of the typo buckets: nobody misspells a key on purpose, and at 100k
    papers they would make up most of what typo matching has to scan.
    """

    def __init__(self) -> None:
        self._counts: dict[str, int] = {}
        self._typo_counts: dict[str, int] = {}
        self._sorted: list[str] = []
        self._by_length: dict[int, list[str]] = {}
        self._cache: dict[tuple[str, bool, bool, bool], Expansion] = {}

    def __len__(self) -> int:
        return len(self._counts)

    def __contains__(self, word: object) -> bool:
        return word in self._counts

    def load(self, words: list[tuple[str, bool]]) -> None:
        """Replace the whole vocabulary at once (building is faster than adding one by one):
        `words` gives (word, typos) for each field holding a word, as `add_many` takes them."""
        counts: dict[str, int] = {}
        typo_counts: dict[str, int] = {}
        for word, typos in words:
            counts[word] = counts.get(word, 0) + 1
            if typos:
                typo_counts[word] = typo_counts.get(word, 0) + 1
        self._counts = counts
        self._typo_counts = typo_counts
        self._sorted = sorted(counts)
        self._by_length = {}
        for word in sorted(typo_counts):
            self._by_length.setdefault(len(word), []).append(word)
        self._cache.clear()

    def add(self, word: str, *, typos: bool = True) -> None:
        """Count one more field holding `word` (`typos`: one where typos are looked for)."""
        if _increment(self._counts, word):
            bisect.insort(self._sorted, word)
            self._cache.clear()
        if typos and _increment(self._typo_counts, word):
            self._by_length.setdefault(len(word), []).append(word)
            self._cache.clear()

    def add_many(self, words: list[tuple[str, bool]]) -> None:
        """`add` for many (word, typos) at once: the new words are sorted in together."""
        new = []
        for word, typos in words:
            if _increment(self._counts, word):
                new.append(word)
            if typos and _increment(self._typo_counts, word):
                self._by_length.setdefault(len(word), []).append(word)
                self._cache.clear()
        if len(new) > _INSERT_AT_MOST:
            self._sorted += new
            self._sorted.sort()  # the new words sorted, then both runs merged
        else:
            for word in new:
                bisect.insort(self._sorted, word)
        if new:
            self._cache.clear()

    def discard(self, word: str, *, typos: bool = True) -> None:
        """Count one field less holding `word`; forget it when none is left."""
        if _decrement(self._counts, word):
            del self._sorted[bisect.bisect_left(self._sorted, word)]
            self._cache.clear()
        if typos and _decrement(self._typo_counts, word):
            self._by_length[len(word)].remove(word)
            self._cache.clear()

    def common_initials(self, most: int) -> list[str]:
        """The `most` characters that begin the most indexed words, commonest first."""
        counted = Counter(word[0] for word in self._sorted if word)
        return [letter for letter, _ in counted.most_common(most)]

    def starting_with(self, letters: str) -> list[str]:
        """Every indexed word that begins with `letters`."""
        start = bisect.bisect_left(self._sorted, letters)
        end = bisect.bisect_left(self._sorted, letters + "\U0010ffff", start)
        return self._sorted[start:end]

    def expand(
        self, word: str, *, prefix: bool = True, fuzzy: bool = True, whole: bool = False
    ) -> Expansion:
        """What `word` may stand for: exact, then prefix completions, then typo neighbours
        (for a word typed `whole`, typo neighbours before longer words it begins)."""
        key = (word, prefix, fuzzy, whole)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        quality: dict[str, float] = {}
        if fuzzy:
            quality.update(self._neighbours(word))
        if prefix:
            for candidate, found in self._completions(word, whole=whole).items():
                quality[candidate] = max(found, quality.get(candidate, 0.0))
        if word in self._counts:
            quality[word] = EXACT
        # Best first, ties in word order: sorted by word, then (stably) by quality. Two
        # sorts without a Python key function: a short prefix stands for thousands.
        ranked = sorted(quality)
        ranked.sort(key=quality.__getitem__, reverse=True)
        expansion = Expansion(word, quality, tuple(ranked))
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()
        self._cache[key] = expansion
        return expansion

    def nearest(self, word: str, *, at_least: float = NEAREST_AT_LEAST) -> str | None:
        """The indexed word that reads most like `word` however many letters differ
        (`zimmerman`: `zimmert`), or None below `at_least` (0..100). It scans every word:
        for small libraries, when nothing matches at all."""
        if len(word) < 4 or not self._typo_counts:
            return None
        found = process.extractOne(
            word, self._typo_counts.keys(), scorer=fuzz.ratio, score_cutoff=at_least
        )
        return None if found is None else found[0]

    def _one_letter_more(self, word: str) -> list[str]:
        """Indexed words that are `word` with one letter left out (`wng`: `wang`, `wong`)."""
        bucket = self._by_length.get(len(word) + 1, [])
        found = process.extract(word, bucket, scorer=OSA.distance, score_cutoff=1, limit=None)
        return [candidate for candidate, distance, _ in found if distance == 1]

    def _completions(self, word: str, *, whole: bool = False) -> dict[str, float]:
        """Indexed words that begin with `word` (longer ones, closer ones score higher).
        An initial stands for a longer name however it was typed."""
        size = len(word)
        floor = WHOLE_PREFIX_FLOOR if whole and size > 1 else PREFIX_FLOOR
        found = {
            candidate: floor + PREFIX_SPAN * size / len(candidate)
            for candidate in self.starting_with(word)
        }
        found.pop(word, None)
        return found

    def _neighbours(self, word: str) -> dict[str, float]:
        """Indexed words within `typo_budget(word)` edits (a swap of two letters is one edit),
        and, for a word that reads as an English plural, those of its singular: `bloms` is
        `blooms` or `bloom`, a little below the plural's own neighbours. A word of three
        letters has no budget, but a letter it dropped is put back (`gag`: `gang`), ranked
        as a typo of four letters."""
        found = self._within_budget(word)
        if len(word) == _SHORT and word.isalpha():
            closeness = 1.0 - 1 / (_SHORT + 1)
            for candidate in self._one_letter_more(word):
                found[candidate] = FUZZY_FLOOR + FUZZY_SPAN * closeness
        for singular in _singulars(word):
            if singular in self._typo_counts:
                found.setdefault(singular, FUZZY_FLOOR + FUZZY_SPAN - _SINGULAR_PENALTY)
            for candidate, quality in self._within_budget(singular).items():
                if candidate != word and candidate not in found:
                    found[candidate] = quality - _SINGULAR_PENALTY
        return found

    def _within_budget(self, word: str) -> dict[str, float]:
        budget = typo_budget(word)
        if budget == 0:
            return {}
        found: dict[str, float] = {}
        for length in range(len(word) - budget, len(word) + budget + 1):
            bucket = self._by_length.get(length)
            if not bucket:
                continue
            matches = process.extract(
                word, bucket, scorer=OSA.distance, score_cutoff=budget, limit=None
            )
            for candidate, distance, _ in matches:
                if distance > 0:
                    closeness = 1.0 - distance / max(len(word), len(candidate))
                    # A second slip is much rarer than one: a word two edits away is a
                    # worse guess at what was meant than the letters alone would say.
                    further = _FURTHER_EDIT * (distance - 1)
                    found[candidate] = FUZZY_FLOOR + FUZZY_SPAN * closeness - further
        return found


#: The length of a word too short for a typo budget whose dropped letter is still found.
_SHORT = 3

#: How much lower a typo neighbour ranks for each edit past the first.
_FURTHER_EDIT = 0.08

#: How much lower a word found through the singular of a typed plural ranks.
_SINGULAR_PENALTY = 0.02


def _singulars(word: str) -> list[str]:
    """The singulars a typed word of five letters or more may be the plural of ('studies':
    'study'; 'boxes': 'boxe', 'box'; 'bloms': 'blom'); none for 'glass' or 'analysis'."""
    if (
        len(word) < 5
        or not word.isalpha()
        or not word.endswith("s")
        or word.endswith(("ss", "is", "us"))
    ):
        return []
    if word.endswith("ies"):
        return [word[:-3] + "y"]
    if word.endswith("es"):
        return [word[:-1], word[:-2]]
    return [word[:-1]]


#: Up to this many new words are put in place one by one; more are sorted in together.
_INSERT_AT_MOST = 64


def _increment(counts: dict[str, int], word: str) -> bool:
    """Count `word` once more; True when it is new."""
    count = counts.get(word, 0)
    counts[word] = count + 1
    return count == 0


def _decrement(counts: dict[str, int], word: str) -> bool:
    """Count `word` once less; True when that was its last count (it is then dropped)."""
    count = counts.get(word, 0)
    if count > 1:
        counts[word] = count - 1
        return False
    if count == 0:
        return False
    del counts[word]
    return True
