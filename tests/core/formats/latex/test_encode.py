"""Unicode -> LaTeX for BibTeX fields: expected strings checked by hand against TeX's rules."""

from __future__ import annotations

import re
import unicodedata
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core.formats.latex import decode, encode
from desktop.core.formats.latex.encode import Charset, escape, is_balanced, is_safe_math, verbatim


@pytest.mark.parametrize(
    ("text", "latex"),
    [
        ("plain ASCII, as is", "plain ASCII, as is"),
        ("a&b%c#d_e", r"a\&b\%c\#d\_e"),
        ("{x}", r"{\textbraceleft}x{\textbraceright}"),
        ("~^\\", r"{\textasciitilde}{\textasciicircum}{\textbackslash}"),
        ("a<b>c|d", r"a{\textless}b{\textgreater}c{\ensuremath{|}}d"),
        ("Schrödinger", r"Schr{\"o}dinger"),
        ("naïve", r"na{\"\i}ve"),
        ("Straße", r"Stra{\ss}e"),
        ("Žižek", r"{\v{Z}}i{\v{z}}ek"),
        ("ḥ", r"{\d{h}}"),
        ("Łukasz", r"{\L}ukasz"),
        ("pages 1–10", "pages 1--10"),
        ("a—b", "a---b"),
        ("“x” ‘y’", r"{\textquotedblleft}x{\textquotedblright} {\textquoteleft}y{\textquoteright}"),
        ("s−1 5′", r"s{\ensuremath{-}}1 5{\ensuremath{\prime}}"),
        # No LaTeX spelling, or one that would read back as other text: kept as UTF-8.
        ("α", r"{\ensuremath{\alpha}}"),
        ("中", "中"),
        ("😀", "😀"),
        ("Жизнь", "Жизнь"),
        ("ﬁ Ⅻ Α ，", "ﬁ Ⅻ Α ，"),
        ("a\tb\x00c\x7fd", "a bcd"),
        ("x\u200by", "xy"),
        # What the user evidently typed as TeX escapes stays, it is harmless.
        ("12.5\\%", "12.5\\%"),
        # Math is kept when it is safe, braced so no style changes its case.
        ("$T^{\\frac{2}{3}}$ wins", "{$T^{\\frac{2}{3}}$} wins"),
        ("$\\input{x}$", r"\${\textbackslash}input{\textbraceleft}x{\textbraceright}\$"),
        ("costs $5 and $6", r"costs \$5 and \$6"),
        (
            "\\input{/etc/passwd}",
            r"{\textbackslash}input{\textbraceleft}/etc/passwd{\textbraceright}",
        ),
    ],
)
def test_escape(text: str, latex: str) -> None:
    assert escape(text) == latex


def test_unicode_escapes_specials_but_leaves_letters() -> None:
    assert escape("Schrödinger & 中文", charset=Charset.UNICODE) == r"Schrödinger \& 中文"
    assert escape("bad \ud800", charset=Charset.UNICODE) == "bad \ufffd"


def test_ascii_only_spells_near_forms_too_and_keeps_the_unspellable() -> None:
    assert escape("ﬁ Ⅻ Α ， ü 中", charset=Charset.ASCII) == r"fi XII A , {\"u} 中"


@given(st.text())
def test_the_default_charset_reads_back_as_the_same_text(text: str) -> None:
    """Every non-ASCII character is a LaTeX spelling that decodes to it, or itself."""
    for char in {c for c in text if not c.isascii()}:
        written = encode.written_form(char, Charset.LATEX_OR_UTF8)
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zs", "Zl", "Zp"):
            continue  # spaces and invisible marks: a space or nothing, as the reader folds them
        if char in "\u2212\u2032\u2033":
            continue  # the minus and primes: today's spellings, read back as - and '
        assert written == char or decode.to_unicode(written) == char, (char, written)


