"""The format registry: names, extensions, detection, and reading/writing through it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.core.errors import InvalidInputError
from desktop.core.formats import csljson, listing, markdown, registry, ris
from desktop.core.formats.record import Person, Record, WriteOptions

RIS_TEXT = "TY  - JOUR\nTI  - A title\nAU  - Doe, Jane\nPY  - 2020\nER  - \n"
CSL_TEXT = json.dumps([{"id": "doe2020", "type": "article-journal", "title": "A title"}])
BIBTEX_TEXT = "@article{doe2020,\n  title = {A title},\n  author = {Doe, Jane},\n  year = 2020\n}\n"
LISTING_TEXT = "Theory · Bandits\n\nJane Doe, John Roe\n\nWe study bandits.\n"


def test_every_issue_format_is_registered():
    assert registry.names() == ["bibtex", "biblatex", "ris", "csl-json", "listing", "markdown"]
    assert registry.names(readable=True) == ["bibtex", "biblatex", "ris", "csl-json", "listing"]
    assert registry.names(writable=True) == ["bibtex", "biblatex", "ris", "csl-json", "markdown"]


@pytest.mark.parametrize(
    ("extension", "expected"),
    [
        (".bib", ["bibtex", "biblatex"]),
        (".BIB", ["bibtex", "biblatex"]),
        (".ris", ["ris"]),
        (".json", ["csl-json"]),
        (".txt", ["listing"]),
        (".md", ["markdown"]),
        (".pdf", []),
    ],
)
def test_formats_by_extension(extension, expected):
    assert registry.formats_for_extension(extension) == expected


@pytest.mark.parametrize(
    ("path", "text", "expected"),
    [
        ("refs.bib", "", "bibtex"),
        ("refs.ris", "", "ris"),
        ("refs.json", "", "csl-json"),
        # .txt, unknown extensions and pasted text are sniffed.
        ("export.txt", "\n1.\n" + RIS_TEXT, "ris"),
        ("export.txt", "FN Clarivate Analytics Web of Science\nVR 1.0\nPT J\nER\n", "ris"),
        ("export.txt", LISTING_TEXT, "listing"),
        ("export.dat", "% comment\n" + BIBTEX_TEXT, "bibtex"),
        (None, "\ufeff  " + CSL_TEXT, "csl-json"),
        (None, "[not json", "listing"),
        (None, "", "listing"),
    ],
)
def test_detect_format(path, text, expected):
    assert registry.detect_format(path, text) == expected


def test_seed_listing_is_detected_and_read(seed_listing: Path):
    text = seed_listing.read_text(encoding="utf-8")
    assert registry.detect_format(seed_listing, text) == "listing"
    name, result = registry.read(seed_listing.read_bytes(), source="seed", path=seed_listing)
    assert name == "listing"
    assert len(result.records) == 20


def test_read_uses_the_named_module_and_reports_the_encoding():
    name, result = registry.read(RIS_TEXT.encode("cp1252"), source="a.ris", path="a.ris")
    assert name == "ris"
    assert [record.title for record in result.records] == ["A title"]
    assert result.encoding == "utf-8"
    name, result = registry.read(
        "TY  - JOUR\nTI  - Café\nER  - \n".encode("cp1252"), source="old.txt", format="ris"
    )
    assert result.records[0].title == "Café"
    assert result.encoding == "cp1252"
    assert result.problems[0].line is None
    assert "Windows-1252" in result.problems[0].message


def test_explicit_format_wins_over_the_extension():
    name, result = registry.read(LISTING_TEXT.encode(), source="x", path="x.json", format="listing")
    assert name == "listing"
    assert [p.family for p in result.records[0].authors] == ["Doe", "Roe"]


def test_readers_and_writers_are_the_format_modules():
    assert registry.reader_for("ris") is ris.parse
    assert registry.reader_for("csl-json") is csljson.parse
    assert registry.reader_for("listing") is listing.parse
    assert registry.writer_for("ris") is ris.export
    assert registry.writer_for("csl-json") is csljson.export
    assert registry.writer_for("markdown") is markdown.export


def test_bibtex_modules_are_registered():
    bibtex = pytest.importorskip("desktop.core.formats.bibtex.reader")
    bibtex_writer = pytest.importorskip("desktop.core.formats.bibtex.writer")
    assert registry.reader_for("bibtex") is bibtex.parse
    assert registry.reader_for("biblatex") is bibtex.parse
    assert registry.writer_for("bibtex") is bibtex_writer.export_bibtex
    assert registry.writer_for("biblatex") is bibtex_writer.export_biblatex
    name, result = registry.read(BIBTEX_TEXT.encode(), source="r.bib", path="r.bib")
    assert name == "bibtex"
    assert [record.citekey for record in result.records] == ["doe2020"]
    written = registry.write(
        "bibtex", [(r, []) for r in result.records], WriteOptions(preambles=["\\def\\x{y}"])
    )
    assert "@preamble" in written.lower()
    assert "doe2020" in written


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: registry.get("docx"), "no format called 'docx'"),
        (lambda: registry.reader_for("markdown"), "exported but not imported"),
        (lambda: registry.writer_for("listing"), "imported but not exported"),
        (lambda: registry.read(b"", source="x", format="nope"), "no format called"),
    ],
)
def test_unusable_formats_are_told_as_sentences(call, words):
    with pytest.raises(InvalidInputError, match=words):
        call()


def test_write_by_name():
    record = Record(title="A title", year=2020, authors=[Person(given="Jane", family="Doe")])
    assert registry.write("ris", [(record, [])]) == ris.write([record])
    assert registry.write("csl-json", [(record, [])]) == csljson.write([record])
    assert registry.write("markdown", [(record, [])]) == markdown.write([(record, [])])
    options = WriteOptions(heading="List")
    assert registry.write("markdown", [(record, ["a note"])], options) == markdown.write(
        [(record, ["a note"])], heading="List"
    )
