"""Reading the bytes of an imported file: BOMs, UTF-8, declared encodings, reported fallbacks."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from desktop.core.formats.encoding import decode_bytes

SAMPLE = "@article{k, author = {Jürgen Müller and Łukasz Świątek}, title = {Ça va}}"


def test_plain_utf8_needs_no_note() -> None:
    assert decode_bytes(SAMPLE.encode("utf-8")) == (SAMPLE, "utf-8", None)


def test_utf8_byte_order_mark_is_dropped() -> None:
    text, name, note = decode_bytes(b"\xef\xbb\xbf" + SAMPLE.encode("utf-8"))
    assert (text, name, note) == (SAMPLE, "utf-8-sig", None)


def test_utf16_with_either_byte_order() -> None:
    for codec, mark in (("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff")):
        text, name, note = decode_bytes(mark + SAMPLE.encode(codec))
        assert (text, name, note) == (SAMPLE, codec, None)


def test_utf32_mark_is_not_mistaken_for_utf16() -> None:
    data = b"\xff\xfe\x00\x00" + SAMPLE.encode("utf-32-le")
    assert decode_bytes(data) == (SAMPLE, "utf-32-le", None)


def test_truncated_utf16_is_decoded_and_reported() -> None:
    data = b"\xff\xfe" + "abc".encode("utf-16-le") + b"\x41"  # an odd trailing byte
    text, name, note = decode_bytes(data)
    assert text.startswith("abc")
    assert name == "utf-16-le"
    assert note is not None and "replaced" in note


def test_windows_1252_fallback_is_reported() -> None:
    data = "Müller – “quoted”".encode("cp1252")
    text, name, note = decode_bytes(data)
    assert (text, name) == ("Müller – “quoted”", "cp1252")
    assert note is not None and "not valid UTF-8" in note and "Windows-1252" in note


def test_latin1_is_the_last_resort() -> None:
    # 0x81 is undefined in Windows-1252, so only Latin-1 can take it.
    text, name, note = decode_bytes(b"caf\xe9 \x81")
    assert (text, name) == ("café \x81", "latin-1")
    assert note is not None and "Latin-1" in note


def test_jabref_encoding_header_is_honoured() -> None:
    # In ISO 8859-2, 0xB3 is "ł"; a Windows-1252 guess would give "³".
    data = b"% Encoding: ISO-8859-2\n@misc{k, author = {\xb3ukasz}}"
    text, name, note = decode_bytes(data)
    assert "{łukasz}" in text
    assert name == "iso8859-2"
    assert note is None


def test_emacs_coding_line_is_honoured() -> None:
    # Latin-9 puts "Š" at 0xA6 where Latin-1 has "¦".
    data = b"% -*- coding: latin-9-unix -*-\n@book{k, author = {\xa6koda}}"
    text, name, _ = decode_bytes(data)
    assert "Škoda" in text
    assert name == "iso8859-15"


def test_unknown_declared_encoding_falls_back() -> None:
    text, name, note = decode_bytes(b"% Encoding: klingon\ncaf\xe9")
    assert (text, name) == ("% Encoding: klingon\ncafé", "cp1252")
    assert note is not None


@given(st.binary())
def test_never_raises_on_bytes(data: bytes) -> None:
    text, name, _ = decode_bytes(data)
    assert isinstance(text, str) and name


def test_biber_latin9_file_from_the_corpus(corpus_dir: Path) -> None:
    text, name, note = decode_bytes((corpus_dir / "biber/t-tdata/encoding1.bib").read_bytes())
    assert name == "iso8859-15" and note is None
    assert "LATIN CAPITAL LETTER S WITH CARON" in text


def test_utf16_without_a_byte_order_mark_is_recognised_and_told() -> None:
    from desktop.core.formats.encoding import decode_bytes

    text = "Attention Is All You Need\nAshish Vaswani, Noam Shazeer\n"
    for name in ("utf-16-le", "utf-16-be"):
        decoded, encoding, note = decode_bytes(text.encode(name))
        assert (decoded, encoding) == (text, name)
        assert note is not None and "no byte-order mark" in note
    # Ordinary text has no zero bytes: never taken for UTF-16.
    assert decode_bytes(b"Ab")[1] == "utf-8"
    assert decode_bytes("Über".encode("cp1252"))[1] == "cp1252"
