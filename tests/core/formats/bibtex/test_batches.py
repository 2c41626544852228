"""Reading BibTeX a part at a time gives what reading it whole gives.

`bibtex.read_in_batches` hands records over as each part of a text is read, so that an
import can store them while the rest is read. The reference is `bibtex._read_whole`, the
reading that takes in every entry before making any record: the records, the problems (in
their order) and the preambles must be the same.
"""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core.formats.bibtex import reader
from desktop.core.formats.encoding import decode_bytes
from desktop.core.formats.record import ParseResult, Record


def _batched(
    sources: list[tuple[str, str]], batch_chars: int
) -> tuple[ParseResult, list[list[Record]]]:
    result, batches = reader.read_in_batches(
        [(name, text, "utf-8", None) for name, text in sources], batch_chars
    )
    given = list(batches)
    result.records = [record for batch in given for record in batch]
    return result, given


def _whole(sources: list[tuple[str, str]]) -> ParseResult:
    result = ParseResult()
    result.records = [r for batch in reader._read_whole(list(sources), result) for r in batch]
    return result


def test_every_corpus_file_reads_in_batches_as_it_reads_whole(corpus_dir: Path) -> None:
    several = 0
    for path in sorted(corpus_dir.rglob("*.bib")):
        text, _, _ = decode_bytes(path.read_bytes())
        sources = [(path.name, text)]
        batched, batches = _batched(sources, 300)
        assert batched == _whole(sources), path
        several += len(batches) > 1
    assert several > 100  # most files really were read a part at a time


def _entry(number: int, extra: str = "") -> str:
    return (
        f"@article{{key{number},\n  title = {{Paper {number}}},\n"
        f"  author = {{Family{number}, Given}},\n  year = {{20{number % 100:02d}}}{extra}\n}}\n\n"
    )


def test_records_come_a_part_at_a_time_with_the_problems_in_whole_order() -> None:
    entries = [_entry(n) for n in range(40)]
    entries[5] = "@article{broken, title = {no closing brace\n\n"  # a reading problem
    entries[30] = _entry(30).replace("key30", "key3")  # the key of entry 3, in a later part
    entries[20] = _entry(20, ",\n  year = {twenty}").replace("year = {2020},\n", "")
    text = "".join(entries)
    sources = [("many.bib", text)]
    batched, batches = _batched(sources, 500)
    whole = _whole(sources)
    assert batched == whole
    assert len(batches) > 5
    in_order = [f"key{n}" for n in range(40) if n != 5]
    assert [r.citekey for r in batches[0]] == in_order[: len(batches[0])]
    messages = [problem.message for problem in batched.problems]
    assert len(messages) == 3
    assert "not closed" in messages[0]
    assert "key3" in messages[1] and "twenty" in messages[2]
    repeated = text.index("@article{key3,", text.index("@article{key3,") + 1)
    starts = [text.index("@article{broken"), repeated, text.index("@article{key20,")]
    assert [p.line for p in batched.problems] == [text.count("\n", 0, at) + 1 for at in starts]


def test_the_first_batch_is_read_from_a_small_part(monkeypatch: pytest.MonkeyPatch) -> None:
    # An import stores nothing until the first batch comes: it is read from a part of
    # about FIRST_BATCH_CHARS, the others from parts of the batch size.
    monkeypatch.setattr(reader, "FIRST_BATCH_CHARS", 250)
    text = "".join(_entry(n) for n in range(60))
    sources = [("first.bib", text), ("second.bib", text.replace("key", "other"))]
    batched, batches = _batched(sources, 2_000)
    assert batched == _whole(sources)
    # The first part runs to the entry after the first one starting at character 250.
    starting_before = sum(1 for n in range(60) if text.index(f"@article{{key{n},") < 250)
    assert len(batches[0]) == starting_before + 1 == 4
    assert len(batches[1]) > 5 * len(batches[0])
    # The second file is read in parts of the batch size from its start.
    second = next(batch for batch in batches if batch[0].citekey.startswith("other"))
    assert len(second) > 5 * len(batches[0])


def test_an_abbreviation_defined_at_the_end_serves_the_first_entry() -> None:
    text = "".join(_entry(n) for n in range(30)).replace("title = {Paper 0}", "title = venue", 1)
    text += '@string{venue = "Defined Last"}\n'
    batched, _ = _batched([("abbrev.bib", text)], 300)
    assert batched.records[0].title == "Defined Last"
    assert not batched.problems
    assert batched == _whole([("abbrev.bib", text)])


