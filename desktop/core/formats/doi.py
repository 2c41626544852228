"""What a DOI looks like: `10.`, a registrant code, `/`, and a suffix of printable characters.

The DOI handbook allows nearly any printable character in the suffix (old Wiley DOIs hold
`<`, `>`, `;` and `#`). It is refused here only what no registered DOI uses and what would
reach TeX or a shell as markup: spaces and control characters, `\\`, `{`, `}` and `^` (so
`10.1000/^^5cinput{/etc/hostname}` is not a DOI).

A short DOI (`10/f8tz8t`, from shortdoi.org) is a DOI too: an alias that doi.org resolves,
kept as the user gave it.
"""

from __future__ import annotations

import re

DOI = re.compile(r"10\.\d{4,9}(?:\.\d+)*/[^\s\x00-\x1f\x7f\\{}^]+")
SHORT_DOI = re.compile(r"10/[A-Za-z0-9]+")


def is_doi(text: str) -> bool:
    """True when `text` is a DOI and nothing more."""
    return DOI.fullmatch(text) is not None or SHORT_DOI.fullmatch(text) is not None
