"""What the command line says when the machine or the library file is in trouble: a
sentence each time, never a traceback; a closed pipe ends it quietly."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from cli.test_cli import REPO, ok, papershelf

from desktop.core.formats.record import Record
from desktop.core.library import Library


def _library_of(path: Path, count: int) -> str:
    url = f"sqlite:///{path}"
    with Library.open(url) as library:
        library.add_records(
            [Record(title=f"Paper {n} about robots", abstract="word " * 200) for n in range(count)]
        )
    return url


def test_a_closed_pipe_ends_the_command_quietly(tmp_path: Path) -> None:
    """`papershelf search robots | head -1`: head has gone, the rest is not wanted."""
    url = _library_of(tmp_path / "library.sqlite", 50)
    search = subprocess.Popen(
        [sys.executable, "-m", "desktop", "search", "robots", "--db", url],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert search.stdout is not None
    search.stdout.close()  # the reader is gone before the first line is written
    _, err = search.communicate(timeout=120)
    assert err == ""
    assert search.returncode == 0


def test_a_library_from_a_newer_papershelf_is_not_sent_to_db_upgrade(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    ok(url, "status")
    with sqlite3.connect(tmp_path / "library.sqlite") as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'ffff_future'")
    check = papershelf(url, "db", "check")
    assert check.returncode == 1
    assert "made by a newer Papershelf" in check.stdout
    assert "run “papershelf db upgrade”" not in check.stdout
    status = papershelf(url, "status")
    assert status.returncode == 1 and "made by a newer Papershelf" in status.stderr


def _damage(path: Path) -> None:
    """Overwrite part of every other page after the first few with garbage."""
    data = bytearray(path.read_bytes())
    page = 4096
    for number in range(3, len(data) // page, 2):
        data[number * page + 8 : number * page + 400] = b"\xff" * 392
    path.write_bytes(bytes(data))


def test_a_damaged_library_is_a_sentence_that_says_what_can_be_done(tmp_path: Path) -> None:
    library_file = tmp_path / "library.sqlite"
    url = _library_of(library_file, 300)
    made = Path(ok(url, "db", "backup").split()[-1])
    _damage(library_file)
    for command in (["status"], ["search", "robots"], ["paper", "show", "1"]):
        result = papershelf(url, *command)
        assert result.returncode == 1, command
        assert "Traceback" not in result.stderr, result.stderr
        assert "is damaged" in result.stderr and "papershelf db check" in result.stderr
        assert str(made) in result.stderr  # the newest backup, named
    check = papershelf(url, "db", "check")
    assert check.returncode == 1 and "Traceback" not in check.stderr, check.stderr
    assert "damaged" in check.stdout
    assert "papershelf db backup" in check.stdout and str(made) in check.stdout
    # What db check offers works: the file as it is can be copied before mending it.
    copy = tmp_path / "as-it-is.sqlite"
    ok(url, "db", "backup", str(copy))
    assert copy.stat().st_size > 0


def test_an_empty_library_file_is_not_made_into_a_new_library(tmp_path: Path) -> None:
    library_file = tmp_path / "library.sqlite"
    url = _library_of(library_file, 3)
    made = Path(ok(url, "db", "backup").split()[-1])
    library_file.write_bytes(b"")  # cut short...
    os.utime(library_file, (time.time() - 3600, time.time() - 3600))  # ...an hour ago
    result = papershelf(url, "status")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "is empty (0 bytes)" in result.stderr and "cut short" in result.stderr
    assert str(made) in result.stderr
    assert library_file.stat().st_size == 0  # left as it was, for the user to look at
    (tmp_path / "other.sqlite").write_bytes(b"")
    os.utime(tmp_path / "other.sqlite", (time.time() - 3600, time.time() - 3600))
    alone = papershelf(f"sqlite:///{tmp_path / 'other.sqlite'}", "status")
    assert alone.returncode == 1 and "There is no backup" in alone.stderr


def test_a_folder_that_cannot_be_made_is_a_sentence(tmp_path: Path) -> None:
    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("not a folder")
    result = papershelf(f"sqlite:///{in_the_way / 'papers' / 'library.sqlite'}", "status")
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert "could not create the folder" in result.stderr
