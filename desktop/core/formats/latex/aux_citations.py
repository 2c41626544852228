"""What a LaTeX document cites, read from its `.aux` file: BibTeX's `\\citation{a,b}` lines
and biblatex's `\\abx@aux@cite{section}{key}` (or `{key}` in biblatex before 3.8), in the
order the document cites them, and the `.aux` files of included chapters (`\\@input`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# The argument of these never holds braces: LaTeX writes keys as the user typed them.
_CITATION = re.compile(
    r"\\citation\{(?P<bibtex>[^{}]*)\}"
    r"|\\abx@aux@cite(?:\{[^{}]*\})?\{(?P<biblatex>[^{}]*)\}"
)
_INPUT = re.compile(r"\\@input\{([^{}]*)\}")
#: `\nocite{*}` cites every entry of the .bib: not a key.
EVERYTHING = "*"


@dataclass
class Citations:
    """The keys an `.aux` cites (each once, first citation first) and what it includes."""

    keys: list[str] = field(default_factory=list)
    #: `\nocite{*}` was used: the document cites all of its .bib, which names no key.
    cites_everything: bool = False
    #: Other .aux files it reads (relative to the document's folder), in order.
    inputs: list[str] = field(default_factory=list)


def read(text: str) -> Citations:
    """The citations in the text of one `.aux` file, line by line (LaTeX writes each on its
    own line; a key split over two lines cannot happen)."""
    found = Citations()
    seen: set[str] = set()
    for line in text.splitlines():
        for match in _INPUT.finditer(line):
            found.inputs.append(match.group(1).strip())
        for key in _keys_on(line):
            if key == EVERYTHING:
                found.cites_everything = True
            elif key not in seen:
                seen.add(key)
                found.keys.append(key)
    return found


def _keys_on(line: str) -> list[str]:
    keys = []
    for match in _CITATION.finditer(line):
        written = match.group("bibtex") if match.group("bibtex") is not None else match["biblatex"]
        keys += [key.strip() for key in written.split(",") if key.strip()]
    return keys