@pytest.mark.parametrize(
    ("title", "latex"),
    [
        (
            "BERT: Pre-training of Deep Bidirectional Transformers",
            "{BERT:} Pre-training of Deep Bidirectional Transformers",
        ),
        ("Attention Is All You Need", "Attention Is All You Need"),
        ("Deep residual learning on ImageNet", "Deep residual learning on {ImageNet}"),
        (
            "Language models are few-shot learners: GPT-3",
            "Language models are few-shot learners: {GPT-3}",
        ),
        # Sentence case: a capital past the first word marks a proper noun.
        (
            "Gaussian processes for Bayesian optimization",
            "Gaussian processes for {Bayesian} optimization",
        ),
        ("What I learned about 3D shapes", "What {I} learned about {3D} shapes"),
        ("A survey", "A survey"),
        ("On $\\Gamma$-convergence", "On {$\\Gamma$}-convergence"),
    ],
)
def test_titles_protect_capitals_a_style_would_lower(title: str, latex: str) -> None:
    assert escape(title, protect_case=True) == latex


@pytest.mark.parametrize(
    "formula",
    [
        "x^2",
        "\\alpha_{i}^{2}",
        "\\frac{1}{2}",
        "x'_1",
        "x''",
        "\\sqrt[3]{x}",
        "\\mathrm{d}x",
        "a_1 b^2",
    ],
)
def test_safe_math(formula: str) -> None:
    assert is_safe_math(formula)


@pytest.mark.parametrize(
    "formula",
    [
        "x^2^3",  # TeX: Double superscript
        "x'^2",  # the prime is a superscript already
        "x_1_2",
        "\\frac{1}",
        "x^",
        "{",
        "a&b",  # Misplaced alignment tab
        "a#b",
        "x_~",  # `~` is a macro, not a token `_` can take
        "x^\\log",
        "\\} b",  # BibTeX counts the brace: the field would end early
        "x^^41",
        "\\input{x}",
        "\\def\\x{y}",
        "\\mathbb{R}",  # needs amssymb
        "\\text{x}",  # needs amsmath
        "α",
        " ",
    ],
)
def test_unsafe_math(formula: str) -> None:
    assert not is_safe_math(formula)


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("10.1145/3065386", "10.1145/3065386"),
        ("https://x.org/a_b~c", "https://x.org/a_b~c"),
        ("https://x.org/a%20b#frag", r"https://x.org/a\%20b\#frag"),
        ("https://x.org/{a", r"https://x.org/\%7Ba"),
        # Braces, backslashes and TeX's `^^5c` spelling of a backslash reach TeX as commands
        # where a style prints the field as text: always percent-encoded (RFC 3986 has no
        # use for them unencoded).
        ("https://x.org/{a}", r"https://x.org/\%7Ba\%7D"),
        ("^^5cinput^^20/etc/hostname", r"\%5E\%5E5cinput\%5E\%5E20/etc/hostname"),
        ("10.1000/^^5cinput{/etc/hostname}", r"10.1000/\%5E\%5E5cinput\%7B/etc/hostname\%7D"),
        ("https://x.org/a b\\c", r"https://x.org/a\%20b\%5Cc"),
        ("https://ü.de", r"https://\%C3\%BC.de"),
    ],
)
def test_verbatim(value: str, written: str) -> None:
    assert verbatim(value) == written


def test_verbatim_for_biber_keeps_percent_hash_and_unicode() -> None:
    assert encode.verbatim_biblatex("https://ü.de/a%20b#f") == "https://ü.de/a%20b#f"
    assert encode.verbatim_biblatex("x}{") == "x%7D%7B"
    assert encode.verbatim_biblatex("^^5cinput{x}\\y") == "%5E%5E5cinput%7Bx%7D%5Cy"


@given(st.text())
def test_verbatim_fields_never_carry_tex(value: str) -> None:
    """Whatever the value, no backslash but the writer's own `\\%` and `\\#`, no brace, no `^`."""
    written = verbatim(value)
    assert not set("{}^") & set(written)
    assert re.sub(r"\\[%#]", "", written).count("\\") == 0
    assert not set("{}^\\") & set(encode.verbatim_biblatex(value))


@pytest.mark.parametrize(
    ("latex", "balanced"),
    [
        ("{a}", True),
        ('{\\"o}', True),
        ("}{", False),
        ("{", False),
        ("\\{", False),
        ("a\\", False),
        ("\\{\\}", True),
    ],
)
def test_is_balanced(latex: str, balanced: bool) -> None:
    assert is_balanced(latex) is balanced


