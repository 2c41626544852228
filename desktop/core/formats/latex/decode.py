"""LaTeX markup in bibliography fields turned into Unicode, for display and search.

Most fields are plain text or use a handful of accent and symbol macros, so a hand-written
decoder handles those quickly; anything it does not recognise (unknown macros, odd nesting) is
given to pylatexenc, which is thorough but costs about 2 ms per abstract. Math (`$...$`) is kept
as written. A bare `%` is kept as a percent sign: in a .bib field people mean the symbol, not a
TeX comment.

On purpose we differ from pylatexenc where its output loses or garbles text: `\\LaTeX`,
`\\TeX` and `\\BibTeX` give their names; `\\texttt`, `\\mbox`, `\\textup`, `\\textmd` and
`\\url` keep their argument; symbols it drops or garbles (`\\slash`, `\\hyphen`, `\\S`,
`\\copyright`, `\\textasciicircum`... see OUR_SYMBOLS) give the character meant;
BibLaTeX's `\\mkbibquote{x}` and `\\enquote{x}` give “x”; `\\noopsort{x}` (a sorting trick) gives
nothing; `~` gives an ordinary space.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any

#: What the decoder stops at; text without it needs only its spaces tidied.
_MARKUP = re.compile(r"[\\{}~]|--|``|''|[?!]`|\$")
_SPACES = re.compile(r"\s+")
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
_LETTERS = re.compile(r"[A-Za-z]+")
# TeX skips spaces and one line end after a control word; a blank line is a paragraph break.
_SPACES_AFTER_WORD = re.compile(r"[ \t\r]*(?:\n[ \t\r]*)?")
_BLANK_LINE_AHEAD = re.compile(r"[ \t\r]*\n[ \t\r]*\n")
_ENDS_IN_COMMAND = re.compile(r"\\(?:[A-Za-z]+|.)\s*$")
_BARE_PERCENT = re.compile(r"(?<!\\)%")
_PERCENT_STAND_IN = "\ue000"  # a private-use character: never in real text

#: Combining marks for the accent macros (`\\'e`, `\\v{s}` ...).
ACCENTS = {
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    '"': "\u0308",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
    "c": "\u0327",
    "k": "\u0328",
    "r": "\u030a",
    "d": "\u0323",
    "b": "\u0331",
}

#: Control words that stand for one piece of text.
SYMBOLS = {
    "ss": "ß",
    "o": "ø",
    "O": "Ø",
    "l": "ł",
    "L": "Ł",
    "ae": "æ",
    "AE": "Æ",
    "oe": "œ",
    "OE": "Œ",
    "aa": "å",
    "AA": "Å",
    "i": "ı",
    "j": "ȷ",
    "ng": "ŋ",
    "NG": "Ŋ",
    "th": "þ",
    "TH": "Þ",
    "dh": "ð",
    "DH": "Ð",
    "dj": "đ",
    "DJ": "Đ",
    "textendash": "–",
    "textemdash": "—",
    "ldots": "…",
    "dots": "…",
    "textquoteleft": "‘",
    "textquoteright": "’",
    "textquotedblleft": "“",
    "textquotedblright": "”",
    "guillemotleft": "«",
    "guillemotright": "»",
    "textasciitilde": "~",
    "textbackslash": "\\",
    "textregistered": "®",
    "texttrademark": "™",
    "textcopyright": "©",
    "textpm": "±",
    "textdegree": "°",
    "texttimes": "×",
    "textmu": "µ",
    "textbrokenbar": "¦",
    "textsection": "§",
    "textparagraph": "¶",
    "textsterling": "£",
    "texteuro": "€",
    "textellipsis": "…",
    "textbullet": "•",
    "textexclamdown": "¡",
    "textquestiondown": "¿",
    "textdagger": "†",
    "dag": "†",
    "textasciigrave": "`",
}

#: Names whose pylatexenc rendering drops text; ours keeps it (see the module docstring).
LOGOS = {"LaTeX": "LaTeX", "TeX": "TeX", "BibTeX": "BibTeX", "LaTeXe": "LaTeX2e"}

#: Symbols pylatexenc drops or renders oddly; these are what the author meant.
OUR_SYMBOLS = {
    "slash": "/",
    "hyphen": "-",
    "textasciicircum": "^",
    "thinspace": " ",
    "copyright": "©",
    "pounds": "£",
    "S": "§",
    "P": "¶",
    "ddag": "‡",
    "textless": "<",
    "textgreater": ">",
    "textquotedbl": '"',
    # Text-mode symbols pylatexenc drops (the first five) or reads as another character.
    "textbar": "|",
    "textminus": "\u2212",
    "textunderscore": "_",
    "textbraceleft": "{",
    "textbraceright": "}",
    "textdaggerdbl": "‡",
    "textperiodcentered": "·",
}

#: Macros whose argument is shown between quotation marks.
QUOTING = frozenset({"mkbibquote", "enquote"})

#: Control words that only change the look of their `{argument}`.
FORMATTING = frozenset(
    "emph textit textbf textsl textsc textrm textsf texttt textup textmd textnormal mbox "
    "textsuperscript textsubscript ensuremath underline "
    # mhchem's \\ch{Nb3Sn}: the formula as written is what a reader searches for.
    "ch".split()
)
#: Control words that change the look of what follows, or nothing.
DECLARATIONS = frozenset("em it bf sl sc rm sf tt normalfont relax".split())

#: Control symbols (a backslash and one non-letter).
ESCAPES = {
    "&": "&",
    "%": "%",
    "_": "_",
    "#": "#",
    "$": "$",
    "{": "{",
    "}": "}",
    " ": " ",
    "\n": " ",
    ",": " ",
    "@": "",
    "/": "",
    "-": "",
    "\\": "\n",
}

_LIGATURES = {"--": "–", "``": "“", "''": "”", "?`": "¿", "!`": "¡"}
_DOTLESS = {"ı": "i", "ȷ": "j"}


#: The argument of LaTeX's `\\symbol`: `{"FFFF}` (hexadecimal), `{'177}` (octal) or `{65}`,
#: the character of that code point (our BibLaTeX export writes Unicode's noncharacters so).
_SYMBOL_ARGUMENT = r"""\{\s*(?:"([0-9A-Fa-f]{1,6})|'([0-7]{1,7})|([0-9]{1,7}))\s*\}"""
_SYMBOL_ARGUMENT_AT = re.compile(_SYMBOL_ARGUMENT)
#: A whole `\\symbol{...}` (not `\\\\symbol`, a line break and a word), for pylatexenc,
#: which reads its argument as text.
_SYMBOL = re.compile(r"(?<!\\)\\symbol\s*" + _SYMBOL_ARGUMENT)
#: Characters that are markup to TeX: a `\\symbol` of one is left to pylatexenc.
_TEX_SPECIALS = frozenset("\\{}$&#^_%~")


def _symbol_char(match: re.Match[str]) -> str | None:
    """The character a `\\symbol` argument names, or None (not one, or TeX markup)."""
    hexadecimal, octal, decimal = match.groups()
    code = int(hexadecimal, 16) if hexadecimal else int(octal, 8) if octal else int(decimal)
    if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF or chr(code) in _TEX_SPECIALS:
        return None
    return chr(code)


class _Unsupported(Exception):
    """The fast decoder met something it leaves to pylatexenc."""


def to_unicode(text: str) -> str:
    """Decode LaTeX markup in `text` into Unicode; never raises."""
    if not _has_markup(text):
        return tidy_spaces(text)
    fast = decode_fast(text)
    if fast is not None:
        return fast
    return decode_with_pylatexenc(text)


def decode_fast(text: str) -> str | None:
    """The hand-written decoder: the Unicode text, or None when it cannot tell."""
    try:
        return tidy_spaces(_Decoder(text).run())
    except _Unsupported:
        return None


def decode_with_pylatexenc(text: str) -> str:
    """The thorough, slow decoder; also the reference the fast one is tested against."""
    if "\\symbol" in text:  # pylatexenc would give its argument as written
        text = _SYMBOL.sub(lambda match: _symbol_char(match) or match.group(), text)
    # A stand-in keeps a bare "%" from being read as a comment, in text and in math alike.
    try:
        decoded = _pylatexenc().latex_to_text(_BARE_PERCENT.sub(_PERCENT_STAND_IN, text))
    except Exception:  # pylatexenc is tolerant, but user text must never crash an import
        return tidy_spaces(text)
    return tidy_spaces(decoded.replace(_PERCENT_STAND_IN, "%"))


def _has_markup(text: str) -> bool:
    # Substring tests run in C and beat one regex search (_MARKUP) about threefold. A
    # character is found faster than a pair: the three pairs with a backquote are looked
    # for only in a text that has one (800k field values: 0.28 s instead of 0.58 s).
    return (
        "\\" in text
        or "{" in text
        or "}" in text
        or "~" in text
        or "$" in text
        or "--" in text
        or "''" in text
        or ("`" in text and ("``" in text or "?`" in text or "!`" in text))
    )


def tidy_spaces(text: str) -> str:
    """One space between words, a blank line between paragraphs, no soft hyphens."""
    if _is_tidy(text):
        return text
    if "\xad" in text:
        text = text.replace("\xad", "")
    if not _PARAGRAPH_BREAK.search(text):  # the common case, done in C
        return " ".join(text.split())
    return _SPACES.sub(_one_space_or_paragraph, text).strip()


def _is_tidy(text: str) -> bool:
    """Nothing for tidy_spaces to do (fast substring tests; non-ASCII text takes the long way)."""
    return (
        text.isascii()
        and "  " not in text
        and "\n" not in text
        and "\t" not in text
        and "\r" not in text
        and "\x0b" not in text
        and "\x0c" not in text
        and text == text.strip()
    )


def _one_space_or_paragraph(match: re.Match[str]) -> str:
    return "\n\n" if match.group().count("\n") >= 2 else " "


@cache
def _pylatexenc() -> Any:
    # Imported on first use: most imports never need it.
    from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

    # Our symbols hold on this path too (a field the fast decoder gives up on may hold one).
    context = get_default_latex_context_db()
    context.add_context_category(
        "papershelf",
        prepend=True,
        macros=[MacroTextSpec(name, simplify_repl=char) for name, char in OUR_SYMBOLS.items()],
    )
    return LatexNodes2Text(math_mode="verbatim", latex_context=context)


class _Decoder:
    """One left-to-right pass over a field; raises _Unsupported for what it does not know."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.out: list[str] = []

    def run(self) -> str:
        text, depth = self.text, 0
        while True:
            match = _MARKUP.search(text, self.pos)
            if match is None:
                self.out.append(text[self.pos :])
                break
            self.out.append(text[self.pos : match.start()])
            token = match.group()
            self.pos = match.end()
            if token == "{":
                depth += 1
            elif token == "}":
                depth -= 1
                if depth < 0:
                    raise _Unsupported
            elif token == "\\":
                self.out.append(self._macro())
            elif token == "$":
                self.out.append(self._math(match.start()))
            elif token == "~":
                self.out.append(" ")
            elif token == "--" and text.startswith("-", self.pos):
                self.out.append("—")
                self.pos += 1
            else:
                self.out.append(_LIGATURES[token])
        if depth != 0:
            raise _Unsupported
        return "".join(self.out)

    def _math(self, start: int) -> str:
        end = self.text.find("$", self.pos)
        if self.text.startswith("$", self.pos) or end < 0:
            raise _Unsupported  # display math or a lone dollar: rare, leave it to pylatexenc
        while self.text[end - 1] == "\\":
            end = self.text.find("$", end + 1)
            if end < 0:
                raise _Unsupported
        self.pos = end + 1
        formula = self.text[start : self.pos]
        if formula.count("{") != formula.count("}") or _ENDS_IN_COMMAND.search(
            formula, 0, len(formula) - 1
        ):
            raise _Unsupported  # where such a formula ends is pylatexenc's call
        return formula

    def _macro(self) -> str:
        if self.pos >= len(self.text):
            raise _Unsupported
        name = self._control_word()
        if name is None:
            return self._control_symbol()
        if name in ACCENTS:
            return self._accent(name)
        if name in SYMBOLS:
            return SYMBOLS[name]
        if name in LOGOS:
            # TeX swallows the space after "\LaTeX"; people reading a title expect it kept.
            return LOGOS[name] + (" " if self.text[self.pos - 1].isspace() else "")
        if name in DECLARATIONS:
            return ""
        if name == "symbol":
            return self._symbol()
        if name in FORMATTING:
            if not self.text.startswith("{", self.pos):
                raise _Unsupported  # "\\emph x": which token is the argument is pylatexenc's call
            return ""
        return self._own_command(name)

    def _control_symbol(self) -> str:
        """A backslash and one non-letter: an accent (`\\'e`) or an escape (`\\&`)."""
        symbol = self.text[self.pos]
        self.pos += 1
        if symbol in ACCENTS:
            return self._accent(symbol)
        if symbol in ESCAPES:
            return ESCAPES[symbol]
        raise _Unsupported

    def _own_command(self, name: str) -> str:
        """The other control words read here: our symbols, quoting, `\\url`, `\\noopsort`."""
        if name in OUR_SYMBOLS:
            return OUR_SYMBOLS[name]
        if name == "url":
            return self._group_text()
        if name in QUOTING:
            return f"“{self._decoded_group()}”"
        if name == "noopsort":
            self._group_text()  # sorts the entry, is never printed
            return ""
        raise _Unsupported

    def _control_word(self) -> str | None:
        """Read a control word's name and the spaces TeX skips after it, or None."""
        match = _LETTERS.match(self.text, self.pos)
        if match is None:
            return None
        if _BLANK_LINE_AHEAD.match(self.text, match.end()):
            raise _Unsupported  # a paragraph break right after a command: left to pylatexenc
        self.pos = _SPACES_AFTER_WORD.match(self.text, match.end()).end()  # type: ignore[union-attr]
        return match.group()

    def _symbol(self) -> str:
        match = _SYMBOL_ARGUMENT_AT.match(self.text, self.pos)
        char = None if match is None else _symbol_char(match)
        if match is None or char is None:
            raise _Unsupported
        self.pos = match.end()
        return char

    def _accent(self, accent: str) -> str:
        base = self._accent_argument()
        if not base:
            return ""
        base = _DOTLESS.get(base[0], base[0]) + base[1:]
        return unicodedata.normalize("NFC", base + ACCENTS[accent])

    def _accent_argument(self) -> str:
        """The letter an accent applies to: `e`, `{e}`, `\\i`, `{\\i}`, `{\\'a}`."""
        text = self.text
        gap_start = self.pos
        while gap_start > 0 and text[gap_start - 1].isspace():
            gap_start -= 1
        self.pos = _SPACES_AFTER_WORD.match(text, self.pos).end()  # type: ignore[union-attr]
        if self.pos >= len(text) or text.count("\n", gap_start, self.pos) > 1:
            raise _Unsupported  # nothing to accent, or a paragraph break in the way
        char = text[self.pos]
        if char == "{":
            close = _matching_brace(text, self.pos)
            inner = decode_fast(text[self.pos + 1 : close])
            self.pos = close + 1
        elif char == "\\":
            self.pos += 1
            name = self._control_word()
            inner = SYMBOLS.get(name or "")
        elif char in "}$%~":
            raise _Unsupported
        else:
            inner = char
            self.pos += 1
        if inner is None or not _is_one_letter(inner) or (inner and not inner[0].isalpha()):
            raise _Unsupported  # accents on digits or punctuation are left to pylatexenc
        return inner

    def _group_text(self) -> str:
        """The source text of the `{...}` argument that follows, consumed."""
        if not self.text.startswith("{", self.pos):
            raise _Unsupported
        close = _matching_brace(self.text, self.pos)
        content = self.text[self.pos + 1 : close]
        self.pos = close + 1
        return content

    def _decoded_group(self) -> str:
        decoded = decode_fast(self._group_text())
        if decoded is None:
            raise _Unsupported
        return decoded


def _matching_brace(text: str, open_at: int) -> int:
    depth, index = 0, open_at
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 1  # an escaped brace does not open or close a group
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    raise _Unsupported


def _is_one_letter(text: str) -> bool:
    """Empty, or one character possibly followed by combining marks (`á`, `j́`)."""
    return not text or all(unicodedata.combining(char) for char in text[1:])
