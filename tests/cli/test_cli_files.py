"""`papershelf paper attach`, `paper show --json` with its files, `files folder`, and
`papershelf import FILE.pdf`, as a user runs them, on both backends."""

from __future__ import annotations

import json
from pathlib import Path

from cli.test_cli import ok, papershelf
from pdf_maker import write_pdf

from desktop.core.storage import db


def _folder_for(db_url: str, tmp_path: Path) -> Path:
    """The files folder: the default beside a SQLite file; set for a server library."""
    path = db.sqlite_path(db_url)
    if path is not None:
        return path.with_name(path.stem + ".files")
    folder = tmp_path / "shared files"
    ok(db_url, "files", "folder", str(folder))
    return folder


def test_attach_copies_a_pdf_and_show_lists_it(db_url: str, tmp_path: Path) -> None:
    folder = _folder_for(db_url, tmp_path)
    paper = json.loads(
        ok(db_url, "paper", "add", "--title", "Notes", "--citekey", "ada1843", "--json")
    )
    source = write_pdf(tmp_path / "scan.pdf", [[(10, "The Analytical Engine weaves")]])
    attached = json.loads(ok(db_url, "paper", "attach", str(paper["id"]), str(source), "--json"))
    assert attached["stored"] == "copy" and attached["target"] == "ada1843.pdf"
    linked = json.loads(
        ok(db_url, "paper", "attach", str(paper["id"]), str(source), "--link", "--json")
    )
    shown = json.loads(ok(db_url, "paper", "show", str(paper["id"]), "--json"))
    assert [(f["path"], f["present"], f["text_indexed"]) for f in shown["files"]] == [
        (str(folder / "ada1843.pdf"), True, True),
        (str(source), True, True),
    ]
    assert shown["files"][1]["id"] == linked["id"]
    found = json.loads(ok(db_url, "search", "fulltext:analytical", "--json"))
    assert [row["id"] for row in found] == [paper["id"]]
    (folder / "ada1843.pdf").unlink()
    shown = json.loads(ok(db_url, "paper", "show", str(paper["id"]), "--json"))
    assert [f["present"] for f in shown["files"]] == [False, True]
    assert "(missing)" in ok(db_url, "paper", "show", str(paper["id"]))


def test_attaching_a_file_that_is_not_there_is_a_sentence(db_url: str, tmp_path: Path) -> None:
    paper = json.loads(ok(db_url, "paper", "add", "--title", "Notes", "--json"))
    result = papershelf(db_url, "paper", "attach", str(paper["id"]), str(tmp_path / "no.pdf"))
    assert result.returncode != 0
    assert "There is no file at" in result.stderr
    assert "Traceback" not in result.stderr


def test_import_makes_papers_of_pdfs_found_by_content(db_url: str, tmp_path: Path) -> None:
    _folder_for(db_url, tmp_path)
    # No ".pdf" in the name: the content says what it is.
    pdf = write_pdf(tmp_path / "download", [[(20, "Orbits of Comets"), (9, "a flibbertigibbet")]])
    report = json.loads(ok(db_url, "import", str(pdf), "--json"))
    (paper_id,) = report["paper_ids"]
    assert report["format"] == "pdf"
    shown = json.loads(ok(db_url, "paper", "show", str(paper_id), "--json"))
    assert shown["title"] == "Orbits of Comets"
    assert shown["tags"] == ["guessed from PDF"]
    assert [(f["present"], f["text_indexed"]) for f in shown["files"]] == [(True, True)]
    found = json.loads(ok(db_url, "search", "flibbertigibbet", "--json"))
    assert [row["id"] for row in found] == [paper_id]
