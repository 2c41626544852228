"""Cut BibTeX text into blocks: a fast path for plain entries, bibtexparser for the rest.

bibtexparser 2's splitter walks the text one delimiter at a time in Python, which is most
of the cost of reading a large .bib file. Its rules split a file into *regions*: every `@`
that starts a line (after optional spaces) and opens a block (`@type{` or `@type(`) ends
whatever block was open before it, so the text from one such `@` to the next is read
independently of the rest. Here each region holding one well-formed `@type{key, name =
value, ...}` entry followed by nothing but spaces is read with a few regular-expression
searches per field; any other region (@string, @comment, @preamble, parentheses, a broken
entry, text between entries) is given to bibtexparser itself, so it is read exactly as
bibtexparser reads it. The test suite holds the two to the same result on every corpus
file and on generated text.

Line numbers are 1-based. Offsets index the text passed in.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import bibtexparser
from bibtexparser import model as bib

#: An `@` opening a block at the start of a line: it ends any block still open.
_LINE_START_BLOCK = re.compile(r"^[^\S\n]*(@\w*[ \t]*)(?=[{(])", re.MULTILINE)
#: The marks bibtexparser stops at within an entry (backslash-escaped ones are text).
_KEY_MARK = re.compile(r'(?<!\\)[{}",=]')
_VALUE_MARK = re.compile(r'(?<!\\)[{}",]')
_BRACE = re.compile(r"(?<!\\)[{}]")
_QUOTE = re.compile(r'(?<!\\)"')
_SPECIAL_TYPES = ("@comment", "@preamble", "@string")
#: The usual field, read in one match: `name = {text without braces}`, `name = "text"`
#: or `name = word`, then the `,` or `}` after it. Backslashes are left out of names,
#: quoted text and words, and a brace group may not end in one, because bibtexparser
#: reads `\{`, `\,` ... as plain text; any field this does not match is read mark by
#: mark instead. Each part is unambiguous (the name is stripped afterwards), so a failing
#: match costs one pass, never backtracking over long runs of spaces.
_PLAIN_FIELD = re.compile(
    r'([^{}",=\\]*)=\s*(\{[^{}]*(?<!\\)\}|"[^"{}\\]*"|[^\s{}",=\\#]+)\s*([,}])'
)


@dataclass(slots=True)
class SplitEntry:
    """An entry as bibtexparser's splitter gives it: fields as raw `name`/`value` text."""

    line: int
    entry_type: str
    key: str
    fields: list[tuple[str, str]]
    #: Where the entry's text starts and ends in the text that was split.
    start: int
    end: int


@dataclass
class Split:
    """The blocks of a text, in order: entries, and bibtexparser's other blocks, each as
    (1-based line, offset of its raw text or -1 if that was not found, block).
    bibtexparser's own `start_line` counts from its region, so it is not used."""

    blocks: list[tuple[int, int, SplitEntry | bib.Block]] = field(default_factory=list)

    @property
    def entries(self) -> list[SplitEntry]:
        return [block for _, _, block in self.blocks if isinstance(block, SplitEntry)]


@dataclass(frozen=True, slots=True)
class Part:
    """A stretch of a text made of whole regions, to be split on its own: `split` gives
    for it the blocks that splitting the whole text gives there (see `parts`)."""

    #: Where its first region's line starts (0 for the first part).
    start: int
    #: Where the next region's `@` is, or the end of the text.
    end: int
    #: The 1-based line number at `start`.
    line: int


def parts(text: str, size: int) -> list[Part]:
    """`text` cut into parts of about `size` characters."""
    return list(each_part(text, size))


def each_part(text: str, size: int, *, first: int | None = None) -> Iterator[Part]:
    """`parts`, found one at a time as they are asked for (the first of about `first`
    characters when given).

    Each part ends where a region starts, after a plain entry: regions the fast path
    declines are read by bibtexparser a run at a time, and a run never spans two parts.
    """
    start, line = 0, 1
    boundary = _LINE_START_BLOCK.search(text, size if first is None else first)
    while boundary is not None:
        after = _LINE_START_BLOCK.search(text, boundary.end())
        if after is None:
            break
        if _read_plain_entry(text, boundary, after.start(1), line=0) is None:
            boundary = after  # a declined region: the run may go on
            continue
        yield Part(start, after.start(1), line)
        line += text.count("\n", start, after.start())
        start = after.start()
        boundary = _LINE_START_BLOCK.search(text, start + size)
    yield Part(start, len(text), line)


def split(text: str, part: Part | None = None) -> Split:
    """The blocks of `text` (or of one of its `parts`), as bibtexparser's splitter would
    give them; lines and offsets are the whole text's."""
    result = Split()
    start, end, line = (0, len(text), 1) if part is None else (part.start, part.end, part.line)
    starts = list(_LINE_START_BLOCK.finditer(text, start, end))
    region_starts = [match.start(1) for match in starts]
    # The text before the first block, when it holds more than spaces.
    first = region_starts[0] if region_starts else end
    if text[start:first].strip():
        sentinel = _sentinel(text, starts[0]) if starts else ""
        _read_with_bibtexparser(text, start, first, sentinel=sentinel, line=line, result=result)
    line += text.count("\n", start, first)
    # Regions the fast path declines are given to bibtexparser a run at a time: adjacent
    # regions read together give the blocks they give apart, for fewer calls.
    declined: tuple[int, int] | None = None  # (start, line) of the current run
    for number, region_start in enumerate(region_starts):
        last = number + 1 == len(region_starts)
        region_end = end if last else region_starts[number + 1]
        entry = _read_plain_entry(text, starts[number], region_end, line=line)
        if entry is None:
            declined = declined or (region_start, line)
        else:
            if declined is not None:
                sentinel = _sentinel(text, starts[number])
                _read_with_bibtexparser(
                    text,
                    declined[0],
                    region_start,
                    sentinel=sentinel,
                    line=declined[1],
                    result=result,
                )
                declined = None
            result.blocks.append((line, region_start, entry))
        line += text.count("\n", region_start, region_end)
    if declined is not None:
        # Only in the last part: the others end with a plain entry.
        _read_with_bibtexparser(
            text, declined[0], end, sentinel="", line=declined[1], result=result
        )
    return result


