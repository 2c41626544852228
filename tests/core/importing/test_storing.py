"""Storing an import: its work bounded whatever the file holds."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

#: The goal for any import of a 1 MB file (address space, so the kernel refuses past it).
ONE_GB = 1 << 30


def _shared_title_file(path: Path) -> int:
    """About 1 MB of entries that all take their title from one @string; how many."""
    parts = ['@string{t = "A Study of Shared Titles in Large Bibliographies"}\n']
    size = len(parts[0])
    while size < 1_000_000:
        parts.append(f"@article{{k{len(parts)}, title = t, year = 2020}}\n")
        size += len(parts[-1])
    path.write_text("".join(parts), encoding="utf-8")
    return len(parts) - 1


def _within_one_gb() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ONE_GB, ONE_GB))


@pytest.mark.slow
def test_a_megabyte_of_papers_sharing_one_title_imports_in_bounded_time_and_memory(
    tmp_path: Path,
) -> None:
    # Each newcomer was compared with, and listed beside, every paper before it of the same
    # title: 24k entries took gigabytes and many minutes.
    source = tmp_path / "shared.bib"
    entries = _shared_title_file(source)
    assert entries > 20_000
    library = f"sqlite:///{tmp_path / 'lib.sqlite'}"
    done = subprocess.run(
        [sys.executable, "-m", "desktop", "--db", library, "import", str(source)],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_within_one_gb,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"Imported {entries} paper(s)" in done.stdout
    assert f"At least {entries - 1:,} papers share one title" in done.stdout
