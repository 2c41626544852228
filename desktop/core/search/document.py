"""What the search index knows of a paper, and how it keeps it in memory.

Only short fields are held (title, people, venue, labels); abstracts and notes stay in the
database and are reached through the full-text callback, so 100k papers fit in ~65 MB.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from desktop.core import cjk, folding
from desktop.core.search import pinyin

#: Fields that a free word (no qualifier) is looked up in.
FREE_FIELDS = ("title", "author", "venue", "topic", "tag", "keyword", "citekey", "doi")
# A word built of parts joined by a hyphen, slash or dot ("Q-learning", "TD(0)/MC").
_JOINED = re.compile(r"\w[-‐/.]\w")

#: Fields of identifiers: matched by exact word or long prefix, never by typo.
IDENTIFIER_FIELDS = ("citekey", "doi")
#: Readings of Chinese titles and names (see `pinyin`), looked up for free, `title:` and
#: `author:` words that are pinyin; matched whole, never by typo.
PINYIN_FIELDS = {"title": "title_pinyin", "author": "author_pinyin"}
#: Fields whose words are left out of typo matching.
NO_TYPO_FIELDS = (*IDENTIFIER_FIELDS, *PINYIN_FIELDS.values())
#: Every field the index holds words for.
INDEXED_FIELDS = (*FREE_FIELDS, "list", "status", *PINYIN_FIELDS.values())


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
    keywords: Sequence[str] = ()


#: A document's labels: given to many papers at once (a tag, a list, a status), and read
#: again alone when only they changed. A status is one label; the others are sequences.
LABELS = ("tags", "lists", "status", "keywords")


class Entry(NamedTuple):
    """The folded form of a `SearchDocument`, kept per paper.

    A tuple of strings and numbers, so that the garbage collector stops tracking it (100k
    tracked objects made each full collection pause searching for ~100 ms). Strings of
    names, venues and labels are interned: held once however many papers name them.
    """

    title: str
    #: Joined forms of hyphenated title words ("qlearning"), or "".
    title_compounds: str
    #: One "given|family" string per person, folded.
    authors: tuple[str, ...]
    year: int | None
    venue: str
    topic: str
    tags: tuple[str, ...]
    lists: tuple[str, ...]
    status: str
    doi: str
    citekey: str
    #: The reading of a Chinese title, its syllables in order (`pinyin.reading`), or "".
    title_pinyin: str
    #: The pinyin words of the people with Chinese names, or "".
    authors_pinyin: str
    #: The paper's keywords (not its tags), folded.
    keywords: tuple[str, ...] = ()

    @classmethod
    def of(cls, doc: SearchDocument, fold: Callable[[str], str] | None = None) -> Entry:
        """The entry of `doc`; `fold` folds names, venues and labels like `fold_short`
        (building passes a caching one)."""
        fold_short_text = fold or fold_short
        title = folding.for_search(doc.title)
        authors = tuple(map(fold_short_text, map("|".join, doc.authors)))
        return cls(
            title=title,
            title_compounds=(
                " ".join(folding.search_compounds(doc.title)) if _JOINED.search(doc.title) else ""
            ),
            authors=authors,
            year=doc.year,
            venue=fold_short_text(doc.venue),
            topic=fold_short_text(doc.topic),
            tags=tuple(map(fold_short_text, doc.tags)),
            lists=tuple(map(fold_short_text, doc.lists)),
            status=fold_short_text(doc.status),
            doi=folding.for_search(doc.doi) if doc.doi else "",
            citekey=folding.for_search(doc.citekey) if doc.citekey else "",
            title_pinyin=" ".join(pinyin.reading(title)) if cjk.has_han(title) else "",
            authors_pinyin=_names_pinyin(authors),
            keywords=tuple(map(fold_short_text, doc.keywords)),
        )

    def people(self) -> list[tuple[list[str], list[str]]]:
        """(given words, family words) for each person, in order."""
        split = []
        for name in self.authors:
            given, _, family = name.partition("|")
            split.append((given.split(), family.split()))
        return split

    def words_of(self, field: str) -> list[str]:
        """The words indexed under `field` (the index and the ranking both read this)."""
        if field == "title":
            words = self.title.split()
            if not self.title.isascii():
                words = cjk.with_bigrams(words)
            if self.title_compounds:
                return words + self.title_compounds.split()
            return words
        if field == "title_pinyin":
            return pinyin.with_pairs(self.title_pinyin.split())
        if field == "author_pinyin":
            return self.authors_pinyin.split()
        if field == "author":
            return author_words(self.people())
        if field in ("tag", "list", "keyword"):
            return label_words(self._labels(field))
        text: str = getattr(self, field)
        return text_words(text) if text else []

    def all_words(
        self, words_of_name: Callable[[str], list[str]] | None = None
    ) -> list[tuple[str, Collection[str]]]:
        """(field, distinct words) for every field that has words; `words_of_name` splits a
        "given|family" name like `name_words` (building passes a caching one)."""
        found: list[tuple[str, Collection[str]]] = []
        if self.title:
            found.append(("title", set(self.words_of("title"))))
        if self.authors:
            split = words_of_name or name_words
            people: set[str] = set()
            for name in self.authors:
                people.update(split(name))
            found.append(("author", people))
        for field in ("venue", "topic", "citekey", "doi", "status"):
            text: str = getattr(self, field)
            if text:
                found.append((field, set(text_words(text))))
        for field in ("tag", "list", "keyword") if self.tags or self.lists or self.keywords else ():
            words = self.words_of(field)
            if words:
                found.append((field, set(words)))
        if self.title_pinyin:
            found.append(("title_pinyin", set(pinyin.with_pairs(self.title_pinyin.split()))))
        if self.authors_pinyin:
            found.append(("author_pinyin", set(self.authors_pinyin.split())))
        return found

    def field_texts(self, field: str) -> list[str]:
        """The folded texts of a field, for phrase matching; people read both ways round."""
        if field == "title":
            return [self.title]
        if field == "author":
            texts = []
            for given, family in self.people():
                texts.append(" ".join(given + family))
                texts.append(" ".join(family + given))
                if _is_cjk_name(family, given):
                    texts.append("".join(family + given))  # 张三, as Chinese names are written
            return texts
        if field in ("tag", "list", "keyword"):
            return list(self._labels(field))
        return [getattr(self, field)]

    def _labels(self, field: str) -> tuple[str, ...]:
        return {"tag": self.tags, "list": self.lists}.get(field, self.keywords)


def folded_label(
    name: str, value: str | Sequence[str], fold: Callable[[str], str] | None = None
) -> str | tuple[str, ...]:
    """A label (`name` one of `LABELS`, `value` as a document holds it) as `Entry.of`
    folds it; `fold` folds like `fold_short` (a caching one, for many papers)."""
    fold_short_text = fold or fold_short
    if name == "status":
        assert isinstance(value, str)
        return fold_short_text(value)
    if name not in LABELS:
        raise ValueError(f"{name!r} is not a label")
    return tuple(map(fold_short_text, value))


def label_words(folded: str | tuple[str, ...]) -> list[str]:
    """The words a folded label puts in the index: a status's, or every one of a
    sequence's labels' (tags, lists, keywords)."""
    if isinstance(folded, str):
        return text_words(folded) if folded else []
    return [word for label in folded for word in text_words(label)]


def fold_short(text: str) -> str:
    """Fold a venue, a label or a "given|family" name (the bar is kept), interned."""
    if "|" in text:
        given, _, family = text.partition("|")
        return sys.intern(f"{folding.for_search(given)}|{folding.for_search(family)}")
    return sys.intern(folding.for_search(text))


def caching_fold_short() -> Callable[[str], str]:
    """A `fold_short` that remembers its answers, for building: the same people and venues
    come back paper after paper."""
    cache: dict[str, str] = {}

    def fold(text: str) -> str:
        folded = cache.get(text)
        if folded is None:
            folded = cache[text] = fold_short(text)
        return folded

    return fold


def name_words(name: str) -> list[str]:
    """The words of one "given|family" name, with multi-word parts also joined."""
    given, _, family = name.partition("|")
    return person_words(given.split(), family.split())


def person_words(given: list[str], family: list[str]) -> list[str]:
    """The words of one person: given and family words, multi-word parts also joined; a
    name in CJK characters also as its bigrams read family name first (张 + 三 -> 张三)."""
    found = with_joined(given) + with_joined(family)
    if _is_cjk_name(family, given):
        found = cjk.with_bigrams([*found, "".join(family + given)])
    return found


def _is_cjk_name(family: list[str], given: list[str]) -> bool:
    # Most names are ASCII: one test of the whole name spares a call per word (this runs
    # for every candidate a query ranks).
    if "".join(family + given).isascii():
        return False
    return any(cjk.is_run(word) for word in (*family, *given))


def text_words(text: str) -> list[str]:
    """The words of a venue, topic, label or identifier: multi-word ones also joined, CJK
    runs as their bigrams."""
    words = with_joined(text.split())
    return words if text.isascii() else cjk.with_bigrams(words)


def _names_pinyin(authors: tuple[str, ...]) -> str:
    """The pinyin words of the folded "given|family" names that are Chinese."""
    if "".join(authors).isascii():  # most papers: one test, not one a name
        return ""
    found: list[str] = []
    for name in authors:
        if cjk.has_han(name):
            given, _, family = name.partition("|")
            found += pinyin.name_words(family, given)
    return " ".join(dict.fromkeys(found))


def caching_name_words() -> Callable[[str], list[str]]:
    """A `name_words` that remembers its answers, for building."""
    cache: dict[str, list[str]] = {}

    def split(name: str) -> list[str]:
        words = cache.get(name)
        if words is None:
            words = cache[name] = name_words(name)
        return words

    return split


def author_words(people: list[tuple[list[str], list[str]]]) -> list[str]:
    """Every given and family word of the people, with multi-word names also joined."""
    found: list[str] = []
    for given, family in people:
        # `person_words` written out for the usual name, in ASCII (ranking splits the names
        # of every paper it ranks: a call per person cost 120 papers 0.4 ms).
        given_joined, family_joined = "".join(given), "".join(family)
        if given_joined.isascii() and family_joined.isascii():
            found += given
            if len(given) > 1:
                found.append(given_joined)
            found += family
            if len(family) > 1:
                found.append(family_joined)
        else:
            found += person_words(given, family)
    return found


def with_joined(words: list[str]) -> list[str]:
    """The words plus, when there are several, all of them joined (`van der maaten` ->
    `vandermaaten`), so that spacing and hyphens do not matter."""
    if len(words) > 1:
        return [*words, "".join(words)]
    return words


class FieldWords(dict[str, list[str]]):
    """An entry's words by field, each field split only when first asked for."""

    def __init__(self, entry: Entry) -> None:
        super().__init__()
        self._entry = entry
        self._people: list[tuple[list[str], list[str]]] | None = None
        # The names written one after another without spaces, once asked for.
        self._run_together: str | None = None

    def people(self) -> list[tuple[list[str], list[str]]]:
        """The entry's people, split once."""
        if self._people is None:
            self._people = self._entry.people()
        return self._people

    def people_may_hold(self, words: re.Pattern[str]) -> bool:
        """Whether one of the people's words may be one that `words` finds: False only when
        none is. Told without splitting the names when they are in ASCII: every word of
        such a name, and its words joined (`author_words`), is a part of the names written
        one after another without spaces. (A Chinese name also stands for its characters
        read family name first, which is not.)"""
        if "author" in self:
            return True  # split already: its words tell exactly
        if self._run_together is None:
            names = "|".join(self._entry.authors)
            if not names.isascii():
                return True
            self._run_together = "".join(names.split())
        return words.search(self._run_together) is not None

    def __missing__(self, field: str) -> list[str]:
        if field == "author":
            words = self[field] = author_words(self.people())
        else:
            words = self[field] = self._entry.words_of(field)
        return words
