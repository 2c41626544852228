"""Unicode field values -> LaTeX that BibTeX reads and pdfLaTeX (T1 fonts) typesets.

Record fields hold Unicode; this module writes them as BibTeX field contents that never break
a build: TeX specials are escaped, well-formed `$...$` math is kept, and for classic BibTeX
non-ASCII characters are spelled in LaTeX as braced "special characters" (`{\\"o}`), which
BibTeX itself needs to sort, purify and change case correctly.

Nothing a user typed becomes a TeX command, except inside `$...$` math, where only a vetted
list of math commands is accepted (a formula with anything else is written as plain text).

No character is ever replaced by a placeholder. What happens to a character with no LaTeX
spelling (CJK, Cyrillic, emoji...) depends on the `Charset` asked for: see there.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from functools import lru_cache

from pylatexenc.latexencode import get_builtin_uni2latex_dict

from desktop.core.formats.latex import decode


class Charset(enum.Enum):
    """Which characters a field value may hold as themselves, beside printable ASCII."""

    #: BibLaTeX for biber: every character as itself (UTF-8), only TeX specials escaped.
    UNICODE = "unicode"
    #: Classic BibTeX: a LaTeX spelling where one gives the same character back when read
    #: (`{\\"o}` for ö), UTF-8 for every other character (中, Ж, ﬁ, Ⅻ). The file re-imports
    #: as the same text; xelatex or pdfLaTeX with the fonts for those scripts builds it.
    LATEX_OR_UTF8 = "latex-or-utf8"
    #: ASCII only, for 8-bit tools: every spelling pdfLaTeX sets with T1 fonts, near forms
    #: included (ﬁ -> fi, Ⅻ -> XII, ，-> `,`). A character with no spelling at all is still
    #: written as itself in UTF-8, never dropped or replaced: a placeholder or `?` would lose
    #: it for good, while UTF-8 keeps it for every reader and the export tells the user how
    #: many such characters there are (`formats.unspelled`). TeX-only forms such as
    #: `\\symbol{"5F20}` were not chosen: they build only where UTF-8 builds too (XeTeX,
    #: LuaTeX) and other programs reading the file would not see the character.
    ASCII = "ascii"


# --- what pdfLaTeX with T1 fonts and no extra package can typeset -------------------------
# Measured, not guessed: every pylatexenc replacement was compiled with pdflatex
# (\usepackage[T1]{fontenc}); the commands below occur only in the ones that built.
# test_bibtex_tools compiles every replacement we accept, so a wrong entry fails a test.
_TEXT_COMMANDS = frozenset(
    """" # $ % & ' , - . ; = ^ _ ` { } ~ AE DH DJ H IJ L NG O OE TH ae c dh dj i ij k l ng o oe
    r ss th u v textacutedbl textasciiacute textasciibreve textasciicaron textasciicircum
    textasciidieresis textasciimacron textasciitilde textasteriskcentered textbackslash
    textbaht textbigcircle textblank textbrokenbar textbullet textcelsius textcent
    textcircledP textcolonmonetary textcompwordmark textcopyright textcurrency textdagger
    textdaggerdbl textdegree textdiscount textdiv textdong textdownarrow textellipsis
    textemdash textendash textestimated texteuro textexclamdown textflorin
    textfractionsolidus textinterrobang textlangle textleftarrow textlira textlnot textmho
    textmu textmusicalnote textnaira textnumero textohm textonehalf textonequarter
    textonesuperior textopenbullet textordfeminine textordmasculine textparagraph
    textperiodcentered textpertenthousand textperthousand textpeso textquestiondown
    textquotedblleft textquotedblright textquoteleft textquoteright textrangle textrecipe
    textreferencemark textregistered textrightarrow textsection textservicemark textsterling
    textthreequarters textthreesuperior texttimes texttrademark texttwosuperior textuparrow
    textvisiblespace textwon textyen guillemotleft guillemotright guilsinglleft
    guilsinglright quotedblbase quotesinglbase""".split()
)

#: Math commands (no argument) defined by the LaTeX kernel: no amsmath, no amssymb.
MATH_SYMBOLS = frozenset(
    """alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu
    nu xi pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta
    Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega aleph hbar ell wp Re Im partial infty
    prime emptyset nabla top bot angle triangle forall exists neg lnot flat natural sharp
    sum prod coprod int oint bigcap bigcup bigvee bigwedge bigodot bigotimes bigoplus
    biguplus pm mp times div cdot ast star circ bullet cap cup uplus sqcap sqcup vee wedge
    setminus wr diamond oplus ominus otimes oslash odot dagger ddagger amalg leq le geq ge
    neq ne ll gg prec succ preceq succeq subset supset subseteq supseteq sqsubseteq
    sqsupseteq in ni notin vdash dashv sim simeq approx cong equiv asymp doteq propto models
    perp mid parallel smile frown bowtie leftarrow gets rightarrow to leftrightarrow
    Leftarrow Rightarrow Leftrightarrow longleftarrow longrightarrow longleftrightarrow
    Longleftarrow Longrightarrow Longleftrightarrow mapsto longmapsto hookleftarrow
    hookrightarrow uparrow downarrow updownarrow Uparrow Downarrow Updownarrow nearrow
    searrow swarrow nwarrow leftharpoonup leftharpoondown rightharpoonup rightharpoondown
    rightleftharpoons langle rangle lfloor rfloor lceil rceil lbrace rbrace vert Vert
    ldots cdots vdots ddots dots colon log ln lg exp sin cos tan cot sec csc arcsin arccos
    arctan sinh cosh tanh lim liminf limsup max min sup inf det dim deg arg ker hom Pr gcd
    quad qquad""".split()
)
#: The symbols that are a single TeX token (`\mathchardef`), so `x^\alpha` works; a macro
#: such as `\log` or `\neq` after `^` is an error.
MATH_SCRIPT_SYMBOLS = frozenset(
    """alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu
    nu xi pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta
    Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega prime infty partial nabla ast star circ
    bullet dagger ddagger pm mp times cdot sim approx equiv leq geq le ge ll gg subset supset
    in ni cap cup wedge vee perp mid forall exists neg top bot ell Re Im aleph wp
    emptyset""".split()
)
#: Math commands taking one argument (`\\hat x`, `\\mathrm{d}`); `\\frac` takes two.
MATH_ONE_ARGUMENT = frozenset(
    """sqrt mathrm mathbf mathit mathsf mathtt mathcal mathnormal hat bar tilde vec dot ddot
    check breve acute grave widehat widetilde overline underline""".split()
)
_MATH_COMMANDS = MATH_SYMBOLS | MATH_ONE_ARGUMENT | {"frac"}

# --- characters --------------------------------------------------------------------------
# ASCII that TeX or BibTeX would read as markup, written so it prints as itself. Braces become
# commands: BibTeX counts `{` and `}` even after a backslash, so `\{` could unbalance a field.
_ASCII_SPECIALS = {
    "&": r"\&",
    "%": r"\%",
    "#": r"\#",
    "_": r"\_",
    "$": r"\$",
    "{": r"{\textbraceleft}",
    "}": r"{\textbraceright}",
    "~": r"{\textasciitilde}",
    "^": r"{\textasciicircum}",
    "\\": r"{\textbackslash}",
    # Fine in T1, but wrong glyphs (¡ ¿ —) in the default OT1 encoding.
    "<": r"{\textless}",
    ">": r"{\textgreater}",
    "|": r"{\ensuremath{|}}",
}

# The usual BibTeX spellings, preferred over the generic table.
_PREFERRED = {
    "\u2013": "--",
    "\u2014": "---",
    "\u2010": "-",
    "\u2011": "-",
    # Quotes as commands, not `` ` `` and `'`: those read back as ASCII, losing the curl.
    "\u2018": r"{\textquoteleft}",
    "\u2019": r"{\textquoteright}",
    "\u201c": r"{\textquotedblleft}",
    "\u201d": r"{\textquotedblright}",
    # Spellings our LaTeX reader (formats.latex) gives back as a character, not as nothing.
    "\u2212": r"{\ensuremath{-}}",
    "\u2032": r"{\ensuremath{\prime}}",
    "\u2033": r"{\ensuremath{\prime\prime}}",
    "\u00a0": "~",
    "\u00ad": r"\-",
    "\u2026": r"{\ldots}",
    "\u00df": r"{\ss}",
    "\u0131": r"{\i}",
}

# Combining marks -> LaTeX accent commands (T1 provides all of them).
_ACCENTS = {
    "\u0300": "`",
    "\u0301": "'",
    "\u0302": "^",
    "\u0303": "~",
    "\u0304": "=",
    "\u0306": "u",
    "\u0307": ".",
    "\u0308": '"',
    "\u030a": "r",
    "\u030b": "H",
    "\u030c": "v",
    "\u0323": "d",
    "\u0327": "c",
    "\u0328": "k",
    "\u0331": "b",
}
_BELOW = frozenset("\u0323\u0327\u0328\u0331")

_CS = re.compile(r"\\([A-Za-z]+|.)")
_ENSUREMATH = re.compile(r"\\ensuremath\{(.*)\}", re.S)
_GENERIC = get_builtin_uni2latex_dict()


def _accented(char: str) -> str | None:
    """`ḥ` -> `{\\d{h}}`: a letter plus accents, when NFD splits it into ones T1 knows."""
    parts = unicodedata.normalize("NFD", char)
    base, marks = parts[0], parts[1:]
    if not marks or not ("a" <= base.lower() <= "z") or any(m not in _ACCENTS for m in marks):
        return None
    latex = base
    for number, mark in enumerate(marks):
        if latex in ("i", "j") and mark not in _BELOW:
            latex = "\\" + latex  # the dotless letter takes an accent above
        command = _ACCENTS[mark]
        if command.isalpha() or number > 0:
            latex = f"\\{command}{{{latex}}}"  # `\\v{z}`, `\\'{\\"u}`
        else:
            latex = f"\\{command}{latex}"  # `\\"o`, `\\'\\i`
    return "{" + latex + "}"


def _generic(char: str) -> str | None:
    """pylatexenc's spelling, if it builds with pdfLaTeX and T1 alone."""
    latex = _GENERIC.get(ord(char))
    if latex is None:
        return None
    math = _ENSUREMATH.fullmatch(latex)
    allowed = MATH_SYMBOLS | {"!", ",", ";", "mathbf", "mathit", "mathsf", "mathtt"}
    if math:
        if all(name in allowed for name in _CS.findall(math.group(1))):
            return "{" + latex + "}"
        return None
    if all(name in _TEXT_COMMANDS for name in _CS.findall(latex)):
        return _as_special(latex)
    return None


