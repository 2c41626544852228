"""Markdown export, judged by parsing it back with markdown-it-py (a CommonMark parser)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.token import Token

from desktop.core.formats import markdown
from desktop.core.formats.record import Person, Record

EVIL_TITLE = (
    "# *Not emphasis* [not a link](javascript:alert(1)) `no code` <b>no html</b> "
    "&amp; $x_1$ | a ~~b~~ __c__ ![img](x.png)"
)


def _tokens(text: str) -> list[Token]:
    return MarkdownIt("commonmark").parse(text)


def _sections(tokens: list[Token]) -> list[list[Token]]:
    """Tokens grouped by level-2 heading (the papers)."""
    sections: list[list[Token]] = []
    for token in tokens:
        if token.type == "heading_open" and token.tag == "h2":
            sections.append([])
        if sections:
            sections[-1].append(token)
    return sections


def _plain_text(inline: Token) -> str:
    """What a reader sees of an inline token, if it is only text."""
    assert inline.children is not None
    assert {child.type for child in inline.children} <= {"text"}, inline.children
    return "".join(child.content for child in inline.children)


def _people(count: int) -> list[Person]:
    return [Person(given=f"Given{i}", family=f"Family{i}") for i in range(count)]


def test_one_section_per_paper_with_its_notes_quoted():
    entries = [
        (
            Record(title="First", year=2020, journal="Journal A", doi="10.1/a", authors=_people(2)),
            ["# A heading in a note\n\nSome *emphasis*\n- a list item", "Second note"],
        ),
        (Record(title="Second", url="https://example.org/p", authors=_people(1)), []),
    ]
    tokens = _tokens(markdown.write(entries, heading="Reading list"))
    assert tokens[0].tag == "h1"
    assert tokens[1].content == "Reading list"
    first, second = _sections(tokens)
    assert _plain_text(first[1]) == "First"
    assert [t.type for t in first if t.type.startswith("blockquote")] == [
        "blockquote_open",
        "blockquote_close",
        "blockquote_open",
        "blockquote_close",
    ]
    # The note's own heading stays inside its quote: it is an h1 nested in a blockquote.
    nested = [t for t in first if t.type == "heading_open"]
    assert [(t.tag, t.level) for t in nested] == [("h2", 0), ("h1", 1)]
    assert _plain_text(second[1]) == "Second"
    assert not any(t.type == "blockquote_open" for t in second)


def test_details_line_has_authors_year_venue_and_doi_link():
    record = Record(
        title="T",
        year=2017,
        journal="Neural Information Processing Systems",
        doi="10.1016/0014-5793(81)80778-8",
        url="https://ignored.example",
        authors=[Person(given="Ashish", family="Vaswani"), Person(given="Noam", family="Shazeer")],
    )
    (section,) = _sections(_tokens(markdown.write([(record, [])])))
    details = section[4]
    assert details.type == "inline"
    assert details.children is not None
    texts = "".join(c.content for c in details.children if c.type == "text")
    assert texts.startswith("Ashish Vaswani and Noam Shazeer · 2017 · ")
    (emphasis,) = [i for i, c in enumerate(details.children) if c.type == "em_open"]
    assert details.children[emphasis + 1].content == "Neural Information Processing Systems"
    (link,) = [c for c in details.children if c.type == "link_open"]
    # A DOI with parentheses still makes one whole link.
    assert link.attrs["href"] == "https://doi.org/10.1016/0014-5793(81)80778-8"


@pytest.mark.parametrize(
    ("record", "href"),
    [
        (Record(url="https://example.org/a b"), "https://example.org/a%20b"),
        (Record(arxiv_id="2101.00001"), "https://arxiv.org/abs/2101.00001"),
        (Record(doi="10.1/x", url="https://u", arxiv_id="1"), "https://doi.org/10.1/x"),
    ],
)
def test_link_prefers_doi_then_url_then_arxiv(record, href):
    record.title = "T"
    (link,) = [
        child
        for token in _tokens(markdown.write([(record, [])]))
        for child in token.children or []
        if child.type == "link_open"
    ]
    assert link.attrs["href"] == href


def test_title_cannot_break_the_document():
    record = Record(title=EVIL_TITLE, journal="J_of *X*")
    tokens = _tokens(markdown.write([(record, [])]))
    (section,) = _sections(tokens)
    assert _plain_text(section[1]) == EVIL_TITLE
    assert not any(t.type in ("html_block", "hr", "bullet_list_open") for t in tokens)


@pytest.mark.parametrize("title", ["1. Not a list", "- not a list", "> not a quote", "+ x", "==="])
def test_titles_that_look_like_blocks_stay_text(title):
    text = markdown.write([(Record(title=title), [])])
    (section,) = _sections(_tokens(text))
    assert _plain_text(section[1]) == title
    assert markdown.escape(title) != title


def test_multiline_title_is_one_heading():
    (section,) = _sections(_tokens(markdown.write([(Record(title="A\nB\n\n## C"), [])])))
    assert _plain_text(section[1]) == "A B ## C"


def test_untitled_paper_is_shown_as_such():
    (section,) = _sections(_tokens(markdown.write([(Record(title=""), [])])))
    assert section[1].content == f"*{markdown.UNTITLED}*"


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (1, "Given0 Family0"),
        (2, "Given0 Family0 and Given1 Family1"),
        (5, "Given0 Family0, Given1 Family1, Given2 Family2, Given3 Family3 and Given4 Family4"),
        (6, "Given0 Family0, Given1 Family1, Given2 Family2 et al."),
    ],
)
def test_long_author_lists_are_shortened(count, expected):
    assert markdown.authors_line(_people(count)) == expected


def test_bibtex_others_means_et_al():
    people = [*_people(2), Person(family="others", as_written="et al.")]
    assert markdown.authors_line(people) == "Given0 Family0, Given1 Family1 et al."


def test_nothing_to_write_is_empty():
    assert markdown.write([]) == ""


@settings(max_examples=200, deadline=None)
@given(title=st.text(min_size=1, max_size=60).filter(lambda t: t.strip()))
def test_any_title_reads_back_as_itself(title):
    (section,) = _sections(_tokens(markdown.write([(Record(title=title), ["note"])])))
    heading = section[1]
    assert heading.children is not None
    # Non-text tokens would mean the title made Markdown syntax.
    shown = "".join(child.content for child in heading.children if child.type == "text")
    assert {child.type for child in heading.children} <= {"text"}
    # Control characters are dropped (CommonMark would turn NUL into U+FFFD anyway).
    printable = "".join(c for c in title if c.isspace() or unicodedata.category(c) != "Cc")
    assert shown == " ".join(printable.split())
