"""LaTeX to Unicode: hand-checked values, and pylatexenc as the reference for the fast path."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from desktop.core.formats import registry
from desktop.core.formats.latex.decode import (
    ACCENTS,
    LOGOS,
    OUR_SYMBOLS,
    QUOTING,
    SYMBOLS,
    decode_fast,
    decode_with_pylatexenc,
    to_unicode,
)


@pytest.mark.parametrize(
    ("latex", "unicode"),
    [
        ('Schr{\\"o}dinger', "Schrödinger"),
        ('Schr\\"odinger', "Schrödinger"),
        ("caf\\'e", "café"),
        ("Erd\\H{o}s", "Erdős"),
        ("Pe\\~na", "Peña"),
        ("\\v{S}ediv\\'y", "Šedivý"),
        ("Gau{\\ss}", "Gauß"),
        ("Gau\\ss{}ian", "Gaußian"),
        ("Gau\\ss\\ ian", "Gauß ian"),
        ("{\\O}ksendal", "Øksendal"),
        ("\\L{}ukasiewicz", "Łukasiewicz"),
        ("Ja\\'{\\i}n", "Jaín"),
        ("pages 10--20", "pages 10–20"),
        ("yes---no", "yes—no"),
        ("A \\& B, 5\\%, a\\_b, \\#1, \\$2", "A & B, 5%, a_b, #1, $2"),
        ("{Bayesian} {N}etworks", "Bayesian Networks"),
        ("D.~E.~Knuth", "D. E. Knuth"),
        ("``quoted''", "“quoted”"),
        # Markup of a backquote alone, nothing else in the text to decode.
        ("?`Por que?", "¿Por que?"),
        ("!`Hola!", "¡Hola!"),
        ("a ``b", "a “b"),
        ("\\emph{very} \\textbf{bold}", "very bold"),
        ("a   b\n\t c", "a b c"),
        ("first paragraph\n\n  second", "first paragraph\n\nsecond"),
        ("hy\\-phen", "hyphen"),
        # Math is kept exactly as written, markup inside it included.
        ("A $O(n^2)$ bound -- $\\alpha$--$\\beta$", "A $O(n^2)$ bound – $\\alpha$–$\\beta$"),
        ("cost $\\$5$ total", "cost $\\$5$ total"),
    ],
)
def test_hand_checked_values(latex: str, unicode: str) -> None:
    assert to_unicode(latex) == unicode


@pytest.mark.parametrize(
    "plain",
    ["", "Attention is all you need", "it's a state-of-the-art 50% gain", "O'Neil & co"],
)
def test_plain_text_is_returned_as_is(plain: str) -> None:
    assert to_unicode(plain) == plain


@pytest.mark.parametrize(
    ("latex", "unicode", "why"),
    [
        ("The {\\LaTeX} Companion", "The LaTeX Companion", "pylatexenc drops logos"),
        ("\\TeX is fun", "TeX is fun", "pylatexenc drops logos"),
        ("\\texttt{grep} and \\mbox{x-y}", "grep and x-y", "pylatexenc drops these arguments"),
        ("see \\url{http://a.org/x_y}", "see http://a.org/x_y", "pylatexenc adds <>"),
        ("and\\slash or, x\\hyphen y", "and/or, x-y", "pylatexenc drops them"),
        ("a\\textasciicircum{}b", "a^b", "pylatexenc gives a modifier letter"),
        ("\\mkbibquote{Über} \\enquote{x}", "“Über” “x”", "pylatexenc drops the quotes"),
        ("{\\noopsort{b}}Zeta", "Zeta", "the sort key is never printed"),
    ],
)
def test_deliberate_differences_from_pylatexenc(latex: str, unicode: str, why: str) -> None:
    from pylatexenc.latex2text import LatexNodes2Text

    assert to_unicode(latex) == unicode
    # pylatexenc as it comes (our slow path teaches it our symbols).
    assert LatexNodes2Text(math_mode="verbatim").latex_to_text(latex) != unicode, why


@pytest.mark.parametrize(
    "latex",
    [
        "\\unknown{H2O} splits",
        "\\SI{5}{\\kilo\\metre}",
        "$$x$$",
        "\\t{oo}",
        "unbalanced {brace",
        "a$b",
    ],
)
def test_what_the_fast_path_cannot_tell_goes_to_pylatexenc(latex: str) -> None:
    assert decode_fast(latex) is None
    assert to_unicode(latex) == decode_with_pylatexenc(latex)


def test_unknown_macros_keep_their_argument_text() -> None:
    assert to_unicode("\\ch{H2O} in \\SI{5}{K}") == "H2O in 5K"
    assert decode_fast("\\ch{H2O}") == "H2O"  # mhchem formulas are common enough to be fast


def test_a_bare_percent_is_kept_even_on_the_slow_path() -> None:
    # pylatexenc alone would read "% of cases" as a TeX comment and drop it.
    assert to_unicode("\\unknown{CO2} up 50% of cases") == "CO2 up 50% of cases"


def test_never_raises_on_broken_markup() -> None:
    for text in ("\\", "{", "}", "\\'", "\\v", "$", "\\'{", "x\\", "\\url{", '{\\"}'):
        assert isinstance(to_unicode(text), str)


# --- The fast path against the reference --------------------------------------------------

_LETTER_ARGS = ["e", "a", "o", "I", "u", "{e}", "{A}", "{\\i}", "\\i{}", "{\\j}", " z", " {n}"]
_WORDS = ["Markov", "chain", "it's", "O'Neil", "x-y", "50", ",", ".", "(a)", "Ab"]
_SYMBOL_FORMS = ["{{\\{0}}}", "\\{0}{{}}"]
_MACRO_FORMS = ["\\emph{{{0}}}", "\\textbf{{{0}}}", "{{\\em {0}}}", "{{{0}}}", "{{\\bf {0}}}"]
_FIXED = ["--", "---", "``", "''", "\\&", "\\%", "\\_", "\\#", "\\$", "~", "\\ ", "$x^2$", "\\\\"]


def _accent(accent: str, arg: str, braced: bool) -> str:
    if accent.isalpha() and arg[0].isalpha():
        arg = " " + arg  # "\\v s", not the unknown control word "\\vs"
    return ("{{\\{0}{1}}}" if braced else "\\{0}{1}").format(accent, arg)


_accented = st.builds(
    _accent, st.sampled_from(sorted(ACCENTS)), st.sampled_from(_LETTER_ARGS), st.booleans()
)
_symbol = st.builds(
    lambda form, name: form.format(name),
    st.sampled_from(_SYMBOL_FORMS),
    st.sampled_from(sorted(SYMBOLS)),
)
_atom = st.one_of(_accented, _symbol, st.sampled_from(_WORDS + _FIXED))
_fragment = st.one_of(
    _atom,
    st.builds(lambda form, inner: form.format(inner), st.sampled_from(_MACRO_FORMS), _atom),
)
_field = st.lists(st.tuples(_fragment, st.sampled_from([" ", "", "\n"])), max_size=12).map(
    lambda parts: "".join(fragment + gap for fragment, gap in parts)
)


@settings(max_examples=300, deadline=None)
@given(_field)
def test_fast_path_handles_common_markup_exactly_like_pylatexenc(text: str) -> None:
    fast = decode_fast(text)
    assert fast is not None, text
    assert fast == decode_with_pylatexenc(text)


@pytest.mark.parametrize("name", sorted(SYMBOLS))
def test_every_symbol_agrees_with_pylatexenc(name: str) -> None:
    for form in ("{\\%s}", "\\%s{}", "x\\%s y"):
        text = form % name
        assert decode_fast(text) == decode_with_pylatexenc(text)


@pytest.mark.parametrize("accent", sorted(ACCENTS))
def test_every_accent_agrees_with_pylatexenc(accent: str) -> None:
    for letter in "aeiouyAEIOUYcgknrstzCGKNRSTZ":
        for form in ("\\%s{%s}", "{\\%s %s}"):
            text = form % (accent, letter)
            assert decode_fast(text) == decode_with_pylatexenc(text), text


# --- The fast path against the reference, on real fields ---------------------------------

_DELIBERATE = sorted(
    {*LOGOS, *OUR_SYMBOLS, *QUOTING, "noopsort", "url", "texttt", "mbox", "textup"}
)
_OURS_ON_PURPOSE = re.compile(r"\\(" + "|".join(_DELIBERATE) + r")(?![A-Za-z])")
_SAMPLE_FIELDS = ("title", "booktitle", "journal", "publisher")
_SAMPLE_SIZE = 600


def _corpus_fields_with_markup(corpus_dir: Path) -> list[str]:
    """Short LaTeX fields from real files, in a fixed order, as bibtex.py hands them over."""
    values: list[str] = []
    for folder in ("pybtex", "biber", "bibliotex", "bibtexparser-v1", "typst-biblatex"):
        for path in sorted((corpus_dir / folder).rglob("*.bib")):
            for record in registry.read(path.read_bytes(), source=path.name, format="bibtex")[
                1
            ].records:
                values += [record.latex[name] for name in _SAMPLE_FIELDS if name in record.latex]
    return values


def test_fast_path_agrees_with_pylatexenc_on_corpus_fields(corpus_dir: Path) -> None:
    fields = _corpus_fields_with_markup(corpus_dir)
    candidates = [text for text in fields if not _OURS_ON_PURPOSE.search(text)]
    handled = [text for text in candidates if decode_fast(text) is not None]
    # The fast path must carry most real markup, or the import pays pylatexenc's price.
    assert len(handled) >= 0.9 * len(candidates)
    step = max(1, len(handled) // _SAMPLE_SIZE)
    disagreements = [
        (text, decode_fast(text), decode_with_pylatexenc(text))
        for text in handled[::step]
        if decode_fast(text) != decode_with_pylatexenc(text)
    ]
    assert disagreements == []


_MARKUP_ALPHABET = [
    *"\\{}$~-`'!?\"^=.uvHckrdbt aexE\n#_",
    *["\\ss", "\\i", "{\\o}", "\\&", "$$", '\\"{', "\\v ", "\\emph", "\\textbf{", "\\bf "],
]


# An even run of backslashes escapes nothing: "\\\\&" is a line break and a bare "&".
_BARE_AMPERSAND_OR_CONTROL_NEWLINE = re.compile(r"(?<!\\)(?:\\\\)*(?:&|\\\n)")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_MARKUP_ALPHABET), max_size=12).map("".join))
def test_whenever_the_fast_path_answers_it_agrees_with_pylatexenc(text: str) -> None:
    # pylatexenc drops a bare "&" and "\\<newline>"; we keep "&" and a space, on purpose.
    assume(not _BARE_AMPERSAND_OR_CONTROL_NEWLINE.search(text))
    fast = decode_fast(text)
    if fast is not None:
        assert fast == decode_with_pylatexenc(text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([*_MARKUP_ALPHABET, "%", "&", "\\url{"]), max_size=30).map("".join))
def test_to_unicode_never_raises(text: str) -> None:
    assert isinstance(to_unicode(text), str)


def test_a_paragraph_break_after_a_command_is_read_like_pylatexenc() -> None:
    # Found by the property test above: the fast path used to join the paragraphs.
    for text in ("\\ss\n\n-", "\\ss \n \n-"):
        assert decode_fast(text) is None  # declined: the reference reads it
        assert to_unicode(text) == decode_with_pylatexenc(text)


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        (r"x {\textbar} y", "x | y"),
        (r"\textminus 3 K", "\u22123 K"),
        (r"a\textunderscore b", "a_b"),
        (r"\textbraceleft x\textbraceright", "{x}"),
        (r"a \textperiodcentered{} b", "a · b"),
    ],
)
def test_text_symbols_pylatexenc_drops_are_kept_on_both_paths(latex: str, text: str) -> None:
    assert decode_fast(latex) == text
    assert decode_with_pylatexenc(latex) == text
    # A field the fast decoder gives up on (an unknown command) still keeps the symbol.
    assert to_unicode(latex + r" \unknowncommand{z}").startswith(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('Odd \\symbol{"FFFF} one', "Odd \uffff one"),
        ("\\symbol{65}\\symbol{'102}", "AB"),
        ('\\symbol {"10FFFF}', "\U0010ffff"),
    ],
)
def test_symbol_gives_the_character_of_its_code_point_on_both_decoders(
    text: str, expected: str
) -> None:
    assert decode_fast(text) == expected
    assert decode_with_pylatexenc(text) == expected


def test_a_line_break_before_the_word_symbol_is_not_a_symbol_command() -> None:
    assert to_unicode("x \\\\symbol{65}") == "x symbol65"
    assert decode_with_pylatexenc("x \\\\symbol{65}") == "x symbol65"
