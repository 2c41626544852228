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
from desktop.core.formats.record import Entry, ParseResult, WriteOptions
from desktop.core.sentences import sentence

Reader = Callable[[str, str], ParseResult]
Writer = Callable[[Sequence[Entry], WriteOptions], str]


@dataclass(frozen=True)
class Format:
    """A file format: its name, what to call it in a file dialog, and who reads and writes it."""

    name: str
    label: str
    #: What its files end with; the first is given to a file saved without one.
    extensions: tuple[str, ...]
    #: "module:function" reading text into a ParseResult (a `Reader`), or "" for export-only
    #: formats.
    reader: str
    #: "module:function" writing entries as text (a `Writer`), or "" for import-only formats.
    writer: str
    #: Its extensions say nothing sure about a file's content: files are sniffed.
    sniffed: bool = False
    #: Entries are written one by one, so a large export can be written in parts by two
    #: processes (given the keys the parts before took) and joined.
    splittable: bool = False
    #: It writes LaTeX, so it can be asked for ASCII only (`WriteOptions.ascii_only`).
    offers_ascii_only: bool = False

    @property
    def can_read(self) -> bool:
        return bool(self.reader)

    @property
    def can_write(self) -> bool:
        return bool(self.writer)

    @property
    def file_filter(self) -> str:
        """The file dialog's filter for this format: "BibTeX (*.bib *.bibtex)"."""
        return f"{self.label} ({' '.join('*' + e for e in self.extensions)})"


_PACKAGE = "desktop.core.formats"
#: In the order the command line and the dialogs offer them.
FORMATS: tuple[Format, ...] = (
    Format(
        "bibtex",
        "BibTeX",
        (".bib", ".bibtex"),
        "bibtex.reader:parse",
        "bibtex.writer:export_bibtex",
        splittable=True,
        offers_ascii_only=True,
    ),
    Format(
        "biblatex",
        "BibLaTeX",
        (".bib",),
        "bibtex.reader:parse",
        "bibtex.writer:export_biblatex",
        splittable=True,
        offers_ascii_only=True,
    ),
    Format("ris", "RIS", (".ris",), "ris:parse", "ris:export"),
    Format("csl-json", "CSL-JSON", (".json", ".csljson"), "csljson:parse", "csljson:export"),
    Format("listing", "Paper listing (plain text)", (".txt",), "listing:parse", "", sniffed=True),
    Format("markdown", "Markdown with notes", (".md", ".markdown"), "", "markdown:export"),
)
#: Files other programs export that the readers take by their content: PubMed's MEDLINE
#: and Web of Science's tagged text.
OTHER_READABLE_EXTENSIONS = (".nbib", ".ciw")
_BY_NAME = {format.name: format for format in FORMATS}
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
            sentence(
                "There is no format called {name}; use one of {known}.",
                name=repr(name),
                known=known,
            )
        ) from None


def formats_for_extension(extension: str) -> list[str]:
    """Names of the formats whose files end with `extension` (".bib", ".ris"...)."""
    extension = extension.lower()
    return [format.name for format in FORMATS if extension in format.extensions]


def import_file_filter() -> str:
    """The import dialog's filter: every file a reader takes, then all files."""
    extensions = [e for f in FORMATS if f.can_read for e in f.extensions]
    patterns = " ".join(f"*{e}" for e in dict.fromkeys([*extensions, *OTHER_READABLE_EXTENSIONS]))
    return f"Bibliographies and PDFs ({patterns} *.pdf);;All files (*)"


def export_formats() -> list[Format]:
    """The formats papers can be exported as."""
    return [format for format in FORMATS if format.can_write]


def reader_for(name: str) -> Reader:
    """The function reading text of format `name` (`parse(text, source)`)."""
    format = get(name)
    if not format.can_read:
        raise InvalidInputError(
            sentence("{label} files can be exported but not imported.", label=format.label)
        )
    reader: Reader = _load(format.reader)
    return reader


def writer_for(name: str) -> Writer:
    """The function writing entries as format `name`."""
    format = get(name)
    if not format.can_write:
        raise InvalidInputError(
            sentence("{label} files can be imported but not exported.", label=format.label)
        )
    writer: Writer = _load(format.writer)
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
        trusted = [
            name
            for name in formats_for_extension(extension)
            if _BY_NAME[name].can_read and not _BY_NAME[name].sniffed
        ]
        if trusted:
            return trusted[0]
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
    return name, parse_decoded(text, encoding, note, source=source, parse=reader_for(name))


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
            result = parse_decoded(text, encoding, note, source=source, parse=reader_for(name))
            for record in result.records:
                # Which file each record came from, as BibTeX's reader tells it: a problem
                # found later (a value kept aside) names the file, not the whole import.
                record.source = record.source or source
            _extend(combined, result)
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
    for name, blocks in result.file_blocks.items():
        combined.file_blocks.setdefault(name, []).extend(blocks)


def read_text(text: str, *, source: str, format: str) -> ParseResult:
    """Read already-decoded `text` as the format called `format`."""
    return reader_for(format)(text, source)


def write(format: str, entries: Sequence[Entry], options: WriteOptions | None = None) -> str:
    """`entries` as text in `format`; each format uses of `options` what it has."""
    return writer_for(format)(entries, options or WriteOptions())
