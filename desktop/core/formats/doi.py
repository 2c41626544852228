"""What a DOI looks like: `10.`, a registrant code, `/`, and a suffix of printable characters.

The DOI handbook allows nearly any printable character in the suffix (old Wiley DOIs hold
`<`, `>`, `;` and `#`). It is refused here only what no registered DOI uses and what would
reach TeX or a shell as markup: spaces and control characters, `\\`, `{`, `}` and `^` (so
`10.1000/^^5cinput{/etc/hostname}` is not a DOI).
"""

from __future__ import annotations

import re

DOI = re.compile(r"10\.\d{4,9}(?:\.\d+)*/[^\s\x00-\x1f\x7f\\{}^]+")


def is_doi(text: str) -> bool:
    """True when `text` is a DOI and nothing more."""
    return DOI.fullmatch(text) is not None