_COMMAND = re.compile(r"\\([A-Za-z]+)")
_ALLOWED = (
    encode._TEXT_COMMANDS
    | encode.MATH_SYMBOLS
    | encode.MATH_ONE_ARGUMENT
    | {
        "frac",
        "ensuremath",
        "textbraceleft",
        "textbraceright",
        "textless",
        "textgreater",
        "ldots",
    }
)


@settings(max_examples=200, deadline=None)
@given(
    text=st.lists(
        st.sampled_from(["\\input{x}", "\\write18{y}", "$", "\\", "{", "}", "^", "_", "$\\def$"])
        | st.text(max_size=10),
        max_size=8,
    ).map("".join),
    title=st.booleans(),
)
def test_no_text_becomes_a_command_outside_the_vetted_lists(text: str, title: bool) -> None:
    latex = escape(text, protect_case=title, charset=Charset.ASCII)
    # What is not ASCII is only what has no spelling at all, kept as it was.
    assert all(encode.latex_spelling(c) is None for c in latex if not c.isascii())
    assert is_balanced(latex)
    assert set(_COMMAND.findall(latex)) <= _ALLOWED


@settings(max_examples=500)
@given(
    st.text(st.sampled_from("aAbBzZéÉǅßİı-'\"([`.,:;!?)]1_"), min_size=1, max_size=8).filter(
        lambda word: not any(c.isspace() for c in word)
    ),
    st.booleans(),
)
def test_the_title_fast_path_skips_only_words_that_need_no_protection(
    word: str, first: bool
) -> None:
    """Words a Title Case title skips without a closer look are ones the full rule keeps
    unprotected too."""
    if encode._plainly_capitalised(word):
        assert not encode._needs_protection(word, False, first=first), word


_TITLE_WORDS = st.text(
    st.sampled_from("aAbBzZQé-'\"([`.,:;!?)]1_&${}\\%#~^"), min_size=1, max_size=7
)


@settings(max_examples=400)
@given(
    st.lists(st.tuples(_TITLE_WORDS, st.sampled_from([" ", "  ", "\t", "\n "])), max_size=9),
    st.sampled_from(["", " ", "\n"]),
    st.booleans(),
)
def test_titles_protect_the_same_words_whether_escaped_or_not(
    words: list[tuple[str, str]], lead: str, unicode: bool
) -> None:
    """Titles that escape to themselves have their words braced in place: the result equals
    escaping the text around each protected word."""
    title = lead + "".join(word + space for word, space in words)
    charset = Charset.UNICODE if unicode else Charset.LATEX_OR_UTF8
    fast = encode._escape_uncached(title, charset, True)
    with mock.patch.object(encode, "_escapes_to_itself", lambda text: False):
        assert fast == encode._escape_uncached(title, charset, True), repr(title)


def test_the_first_word_of_a_title_is_first_even_after_spaces() -> None:
    # A lone capital opening a title is its ordinary capital; later ones are protected.
    assert encode._escape_uncached("  Q learning with Q", Charset.LATEX_OR_UTF8, True) == (
        "  Q learning with {Q}"
    )


@settings(max_examples=400)
@given(st.text(st.characters(min_codepoint=0x1F, max_codepoint=0x80)) | st.text(max_size=6))
def test_verbatim_passes_through_only_what_it_would_not_change(value: str) -> None:
    with mock.patch.object(encode, "_VERBATIM_AS_IS", re.compile("(?!)")):  # never matches
        changed = verbatim(value)
    assert verbatim(value) == changed, repr(value)


@given(st.text(st.characters(max_codepoint=0x90)) | st.text())
def test_text_escapes_to_itself_when_it_has_no_character_needing_work(text: str) -> None:
    assert encode._escapes_to_itself(text) == (encode._NEEDS_WORK.search(text) is None)
    if encode._escapes_to_itself(text):
        assert encode._translate(text, Charset.LATEX_OR_UTF8) == text