def _sentinel(text: str, next_start: re.Match[str]) -> str:
    """The next region's opening (`@type{`): appended to a region read by bibtexparser,
    it ends an unclosed block there exactly as the real next block does."""
    return next_start.group(1) + text[next_start.end(1)]


def _read_with_bibtexparser(
    text: str, start: int, end: int, *, sentinel: str, line: int, result: Split
) -> None:
    region = text[start:end]
    blocks = bibtexparser.parse_string(region + sentinel, parse_stack=[]).blocks
    if sentinel:
        blocks = blocks[:-1]  # the sentinel itself, cut off by the end of the text
    line_starts = [0, *(m.end() for m in re.finditer("\n", region))]
    searched_from = counted_to = newlines = 0
    for block in blocks:
        block_line = line + (block.start_line or 0)
        # bibtexparser wraps a block whose key repeats; the reader reports repeats itself.
        inner = block
        if isinstance(block, bib.DuplicateBlockKeyBlock | bib.DuplicateFieldKeyBlock):
            inner = block.ignore_error_block or block
        # Where the block starts: on its line, after the previous block's start (a block
        # that failed can overlap the next one, which starts inside its text).
        raw = inner.raw or ""
        line_start = line_starts[min(block.start_line or 0, len(line_starts) - 1)]
        offset = region.find(raw, max(searched_from, line_start)) if raw else -1
        if offset >= 0:
            searched_from = offset + 1
            # The line from the offset: bibtexparser does not count a newline after "\\".
            newlines += region.count("\n", counted_to, offset)
            counted_to = offset
            block_line = line + newlines
        at = start + offset if offset >= 0 else -1
        if isinstance(inner, bib.Entry):
            at = max(at, start)
            fields = [(f.key, str(f.value)) for f in inner.fields]
            entry = SplitEntry(
                block_line, inner.entry_type.lower(), inner.key, fields, at, at + len(raw)
            )
            result.blocks.append((block_line, at, entry))
        else:
            result.blocks.append((block_line, at, inner))


def _read_plain_entry(
    text: str, opening: re.Match[str], end: int, *, line: int
) -> SplitEntry | None:
    """The entry from `opening` to `end`, or None when it is not a plain one."""
    start = opening.start(1)
    entry_type = opening.group(1)[1:].strip().lower()
    brace = opening.end(1)
    if text[brace] != "{" or ("@" + entry_type).startswith(_SPECIAL_TYPES):
        return None
    mark = _KEY_MARK.search(text, brace + 1, end)
    if mark is None or mark.group() != ",":
        return None
    key = text[brace + 1 : mark.start()].strip()
    fields: list[tuple[str, str]] = []
    close = _read_plain_fields(text, mark.end(), end, fields=fields)
    if close is None or text[close + 1 : end].strip():
        return None  # not plain, or text after the entry: bibtexparser decides what it is
    return SplitEntry(line, entry_type, key, fields, start, close + 1)


def _read_plain_fields(
    text: str, name_start: int, end: int, *, fields: list[tuple[str, str]]
) -> int | None:
    """Add the fields from `name_start` on to `fields`; the index of the entry's closing
    brace, or None when the fields are not plain ones."""
    while True:
        plain = _PLAIN_FIELD.match(text, name_start, end)
        if plain is not None:
            name, value, after = plain.groups()
            fields.append((name.strip(), value))
            if after == "}":
                return plain.end() - 1
            name_start = plain.end()
            continue
        mark = _KEY_MARK.search(text, name_start, end)
        if mark is None:
            return None
        char = mark.group()
        if char == "}":
            if text[name_start : mark.start()].strip():
                return None  # a name without "=" and value
            return mark.start()
        if char != "=":
            return None
        value_end = _value_end(text, mark.end(), end)
        if value_end is None:
            return None
        fields.append(
            (text[name_start : mark.start()].strip(), text[mark.end() : value_end].strip())
        )
        if text[value_end] == "}":
            return value_end
        name_start = value_end + 1


def _value_end(text: str, pos: int, end: int) -> int | None:
    """Index of the `,` or `}` ending the value that starts at `pos` (None if not in text).

    The rules are bibtexparser's: outside quotes braces nest; inside quotes (at brace
    depth 0) braces and commas are text, and `{"}` is a quote character.
    """
    depth = 0
    while True:
        if depth:
            mark = _BRACE.search(text, pos, end)
            if mark is None:
                return None
            depth += 1 if mark.group() == "{" else -1
            pos = mark.end()
            continue
        mark = _VALUE_MARK.search(text, pos, end)
        if mark is None:
            return None
        char, pos = mark.group(), mark.end()
        if char == "{":
            depth = 1
        elif char == '"':
            closing = _closing_quote(text, pos, end)
            if closing is None:
                return None
            pos = closing + 1
        else:  # "," or "}" at depth 0, outside quotes
            return mark.start()


def _closing_quote(text: str, pos: int, end: int) -> int | None:
    while True:
        mark = _QUOTE.search(text, pos, end)
        if mark is None:
            return None
        at = mark.start()
        if at > 0 and at + 2 < len(text) and text[at - 1] == "{" and text[at + 1] == "}":
            pos = mark.end()  # {"}: a quote character inside the quoted value
            continue
        return at
