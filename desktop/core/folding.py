"""One idea of "the same text", in the few variants its users need.

All of them share one table of letters that do not decompose (`UNDECOMPOSABLE`) and one way
of removing accents (`without_accents`). The variants differ on purpose, each for its caller:

- `for_search`, `search_words`, `search_compounds`: the in-memory search index and every typed
  query; lower case, no accents, LaTeX macros read, punctuation separates words.
- `for_fulltext`, `fulltext_tokens`: the within-check of full-text search, which must answer
  as FTS5 (accents removed) or PostgreSQL's 'simple' configuration (accents kept) would.
- `for_citekey`: citation keys and BibTeX labels; ASCII only, letters kept in their case,
  other scripts romanised (`romanisation`).
- `for_duplicates`: titles and names compared by the duplicate finder; punctuation vanishes.
- `for_identity`: one part of a person's stored match key; only case and spacing differ.

`without_accents` (full text, as FTS5 does) removes the accents of Latin letters only. Search
removes every accent of the combining-mark blocks, Cyrillic and Greek ones too, so that
`елка` finds `ёлка` and `αλγοριθμος` finds `αλγόριθμος` as people type them; marks outside
those blocks (the voicing mark of `が`, Hangul's jamo) are composed back into their letter.

Pure Python, no database: `desktop.core.formats` imports it.
"""

from __future__ import annotations

import re
import unicodedata

from desktop.core import cjk, romanisation

# Letters that Unicode decomposition does not split into a base letter plus an accent,
# written as their ASCII spelling; the case is kept for citation keys (search lowers it).
UNDECOMPOSABLE = str.maketrans(
    {
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "ø": "o",
        "Ø": "O",
        "ł": "l",
        "Ł": "L",
        "đ": "d",
        "Đ": "D",
        "ð": "d",
        "Ð": "D",
        "þ": "th",
        "Þ": "Th",
        "ı": "i",
        "ħ": "h",
        "Ħ": "H",
        "ĸ": "k",
        "ŋ": "ng",
        "Ŋ": "NG",
    }
)

# The blocks of combining diacritical marks (what "accent" means here).
_MARKS = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
# After NFKD, a mark that follows a character from here (a letter of a script other than
# Latin, or another mark) belongs to that script and stays; every other run of marks goes.
_OTHER_SCRIPTS = "\u0300-\u1dff\u1f00-\u2c5f\u2c80-\ua71f\ua800-\uab2f\uab70-\U0010ffff"
_EVERY_ACCENT = re.compile(f"[{_MARKS}]")  # one at a time: "+" made it slower
# What NFKD leaves of kana with voicing marks and of Hangul syllables: not accents.
_COMPOSED_BACK = re.compile("[\u1100-\u11ff\u3099\u309a]")
# The lookbehind comes after the first mark so that the search scans for marks at C speed.
_LATIN_ACCENTS = re.compile(f"[{_MARKS}](?<![{_OTHER_SCRIPTS}][{_MARKS}])[{_MARKS}]*")


def without_accents(text: str) -> str:
    """`text` in compatibility form (NFKD: `ﬁ` -> `fi`) with the accents of Latin letters
    removed and everything else composed again (NFC)."""
    if text.isascii():
        return text
    return _composed(_decomposed_without_accents(text))


def _decomposed_without_accents(text: str) -> str:
    return _LATIN_ACCENTS.sub("", unicodedata.normalize("NFKD", text))


def _composed(text: str) -> str:
    # Gives Hangul syllables, kana with their voicing marks and `й` back their one character.
    return text if text.isascii() else unicodedata.normalize("NFC", text)


# --- search -------------------------------------------------------------------------------

