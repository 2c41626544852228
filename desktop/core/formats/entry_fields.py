"""The fields each entry type has, as BibLaTeX's manual lists them, and their CSL names.

A field is named here as the library keeps it: a modelled column ("journal", "arxiv_id"),
"authors" and "editors" for the people, or the BibTeX name it has in a paper's `extra`
("issn", "address"). BibLaTeX and CSL call some of them otherwise; `FIELDS` says how.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FieldName:
    """How BibLaTeX and CSL-JSON name one of the library's fields ("" when they have none)."""

    biblatex: str
    csl: str


#: Every field an entry type offers, by the library's name for it.
FIELDS: dict[str, FieldName] = {
    "title": FieldName("title", "title"),
    "authors": FieldName("author", "author"),
    "editors": FieldName("editor", "editor"),
    "translator": FieldName("translator", "translator"),
    "year": FieldName("date", "issued"),
    "month": FieldName("date", "issued"),
    "journal": FieldName("journaltitle", "container-title"),
    "booktitle": FieldName("booktitle", "container-title"),
    "publisher": FieldName("publisher", "publisher"),
    "address": FieldName("location", "publisher-place"),
    "school": FieldName("institution", "publisher"),
    "institution": FieldName("institution", "publisher"),
    "organization": FieldName("organization", "publisher"),
    "howpublished": FieldName("howpublished", "medium"),
    "volume": FieldName("volume", "volume"),
    "number": FieldName("number", "issue"),
    "pages": FieldName("pages", "page"),
    "pagetotal": FieldName("pagetotal", "number-of-pages"),
    "chapter": FieldName("chapter", "chapter-number"),
    "edition": FieldName("edition", "edition"),
    "series": FieldName("series", "collection-title"),
    "type": FieldName("type", "genre"),
    "eventtitle": FieldName("eventtitle", "event-title"),
    "version": FieldName("version", "version"),
    "isbn": FieldName("isbn", "ISBN"),
    "issn": FieldName("issn", "ISSN"),
    "doi": FieldName("doi", "DOI"),
    "arxiv_id": FieldName("eprint", ""),
    "url": FieldName("url", "URL"),
    "urldate": FieldName("urldate", "accessed"),
    "language": FieldName("language", "language"),
    "note": FieldName("note", "note"),
    "topic": FieldName("", ""),
}


@dataclass(frozen=True)
class EntryType:
    """An entry type's fields: those BibLaTeX requires, then those it allows."""

    name: str
    required: tuple[str, ...]
    optional: tuple[str, ...]

    @property
    def fields(self) -> tuple[str, ...]:
        return (*self.required, *self.optional)


_WEB = ("doi", "url", "urldate", "note")
#: The optional fields of a part of a book (incollection and inbook alike).
_PART_OF_A_BOOK = (
    "editors",
    "translator",
    "edition",
    "volume",
    "series",
    "number",
    "chapter",
    "pages",
    "publisher",
    "address",
    "month",
    "isbn",
    *_WEB,
)

#: The entry types offered when a paper is added or edited, most used first. Their BibTeX
#: names are kept (phdthesis, techreport) as imports and exports use them.
ENTRY_TYPES: dict[str, EntryType] = {
    t.name: t
    for t in (
        EntryType(
            "article",
            ("authors", "title", "journal", "year"),
            (
                "month",
                "volume",
                "number",
                "pages",
                "editors",
                "translator",
                "issn",
                "arxiv_id",
                "language",
                *_WEB,
            ),
        ),
        EntryType(
            "inproceedings",
            ("authors", "title", "booktitle", "year"),
            (
                "month",
                "editors",
                "eventtitle",
                "volume",
                "number",
                "series",
                "pages",
                "organization",
                "publisher",
                "address",
                "isbn",
                "arxiv_id",
                *_WEB,
            ),
        ),
        EntryType(
            "book",
            ("authors", "title", "year"),
            (
                "editors",
                "translator",
                "edition",
                "volume",
                "series",
                "number",
                "publisher",
                "address",
                "month",
                "pagetotal",
                "isbn",
                "language",
                *_WEB,
            ),
        ),
        EntryType(
            "incollection",
            ("authors", "title", "booktitle", "year"),
            _PART_OF_A_BOOK,
        ),
        EntryType(
            "inbook",
            ("authors", "title", "booktitle", "year"),
            _PART_OF_A_BOOK,
        ),
        EntryType(
            "proceedings",
            ("title", "year"),
            (
                "editors",
                "eventtitle",
                "volume",
                "number",
                "series",
                "organization",
                "publisher",
                "address",
                "month",
                "isbn",
                *_WEB,
            ),
        ),
        EntryType(
            "phdthesis",
            ("authors", "title", "school", "year"),
            ("type", "address", "month", "pagetotal", "isbn", "language", *_WEB),
        ),
        EntryType(
            "mastersthesis",
            ("authors", "title", "school", "year"),
            ("type", "address", "month", "pagetotal", "language", *_WEB),
        ),
        EntryType(
            "techreport",
            ("authors", "title", "institution", "year"),
            ("type", "number", "address", "month", "pages", "language", *_WEB),
        ),
        EntryType(
            "online",
            ("authors", "title", "year", "url"),
            ("editors", "month", "organization", "urldate", "language", "doi", "note"),
        ),
        EntryType(
            "misc",
            ("authors", "title", "year"),
            ("editors", "howpublished", "organization", "month", "arxiv_id", *_WEB),
        ),
        EntryType(
            "unpublished",
            ("authors", "title", "year"),
            ("howpublished", "month", "address", "arxiv_id", *_WEB),
        ),
        EntryType(
            "manual",
            ("title", "year"),
            (
                "authors",
                "editors",
                "organization",
                "edition",
                "publisher",
                "address",
                "month",
                "isbn",
                *_WEB,
            ),
        ),
        EntryType(
            "booklet",
            ("title",),
            ("authors", "howpublished", "address", "year", "month", *_WEB),
        ),
        EntryType(
            "dataset",
            ("authors", "title", "year"),
            ("editors", "version", "publisher", "month", "language", *_WEB),
        ),
        EntryType(
            "software",
            ("authors", "title", "year"),
            ("version", "publisher", "month", "arxiv_id", *_WEB),
        ),
    )
}


def entry_type(name: str) -> EntryType:
    """The fields of an entry type; a type BibLaTeX does not list gets those of `misc`
    (the paper keeps its own type name all the same)."""
    return ENTRY_TYPES.get(name.strip().lower(), ENTRY_TYPES["misc"])
