"""Read BibTeX and BibLaTeX into Records.

The text is cut into blocks (entries, @string, @preamble, @comment, and the blocks that
could not be read) as bibtexparser 2 cuts it, by `bibtex.splitter` (a fast path for plain
entries, bibtexparser itself for everything else); everything after that is ours: field
values are evaluated the way BibTeX does (`{...}`, `"..."`, numbers, @string abbreviations,
`#` concatenation), crossref and xdata parents fill in missing fields, and each entry
becomes a `Record` with its text decoded to Unicode. Nothing raises on user input: what
cannot be read becomes a `Problem` carrying its line and raw text.

`parse_many` reads several files as one bibliography, so abbreviations and crossref parents
defined in one file serve the others (a repository that keeps @string definitions in
`abbrev.bib` and entries in `articles.bib`, for example).
"""

from __future__ import annotations

import itertools
import logging
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from bibtexparser import model as bib

from desktop.core.formats import keywords, names
from desktop.core.formats.bibtex import splitter
from desktop.core.formats.bibtex.splitter import SplitEntry
from desktop.core.formats.encoding import decode_bytes
from desktop.core.formats.latex import decode
from desktop.core.formats.record import ParseResult, Person, Problem, Record
from desktop.core.sentences import sentence

# bibtexparser logs each broken block; we report those as Problems, so keep its log quiet
# unless the application configures logging itself.
logging.getLogger("bibtexparser").addHandler(logging.NullHandler())

MONTHS = (
    "january february march april may june july august september october november december"
).split()
#: BibTeX's predefined month abbreviations, as the standard styles expand them.
MONTH_MACROS = {name[:3]: name.capitalize() for name in MONTHS}

# Fields that map onto Record attributes as decoded text ("journaltitle" is BibLaTeX's name).
_TEXT_FIELDS = {
    "title": "title",
    "abstract": "abstract",
    "journal": "journal",
    "journaltitle": "journal",
    "booktitle": "booktitle",
    "publisher": "publisher",
    "volume": "volume",
    "number": "number",
    "pages": "pages",
}
_VERBATIM_FIELDS = {"doi": "doi", "url": "url"}
#: Unmodelled fields that came from RIS or CSL-JSON: plain text, which the writer escapes.
_PLAIN_TEXT_PREFIXES = ("ris:", "csl:", "csl-json:")
_HANDLED_ELSEWHERE = frozenset({"author", "editor", "keywords", "year", "month"})

# Parent fields a child never takes over, and BibLaTeX's renaming of a parent's title.
_NOT_INHERITED = frozenset({"crossref", "xdata", "xref", "ids", "entryset", "label", "sortkey"})
_TITLE_BECOMES = {"periodical": "journaltitle"}

#: The longest field value @string abbreviations may expand to. Real files stay far below
#: (the longest value in our corpus of real files is an abstract of 5,975 characters); a
#: file whose abbreviations double and double again would need gigabytes.
MOST_VALUE_CHARS = 100_000
#: How much text the abbreviations of one read may add in all (every file of an import;
#: no file of our corpus adds 100,000): a bound on the memory a small file can take.
MOST_EXPANDED_CHARS = 10_000_000
#: The longest field value and the deepest braces reported as beyond real files (the
#: corpus's longest entry has 7,548 characters, its deepest braces 10 levels); such a
#: value is kept whole all the same.
MOST_FIELD_CHARS = 1_000_000
MOST_BRACE_DEPTH = 100
#: Fields read from one entry run together without commas (the corpus's largest entry has
#: 39 fields): past it the rest stays the last field's text, as each one costs a copy of it.
MOST_FIELDS = 1_000

_VALUE_WORD = re.compile(r'[^\s#{}",=]+')
_QUOTE_MARKS = re.compile(r'(?<!\\)[{}"]')
_BRACE = re.compile(r"(?<!\\)[{}]")
_FIELD_START = re.compile(r"([^\s#{}\",=%]+)\s*=")
_UNESCAPED_PERCENT = re.compile(r"(?<!\\)%")
_COMMENT_MARKS = re.compile(r'(?<!\\)[{}"%]|^[ \t]*@', re.MULTILINE)
_COMMENT_LINE = re.compile(r"^[ \t]*%.*$\n?", re.MULTILINE)
_SPECIAL_BLOCKS = frozenset({"string", "preamble", "comment"})
_BLOCK_TYPE = re.compile(r"\s*@\s*(\w+)")
_LOOKS_LIKE_ENTRY = re.compile(r"^[ \t]*@[ \t]*[A-Za-z]+", re.MULTILINE)
_LATEX_MARKUP = re.compile(r"[\\{}~$]")
_DATE = re.compile(r"(\d{4})(?:-(\d{2}))?")
_YEAR = re.compile(r"\d{1,4}")
# "{\noopsort{1973b}}1973": a BibTeX trick to sort entries; the year is what follows.
_NOOPSORT = re.compile(r"\\noopsort\s*\{[^{}]*\}")