def _as_special(latex: str) -> str:
    """Brace a spelling as BibTeX's "special character" `{\\cmd ...}`, unless it is plain text."""
    if "\\" not in latex:
        return latex
    if latex.startswith("{\\") and latex.endswith("}") and is_balanced(latex[1:-1]):
        return latex
    return "{" + latex + "}"


@lru_cache(maxsize=4096)
def latex_spelling(char: str) -> str | None:
    """One non-ASCII character as LaTeX pdfLaTeX sets with T1 fonts (near forms included:
    ﬁ -> fi), or None when it has none (CJK, Cyrillic, emoji...)."""
    if char in _PREFERRED:
        return _PREFERRED[char]
    category = unicodedata.category(char)
    if category in ("Cc", "Cs"):
        return " " if char in "\t\n\r\x0b\x0c\x85" else ""
    if category in ("Zs", "Zl", "Zp"):
        return " "
    if category == "Cf":  # zero-width joiners, bidi marks: invisible, nothing to set
        return ""
    spelled = _accented(char) or _generic(char)
    if spelled is None:
        folded = unicodedata.normalize("NFKC", char)
        if folded != char and folded.isascii():
            return "".join(_ascii_char(c) for c in folded)
        return None
    return spelled


#: Spaces, line breaks and invisible format marks (zero-width space, bidi marks): written
#: as a space or as nothing in every 8-bit charset. They carry nothing a reader sees, our
#: reader folds them the same way, and pdfLaTeX stops at most of them (measured: U+200B,
#: U+2009, U+2060, U+200E, U+2028 are "not set up for use with LaTeX").
_INVISIBLE = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp"})


