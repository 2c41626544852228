"""Which papers hold each word of one field: the index's inverted lists.

Lists are compact arrays of 4-byte ids (a Python set costs ~55 bytes an id, which at 100k
papers would be ~100 MB on its own), and a word of a single paper (most citation keys)
holds the bare id: fewer objects for the garbage collector to walk. Searching reads lists
with set methods that accept any iterable (`candidates.intersection(ids)`).
"""

from __future__ import annotations

import contextlib
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

        A paper may be listed more than once (once per such word): joining whole arrays is
        a copy in C, where removing duplicates would walk every id in Python.
        """
        ids = self._initials.get(letter)
        if ids is None:
            ids = array("i")
            for word in words:
                posted = self._ids.get(word)
                if posted is None:
                    continue
                if isinstance(posted, int):
                    ids.append(posted)
                else:
                    ids.extend(posted)
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
                lists[word] = array("i", (posted, doc_id))
            else:
                posted.append(doc_id)
        self._forget_initials(words)
        return new

    def remove(self, doc_id: int, words: Collection[str]) -> list[str]:
        """Take `doc_id` off all of its `words` (the paper leaves the field); return the
        words left with no paper (they are dropped)."""
        gone = [word for word in words if self._take(word, doc_id)]
        self._forget_initials(words)
        return gone

    def _forget_initials(self, words: Collection[str]) -> None:
        if self._initials:
            for word in words:
                self._initials.pop(word[0], None)

    def _take(self, word: str, doc_id: int) -> bool:
        """Remove `doc_id` from `word`; True when that leaves the word with no paper."""
        posted = self._ids.get(word)
        if posted is None:
            return False
        if isinstance(posted, int):
            if posted != doc_id:
                return False
            del self._ids[word]
            return True
        with contextlib.suppress(ValueError):
            posted.remove(doc_id)
        if posted:
            return False
        del self._ids[word]
        return True
