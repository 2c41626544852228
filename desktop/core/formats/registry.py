"""Which module reads and writes which format: one table keyed by name and file extension.

Readers and writers are named by dotted path and imported when first used, so this table
costs nothing to import and never breaks because one format module does.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from desktop.core.errors import InvalidInputError
from desktop.core.formats.encoding import decode_bytes, parse_decoded
from desktop.core.formats.record import ParseResult, Record

Reader = Callable[[str, str], ParseResult]


@dataclass(frozen=True)
class Format:
    """A file format: its name, what to call it in a file dialog, and who reads and writes it."""

    name: str
    label: str
    extensions: tuple[str, ...]
    #: "module:function" reading text into a ParseResult, or "" for export-only formats.
    reader: str
    #: "module:function" turning records into text, or "" for import-only formats.
    writer: str

    @property
    def can_read(self) -> bool:
        return bool(self.reader)

    @property
    def can_write(self) -> bool:
        return bool(self.writer)


_PACKAGE = "desktop.core.formats"
FORMATS: tuple[Format, ...] = (
    Format(
        "bibtex", "BibTeX", (".bib", ".bibtex"), "bibtex.reader:parse", "bibtex.writer:write_bibtex"
    ),
    Format(
        "biblatex", "BibLaTeX", (".bib",), "bibtex.reader:parse", "bibtex.writer:write_biblatex"
    ),
    Format("ris", "RIS", (".ris",), "ris:parse", "ris:write"),
    Format("csl-json", "CSL-JSON", (".json", ".csljson"), "csljson:parse", "csljson:write"),
    Format("listing", "Paper listing (plain text)", (".txt",), "listing:parse", ""),
    Format("markdown", "Markdown", (".md", ".markdown"), "", "markdown:write"),
)
_BY_NAME = {format.name: format for format in FORMATS}
#: What "auto" means for each extension; ".txt" and unknown extensions are sniffed.
_EXTENSION_DEFAULTS = {
    ".bib": "bibtex",
    ".bibtex": "bibtex",
    ".ris": "ris",
    ".json": "csl-json",
    ".csljson": "csl-json",
}
_BIBTEX_ENTRY = re.compile(r"^\s*@[A-Za-z]+\s*[{(]", re.MULTILINE)


def names(*, readable: bool = False, writable: bool = False) -> list[str]:
    """Format names, optionally only those that can be imported or exported."""
    return [
        format.name
        for format in FORMATS
        if (not readable or format.can_read) and (not writable or format.can_write)
    ]


def get(name: str) -> Format:
    """The format called `name`; an unknown name is the user's mistake, told as a sentence."""
    try:
        return _BY_NAME[name]
    except KeyError:
        known = ", ".join(format.name for format in FORMATS)
        raise InvalidInputError(
            f"There is no format called {name!r}; use one of {known}."
        ) from None


def formats_for_extension(extension: str) -> list[str]:
    """Names of the formats whose files end with `extension` (".bib", ".ris"...)."""
    extension = extension.lower()
    return [format.name for format in FORMATS if extension in format.extensions]


def reader_for(name: str) -> Reader:
    """The function reading text of format `name` (`parse(text, source)`)."""
    format = get(name)
    if not format.can_read:
        raise InvalidInputError(f"{format.label} files can be exported but not imported.")
    reader: Reader = _load(format.reader)
    return reader


def writer_for(name: str) -> Callable[..., str]:
    """The function writing records as format `name`."""
    format = get(name)
    if not format.can_write:
        raise InvalidInputError(f"{format.label} files can be imported but not exported.")
    writer: Callable[..., str] = _load(format.writer)
    return writer


def _load(dotted: str) -> Any:
    module_name, _, function = dotted.partition(":")
    module = importlib.import_module(f"{_PACKAGE}.{module_name}")
    return getattr(module, function)


def detect_format(path: str | Path | None, text: str) -> str:
    """The readable format of `text`: by extension where it is clear, else by its content.

    ".txt", unknown extensions and pasted text are sniffed: a JSON array or object is
    CSL-JSON, an ``@type{`` line BibTeX, a ``TY  -`` (or Web of Science ``PT``) line RIS, and
    anything else a plain listing.
    """
    if path is not None:
        extension = Path(path).suffix.lower()
        if extension in _EXTENSION_DEFAULTS:
            return _EXTENSION_DEFAULTS[extension]
    return _sniff(text)


def _sniff(text: str) -> str:
    from desktop.core.formats import ris  # imported here like every other format module

    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped[:1] in ("[", "{") and _is_json(stripped):
        return "csl-json"
    if ris.looks_like_ris(text):
        return "ris"
    if _BIBTEX_ENTRY.search(text):
        return "bibtex"
    return "listing"


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def read(
    data: bytes, *, source: str, path: str | Path | None = None, format: str = "auto"
) -> tuple[str, ParseResult]:
    """Decode and read `data` as `format` ("auto": detected); return the format used and what
    was read. A guessed text encoding is reported as the first problem."""
    text, encoding, note = decode_bytes(data)
    name = detect_format(path, text) if format == "auto" else get(format).name
    return name, parse_decoded(text, encoding, note, source, reader_for(name))


def read_many(
    files: Iterable[tuple[str, bytes, str | Path | None]], *, format: str = "auto"
) -> tuple[list[str], ParseResult]:
    """Read several files (source name, bytes, path) into one result; the formats used.

    BibTeX files are read together, so that @string abbreviations and crossref targets
    defined in one file serve the others (as `bibtex file1 file2` would see them). Given
    a generator, each file's bytes are let go of once decoded: a large file is then held
    once, as text, while it is read.
    """
    from desktop.core.formats.bibtex import reader as bibtex_reader

    names: list[str] = []
    together: list[tuple[str, str, str, str | None]] = []
    combined = ParseResult()
    encodings: list[str] = []
    for source, data, path in files:
        text, encoding, note = decode_bytes(data)
        name = detect_format(path, text) if format == "auto" else get(format).name
        names.append(name)
        if name in ("bibtex", "biblatex"):
            together.append((source, text, encoding, note))
        else:
            _extend(combined, parse_decoded(text, encoding, note, source, reader_for(name)))
            encodings.append(encoding)
        del data, text
    if together:
        _extend(combined, bibtex_reader.parse_many_decoded(together))
        encodings += [encoding for _, _, encoding, _ in together]
    combined.encoding = ", ".join(dict.fromkeys(encodings)) or combined.encoding
    return names, combined


def _extend(combined: ParseResult, result: ParseResult) -> None:
    combined.records.extend(result.records)
    combined.problems.extend(result.problems)
    combined.preambles.extend(result.preambles)


def read_text(text: str, *, source: str, format: str) -> ParseResult:
    """Read already-decoded `text` as the format called `format`."""
    return reader_for(format)(text, source)


def write(format: str, records: Iterable[Record], *, preambles: Sequence[str] = ()) -> str:
    """`records` as text in `format`; BibTeX preambles go only where the format has them."""
    writer = writer_for(format)
    if format in ("bibtex", "biblatex"):
        return writer(list(records), preambles)
    if format == "markdown":
        return writer([(record, []) for record in records])
    return writer(list(records))


def write_markdown(entries: Sequence[tuple[Record, list[str]]], heading: str = "") -> str:
    """A Markdown reading list: each paper with its notes (Markdown bodies)."""
    writer = writer_for("markdown")
    return writer(list(entries), heading=heading)
