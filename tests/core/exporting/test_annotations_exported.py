"""Annotations reach the Markdown export (and only the formats that carry notes)."""

from __future__ import annotations

from markdown_it import MarkdownIt

from desktop.core.formats.record import Record
from desktop.core.library import Library

ABSTRACT = "Coral reefs recover after bleaching across the western Indian Ocean."


def test_the_markdown_export_lists_each_annotation_with_its_words_and_note(
    library: Library,
) -> None:
    paper = library.add_paper(Record(title="Reef recovery", abstract=ABSTRACT)).id
    bare = library.add_paper(Record(title="No annotations")).id
    late = ABSTRACT.index("western")
    library.annotate(paper, late, late + len("western Indian Ocean"), note="Zanzibar *sites*")
    library.annotate(paper, 0, len("Coral reefs"), note="")  # a span marked, with no note
    library.add_note(paper, "A plain note")
    text = library.export([paper, bare], "markdown")
    # In the abstract's order, the span's words literal and the note's Markdown kept.
    assert "- “Coral reefs”\n- “western Indian Ocean”: Zanzibar *sites*" in text
    html = MarkdownIt("commonmark").render(text)
    assert "<li>“western Indian Ocean”: Zanzibar <em>sites</em></li>" in html
    assert "<blockquote>\n<p>A plain note</p>" in html
    # The paper without annotations has no list.
    assert text.split("## No annotations", 1)[1].count("- ") == 0


def test_other_formats_leave_annotations_out(library: Library) -> None:
    paper = library.add_paper(Record(title="Reef recovery", abstract=ABSTRACT)).id
    library.annotate(paper, 0, 5, note="zanzibar")
    for format in ("bibtex", "ris", "csl-json"):
        assert "zanzibar" not in library.export([paper], format)
