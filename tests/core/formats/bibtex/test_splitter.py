"""The fast BibTeX splitter against its reference, bibtexparser's own splitter.

`bibtex_split` reads plain entries itself and hands every other region of the text to
bibtexparser; here both must give the same blocks (type, key, fields, raw text, errors)
for every corpus file and for generated text.
"""

from __future__ import annotations

from pathlib import Path

import bibtexparser
from bibtexparser import model as bib
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core.formats.bibtex import splitter
from desktop.core.formats.bibtex.reader import _blank_comments
from desktop.core.formats.encoding import decode_bytes

Summary = tuple[object, ...]


def _summary(block: bib.Block) -> Summary:
    if isinstance(block, bib.ParsingFailedBlock):
        return ("failed", block.raw, getattr(block.error, "abort_reason", str(block.error)))
    return (type(block).__name__, block.raw)


def _reference(text: str) -> list[Summary]:
    """bibtexparser's blocks, duplicate-key wrappers opened, with 1-based lines."""
    found: list[Summary] = []
    for block in bibtexparser.parse_string(text, parse_stack=[]).blocks:
        if isinstance(block, bib.DuplicateBlockKeyBlock | bib.DuplicateFieldKeyBlock):
            block = block.ignore_error_block or block
        line = (block.start_line or 0) + 1
        if isinstance(block, bib.Entry):
            fields = tuple((f.key, str(f.value)) for f in block.fields)
            found.append((line, "entry", block.entry_type, block.key, fields, block.raw))
        else:
            found.append((line, *_summary(block)))
    return found


def _ours(text: str) -> list[Summary]:
    found: list[Summary] = []
    for line, _, block in splitter.split(text).blocks:
        if isinstance(block, splitter.SplitEntry):
            raw = text[block.start : block.end]
            found.append((line, "entry", block.entry_type, block.key, tuple(block.fields), raw))
        else:
            found.append((line, *_summary(block)))
    return found


def _assert_same_blocks(text: str) -> None:
    ours, reference = _ours(text), _reference(text)
    if "\\\n" in text:
        # bibtexparser does not count a newline after a backslash; our lines are the real ones.
        ours, reference = [b[1:] for b in ours], [b[1:] for b in reference]
    assert ours == reference


def test_every_corpus_file_splits_as_bibtexparser_splits_it(corpus_dir: Path) -> None:
    files = sorted(corpus_dir.rglob("*.bib"))
    assert len(files) > 700
    for path in files:
        text, _, _ = decode_bytes(path.read_bytes())
        _assert_same_blocks(_blank_comments(text))


PIECES = [
    "@article{",
    "@misc(",
    "@string{",
    "@comment{",
    "@preamble{",
    "@Book {",
    "\n@article{",
    "\n  @inproceedings{",
    "key,",
    "k2,",
    " title = ",
    "author=",
    "{Text}",
    "{A {B} c}",
    '"quoted, text"',
    '"a {"} b"',
    "2020",
    "jan",
    " # ",
    ",",
    "}",
    ")",
    "{",
    '"',
    "=",
    "\\{",
    "\\}",
    "\\",
    " ",
    "\n",
    "\t",
    "@",
    "x@y{",
    "text between ",
]


@settings(max_examples=400)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_generated_text_splits_as_bibtexparser_splits_it(pieces: list[str]) -> None:
    _assert_same_blocks("".join(pieces))


_VALUE_TEXT = st.text(alphabet=st.sampled_from(list('ab {}",=\\#@\n%')), max_size=12)
_VALUE = st.one_of(
    _VALUE_TEXT.map(lambda t: "{" + t + "}"),
    _VALUE_TEXT.map(lambda t: '"' + t + '"'),
    st.sampled_from(["2020", "jan", "jan # { 1}", "{a}#{b}", "{}", '""', "{a} x", "{x\\}"]),
)
_FIELD = st.tuples(st.sampled_from(["title", " author ", "x\\y", "", "a b"]), _VALUE).map(
    lambda f: f"{f[0]}={f[1]}"
)
_ENTRY = st.tuples(
    st.sampled_from(["@article{", "@misc {", "\n@book{", "  @Online{"]),
    st.sampled_from(["k1", " k2 ", "", "a=b"]),
    st.lists(_FIELD, max_size=5),
    st.sampled_from(["}", ",}", "\n}", "} tail", ""]),
).map(lambda e: f"{e[0]}{e[1]},{','.join(e[2])}{e[3]}\n")