def test_a_crossref_in_a_later_part_is_resolved_and_no_record_is_given_twice() -> None:
    entries = [_entry(n) for n in range(30)]
    entries[2] = "@proceedings{conf, title = {The Conference}, publisher = {Pub}}\n\n"
    entries[25] = "@inproceedings{child, title = {A Paper}, crossref = {conf}}\n\n"
    text = "".join(entries)
    batched, batches = _batched([("crossref.bib", text)], 300)
    assert len(batches) > 2  # some were given before the crossref was met
    assert batched == _whole([("crossref.bib", text)])
    child = next(r for r in batched.records if r.citekey == "child")
    assert (child.booktitle, child.publisher) == ("The Conference", "Pub")
    assert [r.citekey for r in batched.records].count("key1") == 1


def test_indented_entries_read_whole_after_some_parts_keep_their_lines_and_text() -> None:
    # A broken entry among indented ones, and a crossref that switches to reading whole.
    entries = ["   " + _entry(n) for n in range(30)]
    entries[12] = "  @article{broken, title = {no closing brace\n\n"
    entries[25] = "\t@inproceedings{child, title = {A Paper}, crossref = {key3}}\n\n"
    text = "".join(entries)
    batched, batches = _batched([("indented.bib", text)], 300)
    assert len(batches) > 2
    assert batched == _whole([("indented.bib", text)])
    [problem] = batched.problems
    broken = text.index("@article{broken")
    assert problem.line == text.count("\n", 0, broken) + 1
    assert problem.raw == text[broken : text.index("@", broken + 1) - 1]


def test_parts_already_read_are_let_go_of() -> None:
    # A character beyond Latin-1 in every entry (as in real bibliographies: names, dashes,
    # quotes) makes Python store each part at two bytes a character. Parts already read
    # are kept as UTF-8 only (in case a crossref needs the file whole), so by the last
    # batch the text is held at about half its size.
    abstract = ",\n  abstract = {Čech " + "words " * 300 + "}"
    text = "".join(_entry(n, abstract) for n in range(2000)) + "@misc{last, title = {Last}}\n"
    in_memory = sys.getsizeof(text)
    tracemalloc.start()
    try:
        _, batches = reader.read_in_batches([("big.bib", text, "utf-8", None)], 100_000)
        del text  # held by the reading alone
        count = 0
        for batch in batches:
            count += len(batch)
            if count == 2001:  # the last batch: every other part has been read
                held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 2001
    assert held < 0.7 * in_memory


def test_several_files_read_in_batches_as_one_bibliography() -> None:
    sources = [
        ("a.bib", "".join(_entry(n) for n in range(10))),
        ("b.bib", "".join(_entry(n) for n in range(8, 20))),  # keys 8 and 9 again
    ]
    batched, batches = _batched(sources, 200)
    assert len(batches) > 2
    assert batched == _whole(sources)
    assert sum("is also used" in p.message for p in batched.problems) == 2


_PIECES = [
    "@article{a, title = {T}, year = 2020}\n",
    "@misc{b, author = {X, Y and Z}, month = jan}\n",
    "@book(c, title = {Paren})\n",
    "@article{d, title = {Unclosed\n",
    "@inproceedings{e, crossref = {p}}\n",
    "@proceedings{p, title = {Proc}}\n",
    "@xdata{x, publisher = {XP}}\n",
    "@book{f, xdata = {x}}\n",
    "@string{s = {Str}}\n",
    "@misc{g, title = s # { more}}\n",
    "@comment{a comment}\n",
    "@preamble{{\\newcommand{\\x}{y}}}\n",
    "text between entries\n",
    "% a comment line\n",
    "@article{a, title = {Same key}}\n",
    "@article{h, year = {not a year}}\n",
    # Indented: the spaces before an `@` end one part and start the next line's.
    "  @misc{i, title = {Indented}}\n",
    "\t @article{j, title = {Unclosed, indented\n",
    "@misc{k, title = {Čech – “beyond Latin-1”}, author = {Müller, Jürgen}}\n",
    "\n",
]


@settings(max_examples=300)
@given(st.lists(st.sampled_from(_PIECES), max_size=30), st.integers(1, 200))
def test_generated_bibliographies_read_in_batches_as_they_read_whole(
    pieces: list[str], batch_chars: int
) -> None:
    text = "".join(pieces)
    sources = [("generated.bib", text)]
    assert _batched(sources, batch_chars)[0] == _whole(sources)
    # A file read whole after some parts were read (and let go of) is put together again
    # exactly as it was.
    parts = list(reader._pieces("generated.bib", text, batch_chars))
    for part in parts[::2]:
        part.let_go()
    assert "".join(part.own_text() for part in parts) == text
