"""Turn the bytes of an imported file into text, saying so when we had to guess the encoding.

Order of trust: a byte-order mark, then strict UTF-8, then an encoding the file declares in its
first lines (JabRef's ``% Encoding: windows-1252``, Emacs' ``-*- coding: latin-9 -*-``), then
Windows-1252, then Latin-1. Latin-1 maps every byte to a character, so decoding never fails.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable

from desktop.core.formats.record import ParseResult, Problem
from desktop.core.sentences import sentence

# Longest marks first: the UTF-32-LE mark begins with the UTF-16-LE one.
_BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# Declarations are only looked for near the top, where the tools that write them put them.
_DECLARATION_WINDOW = 2048
_DECLARATION = re.compile(
    rb"(?:^%\s*Encoding:\s*|-\*-.*?coding:\s*)([A-Za-z0-9_.:-]+)", re.IGNORECASE | re.MULTILINE
)
# Emacs adds line-ending suffixes ("latin-9-unix") that Python's codec names do not have.
_EMACS_EOL_SUFFIX = re.compile(r"-(unix|dos|mac)$", re.IGNORECASE)

_FRIENDLY_NAMES = {
    "cp1252": "Windows-1252 (Western European)",
    "latin-1": "Latin-1 (ISO 8859-1)",
}


def decode_bytes(data: bytes) -> tuple[str, str, str | None]:
    """Decode `data`; return (text, encoding name, a sentence for the user if we had to guess)."""
    for mark, name in _BYTE_ORDER_MARKS:
        if data.startswith(mark):
            text = data[len(mark) :].decode(name.removesuffix("-sig"), errors="replace")
            note = None if "\ufffd" not in text else _damaged_note(name)
            return text, name, note
    unmarked = _utf16_without_mark(data)
    if unmarked is not None:
        text = data.decode(unmarked, errors="replace")
        return text, unmarked, _utf16_note(unmarked)
    try:
        return data.decode("utf-8"), "utf-8", None
    except UnicodeDecodeError:
        pass
    declared = _declared_encoding(data)
    if declared is not None:
        try:
            return data.decode(declared), declared, None
        except UnicodeDecodeError:
            pass
    for name in ("cp1252", "latin-1"):
        try:
            text = data.decode(name)
        except UnicodeDecodeError:
            continue
        return text, name, _fallback_note(name)
    raise AssertionError("latin-1 decodes every byte string")  # pragma: no cover


def _utf16_without_mark(data: bytes) -> str | None:
    """ "utf-16-le" or "utf-16-be" for UTF-16 text without a byte-order mark, told by its
    zero bytes: mostly Latin text has one in every other byte, all on one side. No text
    in UTF-8 or a single-byte encoding has zero bytes."""
    sample = data[:4096]
    pairs = len(sample) // 2
    if pairs < 2 or b"\x00" not in sample:
        return None
    odd_zeros, even_zeros = sample[1::2].count(0), sample[0::2].count(0)
    if odd_zeros >= 0.3 * pairs and even_zeros <= 0.05 * pairs:
        return "utf-16-le"
    if even_zeros >= 0.3 * pairs and odd_zeros <= 0.05 * pairs:
        return "utf-16-be"
    return None


def _utf16_note(name: str) -> str:
    order = sentence("little-endian") if name.endswith("le") else sentence("big-endian")
    return sentence(
        "The file has no byte-order mark; it was read as UTF-16 ({order}), which its bytes look "
        "like. If the text looks wrong, save the file as UTF-8 and import it again.",
        order=order,
    )


def _declared_encoding(data: bytes) -> str | None:
    """The codec a JabRef or Emacs header names, if Python knows it."""
    match = _DECLARATION.search(data[:_DECLARATION_WINDOW])
    if match is None:
        return None
    name = _EMACS_EOL_SUFFIX.sub("", match.group(1).decode("ascii"))
    # Emacs says "latin-9" where Python says "latin9".
    for candidate in (name, name.replace("-", "")):
        try:
            return codecs.lookup(candidate).name
        except LookupError:
            continue
    return None


def _fallback_note(name: str) -> str:
    return sentence(
        "This file is not valid UTF-8, so it was read as {encoding}. If accented letters look "
        "wrong, save the file as UTF-8 and import it again.",
        encoding=_FRIENDLY_NAMES[name],
    )


def _damaged_note(name: str) -> str:
    label = name.upper()
    return sentence(
        "This file is marked as {label} but some of its bytes are not valid {label}; those "
        "characters were replaced by '\ufffd'.",
        label=label,
    )


def parse_decoded(
    text: str,
    encoding: str,
    note: str | None,
    *,
    source: str,
    parse: Callable[[str, str], ParseResult],
) -> ParseResult:
    """Read text `decode_bytes` gave (with its encoding and note) with `parse(text, source)`.
    A guessed encoding is reported as the first problem, not a silent note: the user should
    check the accents."""
    result = parse(text, source)
    result.encoding = encoding
    if note is not None:
        result.problems.insert(0, Problem(source=source, line=None, message=note))
    return result