# Accent macros: \"u, \"{u}, \'{\i}, \c{c}, \v s. The letter macros (\u, \v, \c...) need a
# delimiter after the command name, or `\url` would read as a breve on `rl`.
_LATEX_ACCENT = re.compile(
    r"\\(?:[\"'`^~=.]|[uvHckrbdt](?![A-Za-z]))\s*(?:\{\s*(\\?[A-Za-z])\s*\}|(\\?[A-Za-z]))"
)
_LATEX_LETTER = re.compile(r"\\(ss|ae|AE|oe|OE|aa|AA|o|O|l|L|i|j)(?![A-Za-z])\s*")
_LATEX_LETTERS = {"ss": "ss", "ae": "ae", "oe": "oe", "aa": "a", "o": "o", "l": "l", "i": "i"}
_LATEX_OTHER_COMMAND = re.compile(r"\\[A-Za-z]+\s*")

# Apostrophes and braces vanish inside a word ("don't" -> "dont", "M{u}ller" -> "muller");
# everything else that is not a letter or digit separates words.
_VANISHING = str.maketrans("", "", "'’ʼ`´{}")
_SEPARATORS = re.compile(r"[\W_]+")
# The same folding for plain ASCII text, as one table (three times faster than the regex).
_ASCII_SEARCH = str.maketrans(
    {
        chr(code): (
            chr(code).lower() if chr(code).isalnum() else None if chr(code) in "'`{}" else " "
        )
        for code in range(128)
    }
)


def strip_latex(text: str) -> str:
    """Replace LaTeX accent and letter macros by their base letters (`M{\\"u}ller` -> `M{u}ller`).

    Accents are dropped rather than decoded because searching drops them anyway; other
    commands (`\\emph`) are removed and their arguments kept.
    """
    if "\\" not in text:
        return text
    text = _LATEX_ACCENT.sub(lambda m: (m.group(1) or m.group(2)).lstrip("\\"), text)
    text = _LATEX_LETTER.sub(lambda m: _LATEX_LETTERS.get(m.group(1).lower(), ""), text)
    return _LATEX_OTHER_COMMAND.sub(" ", text)


def for_search(text: str) -> str:
    """The form search compares, folded words separated by single spaces: `Müller`, `Muller`,
    `M{\\"u}ller` and `MÜLLER` all give `muller`, `Chen-Yu` gives `chen yu`.

    Used by the search index (titles, names, venues, labels) and for every typed query.
    """
    if not text:
        return ""
    if text.isascii() and "\\" not in text:
        return " ".join(text.translate(_ASCII_SEARCH).split())
    if "\\" in text:
        text = strip_latex(text)
    if text.isascii():
        return _SEPARATORS.sub(" ", text.translate(_VANISHING).casefold()).strip()
    text = _EVERY_ACCENT.sub("", unicodedata.normalize("NFKD", text.translate(UNDECOMPOSABLE)))
    text = text.translate(_VANISHING).casefold()
    # Kana's voicing marks and Hangul's jamo are composed back before splitting, where they
    # would count as separators (looked for first: most text has none, and NFC costs).
    if not text.isascii() and _COMPOSED_BACK.search(text):
        text = unicodedata.normalize("NFC", text)
    # Scripts written without spaces (Chinese, Japanese) come out as one word per run, in
    # Simplified characters, apart from the letters of other scripts beside them; the
    # index cuts such runs into bigrams (`cjk.with_bigrams`), queries read them as phrases.
    if cjk.has_cjk(text):
        text = cjk.spaced_runs(cjk.to_simplified(text))
    return _SEPARATORS.sub(" ", text).strip()


def search_words(text: str) -> list[str]:
    """The folded words of `text`, as the search index and the query parser see them."""
    return for_search(text).split()


def search_index_words(text: str) -> list[str]:
    """The words a title is indexed under: its folded words, then any compounds."""
    found = search_words(text)
    if "-" in text or "/" in text or "." in text or "‐" in text or "–" in text:
        found.extend(search_compounds(text))
    return found


