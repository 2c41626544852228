"""Which links open at once and which ask first."""

from __future__ import annotations

from pathlib import Path

from desktop.ui.link_opener import opens_without_asking


def test_web_links_and_existing_files_open_without_asking(tmp_path: Path) -> None:
    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(b"%PDF")
    assert opens_without_asking("https://doi.org/10.1000/abc")
    assert opens_without_asking("http://example.org/paper")
    assert opens_without_asking(str(pdf))
    assert opens_without_asking(pdf.as_uri())


def test_other_schemes_and_missing_files_ask_first(tmp_path: Path) -> None:
    assert not opens_without_asking("javascript:alert(1)")
    assert not opens_without_asking("smb://server/share/paper.pdf")
    assert not opens_without_asking(str(tmp_path / "missing.pdf"))
    assert not opens_without_asking(str(tmp_path))  # a folder is not a file
    assert not opens_without_asking("https://")  # no host
