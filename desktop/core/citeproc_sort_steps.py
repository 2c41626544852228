"""citeproc-py's sort of a bibliography, worked out in steps that a Cancel can stop.

Before sorting, citeproc-py (0.11) works out every item's sort keys, which for APA takes
about a millisecond an item: two minutes for 100k papers, with no way in for progress or a
Cancel. Each item's keys depend on that item alone, so they are worked out a chunk of items
at a time, and whoever formats hears between chunks (and may raise to stop). The keys, and
so the order, are those citeproc-py works out for all the items at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

#: Items whose sort keys are worked out between two calls of the listener.
CHUNK = 200

#: citeproc-py's own `Key.sort_keys`, kept so that tests can compare with it.
uncorrected: Any = None

# The listener of the sort running on this thread (citing formats one bibliography at a
# time, but the preview and an export may each be on a thread of their own).
_listening = threading.local()


def install() -> None:
    """Work out citeproc-py's sort keys in chunks (`citing` does it once per process)."""
    global uncorrected
    from citeproc import model

    uncorrected = model.Key.sort_keys
    model.Key.sort_keys = _sort_keys


@contextmanager
def heard_by(between: Callable[[], None]) -> Iterator[None]:
    """While inside, `between()` is called between the chunks of sort keys this thread
    works out; what it raises stops the sort."""
    _listening.between = between
    try:
        yield
    finally:
        _listening.between = None


def _sort_keys(key: Any, items: list[Any], context: Any) -> list[Any]:
    between = getattr(_listening, "between", None)
    if between is None:
        return list(uncorrected(key, items, context))
    keys: list[Any] = list(uncorrected(key, items[:CHUNK], context))
    # Heard after the first chunk only: a short list is sorted as before, unheard.
    for start in range(CHUNK, len(items), CHUNK):
        between()
        keys += uncorrected(key, items[start : start + CHUNK], context)
    return keys
