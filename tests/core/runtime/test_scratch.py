"""The temporary folders of helper work are removed at the next start when the process that
made them was killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from desktop.core.importing.reading import HELPER_FROM_BYTES
from desktop.core.library import Library
from desktop.core.runtime import scratch

REPO = Path(__file__).resolve().parents[3]

IMPORTER = """
import sys
from desktop.core.library import Library
with Library.open(sys.argv[1]) as library:
    library.import_file(sys.argv[2])
"""


def _big_bibtex(path: Path) -> Path:
    entry = "@article{{key{n}, title={{A title number {n}}}, author={{Writer, Ada}}}}\n"
    with path.open("w") as file:
        n = 0
        while file.tell() < HELPER_FROM_BYTES * 2:
            file.write(entry.format(n=n))
            n += 1
    return path


def _wait_for(found: Callable[[], object], *, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if found():
            return True
        time.sleep(0.02)
    return False


@pytest.mark.slow
def test_a_killed_imports_batch_folder_is_removed_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    Library.open(url).close()
    source = _big_bibtex(tmp_path / "big.bib")
    importer = subprocess.Popen(
        [sys.executable, "-c", IMPORTER, url, str(source)],
        cwd=REPO,
        env={**os.environ, "TMPDIR": str(temporary)},
        start_new_session=True,  # so that the helper it starts is killed with it
    )
    try:
        assert _wait_for(lambda: list(temporary.glob("papershelf-reading-*")), seconds=60)
    finally:
        os.killpg(importer.pid, signal.SIGKILL)
        importer.wait(timeout=30)
    time.sleep(0.2)  # the helper goes with its group
    assert list(temporary.glob("papershelf-reading-*")), "the kill left nothing to clean"
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    Library.open(url).close()  # the next start
    assert list(temporary.glob("papershelf-reading-*")) == []


def test_a_folder_of_a_living_process_is_kept(tmp_path: Path) -> None:
    ours = tmp_path / f"papershelf-reading-{os.getpid()}-abc"
    ours.mkdir()
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        theirs = tmp_path / f"papershelf-reading-{sleeper.pid}-def"
        theirs.mkdir()
        assert scratch.remove_orphans("reading", root=tmp_path) == []
    finally:
        sleeper.kill()
        sleeper.wait()
    assert scratch.remove_orphans("reading", root=tmp_path) == [theirs]
    assert ours.is_dir()