#: The only spellings kept that read back as another character: the minus and the primes
#: come back as `-` and `'` (as math in a title is read), but written as UTF-8 they would
#: stop pdfLaTeX in many English titles ("s−1", "5′"), where today's spelling builds.
_NEAR_BUT_KEPT = frozenset("\u2212\u2032\u2033")


@lru_cache(maxsize=4096)
def faithful_spelling(char: str) -> str | None:
    """`latex_spelling` when reading it back gives `char` again (`{\\"o}` -> ö), else None
    (ﬁ -> fi, Ⅻ -> XII, Greek Α -> A would change the text)."""
    spelled = latex_spelling(char)
    if spelled is None or unicodedata.category(char) in _INVISIBLE or char in _NEAR_BUT_KEPT:
        return spelled
    return spelled if decode.to_unicode(spelled) == char else None


def written_form(char: str, charset: Charset) -> str:
    """One non-ASCII character as a field value in `charset` holds it."""
    if charset is Charset.UNICODE:
        return _symbol(char) if _NONCHARACTERS.match(char) else _unicode_char(char)
    spelled = latex_spelling(char) if charset is Charset.ASCII else faithful_spelling(char)
    return _unicode_char(char) if spelled is None else spelled


def spell_non_ascii(text: str, charset: Charset) -> str:
    """`text` (LaTeX already) with its non-ASCII characters written for `charset`."""
    if charset is Charset.UNICODE or text.isascii():
        return text
    table = _TABLES[charset]
    return text.translate(table)


