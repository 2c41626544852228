"""Which papers hold each word of one field: the index's inverted lists.

Lists are compact arrays of 4-byte ids (a Python set costs ~55 bytes an id, which at 100k
papers would be ~100 MB on its own), and a word of a single paper (most citation keys)
holds the bare id: fewer objects for the garbage collector to walk. Searching reads lists
with set methods that accept any iterable (`candidates.intersection(ids)`), and every
array is kept sorted, so that a few candidates are looked up in a long list by bisection
(`common`) instead of reading all of it.
"""

from __future__ import annotations

import bisect
import itertools
from array import array
from collections.abc import Collection, Iterable, KeysView
from typing import TypeAlias

#: The papers of one word: one id, or an array of them.
Posted: TypeAlias = "int | array[int]"


class Postings:
    """Word -> ids of the papers holding it, for one field.

    Papers are also listed under the first letter of their words, so that a one-letter
    prefix (the first key typed, an initial) reads one list rather than thousands. Those
    lists are made when a letter is asked for, and dropped when a paper with a word of
    that letter comes or goes (making one again takes a few milliseconds; keeping it up to
    date would cost every update a walk through it).
    """

    def __init__(self) -> None:
        self._ids: dict[str, Posted] = {}
        self._initials: dict[str, array[int]] = {}

    def __len__(self) -> int:
        return len(self._ids)

    def words(self) -> KeysView[str]:
        return self._ids.keys()

    def get(self, word: str) -> Collection[int] | None:
        posted = self._ids.get(word)
        return (posted,) if isinstance(posted, int) else posted

    def starting_with(self, letter: str, words: Iterable[str]) -> array[int]:
        """Papers with a word starting with `letter`; `words` are the indexed words that do
        (from the vocabulary, to avoid scanning this field's every word).

        Sorted, each paper once (made once per change of the letter's words: ~15 ms for a
        common letter at 100k papers).
        """
        ids = self._initials.get(letter)
        if ids is None:
            gathered = array("i")
            for word in words:
                posted = self._ids.get(word)
                if posted is None:
                    continue
                if isinstance(posted, int):
                    gathered.append(posted)
                else:
                    gathered.extend(posted)
            ids = array("i", sorted(set(gathered)))
            self._initials[letter] = ids
        return ids

    def add(self, doc_id: int, words: Collection[str]) -> list[str]:
        """Post `doc_id` under each of its distinct `words`; return those new to the field."""
        new = []
        lists = self._ids
        for word in words:
            posted = lists.get(word)
            if posted is None:
                lists[word] = doc_id
                new.append(word)
            elif isinstance(posted, int):
                lists[word] = array("i", sorted((posted, doc_id)))
            else:
                add_sorted(posted, doc_id)
        self._forget_initials(words)
        return new

    def add_many(self, posted: dict[str, list[int]]) -> list[str]:
        """Post many papers: `posted` gives each word's ids in ascending order, none of them
        under the word yet. Return the words new to the field."""
        new = []
        lists = self._ids
        for word, ids in posted.items():
            held = lists.get(word)
            if held is None:
                lists[word] = ids[0] if len(ids) == 1 else array("i", ids)
                new.append(word)
            elif isinstance(held, int):
                lists[word] = array("i", sorted((held, *ids)))
            elif ids[0] > held[-1]:
                held.extend(ids)  # papers come in id order: the common case of an import
            elif len(ids) <= _ONE_BY_ONE_AT_MOST:
                for doc_id in ids:
                    add_sorted(held, doc_id)
            else:  # many papers among those held (a status given to all): merged once
                held[:] = array("i", sorted(itertools.chain(held, ids)))
        self._forget_initials(posted.keys())
        return new

    def remove_many(self, posted: dict[str, list[int]]) -> list[str]:
        """Take papers off words: `posted` gives each word's ids in ascending order. Return
        the words left with no paper (they are dropped)."""
        gone = []
        lists = self._ids
        for word, ids in posted.items():
            held = lists.get(word)
            if held is None:
                continue
            if isinstance(held, int):
                if held not in ids:
                    continue
            else:
                take_sorted(held, ids)
                if held:
                    continue
            del lists[word]
            gone.append(word)
        self._forget_initials(posted.keys())
        return gone

    def _forget_initials(self, words: Collection[str]) -> None:
        if self._initials:
            for word in words:
                self._initials.pop(word[0], None)


#: Up to this many papers are put on (or taken off) a long list one at a time; more, and
#: the list is made again once with them.
_ONE_BY_ONE_AT_MOST = 8
#: A sorted list this many times longer than the candidates is probed for each of them (a
#: bisection each) rather than read through (an intersection reads every id in it).
PROBE_FROM = 32


def take_sorted(held: array[int], ids: list[int]) -> None:
    """Take `ids` (ascending) out of the sorted `held`, those it holds: a few found by
    bisection, many in one pass through it (taking 20k papers off a word one by one, each
    a pass, took most of 45 s)."""
    if len(ids) <= _ONE_BY_ONE_AT_MOST:
        for doc_id in ids:
            at = bisect.bisect_left(held, doc_id)
            if at < len(held) and held[at] == doc_id:
                del held[at]
        return
    leaving = set(ids)
    held[:] = array("i", [doc_id for doc_id in held if doc_id not in leaving])


def add_sorted(ids: array[int], doc_id: int) -> None:
    """Put `doc_id` into the sorted `ids`, keeping them sorted."""
    if not ids or doc_id > ids[-1]:
        ids.append(doc_id)  # papers come in id order, but for one edited again
    else:
        bisect.insort(ids, doc_id)


def common(candidates: set[int], ids: Collection[int]) -> set[int]:
    """The candidates that `ids` (a sorted array of a list, or any collection) hold."""
    if isinstance(ids, array) and len(ids) > PROBE_FROM * len(candidates):
        # A bisection each, written out: a function call per candidate cost as much.
        end, find = len(ids), bisect.bisect_left
        return {d for d in candidates if (at := find(ids, d)) < end and ids[at] == d}
    return candidates.intersection(ids)


def common_cost(candidates: int, ids: Collection[int]) -> int:
    """About what `common` costs for that many candidates, in ids read: a sorted array far
    longer than them is probed (a bisection costs about PROBE_FROM ids), a set is probed
    for each of the fewer of the two, anything else read through."""
    if isinstance(ids, array):
        return min(len(ids), PROBE_FROM * candidates)
    if isinstance(ids, (set, frozenset)):
        return min(len(ids), candidates)
    return len(ids)
