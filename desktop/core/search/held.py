"""The ids of the papers a search index holds, kept so that a long list of ids is cheap to
narrow to them.

A common word's full-text answer lists tens of thousands of papers, a few of which the
index may not hold (in the trash, or written by another program and not indexed yet).
Looking each id up in the index's dict cost 3 ms for 27k ids at 100k papers: the ids are
scattered over the dict's memory. Making a set of the ids and taking away the few the
index lacks below its highest costs a quarter of that.
"""

from __future__ import annotations

from collections.abc import Iterable, KeysView

#: The gaps (ids below the highest held that the index lacks) are kept while there are at
#: most this many, or a quarter of the papers held if more (a library with many papers
#: deleted narrows the old way: id by id).
_GAPS_AT_LEAST = 4_096


class HeldIds:
    """The index's paper ids (`held`, its dict's live keys), with the highest held so far
    and the ids below it not held (the gaps), kept as papers are added and removed."""

    def __init__(self, held: KeysView[int]) -> None:
        self._held = held
        self._top = 0
        # The ids from 1 to `_top` not held: as many as `_top - len(held)`, known while that
        # is few (None past it, until found again by `_known_gaps`).
        self._gaps: set[int] | None = set()

    def added_many(self, ids: list[int]) -> None:
        """These papers (ascending ids) are now held."""
        if not ids:
            return
        top = max(self._top, ids[-1])
        if self._gaps is not None:
            if top - len(self._held) > self._gaps_at_most():
                self._gaps = None
            else:
                self._gaps.update(range(self._top + 1, top + 1))
                self._gaps.difference_update(ids)
        self._top = top

    def removed(self, doc_id: int) -> None:
        """A paper is no longer held."""
        if self._gaps is not None:
            if self._top - len(self._held) > self._gaps_at_most():
                self._gaps = None
            else:
                self._gaps.add(doc_id)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._held

    def narrow(self, ids: Iterable[int]) -> set[int]:
        """Those of `ids` the index holds."""
        return self._held & ids

    @property
    def highest(self) -> int:
        """The highest id held so far (0 when none was)."""
        return self._top

    def narrow_at_most_highest(self, listed: list[int]) -> set[int]:
        """Those of `listed` the index holds, when all are from 1 to `highest`."""
        gaps = self._known_gaps()
        if gaps is None or len(gaps) > len(listed):
            return self.narrow(listed)
        found = set(listed)
        found -= gaps
        return found

    def _gaps_at_most(self) -> int:
        return max(_GAPS_AT_LEAST, len(self._held) // 4)

    def _known_gaps(self) -> set[int] | None:
        """The gaps, found again when they were forgotten and are now few."""
        if self._gaps is None and self._top - len(self._held) <= self._gaps_at_most():
            self._gaps = set(range(1, self._top + 1)).difference(self._held)
        return self._gaps