def _ascii_char(char: str) -> str:
    if char in _ASCII_SPECIALS:
        return _ASCII_SPECIALS[char]
    if char < " " or char == "\x7f":
        return " " if char in "\t\n\r\x0b\x0c" else ""
    return char


class _LatexTable(dict[int, str]):
    """A `str.translate` table from non-ASCII characters to their written form in one
    charset, filled on first use (ASCII maps to itself)."""

    def __init__(self, charset: Charset) -> None:
        super().__init__()
        self._charset = charset

    def __missing__(self, code: int) -> str:
        char = chr(code)
        value = self[code] = char if char.isascii() else written_form(char, self._charset)
        return value


def _unicode_char(char: str) -> str:
    """For UTF-8 output: keep the character, but not ones a file or TeX cannot carry."""
    category = unicodedata.category(char)
    if category == "Cs":  # a lone surrogate cannot be written as UTF-8
        return "\ufffd"
    if category == "Cc":
        return " " if char == "\x85" else ""
    return char


_TABLES = {charset: _LatexTable(charset) for charset in (Charset.LATEX_OR_UTF8, Charset.ASCII)}

# Text that needs no work at all: printable ASCII without TeX or BibTeX specials.
_NEEDS_WORK = re.compile(r"[^ !\"'-;=?@A-Z\[\]`a-z]")
# The characters that need no work, as bytes: deleting them from a text's bytes leaves
# nothing exactly when the pattern finds nothing, four times faster over a long abstract.
_NEEDING_NO_WORK = bytes(code for code in range(128) if not _NEEDS_WORK.match(chr(code)))
_MARKUP = re.compile(r"\\[&%#_$]|\$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_UNSAFE_UNICODE = re.compile(r"[\x80-\x9f\ud800-\udfff]")
#: Unicode's noncharacters (U+FDD0..U+FDEF, and the last two code points of every plane):
#: biber's strict UTF-8 reader refuses a whole file that holds one as itself.
_NONCHARACTERS = re.compile(
    "[\ufdd0-\ufdef"
    + "".join(chr(plane + 0xFFFE) + chr(plane + 0xFFFF) for plane in range(0, 0x110000, 0x10000))
    + "]"
)


def _symbol(char: str) -> str:
    """A character as LaTeX's `\\symbol` of its code point (read back by `decode`)."""
    return f'\\symbol{{"{ord(char):X}}}'


# Replaced in this order, through placeholders, so no replacement is escaped again.
_ASCII_STEPS = (
    ("\\", "\x01"),
    ("{", "\x02"),
    ("}", "\x03"),
    *((char, latex) for char, latex in _ASCII_SPECIALS.items() if char not in "\\{}"),
    ("\x01", _ASCII_SPECIALS["\\"]),
    ("\x02", _ASCII_SPECIALS["{"]),
    ("\x03", _ASCII_SPECIALS["}"]),
)


def _translate(text: str, charset: Charset) -> str:
    """Escape every character of text that holds no markup (`$`, `\\%`) of its own."""
    if _CONTROL.search(text):
        text = _CONTROL.sub(lambda char: _ascii_char(char.group()), text)
    for char, latex in _ASCII_STEPS:  # str.replace is ten times faster than a regex here
        if char in text:
            text = text.replace(char, latex)
    if text.isascii():
        return text
    if charset is Charset.UNICODE:
        if _UNSAFE_UNICODE.search(text):
            text = _UNSAFE_UNICODE.sub(lambda char: _unicode_char(char.group()), text)
        if _NONCHARACTERS.search(text):  # for biber: see _NONCHARACTERS
            text = _NONCHARACTERS.sub(lambda char: _symbol(char.group()), text)
        return text
    table = _TABLES[charset]
    for char in set(_NON_ASCII.findall(text)):  # few distinct ones, even in long abstracts
        text = text.replace(char, table[ord(char)])
    return text


def escape(
    text: str, *, charset: Charset = Charset.LATEX_OR_UTF8, protect_case: bool = False
) -> str:
    """A Unicode field value as the contents of a BibTeX field (without the outer braces).

    `charset` says what becomes LaTeX and what stays UTF-8; `protect_case` braces words
    whose capitals a style must not lower-case (titles).
    """
    if not protect_case and _escapes_to_itself(text):
        return text
    if len(text) <= 200:  # journals, publishers, names: the same few strings again and again
        return _escape_short(text, charset, protect_case)
    return _escape_uncached(text, charset, protect_case)


@lru_cache(maxsize=16384)  # bounded: at most a few megabytes of short strings
def _escape_short(text: str, charset: Charset, protect_case: bool) -> str:
    return _escape_uncached(text, charset, protect_case)


def _escape_uncached(text: str, charset: Charset, protect_case: bool) -> str:
    pieces = _escape_pieces
    latex = _escape_title(text, charset) if protect_case else "".join(pieces(text, charset))
    # Only kept math passes the user's own braces through; the tables are balanced. The
    # checker vets those braces already: this is the last guard, as a broken file is worse.
    if "$" in text and not is_balanced(latex):
        latex = _translate(text, charset)
    return latex


def _escape_pieces(text: str, charset: Charset) -> list[str]:
    """Escape `text`, keeping `$math$` that is safe and TeX escapes like `\\%` the user typed."""
    out: list[str] = []
    pos = 0
    while True:
        found = _MARKUP.search(text, pos)
        if found is None:
            out.append(_translate(text[pos:], charset))
            return out
        out.append(_translate(text[pos : found.start()], charset))
        pos = found.end()
        if found.group() != "$":
            out.append(found.group())  # `\%` and the like: harmless, evidently meant
            continue
        close = _closing_dollar(text, pos)
        if close is not None:
            # Braced so that a style changing case leaves `\Gamma` alone.
            out.append("{$" + text[pos:close] + "$}")
            pos = close + 1
        else:
            out.append(r"\$")


def _closing_dollar(text: str, start: int) -> int | None:
    """Where the formula opened before `start` closes, if it is one to keep as math.

    Like pandoc's rule, so prices stay text: no space just inside either `$`, and no digit
    right after the closing one ("costs $5 and $6").
    """
    close = text.find("$", start)
    if close <= start or text[start].isspace() or text[close - 1].isspace():
        return None
    if close + 1 < len(text) and text[close + 1].isdigit():
        return None
    return close if is_safe_math(text[start:close]) else None


# --- titles: protect capitals that a style would otherwise lower-case -----------------------
_WORD = re.compile(r"\S+")
_SIGNIFICANT = re.compile(r"[^\W\d_]{4,}")


def _escape_title(text: str, charset: Charset) -> str:
    sentence_case = _is_sentence_case(text)
    if "$" not in text:
        return _protect_words(text, charset, sentence_case, first=True)
    # Math is braced already; protect words only in the text between formulas.
    out: list[str] = []
    pieces = _escape_pieces_raw(text)
    for index, (is_math, piece) in enumerate(pieces):
        if is_math:
            out.append(piece)
        else:
            out.append(_protect_words(piece, charset, sentence_case, first=index == 0))
    return "".join(out)


def _escape_pieces_raw(text: str) -> list[tuple[bool, str]]:
    """Split `text` into (is_math, piece): formulas kept and braced, text still Unicode."""
    pieces: list[tuple[bool, str]] = []
    pos = start = 0
    while True:
        found = text.find("$", pos)
        if found < 0:
            break
        if found > 0 and text[found - 1] == "\\":
            pos = found + 1
            continue
        close = _closing_dollar(text, found + 1)
        if close is not None:
            pieces.append((False, text[start:found]))
            pieces.append((True, "{" + text[found : close + 1] + "}"))
            pos = start = close + 1
        else:
            pos = found + 1
    pieces.append((False, text[start:]))
    return pieces


def _protect_words(text: str, charset: Charset, sentence_case: bool, *, first: bool) -> str:
    if _escapes_to_itself(text):
        return _protect_plain_words(text, sentence_case, first)
    out: list[str] = []
    pos = 0
    for number, word in enumerate(_WORD.finditer(text)):
        if _may_need_protection(word.group(), sentence_case) and _needs_protection(
            word.group(), sentence_case, first=first and number == 0
        ):
            out.extend(_escape_pieces(text[pos : word.start()], charset))
            out.append("{" + "".join(_escape_pieces(word.group(), charset)) + "}")
            pos = word.end()
    out.extend(_escape_pieces(text[pos:], charset))
    return "".join(out)


def _protect_plain_words(text: str, sentence_case: bool, first: bool) -> str:
    """`_protect_words` for text that escapes to itself (most titles): words are braced
    in place, with no escaping around them."""
    words = text.split(" ")  # such text has no other white space
    first_word = len(text) - len(text.lstrip(" ")) if first else -1  # "" before it per space
    protected = False
    for place, word in enumerate(words):
        # `_may_need_protection`, written out: it would be called for every word.
        if not word or word.islower():
            continue
        if not sentence_case and len(word) > 1 and word[1:].islower():
            continue
        if _needs_protection(word, sentence_case, first=place == first_word):
            words[place] = "{" + word + "}"
            protected = True
    return " ".join(words) if protected else text


def _may_need_protection(word: str, sentence_case: bool) -> bool:
    """False for the common words that need no closer look."""
    if not word or word.islower():
        return False
    # "Learning" in a Title Case title: the other common case.
    return sentence_case or not _plainly_capitalised(word)


def _escapes_to_itself(text: str) -> bool:
    """True when escaping `text` changes nothing (printable ASCII, no TeX specials)."""
    return text.isascii() and not text.encode("ascii").translate(None, _NEEDING_NO_WORK)


def _plainly_capitalised(word: str) -> bool:
    """A capital (or other character) and then lower case only: in a title that is not in
    sentence case, such a word never needs protecting (tested against `_needs_protection`)."""
    return len(word) > 1 and word[1:].islower()


def _needs_protection(word: str, sentence_case: bool, *, first: bool) -> bool:
    """Acronyms, inner capitals (`BERT`, `ImageNet`, `3D`), lone capitals, proper nouns."""
    for part in word.split("-"):
        inner = part.lstrip("\"'([`")[1:]
        # A capital past the first letter (titlecase digraphs like "ǅ" count too).
        if inner != inner.lower():
            return True
    core = word.strip("\"'([`.,:;!?)]")
    if not core or not core[0].isupper():
        return False
    if len(core) == 1:
        return not first and core != "A"
    # In a sentence-case title, a capital past the first word marks a proper noun.
    return sentence_case and not first


def _is_sentence_case(title: str) -> bool:
    """True when most long words after the first start lower-case ("Deep learning for X")."""
    words = _SIGNIFICANT.findall(title)[1:]
    if not words:
        return False
    capitalised = len([word for word in words if word[0].isupper()])
    return capitalised * 2 < len(words)


# --- math ------------------------------------------------------------------------------------
_MATH_CHARS = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-=<>()[]/.,;:!?*|@~ "
)
# Not `\{` or `\}`: BibTeX counts those braces too, so one alone unbalances the field.
_MATH_ESCAPES = frozenset(",;:! |%#&_")
_MAX_MATH = 400


