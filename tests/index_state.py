"""What a search index holds, as plain values two indexes can be compared by."""

from __future__ import annotations

from desktop.core.search.index import SearchIndex


def index_state(index: SearchIndex) -> tuple[object, ...]:
    """Papers' entries, every field's words with their papers, years, title lengths and the
    vocabulary's counts; lists as plain lists (each is kept sorted)."""
    words = {
        field: {word: list(held.get(word) or ()) for word in held.words()}
        for field, held in index._postings.items()
    }
    years = {year: list(ids) for year, ids in index._years.items()}
    lengths = {length: list(ids) for length, ids in index._by_title_length.items()}
    return index._entries, words, years, lengths, index._vocabulary._counts
