"""Fold text into the one form that search compares: lower case, no accents, no punctuation.

Titles and names are folded once when the index is built and every typed query is folded
the same way, so `Müller`, `Muller`, `M{\\"u}ller` and `MÜLLER` all become `muller`, and
`Chen-Yu` gives the words `chen`, `yu` plus the joined `chenyu`.
"""

from __future__ import annotations

import re
import unicodedata

# Accent macros: \"u, \"{u}, \'{\i}, \c{c}, \v s. The letter macros (\u, \v, \c...) need a
# delimiter after the command name, or `\url` would read as a breve on `rl`.
_LATEX_ACCENT = re.compile(
    r"\\(?:[\"'`^~=.]|[uvHckrbdt](?![A-Za-z]))\s*(?:\{\s*(\\?[A-Za-z])\s*\}|(\\?[A-Za-z]))"
)
_LATEX_LETTER = re.compile(r"\\(ss|ae|AE|oe|OE|aa|AA|o|O|l|L|i|j)(?![A-Za-z])\s*")
_LATEX_LETTERS = {"ss": "ss", "ae": "ae", "oe": "oe", "aa": "a", "o": "o", "l": "l", "i": "i"}
_LATEX_OTHER_COMMAND = re.compile(r"\\[A-Za-z]+\s*")

# Letters that Unicode decomposition does not split into a base letter plus an accent.
_UNDECOMPOSABLE = str.maketrans(
    {
        "ß": "ss",
        "æ": "ae",
        "Æ": "ae",
        "œ": "oe",
        "Œ": "oe",
        "ø": "o",
        "Ø": "o",
        "ł": "l",
        "Ł": "l",
        "đ": "d",
        "Đ": "d",
        "ð": "d",
        "Ð": "d",
        "þ": "th",
        "Þ": "th",
        "ı": "i",
        "ħ": "h",
    }
)
_COMBINING_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
# Apostrophes and braces vanish inside a word ("don't" -> "dont", "M{u}ller" -> "muller");
# everything else that is not a letter or digit separates words.
_VANISHING = str.maketrans("", "", "'’ʼ`´{}")
_SEPARATORS = re.compile(r"[\W_]+")


def strip_latex(text: str) -> str:
    """Replace LaTeX accent and letter macros by their base letters (`M{\\"u}ller` -> `M{u}ller`).

    Accents are dropped rather than decoded because folding drops them anyway; other
    commands (`\\emph`) are removed and their arguments kept.
    """
    if "\\" not in text:
        return text
    text = _LATEX_ACCENT.sub(lambda m: _latex_base_letter(m.group(1) or m.group(2)), text)
    text = _LATEX_LETTER.sub(lambda m: _LATEX_LETTERS.get(m.group(1).lower(), ""), text)
    return _LATEX_OTHER_COMMAND.sub(" ", text)


def _latex_base_letter(letter: str) -> str:
    """`u` -> `u`; the dotless `\\i` and `\\j` -> `i`, `j`."""
    return letter.lstrip("\\")


# The same folding for plain ASCII text, as one table (three times faster than the regex).
_ASCII_FOLD = str.maketrans(
    {
        chr(code): (
            chr(code).lower() if chr(code).isalnum() else None if chr(code) in "'`{}" else " "
        )
        for code in range(128)
    }
)


def fold(text: str) -> str:
    """The searchable form of `text`: folded words separated by single spaces."""
    if not text:
        return ""
    if text.isascii() and "\\" not in text:
        return " ".join(text.translate(_ASCII_FOLD).split())
    if "\\" in text:
        text = strip_latex(text)
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text.translate(_UNDECOMPOSABLE))
        text = _COMBINING_MARKS.sub("", text)
    text = text.translate(_VANISHING).casefold()
    return _SEPARATORS.sub(" ", text).strip()


def words(text: str) -> list[str]:
    """The folded words of `text`."""
    return fold(text).split()


def compounds(text: str) -> list[str]:
    """Joined forms of words written with inner hyphens or other marks: `Chen-Yu` -> `chenyu`.

    Indexed beside the separate words so that `Chenyu`, `Chen-Yu` and `Chen Yu` meet.
    """
    joined = []
    for chunk in text.split():
        parts = words(chunk)
        if len(parts) > 1:
            joined.append("".join(parts))
    return joined


def index_words(text: str) -> list[str]:
    """The words under which `text` is indexed: its folded words, then any compounds."""
    found = words(text)
    if "-" in text or "/" in text or "." in text or "‐" in text or "–" in text:
        found.extend(compounds(text))
    return found