@dataclass
class _File:
    """One source cut into blocks, with its own @string definitions."""

    name: str
    text: str
    #: `text` with its `%` comments blanked out (same length and lines), as the splitter saw it.
    seen: str
    #: (line, offset, block) as `bibtex_split` gives them.
    blocks: list[tuple[int, int, SplitEntry | bib.Block]]
    macros: dict[str, str] = field(default_factory=dict)

    def original(self, raw: str | None, start: int) -> str:
        """The source text of a block found at `start`, comments included (the splitter
        saw them blanked, at the same offsets); the splitter's text if it was not found."""
        if not raw or start < 0:
            return raw or ""
        return self.text[start : start + len(raw)]


@dataclass
class _Entry:
    """An entry's fields as LaTeX (abbreviations expanded), before it becomes a Record."""

    entry_type: str
    key: str
    fields: dict[str, str]
    file: _File
    line: int | None
    #: Where the entry's text is in the file; `raw` slices it only when a Problem needs it.
    start: int
    end: int

    @property
    def source(self) -> str:
        return self.file.name

    @property
    def raw(self) -> str:
        return self.file.text[self.start : self.end]


# --- Public entry points ------------------------------------------------------------------


def parse(text: str, source: str = "<text>") -> ParseResult:
    """Read one BibTeX/BibLaTeX text."""
    return parse_many([(source, text)])


def parse_many_bytes(sources: Iterable[tuple[str, bytes]]) -> ParseResult:
    """`parse_many` for files' bytes; each guessed encoding is reported as a Problem."""
    return parse_many_decoded((name, *decode_bytes(data)) for name, data in sources)


def parse_many_decoded(sources: Iterable[tuple[str, str, str, str | None]]) -> ParseResult:
    """`parse_many` for decoded files: (name, text, encoding, a note if it was guessed)."""
    result, batches = read_in_batches(sources)
    for batch in batches:
        result.records += batch
    return result


def parse_many(sources: Iterable[tuple[str, str]]) -> ParseResult:
    """Read (name, text) pairs as one bibliography: abbreviations and crossrefs are shared.

    An abbreviation defined in a file wins in that file; otherwise the last file (in the
    order given) that defines it provides it, as if the files had been concatenated.
    """
    return parse_many_decoded((name, text, "utf-8", None) for name, text in sources)


#: About how much text is read per batch of records.
BATCH_CHARS = 2_000_000
#: About how much text the first batch is read from: little, so that an import can start
#: storing soon (a first batch of 2 MB took the reading helper 0.4 s, the import waiting).
FIRST_BATCH_CHARS = 100_000
#: Records per batch of a bibliography read whole.
_WHOLE_BATCH = 1000
#: After an `@`: an @string block (or something bibtexparser might take for one).
_STRING_AFTER_AT = re.compile(r"\s*string", re.IGNORECASE)


def read_in_batches(
    sources: Iterable[tuple[str, str, str, str | None]],
    batch_chars: int | None = None,
    skip: int = 0,
) -> tuple[ParseResult, Iterator[list[Record]]]:
    """Read decoded files (name, text, encoding, a note if it was guessed) as `parse_many`
    does, giving the records in batches, in order, as they are read; the result's problems,
    preambles and encoding are complete once the batches are.

    A bibliography whose entries do not depend on each other is read a part of about
    `batch_chars` at a time, so that its first records come before the rest is read.
    One with @string abbreviations (which apply to the whole file, and to the other files)
    is read whole first; so is one with crossref or xdata parents, from the part where
    the first one is met (the records given before it cannot change: no parent takes
    anything from its children). `batch_chars` is `BATCH_CHARS` unless given. The first
    `skip` records are read (their problems reported) but not given.
    """
    result = ParseResult()
    texts = []
    encodings = []
    for name, text, encoding, note in sources:
        texts.append((name, text))
        encodings.append(encoding)
        if note is not None:
            result.problems.append(Problem(source=name, line=None, message=note))
    result.encoding = ", ".join(dict.fromkeys(encodings)) or result.encoding
    if any(_may_define_abbreviations(text) for _, text in texts):
        batches = _read_whole(texts, result)
    else:
        batches = _read_in_parts(texts, result, batch_chars or BATCH_CHARS)
    return result, _leaving_out(batches, skip)


def _leaving_out(batches: Iterator[list[Record]], count: int) -> Iterator[list[Record]]:
    """`batches` without their first `count` records."""
    for batch in batches:
        if count >= len(batch):
            count -= len(batch)
        else:
            yield batch[count:]
            count = 0


def _may_define_abbreviations(text: str) -> bool:
    # Each "@" is looked at (a regular expression ignoring case over the whole text is
    # 20 times slower); a false alarm only costs reading the text whole.
    at = text.find("@")
    while at >= 0:
        if _STRING_AFTER_AT.match(text, at + 1):
            return True
        at = text.find("@", at + 1)
    return False


def _read_whole(sources: list[tuple[str, str]], result: ParseResult) -> Iterator[list[Record]]:
    """All entries read before any record is made."""
    files = [_split(name, text, result) for name, text in sources]
    sources.clear()
    budget = _Budget()
    shared: dict[str, str] = {}
    for file in files:
        shared.update(file.macros)
    entries: list[_Entry] = []
    parked: list[_Entry] = []  # @xdata containers: sources of fields, not papers
    for file in files:
        expand = _Expander({**shared, **file.macros}, file.name, result.problems, budget=budget)
        for entry in _read_blocks(file, expand, result):
            (parked if entry.entry_type == "xdata" else entries).append(entry)
    repeated = _RepeatedKeys()
    for entry in entries:
        repeated.note(entry)
    result.problems += repeated.problems
    _inherit(entries, parked, result.problems)
    # Each stage lets go of what it has read, so that a large file is held about once
    # as text and once as records, not also as blocks and evaluated fields.
    entries.reverse()
    while entries:
        batch: list[Record] = []
        while entries and len(batch) < _WHOLE_BATCH:
            batch.append(_to_record(entries.pop(), result.problems))
        yield batch