def is_safe_math(formula: str) -> bool:
    """True when `formula` (between `$`s) is math pdfLaTeX sets without error or side effect.

    Conservative on purpose: kernel commands from a fixed list, balanced braces, at most one
    superscript and one subscript per atom; anything else is written as text instead.
    """
    if not formula.strip() or len(formula) > _MAX_MATH:
        return False
    return _MathChecker(formula).check()


class _MathChecker:
    """A small recursive-descent reader for the subset of math we pass through."""

    def __init__(self, formula: str) -> None:
        self.text = formula
        self.pos = 0

    def check(self) -> bool:
        return self._sequence(depth=0, closer="") and self.pos == len(self.text)

    def _skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] == " ":
            self.pos += 1

    def _sequence(self, depth: int, closer: str) -> bool:
        if depth > 10:
            return False
        sup = sub = prime = False
        while True:
            self._skip_spaces()
            if self.pos >= len(self.text):
                return closer == ""
            char = self.text[self.pos]
            if char == closer:
                return True
            if char in "^_":
                if (sup if char == "^" else sub) or (char == "^" and prime):
                    return False
                self.pos += 1
                if not self._argument(depth, allow_command_args=False):
                    return False
                sup, sub = (True, sub) if char == "^" else (sup, True)
            elif char == "'":
                if sup and not prime:
                    return False
                self.pos += 1
                sup = prime = True
            else:
                if char == "]" and closer == "]":
                    return True
                if not self._atom(depth):
                    return False
                sup = sub = prime = False

    def _atom(self, depth: int) -> bool:
        char = self.text[self.pos]
        if char == "{":
            self.pos += 1
            if not self._sequence(depth + 1, "}"):
                return False
            self.pos += 1
            return True
        if char == "\\":
            return self._command(depth)
        if char in _MATH_CHARS:
            self.pos += 1
            return True
        return False

    def _command(self, depth: int) -> bool:
        match = _CS.match(self.text, self.pos)
        if match is None:
            return False
        name = match.group(1)
        self.pos = match.end()
        if not name.isalpha():
            return name in _MATH_ESCAPES
        if name in MATH_SYMBOLS:
            return True
        if name == "frac":
            return self._argument(depth, False) and self._argument(depth, False)
        if name == "sqrt":
            self._skip_spaces()
            if self.pos < len(self.text) and self.text[self.pos] == "[":
                self.pos += 1
                if not self._sequence(depth + 1, "]"):
                    return False
                self.pos += 1
        return name in MATH_ONE_ARGUMENT and self._argument(depth, False)

    def _argument(self, depth: int, allow_command_args: bool) -> bool:
        """One token or a braced group, as `^`, `_` and commands take."""
        self._skip_spaces()
        if self.pos >= len(self.text):
            return False
        char = self.text[self.pos]
        if char == "{":
            return self._atom(depth)
        if char == "\\":
            match = _CS.match(self.text, self.pos)
            if match is None:
                return False
            self.pos = match.end()
            return match.group(1) in MATH_SCRIPT_SYMBOLS
        if char in _MATH_CHARS and char not in " []~":  # `~` is a macro: `x_~` is an error
            self.pos += 1
            return True
        return False


