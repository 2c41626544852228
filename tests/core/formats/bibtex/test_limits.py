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