def _read_in_parts(
    sources: list[tuple[str, str]], result: ParseResult, batch_chars: int
) -> Iterator[list[Record]]:
    notes = list(result.problems)
    # Each file is cut into its parts and let go of whole (see `_pieces`); the first part
    # of all is small.
    first = min(batch_chars, FIRST_BATCH_CHARS)
    files = [
        (name, _pieces(name, text, batch_chars, first=None if number else first))
        for number, (name, text) in enumerate(sources)
    ]
    sources.clear()
    taken: list[list[_Piece]] = [[] for _ in files]  # each file's parts read so far
    # The problems come in `_read_whole`'s order: reading, repeated keys, then records.
    record_problems: list[Problem] = []
    repeated = _RepeatedKeys()
    given = 0
    for (name, pieces), read in zip(files, taken, strict=True):
        expand = _Expander({}, name, result.problems, budget=_Budget())
        for piece in pieces:
            read.append(piece)
            file = piece.file()
            try:
                file.blocks = splitter.split(file.seen, piece.part).blocks
            except Exception as error:  # a bug in the splitter must not lose the user's file
                result.problems.append(_unreadable_part(file, piece.part, error))
                piece.let_go()
                continue
            entries = list(_read_blocks(file, expand, result))
            if any(_inherits(entry) for entry in entries):
                result.problems[:] = notes
                result.preambles.clear()
                result.file_blocks.clear()
                whole = [
                    (name, "".join(p.own_text() for p in itertools.chain(read, rest)))
                    for (name, rest), read in zip(files, taken, strict=True)
                ]
                files.clear()
                taken.clear()
                yield from _leaving_out(_read_whole(whole, result), given)
                return
            for entry in entries:
                repeated.note(entry)
            batch = [_to_record(entry, record_problems) for entry in entries]
            del entries, file
            piece.let_go()
            given += len(batch)
            yield batch
    result.problems += repeated.problems
    result.problems += record_problems


@dataclass
class _Piece:
    """One of a file's `splitter.parts`, cut out as a text of its own.

    Once read, a piece keeps only its own text (the next piece starts with the spaces
    before its `@`), as UTF-8: it is needed again only if the file must be read whole
    after all (a crossref), and a string with one character beyond Latin-1 takes two or
    four bytes for every character. So a file is held twice while it is cut, then less
    and less as it is read.
    """

    name: str
    #: The part's text, and as the splitter sees it (comments blanked), until it is read.
    text: str | None
    seen: str | None
    #: The part, with offsets in `text`.
    part: splitter.Part
    #: How much of `text` is this piece's own.
    own: int
    kept: bytes = b""

    def file(self) -> _File:
        assert self.text is not None and self.seen is not None, "a piece is read once"
        return _File(self.name, self.text, self.seen, [])

    def own_text(self) -> str:
        if self.text is not None:
            return self.text[: self.own]
        return self.kept.decode("utf-8", "surrogatepass")

    def let_go(self) -> None:
        self.kept = self.own_text().encode("utf-8", "surrogatepass")
        self.text = self.seen = None


def _pieces(
    name: str, text: str, batch_chars: int, *, first: int | None = None
) -> Iterator[_Piece]:
    """`text` cut into its parts (an empty text is one empty part), the first of about
    `first` characters when given. The first is cut alone, as soon as it is asked for
    (cutting every part took 0.3 s of a 135 MB file, the import waiting for its first
    batch); the others all at once when the second is asked for, so that the text is let
    go of while the import is still small (kept until the last part, it made the two
    processes together peak at 926 MB instead of 720)."""
    seen = _blank_comments(text)
    parts = splitter.each_part(seen, batch_chars, first=first)
    part = next(parts)
    following = next(parts, None)
    yield _piece(name, text, seen, part=part, following=following)
    if following is None:
        return
    rest = [following, *parts]
    pieces = [
        _piece(name, text, seen, part=part, following=after)
        for part, after in itertools.zip_longest(rest, rest[1:])
    ]
    del text, seen, rest
    yield from pieces


def _piece(
    name: str, text: str, seen: str, *, part: splitter.Part, following: splitter.Part | None
) -> _Piece:
    """One part of `text` (`seen`: as the splitter sees it) cut out."""
    # A part ends at the next one's `@`; the next starts at the beginning of that line.
    own_end = part.end if following is None else following.start
    own_seen = seen[part.start : part.end]
    own_text = own_seen if seen is text else text[part.start : part.end]
    local = splitter.Part(0, part.end - part.start, part.line)
    return _Piece(name, own_text, own_seen, local, own_end - part.start)


def _inherits(entry: _Entry) -> bool:
    return entry.entry_type == "xdata" or "crossref" in entry.fields or "xdata" in entry.fields


