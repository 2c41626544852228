"""An export replaces its file whole or not at all, on every way it can fail."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core.errors import KnownError
from desktop.core.exporting import files


def test_the_file_is_replaced_whole_and_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "refs.bib"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    files.write_whole(target, "@misc{k, title = {Ünïcode}}\n")
    assert target.read_text(encoding="utf-8") == "@misc{k, title = {Ünïcode}}\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["refs.bib"]  # no part left over


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_permissions_any_new_file_gets(
    tmp_path: Path, umask: int, mode: int
) -> None:
    # The part file it starts as is made private (0o600); the user's .bib must not stay so.
    target = tmp_path / "refs.bib"
    saved = os.umask(umask)
    try:
        files.write_whole(target, "@misc{k}\n")
    finally:
        os.umask(saved)
    assert stat.S_IMODE(target.stat().st_mode) == mode


@settings(max_examples=200, deadline=None)
@given(parts=st.lists(st.text(max_size=12), max_size=40), batch=st.integers(1, 30))
def test_text_in_parts_is_written_as_the_parts_joined(
    tmp_path_factory: pytest.TempPathFactory, parts: list[str], batch: int
) -> None:
    target = tmp_path_factory.mktemp("parts") / "refs.bib"
    shipped = files._BATCH_PARTS
    files._BATCH_PARTS = batch  # many batches, or one
    try:
        files.write_whole(target, parts)
    finally:
        files._BATCH_PARTS = shipped
    assert target.read_bytes() == "".join(parts).encode("utf-8")


def test_a_failure_while_writing_leaves_the_old_file_and_no_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "refs.bib"
    target.write_text("the user's bibliography", encoding="utf-8")

    def disk_full(_descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", disk_full)
    with pytest.raises(KnownError, match=r"No space left on device.*as it was"):
        files.write_whole(target, "a new export that does not fit")
    assert target.read_text(encoding="utf-8") == "the user's bibliography"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["refs.bib"]


def test_a_folder_that_cannot_be_written_is_told_as_a_sentence(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("a file, where a folder should be", encoding="utf-8")
    with pytest.raises(KnownError, match=r"could not write .*refs\.bib: ") as told:
        files.write_whole(not_a_folder / "refs.bib", "text")
    assert "as it was" not in str(told.value)  # there was no file to keep
    assert not_a_folder.read_text(encoding="utf-8") == "a file, where a folder should be"


def test_a_kill_midway_leaves_the_old_file(tmp_path: Path) -> None:
    # The process dies after writing part of the new text (here: SIGKILL from itself).
    target = tmp_path / "refs.bib"
    target.write_text("kept", encoding="utf-8")
    script = (
        "import os, signal, sys\n"
        "from pathlib import Path\n"
        "from desktop.core.exporting import files\n"
        "real = os.fsync\n"
        "def die(fd):\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "files.os.fsync = die\n"
        "files.write_whole(Path(sys.argv[1]), 'x' * 10_000_000)\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(target)], check=False)
    assert done.returncode != 0
    assert target.read_text(encoding="utf-8") == "kept"
