"""Every type the window and the command line see, and the few pure functions they call.

The UI and the CLI import only this module, `library` and `errors` (an import-linter
contract keeps it so); what lies behind them may move without their noticing. The steps
the window can undo are the module `undo` (data, applied by `Library.apply`). What is
stored (a `Paper`, a `Note`, a `Tag`...) reaches them as a frozen copy (`snapshots`), never
a live row: they read it, and change the library through `Library`.
"""

from __future__ import annotations

from desktop.core import citing, undo
from desktop.core.changes import Change, ChangeKind, Listener
from desktop.core.cited_lists import CitedList
from desktop.core.citing import DEFAULT_STYLE, Formatted
from desktop.core.exporting.files import write_whole
from desktop.core.exporting.options import ExportOptions
from desktop.core.formats import registry
from desktop.core.formats.cjk_names import joined as join_names
from desktop.core.formats.doi import is_doi
from desktop.core.formats.latex.math import math_as_text
from desktop.core.formats.names import split_name
from desktop.core.formats.record import MODELLED_FIELDS, Person, Record
from desktop.core.formats.registry import Format, import_file_filter
from desktop.core.formats.unspelled import Unspelled
from desktop.core.formats.unspelled import find as find_unspelled
from desktop.core.importing.storing import ImportReport
from desktop.core.merging import MergeRecord
from desktop.core.papers import PaperDetails
from desktop.core.search import query as _query
from desktop.core.search.searcher import SearchHit
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
    "ENV_URL",
    "MODELLED_FIELDS",
    "RELEVANCE",
    "SORT_COLUMNS",
    "Annotation",
    "Attachment",
    "Change",
    "ChangeKind",
    "CitedList",
    "Column",
    "ExportOptions",
    "Format",
    "Formatted",
    "ImportProblem",
    "ImportReport",
    "ListItem",
    "Listener",
    "MergeRecord",
    "Note",
    "Outcome",
    "Paper",
    "PaperDetails",
    "PaperRow",
    "Person",
    "ReadingList",
    "Record",
    "SavedSearch",
    "SearchHit",
    "SyncReport",
    "SyncedFile",
    "Tag",
    "Unspelled",
    "View",
    "data_dir",
    "export_formats",
    "find_unspelled",
    "has_words",
    "import_file_filter",
    "import_format_names",
    "is_doi",
    "join_names",
    "math_as_text",
    "query_notice",
    "split_identifiers",
    "split_name",
    "sqlite_path",
    "undo",
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


def import_format_names() -> list[str]:
    """The formats a file can be imported as."""
    return registry.names(readable=True)


def export_formats() -> list[Format]:
    """The formats papers can be exported as, in the order they are offered."""
    return registry.export_formats()