def _unreadable_part(file: _File, part: splitter.Part, error: Exception) -> Problem:
    raw = file.text[part.start : part.end]
    last = part.line + raw.count("\n")
    message = sentence(
        "Lines {first}-{last} of this file could not be read ({error}).",
        first=part.line,
        last=last,
        error=error,
    )
    return Problem(file.name, part.line, message, raw=raw, error=True)


# --- Splitting ----------------------------------------------------------------------------


def _split(name: str, text: str, result: ParseResult) -> _File:
    seen = _blank_comments(text)
    try:
        blocks = splitter.split(seen).blocks
    except Exception as error:  # a bug in the splitter must not lose the user's file
        result.problems.append(
            Problem(
                name,
                None,
                sentence("This file could not be read at all ({error}).", error=error),
                raw=text,
                error=True,
            )
        )
        return _File(name, text, seen, [])
    file = _File(name, text, seen, blocks)
    for _, _, block in blocks:
        string = _unwrap(block)
        if isinstance(string, bib.String):
            # BibTeX abbreviations are case-insensitive; a later definition replaces one.
            file.macros[string.key.strip().lower()] = string.value
    return file


def _blank_comments(text: str) -> str:
    """Replace `%` comments outside field values by spaces, keeping every offset and line.

    BibTeX itself has no comments inside entries, but JabRef, Emacs and people comment out
    fields and whole entries with `%`; a comma or quote in such a comment would derail the
    splitter. A `%` inside a braced or quoted value is text ("50%") and stays.
    """
    if "%" not in text:
        return text
    last_percent = None
    for last_percent in _UNESCAPED_PERCENT.finditer(text):  # noqa: B007 (only the last one)
        pass
    if last_percent is None:
        return text
    # Past the last "%" there is nothing to blank, so the scan stops there.
    pieces, depth, quoted, pos, copied = [], 0, False, 0, 0
    stop = last_percent.end()
    while (mark := _COMMENT_MARKS.search(text, pos, stop)) is not None:
        char, pos = mark.group(), mark.end()
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
        elif char == '"':
            quoted = not quoted if depth == 1 else quoted
        elif char == "%":
            if depth <= 1 and not quoted:
                end = text.find("\n", mark.start())
                end = len(text) if end < 0 else end
                pieces += [text[copied : mark.start()], " " * (end - mark.start())]
                copied = pos = end
        else:  # "@" at the start of a line: bibtexparser starts a new block there too
            depth, quoted = 0, False
    pieces.append(text[copied:])
    return "".join(pieces)


def _unwrap(block: SplitEntry | bib.Block) -> SplitEntry | bib.Block:
    """The block itself, or the entry/string a duplicate-key wrapper holds."""
    if isinstance(block, bib.DuplicateBlockKeyBlock | bib.DuplicateFieldKeyBlock):
        inner = block.ignore_error_block
        if inner is not None:
            return inner
    return block


def _read_blocks(file: _File, expand: _Expander, result: ParseResult) -> Iterable[_Entry]:
    """The file's entries, evaluated; its blocks are let go of as they are read."""
    blocks, file.blocks = file.blocks, []
    blocks.reverse()
    while blocks:
        line, start, block = blocks.pop()
        inner = _unwrap(block)
        if isinstance(inner, SplitEntry):
            yield _read_entry(inner, file, expand)
        elif isinstance(inner, bib.ExplicitComment) and _misread_as_comment(inner):
            yield from _reread_as_entry(inner, file, line, start=start, expand=expand)
        elif isinstance(inner, bib.Preamble | bib.ExplicitComment):
            kept = file.original(inner.raw, start)
            result.preambles.append(kept)
            result.file_blocks.setdefault(file.name, []).append(kept)
        elif isinstance(inner, bib.ImplicitComment):
            result.problems.extend(_stray_entries(file.name, inner, line))
        elif isinstance(inner, bib.ParsingFailedBlock):
            raw = file.original(inner.raw, start)
            message = _explain_failure(inner.error, raw)
            result.problems.append(Problem(file.name, line, message, raw, error=True))


def _read_entry(entry: SplitEntry, file: _File, expand: _Expander) -> _Entry:
    read = _Entry(
        entry.entry_type.lower(), entry.key.strip(), {}, file, entry.line, entry.start, entry.end
    )
    expand.entry = read
    repeated = []
    for raw_name, raw_value in entry.fields:
        name = _field_name(raw_name)
        if name is None:
            # Fields commented out with "%" never reach here (they were blanked out).
            expand.report(sentence("A value has no field name before its '='; it was left out."))
            continue
        if name in read.fields:
            repeated.append(name)
        _store_field(read, name, raw_value, expand=expand)
    if repeated:
        expand.report(
            sentence(
                "The field(s) {fields} appear more than once; the first value was kept.",
                fields=", ".join(sorted(set(repeated))),
            )
        )
    return read


def _misread_as_comment(block: bib.ExplicitComment) -> bool:
    """bibtexparser takes any type starting with "comment" (`@commentary{...}`) for @comment."""
    match = _BLOCK_TYPE.match(block.raw or "")
    return match is not None and match.group(1).lower() != "comment"


