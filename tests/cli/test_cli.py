"""The `papershelf` command on both backends, run as a user runs it."""

from __future__ import annotations

import gc
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.core import folding
from desktop.core.storage import db

REPO = Path(__file__).resolve().parents[2]


def papershelf(
    db_url: str, *args: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "desktop", *args, "--db", db_url],
        cwd=REPO,
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
    )


def ok(db_url: str, *args: str) -> str:
    result = papershelf(db_url, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.slow
def test_papers_lists_tags_and_notes_from_the_command_line(db_url: str) -> None:
    added = json.loads(
        ok(
            db_url,
            "paper",
            "add",
            "--title",
            "Attention Is All You Need",
            "--author",
            "Vaswani, Ashish",
            "--author",
            "Noam Shazeer",
            "--year",
            "2017",
            "--booktitle",
            "Advances in Neural Information Processing Systems",
            "--json",
        )
    )
    paper_id = added["id"]
    assert [(a["family"], a["given"]) for a in added["authors"]] == [
        ("Vaswani", "Ashish"),
        ("Shazeer", "Noam"),
    ]
    assert added["citekey"] == "vaswani2017attention"
    assert added["year"] == 2017

    assert "Created" in ok(db_url, "list", "create", "Transformers")
    ok(db_url, "list", "add", "Transformers", str(paper_id))
    ok(db_url, "tag", "add", "nlp", str(paper_id), "--colour", "#112233")
    ok(db_url, "note", "add", str(paper_id), "Read section 3 again.")
    ok(db_url, "list", "rename", "Transformers", "Attention")

    shown = json.loads(ok(db_url, "paper", "show", str(paper_id), "--json"))
    assert shown["lists"] == ["Attention"]
    assert shown["tags"] == ["nlp"]
    assert [n["body"] for n in shown["notes"]] == ["Read section 3 again."]

    listed = json.loads(ok(db_url, "list", "show", "Attention", "--json"))
    assert [p["id"] for p in listed["papers"]] == [paper_id]
    ok(db_url, "list", "remove", "Attention", str(paper_id))
    assert json.loads(ok(db_url, "list", "show", "Attention", "--json"))["papers"] == []
    ok(db_url, "tag", "remove", "nlp", str(paper_id))
    ok(db_url, "list", "delete", "Attention")
    assert json.loads(ok(db_url, "list", "show", "--json")) == []

    edited = json.loads(
        ok(
            db_url,
            "paper",
            "edit",
            str(paper_id),
            "--set",
            "volume=30",
            "--status",
            "read",
            "--expect-version",
            "1",
            "--json",
        )
    )
    assert edited["volume"] == "30" and edited["status"] == "read" and edited["version"] == 2


def test_user_mistakes_get_one_sentence_and_no_traceback(db_url: str) -> None:
    for args in (
        ("paper", "show", "42"),
        ("list", "add", "Nowhere", "1"),
        ("paper", "add", "--title", "X", "--doi", "nonsense"),
        ("list", "create", "  "),
        ("paper", "edit", "1", "--set", "title"),
    ):
        result = papershelf(db_url, *args)
        assert result.returncode == 1, args
        assert "Traceback" not in result.stderr
        message = result.stderr.strip()
        assert message.startswith("papershelf: ") and message.endswith("."), message
        assert len(message.splitlines()) == 1


def test_a_stale_edit_is_refused_from_the_command_line(db_url: str) -> None:
    paper_id = json.loads(ok(db_url, "paper", "add", "--title", "T", "--json"))["id"]
    ok(db_url, "paper", "edit", str(paper_id), "--set", "title=New", "--expect-version", "1")
    result = papershelf(
        db_url, "paper", "edit", str(paper_id), "--set", "title=Mine", "--expect-version", "1"
    )
    assert result.returncode == 1
    assert "changed by someone else since you opened it" in result.stderr


def test_status_says_what_the_library_holds(db_url: str) -> None:
    ok(db_url, "paper", "add", "--title", "T")
    out = ok(db_url, "status")
    assert "Papers: 1 (trash: 0), reading lists: 0, tags: 0" in out


def test_db_may_come_before_the_command(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'mine.sqlite'}"
    result = subprocess.run(
        [sys.executable, "-m", "desktop", "--db", url, "paper", "add", "--title", "T"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Papers: 1" in ok(url, "status")


def test_the_process_exits_with_the_commands_status_and_spares_the_last_collections(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from desktop import cli

    monkeypatch.setattr(cli, "main", lambda: 3)
    try:
        with pytest.raises(SystemExit) as exited:
            cli.run()
        assert exited.value.code == 3
        assert gc.get_freeze_count() > 0  # what is left is never walked by the collector
    finally:
        gc.unfreeze()


def test_no_command_opens_the_window(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_DATA_HOME": str(tmp_path)}
    window = subprocess.Popen(
        [sys.executable, "-m", "desktop", "--db", url],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # A window runs until it is closed; a failure would have ended the process.
        with pytest.raises(subprocess.TimeoutExpired):
            window.wait(timeout=8)
    finally:
        window.kill()
        _, err = window.communicate(timeout=30)
    assert "Traceback" not in err, err
    assert (tmp_path / "library.sqlite").exists()  # it opened (and created) the library


def test_db_upgrade_makes_a_new_library(db_url: str) -> None:
    # Before: "no such table: setting", the revision was read before any table existed.
    assert "Upgraded" in ok(db_url, "db", "upgrade")
    assert "healthy" in ok(db_url, "db", "check")
    assert "already up to date" in ok(db_url, "db", "upgrade")


def test_db_commands(db_url: str, tmp_path: Path) -> None:
    from desktop.core.storage import db, schema

    ok(db_url, "paper", "add", "--title", "Kept safe")
    engine = db.make_engine(db_url)
    schema.downgrade(engine, "0002")  # as a library left by an older Papershelf
    engine.dispose()
    check = papershelf(db_url, "db", "check")
    assert check.returncode == 1 and "run “papershelf db upgrade”" in check.stdout
    assert "Upgraded" in ok(db_url, "db", "upgrade")
    assert "already up to date" in ok(db_url, "db", "upgrade")
    assert "healthy" in ok(db_url, "db", "check")
    result = papershelf(db_url, "db", "backup", str(tmp_path / "copy.sqlite"))
    if db_url.startswith("sqlite"):
        assert result.returncode == 0, result.stderr
        with sqlite3.connect(tmp_path / "copy.sqlite") as copy:
            assert copy.execute("SELECT title FROM paper").fetchall() == [("Kept safe",)]
    else:
        assert result.returncode == 1 and "pg_dump" in result.stderr


def test_db_check_names_damage_in_a_sentence(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    ok(url, "paper", "add", "--title", "T")
    with sqlite3.connect(tmp_path / "library.sqlite") as connection:
        # The full-text triggers call the function Papershelf registers on its connections
        # (migration 0005): another program writing notes must register it too.
        connection.create_function(db.FULLTEXT_FUNCTION, 1, folding.fulltext_form)
        connection.execute("PRAGMA foreign_keys = OFF")
        connection.execute(
            "INSERT INTO note (paper_id, body, created_at, updated_at) "
            "VALUES (999, 'orphan', '2026-01-01', '2026-01-01')"
        )
    result = papershelf(url, "db", "check")
    assert result.returncode == 1
    assert "points to a missing row of “paper”" in result.stdout


def test_an_unreachable_database_is_a_sentence() -> None:
    result = papershelf("postgresql+psycopg://nobody@127.0.0.1:1/none", "paper", "show", "1")
    assert result.returncode == 1
    assert "cannot open the library" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("bad", ["notaurl", "mysql://x"])
def test_a_bad_database_url_is_a_sentence(bad: str) -> None:
    result = papershelf(bad, "paper", "show", "1")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr


def test_a_database_that_is_not_a_library_is_refused(tmp_path: Path) -> None:
    foreign = tmp_path / "contacts.sqlite"
    with sqlite3.connect(foreign) as connection:
        connection.execute("CREATE TABLE contacts (name TEXT)")
    result = papershelf(f"sqlite:///{foreign}", "status")
    assert result.returncode == 1 and "not a Papershelf library" in result.stderr
    with sqlite3.connect(foreign) as connection:
        tables = connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        assert [name for (name,) in tables] == ["contacts"]  # left untouched
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"this is not a database at all" * 100)
    result = papershelf(f"sqlite:///{garbage}", "status")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "cannot open the library" in result.stderr


def test_processes_opening_a_new_library_at_once_all_succeed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite'}"
    openers = [
        subprocess.Popen(
            [sys.executable, "-m", "desktop", "status", "--db", url],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    for opener in openers:
        _, err = opener.communicate(timeout=120)
        assert opener.returncode == 0, err


def test_keywords_are_edited_from_the_command_line(db_url: str) -> None:
    paper_id = json.loads(ok(db_url, "paper", "add", "--title", "T", "--json"))["id"]
    kuril = "Kraternaya Bight (Yanluch Island, Kurile Islands)"
    edited = json.loads(
        ok(db_url, "paper", "edit", str(paper_id), "--set", f"keywords={kuril}; urchins", "--json")
    )
    assert edited["keywords"] == [kuril, "urchins"]  # split as a file's list is
    found = json.loads(ok(db_url, "search", "keyword:yanluch", "--json"))
    assert [hit["id"] for hit in found] == [paper_id]