@settings(max_examples=400)
@given(st.lists(_ENTRY, max_size=6))
def test_generated_entries_split_as_bibtexparser_splits_them(entries: list[str]) -> None:
    """Mostly well-formed entries, so that the fast path is taken (or declined) often."""
    _assert_same_blocks("".join(entries))


@given(st.text(alphabet=st.sampled_from(list('@{}(),="#\\ \nabAB1')), max_size=150))
def test_random_characters_split_as_bibtexparser_splits_them(text: str) -> None:
    _assert_same_blocks(text)


def test_plain_entries_are_read_with_their_lines_and_offsets() -> None:
    text = "% header\n\n@Article{ key1 ,\n  title = {A {B} c},\n  year = 2020\n}\n  @misc{k2,}\n"
    split = splitter.split(text)
    first, second = split.entries
    assert (first.line, first.entry_type, first.key) == (3, "article", "key1")
    assert first.fields == [("title", "{A {B} c}"), ("year", "2020")]
    assert text[first.start : first.end].startswith("@Article{") and text[first.end - 1] == "}"
    assert (second.line, second.key, second.fields) == (7, "k2", [])


def test_long_runs_of_spaces_are_read_in_linear_time() -> None:
    """Blanked-out comments leave long runs of spaces; a regular expression that
    backtracks over them once took seconds on a 12 kB file."""
    spaces = " " * 200_000
    text = f"@article{{k,{spaces}title{spaces}= {{T}}{spaces},{spaces}}}\n"
    assert _ours(text) == _reference(text)


def test_lines_are_counted_past_a_backslash_at_the_end_of_a_line() -> None:
    """bibtexparser does not count a newline right after a backslash; the lines here are
    the file's real ones, for blocks read either way."""
    text = (
        '@string{a = "x\\\ny"}\n'  # lines 1-2
        '@string{c = "w"}\n'  # line 3, read in one bibtexparser call with the one above
        "\n"
        "@misc{k,\n title = {x\\\ny}}\n"  # lines 5-7
        '@string{b = "z"}\n'  # line 8
        "@misc(p, title={q})\n"  # line 9
    )
    blocks = splitter.split(text).blocks
    lines = [(line, type(block).__name__) for line, _, block in blocks]
    assert lines == [
        (1, "String"),
        (3, "String"),
        (5, "SplitEntry"),
        (8, "String"),
        (9, "SplitEntry"),
    ]


def _part_by_part(text: str, size: int) -> list[tuple[int, int, object]]:
    blocks: list[tuple[int, int, object]] = []
    parts = splitter.parts(text, size)
    assert parts[0].start == 0 and parts[-1].end == len(text)
    for part in parts:
        blocks += [
            (line, start, block if isinstance(block, splitter.SplitEntry) else _summary(block))
            for line, start, block in splitter.split(text, part).blocks
        ]
    return blocks


def _whole(text: str) -> list[tuple[int, int, object]]:
    return _part_by_part(text, len(text) + 1)


def test_every_corpus_file_splits_part_by_part_as_it_splits_whole(corpus_dir: Path) -> None:
    for path in sorted(corpus_dir.rglob("*.bib")):
        text, _, _ = decode_bytes(path.read_bytes())
        seen = _blank_comments(text)
        assert _part_by_part(seen, 200) == _whole(seen), path


@settings(max_examples=300)
@given(st.lists(st.sampled_from(PIECES), max_size=40), st.integers(1, 60))
def test_generated_text_splits_part_by_part_as_it_splits_whole(
    pieces: list[str], size: int
) -> None:
    text = "".join(pieces)
    assert _part_by_part(text, size) == _whole(text)


def test_parts_end_where_a_region_starts_after_a_plain_entry() -> None:
    text = "@a{k1, t = {x}}\n  @b{k2, t = {y}}\n\n@c{k3, t = {z}}\n"
    parts = splitter.parts(text, 5)
    assert [(p.start, p.end, p.line) for p in parts] == [
        (0, text.index("@c"), 1),
        (text.index("@c"), len(text), 4),
    ]
    # A region the fast path declines (parentheses) never ends a part: bibtexparser
    # reads it with the regions declined after it.
    text = "@a{k1, t = {x}}\n@b(k2, t = {y})\n@c{k3, t = {z}}\n@d{k4, t = {w}}\n"
    parts = splitter.parts(text, 5)
    assert [(p.start, p.end, p.line) for p in parts] == [
        (0, text.index("@d"), 1),
        (text.index("@d"), len(text), 4),
    ]
