"""The BibTeX reader bounds its work: @string abbreviations that double and double again
are reported, not expanded into gigabytes, and real files never meet the limits."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.core.formats import registry
from desktop.core.formats.bibtex import reader


def doubling(levels: int, uses: str) -> str:
    """Abbreviations `m0` ("ab") to `m<levels>`, each twice the one before, then `uses`."""
    lines = ['@string{m0 = "ab"}']
    lines += [f"@string{{m{i} = m{i - 1} # m{i - 1}}}" for i in range(1, levels + 1)]
    return "\n".join([*lines, uses])


def read(text: str) -> tuple[list[str], list[dict[str, str]]]:
    result = registry.read(text.encode(), source="x.bib", format="bibtex")[1]
    return [p.message for p in result.problems], [
        {"title": r.title, **r.extra} for r in result.records
    ]


def test_abbreviations_doubling_again_and_again_are_reported_and_kept_as_names() -> None:
    # 20 doublings are 2 MB (39 took 22.8 GB: that one runs in a subprocess below).
    problems, records = read(doubling(20, "@article{k, title = m20, note = {x} # m20}"))
    assert len(records) == 1
    assert records[0]["title"] == "m20"  # what the user wrote, not megabytes
    assert "m20" in records[0]["note"]
    assert any("'m16' would be longer than 100,000 characters" in p for p in problems)
    assert len(problems) == 1  # the abbreviations made of m16 are not told one by one


def test_a_field_made_too_long_by_joining_is_kept_as_written() -> None:
    problems, records = read(doubling(15, "@misc{k, note = m15 # m15 # m15}"))
    assert records[0]["note"] == "m15 # m15 # m15"
    assert problems == [
        "In entry 'k': The field 'note' would be longer than 100,000 characters once its "
        "@string abbreviations are expanded; it was kept as written, unexpanded."
    ]


def test_abbreviations_add_at_most_so_much_text_in_all() -> None:
    uses = "\n".join(f"@misc{{k{n}, note = m15}}" for n in range(200))
    problems, records = read(doubling(15, uses))
    expanded = [r for r in records if r["note"] != "m15"]
    assert len(expanded) == reader.MOST_EXPANDED_CHARS // 2**16  # m15 is 65,536 characters
    assert all(len(r["note"]) == 2**16 for r in expanded)
    assert any("would add more than 10,000,000 characters" in p for p in problems)


def test_ordinary_abbreviations_still_expand() -> None:
    problems, records = read(doubling(10, "@misc{k, note = m10 # { and } # m3}"))
    assert problems == []
    assert records[0]["note"] == "ab" * 2**10 + " and " + "ab" * 8


def test_no_file_of_the_corpus_meets_a_limit(corpus_dir: Path) -> None:
    for path in sorted(corpus_dir.rglob("*.bib")):
        result = registry.read(path.read_bytes(), source=str(path), format="bibtex")[1]
        limited = [p.message for p in result.problems if "characters" in p.message]
        assert not [m for m in limited if "longer than" in m or "would add" in m], path


@pytest.mark.slow
def test_reading_a_hostile_megabyte_stays_under_a_gigabyte(tmp_path: Path) -> None:
    uses = "".join(f"\n@article{{k{n}, title = m15 # m14, note = m39}}" for n in range(20_000))
    text = doubling(39, uses)[:1_000_000]
    (tmp_path / "hostile.bib").write_text(text, encoding="ascii")
    program = (
        "import resource, sys\n"
        "from desktop.core.formats import registry\n"
        "data = open(sys.argv[1], 'rb').read()\n"
        "result = registry.read(data, source='hostile.bib', format='bibtex')[1]\n"
        "print(len(result.records), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program, str(tmp_path / "hostile.bib")],
        capture_output=True,
        text=True,
        timeout=120,
        # Should the limits break, the reader fails here instead of taking the machine.
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)),
    )
    assert done.returncode == 0, done.stderr
    records, peak_kib = map(int, done.stdout.split())
    assert records > 10_000
    assert peak_kib < 1024 * 1024


def test_thousands_of_fields_without_commas_are_read_and_the_rest_kept() -> None:
    # Each missing comma was read by a recursive call: thousands raised RecursionError.
    fields = " ".join(f"f{i} = {{v{i}}}" for i in range(5_000))
    problems, records = read(f"@misc{{a, title = {{T}} {fields}}}\n@misc{{b, title = {{B}}}}\n")
    assert [r["title"] for r in records] == ["T", "B"]
    assert problems == [
        "In entry 'a': More than 1,000 fields run together without commas; the rest of "
        "the entry was kept as the text of the field 'f998'."
    ]
    kept = records[0]["f998"]
    assert kept.startswith("v998 f999 = {v999}") and kept.endswith("f4999 = {v4999}")


def test_braces_nested_deeper_than_any_real_file_are_told_and_read() -> None:
    deep = "{" * 5_000 + "x" + "}" * 5_000
    problems, records = read(f"@misc{{a, title = {deep}}}\n@misc{{b, title = {{B}}}}\n")
    assert [r["title"] for r in records] == ["x", "B"]
    assert problems == [
        # The outer braces delimit the value: 4,999 are inside it.
        "In entry 'a': The field 'title' nests braces 4,999 deep, more than the 100 of "
        "any real bibliography; it was read all the same."
    ]
    assert read("@misc{a, title = {" + "{" * 100 + "x" + "}" * 100 + "}}")[0] == []


def test_a_field_longer_than_any_real_one_is_kept_whole_and_told() -> None:
    long_note = "word " * 250_000
    problems, records = read(f"@misc{{a, title = {{T}}, note = {{{long_note}}}}}")
    assert records[0]["note"] == long_note  # as written, to its last space
    assert problems == [
        "In entry 'a': The field 'note' holds 1,250,000 characters, more than the "
        "1,000,000 of any real bibliography; it was kept whole."
    ]


def test_no_file_of_the_corpus_meets_the_size_depth_or_field_limits(corpus_dir: Path) -> None:
    paths = [p for p in corpus_dir.rglob("*") if p.suffix in {".bib", ".biblatex", ".bibtex"}]
    assert len(paths) > 800
    for path in sorted(paths):
        result = registry.read(path.read_bytes(), source=str(path), format="bibtex")[1]
        assert not [p.message for p in result.problems if "of any real" in p.message], path
        assert not [p.message for p in result.problems if "run together" in p.message], path
