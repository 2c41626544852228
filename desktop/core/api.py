"""Every type the window and the command line see, and the few pure functions they call.

The UI and the CLI import only this module, `library` and `errors` (an import-linter
contract keeps it so); what lies behind them may move without their noticing. The steps
the window can undo are the modules `undo` and `undo_files` (data, applied by
`Library.apply`). What is stored (a `Paper`, a `Note`, a `Tag`...) reaches them as a
frozen copy (`snapshots`), never a live row: they read it, and change the library through
`Library`.
"""

from __future__ import annotations

from pathlib import Path

from desktop.core import citing, pdfs, undo, undo_files, watched_folders
from desktop.core.changes import Change, ChangeKind, Listener
from desktop.core.cited_lists import CitedList
from desktop.core.citing import DEFAULT_STYLE, Formatted
from desktop.core.comparing import Comparison, FieldPair
from desktop.core.completion.proposals import Candidate, Choice, Proposal
from desktop.core.completion.proposals import confident_choices as confident_completions
from desktop.core.completion.proposals import fill_step as completion_step
from desktop.core.completion.scoring import Evidence
from desktop.core.dedupe import LikelyDuplicate, merge_groups
from desktop.core.exporting.files import write_whole
from desktop.core.exporting.options import ExportOptions
from desktop.core.field_origins import Origin
from desktop.core.file_text import Place
from desktop.core.formats import registry
from desktop.core.formats.cjk_names import joined as join_names
from desktop.core.formats.doi import is_doi
from desktop.core.formats.entry_fields import ENTRY_TYPES, FIELDS, EntryType, FieldName, entry_type
from desktop.core.formats.keywords import cleaned as clean_keywords
from desktop.core.formats.keywords import split as split_keywords
from desktop.core.formats.latex.math import math_as_text
from desktop.core.formats.names import split_name
from desktop.core.formats.record import MODELLED_FIELDS, Person, Record
from desktop.core.formats.registry import Format, import_file_filter
from desktop.core.formats.unspelled import Unspelled
from desktop.core.formats.unspelled import find as find_unspelled
from desktop.core.importing.storing import ImportReport
from desktop.core.library_files import AttachedFile
from desktop.core.merging import KEEP, OTHER, MergeRecord
from desktop.core.papers import EXTRA_PREFIX, PaperDetails, field_value
from desktop.core.search import query as _query
from desktop.core.search.searcher import Nearest, SearchHit
from desktop.core.sentences import CONTEXT as SENTENCE_CONTEXT
from desktop.core.sentences import Sentence
from desktop.core.sentences import placeholders as sentence_placeholders
from desktop.core.snapshots import (
    Annotation,
    Attachment,
    ImportProblem,
    ListItem,
    Note,
    Paper,
    ReadingList,
    SavedSearch,
    Tag,
)
from desktop.core.storage.db import ENV_URL, data_dir, sqlite_path
from desktop.core.syncing import Outcome, SyncedFile, SyncReport
from desktop.core.views import COLUMNS, RELEVANCE, SORT_COLUMNS, Column, PaperRow, View

__all__ = [
    "CITATION_OUTPUTS",
    "COLUMNS",
    "DEFAULT_STYLE",
    "ENTRY_TYPES",
    "ENV_URL",
    "EXTRA_PREFIX",
    "FIELDS",
    "KEEP",
    "MODELLED_FIELDS",
    "OTHER",
    "RELEVANCE",
    "SENTENCE_CONTEXT",
    "SORT_COLUMNS",
    "Annotation",
    "AttachedFile",
    "Attachment",
    "Candidate",
    "Change",
    "ChangeKind",
    "Choice",
    "CitedList",
    "Column",
    "Comparison",
    "EntryType",
    "Evidence",
    "ExportOptions",
    "FieldName",
    "FieldPair",
    "Format",
    "Formatted",
    "ImportProblem",
    "ImportReport",
    "LikelyDuplicate",
    "ListItem",
    "Listener",
    "MergeRecord",
    "Nearest",
    "Note",
    "Origin",
    "Outcome",
    "Paper",
    "PaperDetails",
    "PaperRow",
    "Person",
    "Place",
    "Proposal",
    "ReadingList",
    "Record",
    "SavedSearch",
    "SearchHit",
    "Sentence",
    "SyncReport",
    "SyncedFile",
    "Tag",
    "Unspelled",
    "View",
    "clean_keywords",
    "completion_step",
    "confident_completions",
    "data_dir",
    "entry_type",
    "export_formats",
    "field_value",
    "find_in_pdf_page",
    "find_unspelled",
    "has_words",
    "import_file_filter",
    "import_format_names",
    "is_doi",
    "is_pdf",
    "join_names",
    "math_as_text",
    "merge_groups",
    "pdf_page_count",
    "pdf_pages_text",
    "query_notice",
    "render_pdf_page",
    "sentence_placeholders",
    "split_identifiers",
    "split_keywords",
    "split_name",
    "sqlite_path",
    "undo",
    "undo_files",
    "watched_folders",
    "write_whole",
]


#: The forms a formatted citation can be written in.
CITATION_OUTPUTS = citing.OUTPUTS


def has_words(typed: str) -> bool:
    """Whether a typed query holds anything to search for (not only qualifiers or blanks)."""
    return _query.parse(typed).has_words


def query_notice(typed: str) -> str:
    """What of a typed query is left out for being too long, as a sentence ("" if nothing)."""
    return _query.parse(typed).notice


def split_identifiers(text: str) -> list[str]:
    """A pasted block cut into what should each be one DOI or arXiv id (the pieces that are
    not identifiers too, so the caller can say which it did not understand)."""
    from desktop.core.importing import lookup  # httpx loads only when it is needed

    return lookup.split_identifiers(text)


def pdf_page_count(path: Path) -> int:
    """How many pages a PDF has (a `KnownError` sentence when it cannot be read)."""
    return pdfs.page_count(path)


def render_pdf_page(path: Path, page_index: int, *, scale: float) -> tuple[bytes, int, int]:
    """One page of a PDF as RGBA pixels: (bytes, width, height)."""
    return pdfs.render(path, page_index, scale=scale)


def find_in_pdf_page(path: Path, page_index: int, words: str) -> list[list[tuple[float, ...]]]:
    """Where words are on a page of a PDF: for each place, its rectangles (left, top,
    right, bottom, in points from the page's top left)."""
    return [list(boxes) for boxes in pdfs.find_boxes(path, page_index, words)]


def pdf_pages_text(path: Path) -> list[str]:
    """The text of each page of a PDF (for a file whose text is not indexed yet)."""
    return pdfs.pages_text(path)


def is_pdf(path: Path) -> bool:
    """Whether a file's content is a PDF, whatever its name."""
    return pdfs.is_pdf(path)


def import_format_names() -> list[str]:
    """The formats a file can be imported as (PDFs become papers of their own)."""
    return [*registry.names(readable=True), "pdf"]


def export_formats() -> list[Format]:
    """The formats papers can be exported as, in the order they are offered."""
    return registry.export_formats()
