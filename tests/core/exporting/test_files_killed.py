"""`papershelf export -o refs.bib` over an existing file, killed at random moments: the
file is always the old bytes or the whole new export, never empty or half written."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

OLD = b"% the user's own bibliography, which must survive\n" * 200


def _papershelf(*args: str, db: str) -> list[str]:
    return [sys.executable, "-m", "desktop", "--db", db, *args]


@pytest.mark.slow
def test_a_killed_export_leaves_the_old_file_or_the_whole_new_one(
    tmp_path: Path, corpus_dir: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'library.sqlite'}"
    source = corpus_dir / "iridia-references" / "articles.bib"
    subprocess.run(_papershelf("import", str(source), db=db), check=True, capture_output=True)
    target = tmp_path / "refs.bib"
    started = time.perf_counter()
    subprocess.run(_papershelf("export", "-o", str(target), db=db), check=True, capture_output=True)
    whole = time.perf_counter() - started
    new = target.read_bytes()
    assert new.count(b"\n@") > 1000 and new != OLD
    chooser = random.Random(20)
    seen = set()
    for _ in range(12):
        target.write_bytes(OLD)
        writer = subprocess.Popen(
            _papershelf("export", "-o", str(target), db=db),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(chooser.uniform(0.3 * whole, 1.1 * whole))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        left = target.read_bytes()
        assert left in (OLD, new), f"{len(left)} bytes: neither the old file nor the new one"
        seen.add(left == new)
    # No temporary file of the killed writers is mistaken for the user's file.
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("refs.bib")] == ["refs.bib"]
    assert os.path.getsize(target) > 0
    assert seen  # the kills happened (before and, most often, after the rename)