def search_compounds(text: str) -> list[str]:
    """Joined forms of words written with inner hyphens or other marks: `Chen-Yu` -> `chenyu`.

    Indexed beside the separate words so that `Chenyu`, `Chen-Yu` and `Chen Yu` meet.
    """
    joined = []
    for chunk in text.split():
        parts = search_words(chunk)
        if len(parts) > 1:
            joined.append("".join(parts))
    return joined


# --- full text ----------------------------------------------------------------------------

# Letters and digits, as FTS5's unicode61 tokenizer sees words ("_" separates).
_FULLTEXT_TOKEN = re.compile(r"[^\W_]+")


def fulltext_form(text: str) -> str:
    """The form of an abstract or a note that the full-text engines are given to index:
    full-width letters and digits in their plain form (NFKC), Traditional Chinese in
    Simplified, and CJK runs cut into bigrams (`强化学习` -> ` 强化 化学 学习 `), which
    neither FTS5's tokenizer nor PostgreSQL's parser can do. ASCII text is left as it is.

    On SQLite Papershelf's own statements call it (`storage.db` registers it; the triggers,
    which other programs run too, queue rows for it: `storage.fulltext_pending`);
    PostgreSQL's function of the same name (migration 0005) does the same in SQL.
    """
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", text)
    if cjk.has_cjk(text):
        text = cjk.cut_runs(cjk.to_simplified(text))
    return text


def for_fulltext(text: str, *, accents: bool) -> str:
    """Text folded as the full-text engines index it, separators kept: `fulltext_form`, lower
    case, and without accents (FTS5's remove_diacritics) unless `accents` (PostgreSQL's
    'simple' keeps them).

    Unlike search there is no table of undecomposable letters and no LaTeX: FTS5 has neither.
    """
    if text.isascii():
        return text.casefold()
    text = fulltext_form(text).casefold()
    return text if accents else without_accents(text)


def fulltext_tokens(text: str, *, accents: bool = False) -> list[str]:
    """The word tokens of `for_fulltext`, as the within-check of full-text search matches them."""
    return _FULLTEXT_TOKEN.findall(for_fulltext(text, accents=accents))


# --- citation keys ------------------------------------------------------------------------


def for_citekey(text: str, *, japanese: bool = False) -> str:
    """`Schrödinger` -> `Schrodinger`, `Łukasz` -> `Lukasz`: ASCII, each letter in its case;
    other scripts romanised (`基于深度学习` -> `jiyu shendu xuexi`, `Кочетков` -> `Kochetkov`;
    Han as Japanese when `japanese`); what still has no ASCII form (symbols) is dropped.

    Used for citation keys and BibTeX labels; LaTeX macros are left to the caller.
    """
    if text.isascii():
        return text
    if romanisation.needs_romanising(text):
        text = romanisation.romanised(text, japanese=japanese)
    decomposed = unicodedata.normalize("NFKD", text.translate(UNDECOMPOSABLE))
    return decomposed.encode("ascii", "ignore").decode("ascii")


# --- duplicates and identity --------------------------------------------------------------

# All but letters, digits (str.isalnum) and spaces.
_NOT_ALNUM = re.compile(r"[^\w ]|_")


def for_duplicates(text: str) -> str:
    """Casefolded, in compatibility form, with everything but letters, digits and spaces
    removed: `Müller-Lyer` -> `mullerlyer`.

    Used by the duplicate finder for titles and first authors, compared by similarity: a
    hyphen joins rather than separates, and letters like `ł` are kept as they are.
    """
    folded = text.casefold()
    if not folded.isascii():
        folded = unicodedata.normalize("NFKD", folded)
    return _NOT_ALNUM.sub("", folded).strip()


def for_identity(text: str) -> str:
    """One part of a person's match key: composed (NFC), casefolded, single-spaced.

    Used by `people` for the key stored with each person; accents count (`Müller` and
    `Muller` are two people), and stored keys depend on this staying exactly as it is.
    """
    return " ".join(unicodedata.normalize("NFC", text).casefold().split())
