"""Keyword lists as files write them: one text, split at the separator the file uses.

A list separated by semicolons is split at semicolons only (commas then belong to the
keywords); otherwise at commas. Either is a separator only outside brackets, so
"Kraternaya Bight (Yanluch Island, Kurile Islands)" stays one keyword, as do `{a, b}` and
`$f(x, y)$`.
"""

from __future__ import annotations

_OPENING = {"(": ")", "[": "]", "{": "}"}
_CLOSING = {closer: opener for opener, closer in _OPENING.items()}


def separator_of(text: str) -> str:
    """The separator a keyword list uses: ";" when one stands outside brackets, else ","."""
    return ";" if ";" in _outside_brackets(text) else ","


def split(text: str) -> list[str]:
    """The keywords of a list, trimmed, the empty ones left out."""
    separator = separator_of(text)
    keywords: list[str] = []
    current: list[str] = []
    depth: list[str] = []
    in_math = False
    for char in text:
        if char == "$":
            in_math = not in_math
        elif not in_math and char in _OPENING:
            depth.append(char)
        elif not in_math and char in _CLOSING and depth and depth[-1] == _CLOSING[char]:
            depth.pop()
        elif char == separator and not depth and not in_math:
            keywords.append("".join(current))
            current = []
            continue
        current.append(char)
    keywords.append("".join(current))
    return [" ".join(keyword.split()) for keyword in keywords if keyword.strip()]


def join(words: list[str]) -> str:
    """Keywords as one text that `split` reads back the same: joined with commas, or with
    semicolons when a keyword holds a comma of its own."""
    words = [" ".join(word.split()) for word in words if word.strip()]
    if any("," in _outside_brackets(word) for word in words):
        return "; ".join(words)
    return ", ".join(words)


def cleaned(words: list[str]) -> list[str]:
    """Keywords as a paper keeps them: each trimmed, its spaces single, the empty ones and
    repeats left out, in the order given."""
    return list(dict.fromkeys(" ".join(word.split()) for word in words if word.strip()))


def with_tags(keywords: list[str], tags: list[str]) -> list[str]:
    """What an export writes as a paper's keywords: its keywords, then its tags that are
    not among them (tags were the keywords of older versions, and may stand for them)."""
    seen = {" ".join(word.split()).casefold() for word in keywords}
    return [*keywords, *(tag for tag in tags if " ".join(tag.split()).casefold() not in seen)]


def _outside_brackets(text: str) -> str:
    """The characters of `text` at bracket depth zero and outside math."""
    kept: list[str] = []
    depth: list[str] = []
    in_math = False
    for char in text:
        if char == "$":
            in_math = not in_math
        elif not in_math and char in _OPENING:
            depth.append(char)
        elif not in_math and char in _CLOSING and depth and depth[-1] == _CLOSING[char]:
            depth.pop()
        elif not depth and not in_math:
            kept.append(char)
    return "".join(kept)