def _reread_as_entry(
    block: bib.ExplicitComment, file: _File, line: int, *, start: int, expand: _Expander
) -> Iterable[_Entry]:
    raw = block.raw or ""
    start = max(start, 0)
    # An underscore hides the "comment" prefix from the splitter; it is removed again below.
    for entry in splitter.split("@_" + raw.lstrip()[1:]).entries:
        # The block's text and line stand for the entry's in problems.
        entry.line, entry.start, entry.end = line, start, start + len(raw)
        read = _read_entry(entry, file, expand)
        read.entry_type = read.entry_type.removeprefix("_")
        yield read


def _store_field(entry: _Entry, name: str, raw_value: str, *, expand: _Expander) -> None:
    """Evaluate a value; text after it that looks like `name = value` was a missing comma
    (read in a loop: an entry of thousands of fields without commas recursed too deep)."""
    while True:
        value, rest = expand(name, raw_value)
        _check_size(name, value, expand=expand)
        # BibTeX keeps the first of two same-named fields (the duplication is reported).
        entry.fields.setdefault(name, value)
        if not rest or rest.isspace():
            return
        rest = _COMMENT_LINE.sub("", rest).strip()
        if not rest:
            return
        following = _FIELD_START.match(rest)
        if following is None or len(entry.fields) >= MOST_FIELDS:
            entry.fields[name] = f"{value} {rest}".strip()
            expand.report(
                sentence(
                    "The field '{name}' has text after its value that is not understood.", name=name
                )
                if following is None
                else sentence(
                    "More than {most} fields run together without commas; the rest of the entry "
                    "was kept as the text of the field '{name}'.",
                    most=f"{MOST_FIELDS:,}",
                    name=name,
                )
            )
            return
        name, raw_value = following.group(1).lower(), rest[following.end() :]


def _check_size(name: str, value: str, *, expand: _Expander) -> None:
    """Report a value longer or more deeply braced than any real file's; it is kept whole."""
    if len(value) > MOST_FIELD_CHARS:
        expand.report(
            sentence(
                "The field '{name}' holds {length} characters, more than the {most} of any real "
                "bibliography; it was kept whole.",
                name=name,
                length=f"{len(value):,}",
                most=f"{MOST_FIELD_CHARS:,}",
            )
        )
    depth = _brace_depth(value)
    if depth > MOST_BRACE_DEPTH:
        expand.report(
            sentence(
                "The field '{name}' nests braces {depth} deep, more than the {most} of any real "
                "bibliography; it was read all the same.",
                name=name,
                depth=f"{depth:,}",
                most=MOST_BRACE_DEPTH,
            )
        )


def _brace_depth(value: str) -> int:
    if "{" not in value:
        return 0
    depth = deepest = 0
    for brace in _BRACE.findall(value):
        depth = depth + 1 if brace == "{" else max(depth - 1, 0)
        deepest = max(deepest, depth)
    return deepest


def _field_name(raw_key: str) -> str | None:
    """The field's name, without `%` comment lines before it; None if it is commented out."""
    if "%" in raw_key:
        raw_key = _COMMENT_LINE.sub("", raw_key + "\n")
    name = raw_key.strip().lower()
    return name or None


def _stray_entries(source: str, comment: bib.ImplicitComment, first_line: int) -> list[Problem]:
    """Text between entries that starts like an entry was an entry bibtexparser could not see."""
    problems = []
    text = comment.comment
    for match in _LOOKS_LIKE_ENTRY.finditer(text):
        line = first_line + text.count("\n", 0, match.start())
        end = text.find("\n@", match.end())
        raw = text[match.start() : None if end < 0 else end].strip()
        problems.append(
            Problem(
                source,
                line,
                sentence(
                    "This looks like an entry but could not be read: an entry starts with "
                    "'@type{{key,' and its '{{' is missing here."
                ),
                raw=raw,
                error=True,
            )
        )
    return problems


def _in_entry(key: str, message: str) -> str:
    """`message` said of the entry `key`."""
    return sentence("In entry '{key}': {message}", key=key, message=message)


def _explain_failure(error: Exception, raw: str) -> str:
    """A sentence for a person about why bibtexparser gave up on a block."""
    reason = str(getattr(error, "abort_reason", error))
    kind = _BLOCK_TYPE.match(raw)
    block_type = kind.group(1).lower() if kind else ""
    what = sentence("This entry")
    if block_type in _SPECIAL_BLOCKS:
        what = sentence("This @{type} block", type=block_type)
    if "Unexpected block start" in reason:
        detail = sentence(
            "it is not closed before the next entry starts (a '}}' or '\"' is missing)"
        )
    elif "end of file" in reason:
        detail = sentence("the file ends before the entry is closed (a '}}' or '\"' is missing)")
    elif "comma after entry key" in reason:
        detail = sentence("its citation key is not followed by a comma")
    elif "`=` after entry key" in reason:
        detail = sentence("a field name is not followed by '='")
    elif "Expected equals sign" in reason:
        detail = sentence("an @string definition has no '='")
    elif "after a closed entry field value" in reason:
        detail = sentence("a field's value is followed by something other than a comma")
    else:
        detail = sentence("its syntax is broken")
    return sentence(
        "{what} could not be read: {detail}. It was skipped; its text is kept.",
        what=what,
        detail=detail,
    )


# --- Values -------------------------------------------------------------------------------


class _TooLong(Exception):
    """A value grew past `MOST_VALUE_CHARS` while being evaluated."""