# --- verbatim fields and LaTeX given back ----------------------------------------------------
# Printable ASCII but for space, `#`, `%`, `\\`, `^`, `{` and `}`: what `verbatim` gives back
# as it is.
_VERBATIM_AS_IS = re.compile(r"[!\"$&-\[\]_-z|~]*")

#: Characters that would let a url, doi or eprint reach TeX as a command: a backslash, TeX's
#: `^^5c` spelling of one, and braces (a style without the url package prints these fields
#: as ordinary text, where `{\input ...}` or `^^5cwrite18` would run). Each is written
#: percent-encoded, which names the same resource.
_TEX_IN_VERBATIM = {"\\": "%5C", "^": "%5E", "{": "%7B", "}": "%7D"}
_TEX_IN_VERBATIM_PATTERN = re.compile(r"[\\^{}]")


def _without_tex(value: str) -> str:
    return _TEX_IN_VERBATIM_PATTERN.sub(lambda match: _TEX_IN_VERBATIM[match[0]], value)


def verbatim(value: str, *, ascii_only: bool = True) -> str:
    """url, doi, eprint: written as they are, except what would break BibTeX or run in TeX.

    Backslashes, `^`, braces and spaces are percent-encoded, which names the same resource;
    `%` and `#` are escaped as `\\%` and `\\#`, which `\\url` and hyperref read back as `%`
    and `#` even when a style passes the value inside another command's argument.
    Non-ASCII characters (an IRI) are percent-encoded too with `ascii_only`, else kept as
    UTF-8, so that the value reads back as it was.
    """
    if _VERBATIM_AS_IS.fullmatch(value):
        return value  # most DOIs and URLs: nothing below would change them
    value = "".join(ch for ch in value if ch >= " " and ch != "\x7f").strip()
    value = _without_tex(value).replace(" ", "%20")
    if not value.isascii():
        if ascii_only:  # an IRI: its URI form, which names the same resource
            value = "".join(ch if ch.isascii() else _percent_encoded(ch) for ch in value)
        elif _UNSAFE_UNICODE.search(value):
            value = _UNSAFE_UNICODE.sub(lambda char: _unicode_char(char.group()), value)
    return value.replace("%", r"\%").replace("#", r"\#")


