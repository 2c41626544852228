"""What the search index knows of a paper, and how it keeps it in memory.

Only short fields are held (title, people, venue, labels); abstracts and notes stay in the
database and are reached through the full-text callback, so 100k papers fit in ~100 MB.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from desktop.core.search import normalize

#: Fields that a free word (no qualifier) is looked up in.
FREE_FIELDS = ("title", "author", "venue", "topic", "tag", "citekey", "doi")
#: Every field the index holds words for.
INDEXED_FIELDS = (*FREE_FIELDS, "list", "status")


@dataclass(frozen=True)
class SearchDocument:
    """A paper as handed to the index by the library.

    `authors` holds (given, family) pairs; a particle belongs to the family name
    ("Laurens", "van der Maaten"), and a name with a single part goes in family.
    """

    id: int
    title: str = ""
    authors: Sequence[tuple[str, str]] = ()
    year: int | None = None
    venue: str = ""
    topic: str = ""
    tags: Sequence[str] = ()
    lists: Sequence[str] = ()
    status: str = ""
    doi: str = ""
    citekey: str = ""


class Entry:
    """The folded form of a `SearchDocument`, kept per paper; strings are interned so that
    the same venue or person is held once however many papers name it."""

    __slots__ = (
        "authors",
        "citekey",
        "doi",
        "lists",
        "status",
        "tags",
        "title",
        "title_compounds",
        "topic",
        "venue",
        "year",
    )

    def __init__(self, doc: SearchDocument) -> None:
        intern = sys.intern
        self.title = normalize.fold(doc.title)
        self.title_compounds = (
            " ".join(normalize.compounds(doc.title)) if _has_joiner(doc.title) else ""
        )
        #: One "given|family" string per person, folded.
        self.authors = tuple(
            intern(f"{normalize.fold(given)}|{normalize.fold(family)}")
            for given, family in doc.authors
        )
        self.year = doc.year
        self.venue = intern(normalize.fold(doc.venue))
        self.topic = intern(normalize.fold(doc.topic))
        self.tags = tuple(intern(normalize.fold(tag)) for tag in doc.tags)
        self.lists = tuple(intern(normalize.fold(name)) for name in doc.lists)
        self.status = intern(normalize.fold(doc.status))
        self.doi = normalize.fold(doc.doi)
        self.citekey = normalize.fold(doc.citekey)

    def people(self) -> list[tuple[list[str], list[str]]]:
        """(given words, family words) for each person, in order."""
        split = []
        for name in self.authors:
            given, _, family = name.partition("|")
            split.append((given.split(), family.split()))
        return split

    def field_words(self) -> dict[str, list[str]]:
        """The words indexed under each field (the index and the ranking both read this)."""
        author_words: list[str] = []
        for given, family in self.people():
            author_words.extend(with_joined(given))
            author_words.extend(with_joined(family))
        return {
            "title": self.title.split() + self.title_compounds.split(),
            "author": author_words,
            "venue": self.venue.split(),
            "topic": self.topic.split(),
            "tag": [w for tag in self.tags for w in with_joined(tag.split())],
            "citekey": with_joined(self.citekey.split()),
            "doi": with_joined(self.doi.split()),
            "list": [w for name in self.lists for w in with_joined(name.split())],
            "status": with_joined(self.status.split()),
        }

    def field_texts(self, field: str) -> list[str]:
        """The folded texts of a field, for phrase matching; people read both ways round."""
        if field == "title":
            return [self.title]
        if field == "author":
            texts = []
            for given, family in self.people():
                texts.append(" ".join(given + family))
                texts.append(" ".join(family + given))
            return texts
        if field in ("tag", "list"):
            return list(self.tags if field == "tag" else self.lists)
        return [getattr(self, field)]


def _has_joiner(text: str) -> bool:
    """True when some word of `text` is built of parts joined by a hyphen, slash or dot."""
    return any(mark in text for mark in "-‐/.")


def with_joined(words: list[str]) -> list[str]:
    """The words plus, when there are several, all of them joined (`van der maaten` ->
    `vandermaaten`), so that spacing and hyphens do not matter."""
    if len(words) > 1:
        return [*words, "".join(words)]
    return words