@dataclass
class _Budget:
    """The characters abbreviations may still add in one read (shared by its files)."""

    left: int = MOST_EXPANDED_CHARS
    told: bool = False


class _Expander:
    """Evaluates field values of one file: braces, quotes, numbers, abbreviations, `#`."""

    def __init__(
        self, macros: dict[str, str], source: str, problems: list[Problem], *, budget: _Budget
    ) -> None:
        self.raw_macros = macros
        self.expanded: dict[str, str | None] = {}
        #: Abbreviations whose value would be too long (told once, kept as their names).
        self.too_long: set[str] = set()
        self.budget = budget
        self.source = source
        self.problems = problems
        self.entry: _Entry | None = None

    def __call__(self, name: str, raw: str) -> tuple[str, str]:
        """(value as LaTeX, unread text after it) for the field `name`."""
        # The common case, one braced value, needs no parsing.
        if raw.startswith("{") and raw.endswith("}"):
            inner = raw[1:-1]
            # Without a "}" inside, the opening brace can only close at the end.
            if "}" not in inner or _single_group(raw):
                return inner, ""
        try:
            return _evaluate(raw, lambda word: self._lookup(word, name))
        except _TooLong:
            self.report(
                sentence(
                    "The field '{name}' would be longer than {most} characters once its @string "
                    "abbreviations are expanded; it was kept as written, unexpanded.",
                    name=name,
                    most=f"{MOST_VALUE_CHARS:,}",
                )
            )
            return raw, ""

    def report(self, message: str) -> None:
        entry = self.entry
        line = entry.line if entry else None
        if entry and entry.key:
            message = _in_entry(entry.key, message)
        self.problems.append(Problem(self.source, line, message, raw=entry.raw if entry else ""))

    def _lookup(self, word: str, field_name: str) -> str:
        value = self.macro(word.lower())
        if word.lower() in self.too_long:
            return word
        if value is not None and len(value) > len(word):
            if self.budget.left < len(value):
                self._over_budget()
                return word
            self.budget.left -= len(value)
        if value is None:
            self.report(
                sentence(
                    "The field '{name}' uses the abbreviation '{word}', which no @string defines; "
                    "the name itself was kept as the value.",
                    name=field_name,
                    word=word,
                )
            )
            return word
        return value

    def macro(self, name: str, seen: frozenset[str] = frozenset()) -> str | None:
        """An abbreviation's value, itself evaluated; None when undefined or circular."""
        if name in self.expanded:
            return self.expanded[name]
        raw = self.raw_macros.get(name)
        if raw is None or name in seen:
            return MONTH_MACROS.get(name) if raw is None else None

        def inner(word: str) -> str:
            value = self.macro(word.lower(), seen | {name})
            if word.lower() in self.too_long:
                raise _TooLong(word)  # one made of a too long one is too long: told once
            return value or word

        try:
            value, _ = _evaluate(raw, inner)
        except _TooLong as error:
            self.too_long.add(name)
            self.expanded[name] = None
            if not error.args:
                self.report(
                    sentence(
                        "The @string abbreviation '{name}' would be longer than {most} characters "
                        "once expanded (and so would those made of it); where they are used, "
                        "their names were kept instead.",
                        name=name,
                        most=f"{MOST_VALUE_CHARS:,}",
                    )
                )
            return None
        self.expanded[name] = value
        return value

    def _over_budget(self) -> None:
        if not self.budget.told:
            self.budget.told = True
            self.report(
                sentence(
                    "The @string abbreviations of this import would add more than {most} "
                    "characters; from here on they are kept as their names, unexpanded.",
                    most=f"{MOST_EXPANDED_CHARS:,}",
                )
            )


def _single_group(raw: str) -> bool:
    """Whether `{...}` is one group, not `{a} # {b}` or `{a} year = {b}`."""
    depth = 0
    for match in _BRACE.finditer(raw):
        depth += 1 if match.group() == "{" else -1
        if depth == 0:
            return match.end() == len(raw)
    return False


def _evaluate(raw: str, lookup: Callable[[str], str]) -> tuple[str, str]:
    """BibTeX's value syntax: pieces joined by `#`; returns (value, text left unread)."""
    pieces, pos, length, total = [], 0, len(raw), 0
    while True:
        pos = _skip_spaces(raw, pos)
        if pos >= length:
            break
        char = raw[pos]
        if char == "{":
            end = _group_end(raw, pos)
            pieces.append(raw[pos + 1 : end])
        elif char == '"':
            end = _quote_end(raw, pos)
            pieces.append(raw[pos + 1 : end])
        else:
            word = _VALUE_WORD.match(raw, pos)
            if word is None:
                break
            end = word.end() - 1
            pieces.append(word.group() if word.group().isdigit() else lookup(word.group()))
        total += len(pieces[-1])
        if total > MOST_VALUE_CHARS:
            raise _TooLong
        pos = _skip_spaces(raw, end + 1)
        if raw.startswith("#", pos):
            pos += 1
            continue
        break
    return "".join(pieces), raw[pos:]


def _skip_spaces(raw: str, pos: int) -> int:
    while pos < len(raw) and raw[pos].isspace():
        pos += 1
    return pos


def _group_end(raw: str, start: int) -> int:
    """Index of the `}` closing the group opened at `start` (the end if it never closes)."""
    depth = 0
    for match in _BRACE.finditer(raw, start):
        depth += 1 if match.group() == "{" else -1
        if depth == 0:
            return match.start()
    return len(raw)


