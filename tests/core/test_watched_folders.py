"""What a watched folder holds: PDFs in it and its subfolders (hidden ones and the
library's files folder left out), and fingerprints that follow a file wherever it goes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pdf_maker import write_pdf

from desktop.core import watched_folders
from desktop.core.errors import InvalidInputError


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


def test_a_dropped_folder_stands_for_its_pdfs_and_a_file_for_itself(tmp_path: Path) -> None:
    folder = tmp_path / "Downloads"
    _pdf(folder / "a.pdf")
    _pdf(folder / "2024" / "b.pdf")
    _pdf(folder / "library.files" / "copy.pdf")
    (folder / "notes.txt").write_text("not a PDF")
    bib = tmp_path / "refs.bib"
    bib.write_text("@misc{k, title={T}}\n")
    found = watched_folders.importable(
        [bib, folder, folder / "a.pdf"], skipped=[folder / "library.files"]
    )
    assert found == [bib, folder / "a.pdf", folder / "2024" / "b.pdf"]  # each once


def test_folders_without_pdfs_are_said_to_hold_none(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    (empty / "sub").mkdir(parents=True)
    with pytest.raises(InvalidInputError) as told:
        watched_folders.importable([empty])
    assert str(told.value) == f"There are no PDFs in {empty} or its subfolders."
    _pdf(tmp_path / "full" / "a.pdf")
    assert watched_folders.importable([empty, tmp_path / "full"]) == [tmp_path / "full" / "a.pdf"]
