"""The records that format modules read and write: plain data, no database.

Every importer turns text into `Record`s plus a list of `Problem`s; every exporter turns
`Record`s back into text. `Library` maps records to and from the database tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from desktop.core.formats import cjk_names

#: Fields a `Record` models directly; anything else read from a file goes to `Record.extra`.
MODELLED_FIELDS = (
    "title",
    "abstract",
    "journal",
    "booktitle",
    "publisher",
    "volume",
    "number",
    "pages",
    "doi",
    "arxiv_id",
    "url",
    "topic",
)


@dataclass
class Person:
    """One author or editor, split the way BibTeX splits names."""

    given: str = ""
    family: str = ""
    von: str = ""
    jr: str = ""
    #: The name exactly as written in the source ("Levine, Sergey", "{\\'E}mile Zola").
    as_written: str = ""

    def display(self) -> str:
        """'Given von Family, Jr' for people to read; a CJK name family first ('张三')."""
        cjk = self.family_first()
        if cjk is not None:
            return "".join(cjk)
        if self.given and not (self.von or self.jr) and cjk_names.has_cjk(self.family):
            return f"{self.family} {self.given}"  # `昂温 S.`: a CJK family name leads
        main = " ".join(part for part in (self.given, self.von, self.family) if part)
        return f"{main}, {self.jr}" if self.jr else main or self.as_written

    def family_first(self) -> tuple[str, str] | None:
        """(family, given) when this is a name in CJK letters, read as its readers read it
        (`张三` -> 张, 三; `田中 太郎` -> 田中, 太郎); None for any other name."""
        if self.von or self.jr:
            return None
        return cjk_names.family_first(
            given=self.given, family=self.family, as_written=self.as_written
        )

    def with_cjk_split(self) -> Person:
        """This person with a CJK name's family and given names told apart, for writers
        that carry the split (CSL-JSON, RIS, BibTeX); the same object for any other name."""
        cjk = self.family_first()
        if cjk is None or cjk == (self.family, self.given):
            return self
        return replace(self, family=cjk[0], given=cjk[1])

    def short(self) -> str:
        """How a short author list names this person: the family name ('Levine'), a CJK
        name whole ('张三', as Chinese lists name people), or the name as written."""
        if self.family_first() is not None:
            return self.display()
        return self.family or self.as_written


@dataclass
class Record:
    """One bibliographic entry as read from (or written to) a file.

    Text fields hold Unicode for display and search. When the source wrote a field in
    LaTeX, the original is kept in `latex` under the same field name, so an export can
    give it back unchanged.
    """

    entry_type: str = "article"
    citekey: str | None = None
    title: str = ""
    abstract: str = ""
    year: int | None = None
    month: int | None = None
    journal: str = ""
    booktitle: str = ""
    publisher: str = ""
    volume: str = ""
    number: str = ""
    pages: str = ""
    doi: str = ""
    arxiv_id: str = ""
    url: str = ""
    topic: str = ""
    authors: list[Person] = field(default_factory=list)
    editors: list[Person] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    #: Fields we do not model, verbatim as the source wrote them (lower-case names).
    extra: dict[str, str] = field(default_factory=dict)
    #: Original LaTeX source of fields whose Unicode value differs from it.
    latex: dict[str, str] = field(default_factory=dict)
    #: Where the entry started in its source (1-based line), when known.
    line: int | None = None
    #: The name of the file it was read from, when several are read as one (BibTeX).
    source: str = ""
    #: Notes on spans of the abstract as (the span's text, the note), in the abstract's
    #: order; written by the formats that carry notes (Markdown).
    annotations: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Problem:
    """Something in the input that could not be read as intended, told as a sentence."""

    source: str
    line: int | None
    message: str
    #: The raw text that could not be read, kept so the user can fix and retry it.
    raw: str = ""
    #: An entry (or a whole file) that could not be read: nothing of it was imported. A
    #: warning (False) tells of a value kept aside in an entry that was imported.
    error: bool = False


#: A paper as an export writes it: its record and its notes (Markdown bodies).
Entry = tuple[Record, list[str]]


@dataclass(frozen=True)
class WriteOptions:
    """What an export's writer is told beside the papers (each format uses what it has)."""

    #: BibTeX @preamble and @comment blocks, written first (bare text is preamble LaTeX).
    preambles: Sequence[str] = ()
    #: More such blocks, those of each file the papers came from, after `preambles`.
    file_blocks: Sequence[Sequence[str]] = ()
    #: For a file written in parts: the case-folded keys of the parts before, which this
    #: part must not repeat; the keys it writes are added.
    taken_keys: set[str] | None = None
    #: A heading over the papers, where the format has one (Markdown).
    heading: str = ""
    #: BibTeX and BibLaTeX: ASCII only, LaTeX for every character it can spell; what it
    #: cannot is still written, as UTF-8 (see `latex.encode.Charset.ASCII`).
    ascii_only: bool = False
    #: BibTeX and BibLaTeX: also write the fields only Papershelf reads (`topic`, and the
    #: RIS and CSL-JSON fields kept under our own names, `ris:n1`...), which bibtex and
    #: biber ignore and biber's data model warns about.
    our_fields: bool = False
    #: Papers of the library outside the export that exported ones crossref (or take
    #: xdata from), by case-folded key: what a child inherits from them is written in.
    outside_parents: Mapping[str, Record] = field(default_factory=dict)
    #: Told now and then how many entries are written so far (an export's progress); it
    #: may raise to stop the writing (a cancelled export).
    told: Callable[[int], None] | None = None


#: Entries written between two words to `WriteOptions.told`.
TELL_EVERY = 500

Item = TypeVar("Item")


def telling(items: Iterable[Item], told: Callable[[int], None] | None) -> Iterable[Item]:
    """`items` as they are, `told` the count taken every `TELL_EVERY` of them (a writer
    takes each entry as it writes it)."""
    if told is None:
        return items
    return _counted(items, told)


def _counted(items: Iterable[Item], told: Callable[[int], None]) -> Iterator[Item]:
    for count, item in enumerate(items, 1):
        yield item
        if count % TELL_EVERY == 0:
            told(count)


@dataclass
class ParseResult:
    """What an importer read: the records, and the problems met on the way."""

    records: list[Record] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: Non-entry text worth keeping (@preamble, @comment), verbatim.
    preambles: list[str] = field(default_factory=list)
    #: Each BibTeX file's @preamble and @comment blocks, verbatim, by the file's name: kept
    #: with the papers of that file, so an export gives back only their files' blocks.
    file_blocks: dict[str, list[str]] = field(default_factory=dict)
    #: The encoding the text was read with, and whether a fallback was needed.
    encoding: str = "utf-8"
