"""What a watched folder holds: PDFs in it and its subfolders (hidden ones and the
library's files folder left out), and fingerprints that follow a file wherever it goes."""

from __future__ import annotations

import shutil
from pathlib import Path

from pdf_maker import write_pdf

from desktop.core import watched_folders


def _pdf(path: Path, words: str = "words") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_pdf(path, [[(18, "A Title"), (10, words)]])


def test_pdfs_are_found_in_subfolders_but_not_hidden_or_skipped_ones(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    _pdf(inbox / "top.pdf")
    _pdf(inbox / "2024" / "march" / "scan.pdf")
    _pdf(inbox / ".cache" / "hidden.pdf")
    _pdf(inbox / "library.files" / "copy.pdf")  # the library's own copies
    (inbox / "notes.txt").write_text("not a PDF")
    (inbox / "no-extension").write_bytes((inbox / "top.pdf").read_bytes())  # by content
    found = watched_folders.pdfs(inbox, skipped=[inbox / "library.files"])
    assert sorted(found) == ["2024/march/scan.pdf", "no-extension", "top.pdf"]
    assert found["2024/march/scan.pdf"] == inbox / "2024" / "march" / "scan.pdf"
    assert sorted(watched_folders.pdfs(inbox, besides=["top.pdf"], skipped=[])) == [
        "2024/march/scan.pdf",
        "library.files/copy.pdf",
        "no-extension",
    ]


def test_folders_too_deep_or_linked_are_not_looked_into(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    deep = inbox.joinpath(*[f"d{n}" for n in range(watched_folders.MAX_DEPTH + 1)])
    _pdf(deep / "lost.pdf")
    _pdf(deep.parent / "kept.pdf")
    (inbox / "loop").symlink_to(inbox, target_is_directory=True)
    found = watched_folders.pdfs(inbox)
    assert [Path(name).name for name in found] == ["kept.pdf"]


def test_a_watched_folder_that_is_the_files_folder_holds_nothing(tmp_path: Path) -> None:
    _pdf(tmp_path / "a.pdf")
    assert watched_folders.pdfs(tmp_path, skipped=[tmp_path]) == {}


def test_a_fingerprint_follows_the_file_and_tells_others_apart(tmp_path: Path) -> None:
    first = _pdf(tmp_path / "a.pdf", "one")
    moved = tmp_path / "sub" / "renamed.pdf"
    moved.parent.mkdir()
    shutil.copyfile(first, moved)
    other = _pdf(tmp_path / "b.pdf", "two")
    assert watched_folders.fingerprint(first) == watched_folders.fingerprint(moved) != ""
    assert watched_folders.fingerprint(other) != watched_folders.fingerprint(first)
    assert watched_folders.fingerprint(tmp_path / "gone.pdf") == ""
