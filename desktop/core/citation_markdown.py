"""citeproc-py's formatter for Markdown: italics as `*...*`, bold as `**...**`, and every
character of the reference that Markdown would read as syntax escaped.

citeproc-py takes a formatter as a module of wrappers (`Italic`, `Bold`...) and a
`preformat` for plain text; this module is one, handed to it as `formatter`.
"""

from __future__ import annotations

import re

# Characters that start Markdown syntax inside a line (emphasis, code, links, HTML,
# entities, tables, strikethrough, math). CommonMark lets a backslash escape any ASCII
# punctuation, so escaping them is always safe.
_SPECIAL = re.compile(r"([\\`*_\[\]<>#!|~&$])")
# What starts a block at the beginning of an entry: a list item, a quote, a heading...
_BLOCK_START = re.compile(r"^(\d+)([.)])|^([-+=>])")


def preformat(text: object) -> str:
    """A piece of the reference's text, as literal Markdown (spaces kept: pieces are joined)."""
    return _SPECIAL.sub(r"\\\1", str(text))


def entry_start_escaped(entry: str) -> str:
    """An entry that cannot start a Markdown block (`1. ...`, `- ...`) when it begins a line."""
    return _BLOCK_START.sub(
        lambda m: f"{m.group(1)}\\{m.group(2)}" if m.group(1) else f"\\{m.group(3)}",
        entry,
        count=1,
    )


class _Wrapped(str):
    """Text between two markers (the text itself is already escaped)."""

    marker = ""

    def __new__(cls, text: str) -> _Wrapped:
        inner = str(text)
        if not inner.strip():
            return super().__new__(cls, inner)
        # Emphasis may not begin or end with a space in CommonMark: keep those outside.
        lead = inner[: len(inner) - len(inner.lstrip())]
        trail = inner[len(inner.rstrip()) :]
        return super().__new__(cls, f"{lead}{cls.marker}{inner.strip()}{cls.marker}{trail}")


class Italic(_Wrapped):
    marker = "*"


class Oblique(Italic):
    pass


class Bold(_Wrapped):
    marker = "**"


class _Plain(str):
    """Formatting Markdown has no syntax for (small capitals, underline...): the text."""


Light = _Plain
Underline = _Plain
SmallCaps = _Plain


class Superscript(str):
    def __new__(cls, text: str) -> Superscript:
        return super().__new__(cls, f"<sup>{text}</sup>")  # inline HTML, as CommonMark allows


class Subscript(str):
    def __new__(cls, text: str) -> Subscript:
        return super().__new__(cls, f"<sub>{text}</sub>")
