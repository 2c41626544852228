"""What an ASCII-only export could not spell in LaTeX: how many characters, and a few.

Such characters are written as UTF-8 (see `latex.encode.Charset.ASCII`), so the file is not
all ASCII: the user is told, never left to find out from a broken build.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: How many different characters are shown as examples.
EXAMPLES = 5

_NON_ASCII_RUN = re.compile(r"[^\x00-\x7f]+")


@dataclass(frozen=True)
class Unspelled:
    """The characters of an export left as UTF-8: their number, and the first few seen."""

    count: int = 0
    #: Different characters, in the order they first occur.
    examples: tuple[str, ...] = ()

    def sentence(self) -> str:
        """What a person is told; "" when every character was spelled."""
        if not self.count:
            return ""
        some = " ".join(self.examples)
        if self.count == 1:
            return (
                f"1 character has no LaTeX spelling and was written as UTF-8 ({some}): "
                "the file is not ASCII there."
            )
        return (
            f"{self.count:,} characters have no LaTeX spelling and were written as UTF-8 "
            f"(for example {some}): the file is not ASCII there."
        )


def find(text: str) -> Unspelled:
    """The non-ASCII characters of `text`, which an ASCII-only export holds only when it
    could not spell them."""
    if text.isascii():
        return Unspelled()
    runs = _NON_ASCII_RUN.findall(text)
    seen: dict[str, None] = {}
    for run in runs:
        for char in run:
            seen.setdefault(char)
            if len(seen) == EXAMPLES:
                break
        if len(seen) == EXAMPLES:
            break
    return Unspelled(count=sum(map(len, runs)), examples=tuple(seen))
