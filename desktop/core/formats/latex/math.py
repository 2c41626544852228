"""Inline math (`$^{13}$C`, `$\\epsilon$-MOEA`) written out as Unicode for reading.

The import keeps math as written, so that an export gives it back unchanged; the table, the
detail pane and the tag list show it this way instead. Super- and subscripts become Unicode
script characters when every character has one (`$^{13}$C` -> ¹³C, `H$_2$O` -> H₂O), otherwise
they keep their `^`/`_`; macros become their symbols (pylatexenc's table).

A `$` opens math only when a non-space follows it and closes it only after a non-space and
before anything but a digit (pandoc's rule), so "costs $5 and $6" stays as it is.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

_INLINE = re.compile(r"(?<![\\$])\$(?=[^\s$])((?:\\.|[^$\\])+?)(?<=[^\s\\])\$(?![\d$])")
#: A super- or subscript: `^{...}` (one level of braces inside), `^\macro`, or `^x`.
_SCRIPT = re.compile(r"([\^_])(?:\{((?:[^{}]|\{[^{}]*\})*)\}|(\\[A-Za-z]+)|([^\s\\{}]))")

_SUPERSCRIPTS = dict(
    zip(
        "0123456789+-−=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVW",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ",
        strict=True,
    )
)
_SUBSCRIPTS = dict(
    zip("0123456789+-−=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ", strict=True)
)
#: What a raised circle means in a title: degrees.
_DEGREE = {"∘", "○", "°"}


@lru_cache(maxsize=4096)  # the table asks again for every row it repaints
def math_as_text(text: str) -> str:
    """`text` with its inline math written as Unicode; text without math as it is."""
    if "$" not in text:
        return text
    return _INLINE.sub(lambda match: _math(match.group(1)), text)


def _math(latex: str) -> str:
    scripted = _SCRIPT.sub(_script, latex)
    try:
        return str(_decoder().latex_to_text(scripted)).strip()
    except Exception:  # pylatexenc is tolerant, but a title must always be shown
        return latex


def _script(match: re.Match[str]) -> str:
    mark, braced, macro, single = match.groups()
    argument = braced if braced is not None else (macro or single)
    try:
        plain = str(_decoder().latex_to_text(argument)).strip()
    except Exception:
        return match.group(0)
    table = _SUPERSCRIPTS if mark == "^" else _SUBSCRIPTS
    if mark == "^" and plain in _DEGREE:
        return "°"
    if plain and all(character in table for character in plain):
        return "".join(table[character] for character in plain)
    # pylatexenc keeps the mark; the braces go, so `^{ab*}` reads as `^(ab*)`.
    return f"{mark}{plain}" if len(plain) == 1 else f"{mark}({plain})"


@cache
def _decoder() -> Any:
    from pylatexenc.latex2text import LatexNodes2Text  # loaded only when math is met

    return LatexNodes2Text(math_mode="text")