def _percent_encoded(char: str) -> str:
    data = char.encode("utf-8", "replace") if not "\ud800" <= char <= "\udfff" else b"\xef\xbf\xbd"
    return "".join(f"%{byte:02X}" for byte in data)


def verbatim_biblatex(value: str, *, ascii_only: bool = False) -> str:
    """url, doi, eprint for biber, which reads them verbatim: `%`, `#` and Unicode stay
    (non-ASCII percent-encoded with `ascii_only`), and what could reach TeX as a command
    (as for `verbatim`) is percent-encoded."""
    value = "".join(ch for ch in value if ch >= " " and ch != "\x7f").strip()
    value = "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in value)
    if _NONCHARACTERS.search(value):  # biber refuses them as themselves: their URI form
        value = _NONCHARACTERS.sub(lambda char: _percent_encoded(char.group()), value)
    if ascii_only and not value.isascii():
        value = "".join(ch if ch.isascii() else _percent_encoded(ch) for ch in value)
    return _without_tex(value)


def is_balanced(latex: str) -> bool:
    """True when braces balance both as BibTeX counts them and as TeX reads them."""
    if _ends_in_escape(latex):
        return False
    if "{" not in latex and "}" not in latex:
        return True
    # BibTeX counts every brace; TeX skips the escaped ones (`\{`), read pairwise.
    return _braces_nest(_NOT_BRACE.sub("", latex)) and _braces_nest(
        _NOT_BRACE.sub("", _TEX_ESCAPE.sub("", latex))
    )


_TEX_ESCAPE = re.compile(r"\\.", re.S)
_NOT_BRACE = re.compile(r"[^{}]+")


def _braces_nest(braces: str) -> bool:
    """True when a string of braces nests: removing `{}` pairs leaves nothing."""
    while "{}" in braces:
        braces = braces.replace("{}", "")
    return not braces


def _ends_in_escape(latex: str) -> bool:
    """True when the text ends in an odd run of backslashes, which escapes what follows."""
    return (len(latex) - len(latex.rstrip("\\"))) % 2 == 1
