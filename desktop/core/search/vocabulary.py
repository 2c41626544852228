"""The distinct words of an index, and what a typed word may stand for among them.

A typed word expands to the indexed words it could mean: itself (exact), words it begins
(prefix, for half-typed words and initials) and words a typo or two away (fuzzy). Only
this small vocabulary is ever compared with rapidfuzz, never whole titles.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import OSA

#: Match quality of each kind; every prefix outranks every fuzzy match.
EXACT = 1.0
PREFIX_FLOOR, PREFIX_SPAN = 0.8, 0.15
FUZZY_FLOOR, FUZZY_SPAN = 0.5, 0.25

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
    """Counts of indexed words, sorted for prefix lookup and bucketed by length for typos."""

    def __init__(self) -> None:
        self._counts: dict[str, int] = {}
        self._sorted: list[str] = []
        self._by_length: dict[int, list[str]] = {}
        self._cache: dict[tuple[str, bool, bool], Expansion] = {}

    def __len__(self) -> int:
        return len(self._counts)

    def __contains__(self, word: object) -> bool:
        return word in self._counts

    def load(self, counts: dict[str, int]) -> None:
        """Replace the whole vocabulary at once (building is faster than adding one by one)."""
        self._counts = counts
        self._sorted = sorted(counts)
        self._by_length = {}
        for word in self._sorted:
            self._by_length.setdefault(len(word), []).append(word)
        self._cache.clear()

    def add(self, word: str) -> None:
        """Count one more use of `word`."""
        count = self._counts.get(word, 0)
        self._counts[word] = count + 1
        if count == 0:
            bisect.insort(self._sorted, word)
            self._by_length.setdefault(len(word), []).append(word)
            self._cache.clear()

    def discard(self, word: str) -> None:
        """Count one use of `word` less; forget it when no use is left."""
        count = self._counts.get(word, 0)
        if count > 1:
            self._counts[word] = count - 1
            return
        if count == 0:
            return
        del self._counts[word]
        index = bisect.bisect_left(self._sorted, word)
        del self._sorted[index]
        self._by_length[len(word)].remove(word)
        self._cache.clear()

    def expand(self, word: str, *, prefix: bool = True, fuzzy: bool = True) -> Expansion:
        """What `word` may stand for: exact, then prefix completions, then typo neighbours."""
        key = (word, prefix, fuzzy)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        quality: dict[str, float] = {}
        if fuzzy:
            quality.update(self._neighbours(word))
        if prefix:
            quality.update(self._completions(word))
        if word in self._counts:
            quality[word] = EXACT
        ranked = tuple(sorted(quality, key=lambda w: (-quality[w], w)))
        expansion = Expansion(word, quality, ranked)
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()
        self._cache[key] = expansion
        return expansion

    def _completions(self, word: str) -> dict[str, float]:
        """Indexed words that begin with `word` (longer ones, closer ones score higher)."""
        start = bisect.bisect_left(self._sorted, word)
        end = bisect.bisect_left(self._sorted, word + "\U0010ffff", start)
        size = len(word)
        found = {
            candidate: PREFIX_FLOOR + PREFIX_SPAN * size / len(candidate)
            for candidate in self._sorted[start:end]
        }
        found.pop(word, None)
        return found

    def _neighbours(self, word: str) -> dict[str, float]:
        """Indexed words within `typo_budget(word)` edits (a swap of two letters is one edit)."""
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
                    found[candidate] = FUZZY_FLOOR + FUZZY_SPAN * closeness
        return found
