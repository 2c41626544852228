"""What the metadata form calls each field, and the tip naming it as BibLaTeX and CSL do."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from desktop.core import api
from desktop.ui.translations import QT_TRANSLATE_NOOP

#: Labels of the fields the library knows, by its name for them (see `api.FIELDS`).
_LABELS = {
    "title": QT_TRANSLATE_NOOP("FieldLabels", "Title"),
    "abstract": QT_TRANSLATE_NOOP("FieldLabels", "Abstract"),
    "keywords": QT_TRANSLATE_NOOP("FieldLabels", "Keywords"),
    "authors": QT_TRANSLATE_NOOP("FieldLabels", "Authors"),
    "editors": QT_TRANSLATE_NOOP("FieldLabels", "Editors"),
    "translator": QT_TRANSLATE_NOOP("FieldLabels", "Translator"),
    "year": QT_TRANSLATE_NOOP("FieldLabels", "Year"),
    "month": QT_TRANSLATE_NOOP("FieldLabels", "Month"),
    "journal": QT_TRANSLATE_NOOP("FieldLabels", "Journal"),
    "booktitle": QT_TRANSLATE_NOOP("FieldLabels", "Book title"),
    "publisher": QT_TRANSLATE_NOOP("FieldLabels", "Publisher"),
    "address": QT_TRANSLATE_NOOP("FieldLabels", "Place"),
    "school": QT_TRANSLATE_NOOP("FieldLabels", "University"),
    "institution": QT_TRANSLATE_NOOP("FieldLabels", "Institution"),
    "organization": QT_TRANSLATE_NOOP("FieldLabels", "Organisation"),
    "howpublished": QT_TRANSLATE_NOOP("FieldLabels", "How published"),
    "volume": QT_TRANSLATE_NOOP("FieldLabels", "Volume"),
    "number": QT_TRANSLATE_NOOP("FieldLabels", "Number"),
    "pages": QT_TRANSLATE_NOOP("FieldLabels", "Pages"),
    "pagetotal": QT_TRANSLATE_NOOP("FieldLabels", "Number of pages"),
    "chapter": QT_TRANSLATE_NOOP("FieldLabels", "Chapter"),
    "edition": QT_TRANSLATE_NOOP("FieldLabels", "Edition"),
    "series": QT_TRANSLATE_NOOP("FieldLabels", "Series"),
    "type": QT_TRANSLATE_NOOP("FieldLabels", "Kind"),
    "eventtitle": QT_TRANSLATE_NOOP("FieldLabels", "Event"),
    "version": QT_TRANSLATE_NOOP("FieldLabels", "Version"),
    "isbn": QT_TRANSLATE_NOOP("FieldLabels", "ISBN"),
    "issn": QT_TRANSLATE_NOOP("FieldLabels", "ISSN"),
    "doi": QT_TRANSLATE_NOOP("FieldLabels", "DOI"),
    "arxiv_id": QT_TRANSLATE_NOOP("FieldLabels", "arXiv"),
    "url": QT_TRANSLATE_NOOP("FieldLabels", "URL"),
    "urldate": QT_TRANSLATE_NOOP("FieldLabels", "Accessed"),
    "language": QT_TRANSLATE_NOOP("FieldLabels", "Language"),
    "note": QT_TRANSLATE_NOOP("FieldLabels", "Note"),
    "topic": QT_TRANSLATE_NOOP("FieldLabels", "Topic"),
}

#: Labels of the marks Papershelf keeps beside a paper's fields (never exported as such).
_MARKS = {
    "papershelf-guessed": QT_TRANSLATE_NOOP("FieldLabels", "Guessed from the PDF"),
}


def label(name: str) -> str:
    """The row label of a field (the library's name, or "extra:<name>" for a kept one); a
    field the library does not know is labelled with its own name, as the file wrote it."""
    bare = name.removeprefix(api.EXTRA_PREFIX)
    known = _LABELS.get(bare) or _MARKS.get(bare)
    return QCoreApplication.translate("FieldLabels", known) if known else bare


def tip(name: str) -> str:
    """The field's BibLaTeX and CSL names, for the row's tool tip ("" when unknown)."""
    bare = name.removeprefix(api.EXTRA_PREFIX)
    known = api.FIELDS.get(bare)
    if known is None or not (known.biblatex or known.csl):
        return ""
    return QCoreApplication.translate("FieldLabels", "BibLaTeX: {biblatex} · CSL: {csl}").format(
        biblatex=known.biblatex or "–", csl=known.csl or "–"
    )


def storage_name(typed: str) -> str:
    """The library's name for a field a user typed: its own ("journal"), that of a
    BibLaTeX or CSL name ("journaltitle", "container-title"), else "extra:<typed>"."""
    name = typed.strip()
    simple = name.lower()
    if simple in _MODELLED_OR_PEOPLE or simple == "month":
        return simple
    for ours, named in api.FIELDS.items():
        if simple in (named.biblatex, named.csl.lower()) and ours in _MODELLED_OR_PEOPLE:
            return ours
    kept = name if ":" in name else simple  # a kept RIS or CSL name keeps its case
    return api.EXTRA_PREFIX + kept


_MODELLED_OR_PEOPLE = frozenset((*api.MODELLED_FIELDS, "authors", "editors", "year", "keywords"))