def _quote_end(raw: str, start: int) -> int:
    """Index of the `"` closing a quoted value (quotes inside braces do not count)."""
    depth = 0
    for match in _QUOTE_MARKS.finditer(raw, start + 1):
        char = match.group()
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif depth <= 0:
            return match.start()
    return len(raw)


# --- Keys, crossref and xdata -------------------------------------------------------------


class _RepeatedKeys:
    """Entries that share a key, found as they are read: both are kept, and the later one
    is reported. BibTeX compares keys ignoring case."""

    def __init__(self) -> None:
        #: The file and line of the first entry with each key.
        self._first: dict[str, tuple[str, int | None]] = {}
        self.problems: list[Problem] = []

    def note(self, entry: _Entry) -> None:
        if not entry.key:
            return
        folded = entry.key.lower()
        if folded not in self._first:
            self._first[folded] = (entry.source, entry.line)
            return
        source, line = self._first[folded]
        message = sentence(
            "The citation key '{key}' is also used by the entry at {source}; both entries were "
            "kept.",
            key=entry.key,
            source=source,
        )
        if source == entry.source:
            message = sentence(
                "The citation key '{key}' is also used by the entry at line {line}; both entries "
                "were kept.",
                key=entry.key,
                line=line,
            )
        self.problems.append(Problem(entry.source, entry.line, message, raw=entry.raw))


def _inherit(entries: list[_Entry], parked: list[_Entry], problems: list[Problem]) -> None:
    """Fill missing fields from crossref and xdata parents (parents first, cycles reported)."""
    by_key: dict[str, _Entry] = {}
    for entry in [*entries, *parked]:
        by_key.setdefault(entry.key.lower(), entry)
    for entry in [*entries, *parked]:
        # BibLaTeX's `ids` gives an entry other keys it can be cited and crossref'd by.
        for alias in _split_list(entry.fields.get("ids", "")):
            by_key.setdefault(alias.lower(), entry)
    done: set[int] = set()
    for entry in [*parked, *entries]:
        _resolve(entry, by_key, done, chain=(), problems=problems)


def _resolve(
    entry: _Entry,
    by_key: dict[str, _Entry],
    done: set[int],
    *,
    chain: tuple[str, ...],
    problems: list[Problem],
) -> bool:
    """Give `entry` its parents' fields; False when it is part of a reference circle."""
    if id(entry) in done:
        return True
    if entry.key.lower() in chain:
        circle = chain[chain.index(entry.key.lower()) :]
        loop = " -> ".join([*circle, entry.key.lower()])
        problems.append(
            Problem(
                entry.source,
                entry.line,
                sentence(
                    "The entries {loop} refer to each other in a circle (crossref/xdata); no "
                    "fields were inherited along the circle.",
                    loop=loop,
                ),
                raw=entry.raw,
            )
        )
        return False
    chain = (*chain, entry.key.lower())
    parents = [(key, "xdata") for key in _split_list(entry.fields.get("xdata", ""))]
    crossref = entry.fields.get("crossref", "").strip()
    if crossref:
        parents.append((crossref, "crossref"))
    unresolved_xdata = []
    for key, how in parents:
        parent = _parent(entry, key, how, by_key=by_key, problems=problems)
        if parent is not None and _resolve(parent, by_key, done, chain=chain, problems=problems):
            _copy_missing(parent, entry, rename_title=how == "crossref")
        elif how == "xdata":
            unresolved_xdata.append(key)
    if "xdata" in entry.fields:
        # @xdata containers are not papers and are not exported: the fields they gave are
        # now the entry's own, and only the keys that could not be found stay named.
        if unresolved_xdata:
            entry.fields["xdata"] = ", ".join(unresolved_xdata)
        else:
            del entry.fields["xdata"]
    done.add(id(entry))
    return True


def _parent(
    entry: _Entry, key: str, how: str, *, by_key: dict[str, _Entry], problems: list[Problem]
) -> _Entry | None:
    parent = by_key.get(key.lower())
    if parent is None:
        problems.append(
            Problem(
                entry.source,
                entry.line,
                sentence(
                    "The entry '{key}' takes fields from '{parent}' ({how}), but no entry has "
                    "that key; those fields are missing.",
                    key=entry.key,
                    parent=key,
                    how=how,
                ),
                raw=entry.raw,
            )
        )
    return parent


def _copy_missing(parent: _Entry, child: _Entry, *, rename_title: bool) -> None:
    for name, value in parent.fields.items():
        if name in _NOT_INHERITED:
            continue
        if rename_title and name == "title":
            # BibLaTeX: a proceedings' title is its papers' booktitle, a periodical's their journal.
            name = _TITLE_BECOMES.get(parent.entry_type, "booktitle")
        child.fields.setdefault(name, value)


