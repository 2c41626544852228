"""The index's held ids narrow a long list of ids as the index's own dict would."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.core.search import held
from desktop.core.search.held import HeldIds

# Papers taken in (a batch of ids) or one removed, then a list of ids narrowed.
_steps = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.lists(st.integers(1, 60), max_size=8)),
        st.tuples(st.just("add"), st.lists(st.integers(1, 5_000), max_size=2)),
        st.tuples(st.just("remove"), st.lists(st.integers(1, 60), min_size=1, max_size=1)),
        st.tuples(st.just("narrow"), st.lists(st.integers(-3, 70), max_size=40)),
    ),
    max_size=40,
)


@pytest.mark.parametrize("gaps_at_least", [0, 8, 4_096])
# The bound patched is the same for every example: the fixture need not be reset.
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=_steps)
def test_narrowing_gives_the_ids_the_dict_holds(
    steps: list[tuple[str, list[int]]], gaps_at_least: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A small bound makes the gaps overflow, be forgotten and be found again.
    monkeypatch.setattr(held, "_GAPS_AT_LEAST", gaps_at_least)
    entries: dict[int, None] = {}
    ids = HeldIds(entries.keys())
    for step, argument in steps:
        if step == "add":
            added = sorted(set(argument))
            entries.update(dict.fromkeys(added))
            ids.added_many(added)
        elif step == "remove":
            (gone,) = argument
            if gone in entries:
                del entries[gone]
                ids.removed(gone)
        else:
            # Full text gives only ids from 1 to the highest held (those past it are dropped).
            # Every id up to the highest (as a common word lists), and a few of them.
            every = list(range(1, ids.highest + 1))
            some = [i for i in argument if 1 <= i <= ids.highest]
            for listed in (every, some):
                assert ids.narrow_at_most_highest(listed) == set(listed) & entries.keys()
            assert ids.narrow(argument) == set(argument) & entries.keys()
        assert ids.highest >= max(entries, default=0)


def test_the_trash_and_ids_past_the_highest_are_not_given() -> None:
    entries = dict.fromkeys([1, 2, 3, 5, 8])
    ids = HeldIds(entries.keys())
    ids.added_many(sorted(entries))
    del entries[2]
    ids.removed(2)  # trashed
    assert ids.highest == 8
    assert ids.narrow_at_most_highest([1, 2, 3, 4, 5, 6, 7, 8]) == {1, 3, 5, 8}
