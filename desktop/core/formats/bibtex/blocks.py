"""Kept @preamble and @comment blocks, written so that `bibtex` and biber read them as meant.

BibTeX's rules, which the blocks as imported do not always follow:
- A preamble's value is a string: quoted or braced pieces (and macros) joined by `#`. Bare
  LaTeX (`@preamble{\\input x}`, `@preamble{test}`) is read as an undefined macro; it is
  written braced (an export keeps no @string, so only the styles' months are macros).
- All preambles are joined into one string with nothing between them, so the last command
  of one file's preambles would run into the first word of the next (`\\fi` + `test` gives
  `\\fitest`): an empty group `{}` is written between the files' preambles.
- BibTeX does not skip what is inside `@comment{...}`: it looks for the next `@`, so a
  comment holding one (`@comment{@book{a,...}}`) is read as an entry. biber skips the braces;
  for BibTeX such a comment is left out, and a line outside any entry says so.
- Comments that tools keep their own settings in (JabRef's `jabref-meta:`, BibDesk's groups,
  KBibTeX's) describe someone else's set-up, with their file paths: never written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from desktop.core.formats.latex import encode

#: How the comments of reference managers' own settings begin (compared case-folded).
METADATA_COMMENTS = (
    "jabref-meta:",
    "jabref-entrytype:",
    "bibdesk static groups",
    "bibdesk smart groups",
    "bibdesk url groups",
    "bibdesk script groups",
    "x-kbibtex",
    "zotero",
    "better bibtex",
)

#: Written between two files' preambles (see the module's docstring).
SEPARATOR = '@preamble{ "{}" }\n'

_HEAD = re.compile(r"\s*@\s*(\w+)\s*([{(])", re.ASCII)
_MACRO = re.compile(r"[A-Za-z_][\w:.+/'-]*", re.ASCII)
_NUMBER = re.compile(r"\d+")
_CLOSING = {"{": "}", "(": ")"}
_STYLE_MACROS = frozenset("jan feb mar apr may jun jul aug sep oct nov dec".split())


@dataclass(frozen=True)
class _Block:
    kind: str  # "preamble", "comment" or "other"
    body: str


def write_groups(groups: Sequence[Sequence[str]], *, biblatex: bool) -> list[str]:
    """The texts to write before the entries for each file's blocks, in order."""
    pieces: list[str] = []
    after_preamble = False
    for group in groups:
        written = [_written(block, biblatex=biblatex) for block in group]
        has_preamble = any(text.startswith("@preamble") for text in written)
        if has_preamble and after_preamble:
            pieces.append(SEPARATOR)
        after_preamble = after_preamble or has_preamble
        pieces += [text for text in written if text]
    return pieces


def is_metadata(block: str) -> bool:
    """Whether `block` is a comment a reference manager keeps its settings in."""
    parsed = _parse(block)
    return parsed.kind == "comment" and parsed.body.strip().casefold().startswith(METADATA_COMMENTS)


def _written(block: str, *, biblatex: bool) -> str:
    parsed = _parse(block)
    if parsed.kind == "preamble":
        return _preamble(parsed.body)
    if parsed.kind == "comment":
        return _comment(parsed.body, biblatex=biblatex)
    # Text given without a block around it is preamble LaTeX (as `WriteOptions` says).
    return _preamble(block.strip()) if not block.lstrip().startswith("@") else _left_out(block)


def _parse(block: str) -> _Block:
    head = _HEAD.match(block)
    stripped = block.rstrip()
    if head is None or not stripped.endswith(_CLOSING[head.group(2)]):
        return _Block("other", block)
    kind = head.group(1).lower()
    if kind not in ("preamble", "comment"):
        return _Block("other", block)
    return _Block(kind, stripped[head.end() : -1])


def _preamble(body: str) -> str:
    value = body.strip()
    if not value:
        return ""
    if not _is_string_value(value):
        if not encode.is_balanced(value):
            return _left_out("@preamble{" + body + "}", why="its braces do not pair up")
        value = "{" + value + "}"
    return "@preamble{ " + value + " }\n"


def _comment(body: str, *, biblatex: bool) -> str:
    if body.strip().casefold().startswith(METADATA_COMMENTS):
        return ""
    if not encode.is_balanced(body):
        # Outside any block both tools skip plain text: no `@` in it to misread.
        if "@" in body:
            return _left_out(body, why="its braces do not pair up and it holds an at sign")
        return "".join(f"{line}\n" for line in body.strip().splitlines())
    if "@" in body and not biblatex:
        return _left_out(body, why="bibtex would read the at sign inside it as an entry")
    return "@comment{" + body + "}\n"


def _left_out(block: str, *, why: str = "bibtex could not read it") -> str:
    lines = len(block.strip().splitlines())
    return f"% A kept block of {lines} line(s) is not written here: {why}.\n"


def _is_string_value(value: str) -> bool:
    """Whether `value` is what BibTeX reads as a field's value: pieces joined by `#`."""
    at = 0
    while True:
        at = _skip_space(value, at)
        end = _piece_end(value, at)
        if end is None:
            return False
        at = _skip_space(value, end)
        if at == len(value):
            return True
        if value[at] != "#":
            return False
        at += 1


def _piece_end(value: str, at: int) -> int | None:
    """Where the quoted, braced, numeric or macro piece starting at `at` ends."""
    if at >= len(value):
        return None
    if value[at] in '{"':
        return _group_end(value, at)
    match = _NUMBER.match(value, at) or _MACRO.match(value, at)
    if match is None or (match.re is _MACRO and match.group().lower() not in _STYLE_MACROS):
        # An export keeps no @string: a macro other than the styles' months is undefined.
        return None
    return match.end()


def _group_end(value: str, at: int) -> int | None:
    """The end of `{...}` or `"..."` at `at` (a quote inside braces does not close)."""
    depth = 0
    for index in range(at + 1, len(value)):
        char = value[index]
        if char == "{":
            depth += 1
        elif char == "}":
            if depth == 0:
                return index + 1 if value[at] == "{" else None
            depth -= 1
        elif char == '"' and value[at] == '"' and depth == 0:
            return index + 1
    return None


def _skip_space(value: str, at: int) -> int:
    while at < len(value) and value[at].isspace():
        at += 1
    return at