def _split_list(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


# --- Records ------------------------------------------------------------------------------


def _to_record(entry: _Entry, problems: list[Problem]) -> Record:
    record = Record(
        entry_type=entry.entry_type, citekey=entry.key or None, line=entry.line, source=entry.source
    )

    def report(message: str) -> None:
        if entry.key:
            message = _in_entry(entry.key, message)
        problems.append(Problem(entry.source, entry.line, message, raw=entry.raw))

    fields = entry.fields
    for name, value in fields.items():
        if name in _TEXT_FIELDS:
            target = _TEXT_FIELDS[name]
            if name == "journaltitle" and "journal" in fields:
                record.extra[name] = value
            else:
                _set_text(record, target, value)
        elif name in _VERBATIM_FIELDS:
            setattr(record, _VERBATIM_FIELDS[name], _verbatim_value(value))
        elif name.startswith(_PLAIN_TEXT_PREFIXES):
            # Written from RIS or CSL-JSON plain text, escaped: read back as that text.
            record.extra[name] = decode.to_unicode(value)
        elif name not in _HANDLED_ELSEWHERE:
            record.extra[name] = value
    record.authors = _people(record, "author", fields.get("author"), report=report)
    record.editors = _people(record, "editor", fields.get("editor"), report=report)
    if "keywords" in fields:
        _set_keywords(record, fields["keywords"])
    _set_date(record, fields, report)
    _set_arxiv(record, fields)
    return record


def _set_text(record: Record, name: str, value: str) -> None:
    decoded = decode.to_unicode(value)
    setattr(record, name, decoded)
    if decoded != value:
        record.latex[name] = value


# In url and doi fields, BibTeX files escape these for LaTeX, and \url and hyperref read
# them back as the plain characters; so does this reader (the writer escapes them again).
_VERBATIM_ESCAPES = {"\\%": "%", "\\#": "#", "\\&": "&", "\\_": "_"}


def _verbatim_value(value: str) -> str:
    value = value.strip()
    for escaped, plain in _VERBATIM_ESCAPES.items():
        value = value.replace(escaped, plain)
    return value


def _people(
    record: Record, name: str, value: str | None, *, report: Callable[[str], None]
) -> list[Person]:
    if not value:
        return []
    listed = names.parse_names(value)
    for problem in listed.problems:
        report(sentence("In the {name} list: {problem}", name=name, problem=problem))
    marked = _LATEX_MARKUP.search(value) is not None
    if marked or "=" in value:  # "=": BibLaTeX's extended name form
        record.latex[name] = value
    if not marked:  # most lists: no name of it has markup to decode
        return listed.people
    return [_decoded_person(person) for person in listed.people]


def _decoded_person(person: Person) -> Person:
    if not _LATEX_MARKUP.search(person.as_written):
        return person
    given, family, von, jr = _decoded_parts(person.given, person.family, person.von, person.jr)
    return Person(given=given, family=family, von=von, jr=jr, as_written=person.as_written)


@lru_cache(maxsize=16384)
def _decoded_parts(*parts: str) -> tuple[str, ...]:
    # The same authors come back entry after entry; decode each spelling once.
    return tuple(decode.to_unicode(part) for part in parts)


def _set_keywords(record: Record, value: str) -> None:
    # Split before decoding: braces keep a comma inside a keyword ({Smith, J.}) from
    # splitting it, and they are gone once decoded.
    words = (decode.to_unicode(word) for word in keywords.split(value))
    record.keywords = [word for word in words if word]
    if _LATEX_MARKUP.search(value):
        record.latex["keywords"] = value


def _set_date(record: Record, fields: dict[str, str], report: Callable[[str], None]) -> None:
    """Year and month from BibLaTeX's `date` or else from `year`/`month`.

    As in biber, `date` wins over `year`; a year it overrides stays in `extra`.
    """
    year = _plain(_NOOPSORT.sub("", fields.get("year", "")))
    month = _plain(fields.get("month", ""))
    date = _DATE.match(fields.get("date", "").strip())
    if date:
        if year and year != date.group(1):
            record.extra["year"] = fields["year"]
        year, month = date.group(1), date.group(2) or month
    if year:
        if _YEAR.fullmatch(year):
            record.year = int(year)
        else:
            record.extra["year"] = fields.get("year", year)
            report(
                sentence("The year '{year}' is not a number; it was kept as written.", year=year)
            )
    if month:
        record.month = month_number(month)
        if record.month is None:
            record.extra["month"] = fields.get("month", month)
            report(
                sentence(
                    "The month '{month}' is not a month name or number; it was kept as written.",
                    month=month,
                )
            )


def _plain(value: str) -> str:
    return value.replace("{", "").replace("}", "").strip()


def month_number(text: str) -> int | None:
    """1-12 from '9', '09', 'sep', 'Sept.', 'September' (any case); None otherwise."""
    text = text.strip().rstrip(".").lower()
    if text.isdigit():
        number = int(text)
        return number if 1 <= number <= 12 else None
    if len(text) >= 3:
        for number, name in enumerate(MONTHS, start=1):
            if name.startswith(text):
                return number
    return None


def _set_arxiv(record: Record, fields: dict[str, str]) -> None:
    """The arXiv id from `eprint` when the archive is arXiv, or from Mendeley's `arxivid`."""
    archive = fields.get("archiveprefix") or fields.get("eprinttype") or ""
    eprint = fields.get("eprint", "").strip()
    if eprint and archive.strip().lower() == "arxiv":
        record.arxiv_id = eprint
        record.extra.pop("eprint", None)
    elif fields.get("arxivid", "").strip():
        record.arxiv_id = fields["arxivid"].strip()
        record.extra.pop("arxivid", None)
