"""Which links open at once and which ask first."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QUrl

from desktop.ui import link_opener
from desktop.ui.link_opener import opens_without_asking


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder standing for the user's home (the only allowed one in these tests)."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setattr(link_opener, "allowed_folders", lambda: [folder])
    return folder


def test_web_links_and_documents_at_home_open_without_asking(home: Path) -> None:
    pdf = home / "paper.pdf"
    pdf.write_bytes(b"%PDF")
    assert opens_without_asking("https://doi.org/10.1000/abc")
    assert opens_without_asking("http://example.org/paper")
    assert opens_without_asking(str(pdf))
    assert opens_without_asking(pdf.as_uri())


def test_anything_that_could_run_or_is_elsewhere_asks_first(home: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "paper.pdf"
    elsewhere.write_bytes(b"%PDF")
    script = home / "notes.sh"
    script.write_text("echo hi")
    launcher = home / "paper.desktop"
    launcher.write_text("[Desktop Entry]")
    program = home / "tool"
    program.write_bytes(b"\x7fELF")
    program.chmod(0o755)
    sneaky = home / "link.pdf"
    sneaky.symlink_to(elsewhere)  # points out of the allowed folder
    for target in (
        "javascript:alert(1)",
        "smb://server/share/paper.pdf",
        "https://",  # no host
        str(home / "missing.pdf"),
        str(home),  # a folder is not a file
        str(elsewhere),
        str(script),
        str(launcher),
        str(program),
        str(sneaky),
    ):
        assert not opens_without_asking(target), target


def test_asking_first_and_a_no_opens_nothing(
    home: Path, monkeypatch: pytest.MonkeyPatch, scripted: object
) -> None:
    opened: list[str] = []

    def open_url(url: QUrl) -> bool:
        opened.append(url.toString())
        return True

    monkeypatch.setattr(link_opener.QDesktopServices, "openUrl", open_url)
    scripted.confirm_answer = False  # type: ignore[attr-defined]
    assert not link_opener.open_target(None, "smb://server/paper.pdf")
    assert scripted.asked == ["Open this link?"]  # type: ignore[attr-defined]
    assert link_opener.open_target(None, "https://arxiv.org/abs/1706.03762")
    assert opened == ["https://arxiv.org/abs/1706.03762"]


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("page.html", "a web page"),
        ("figure.svg", "an SVG image, which can hold scripts"),
        ("tool.hta", "a Windows HTML application (a program)"),
        ("start.jnlp", "a Java Web Start program"),
        ("run.pyw", "a script (.pyw)"),
        ("run.bash", "a script (.bash)"),
        ("run.pl", "a script (.pl)"),
        ("paper.pdf ", "a file whose name ends in a space or a dot (which hides its real kind)"),
        ("paper.pdf.", "a file whose name ends in a space or a dot (which hides its real kind)"),
        ("data.csv", "a “.csv” file"),
    ],
)
def test_risky_kinds_at_home_ask_and_are_named(home: Path, name: str, kind: str) -> None:
    path = home / name
    path.write_text("<script>alert(1)</script>")
    assert not opens_without_asking(str(path))
    assert link_opener.kind_of(str(path)) == kind


def test_a_document_that_is_really_a_script_asks(home: Path) -> None:
    disguised = home / "paper.pdf"
    disguised.write_bytes(b"#!/bin/sh\necho hi\n")
    assert not opens_without_asking(str(disguised))
    assert link_opener.kind_of(str(disguised)) == "a script"


def test_documents_of_the_allowed_kinds_and_mail_open_without_asking(home: Path) -> None:
    for name in ("a.djvu", "a.epub", "a.ps", "a.txt", "a.md", "a.png", "a.jpg"):
        (home / name).write_bytes(b"%PDF-1.4 or an image")
        assert opens_without_asking(str(home / name)), name
    assert opens_without_asking("mailto:someone@example.org")


def test_the_question_names_the_kind(
    home: Path, monkeypatch: pytest.MonkeyPatch, scripted: object
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(
        link_opener.prompts, "confirm", lambda _p, _t, sentence: asked.append(sentence) or False
    )
    page = home / "page.html"
    page.write_text("<html>")
    assert not link_opener.open_target(None, str(page))
    assert "is a web page" in asked[0]


def test_documents_in_the_library_files_folder_open_without_asking(
    home: Path, tmp_path: Path
) -> None:
    files = tmp_path / "group share" / "library.files"
    files.mkdir(parents=True)
    pdf = files / "vaswani2017attention.pdf"
    pdf.write_bytes(b"%PDF-1.4")
    page = files / "saved.html"
    page.write_text("<script>alert(1)</script>")
    assert not opens_without_asking(str(pdf))  # outside home: it would ask
    assert opens_without_asking(str(pdf), also_allowed=[files])
    assert not opens_without_asking(str(page), also_allowed=[files])  # a risky kind still asks


def test_a_file_no_program_opens_is_said_so(
    home: Path, monkeypatch: pytest.MonkeyPatch, scripted: object
) -> None:
    pdf = home / "paper.pdf"
    pdf.write_bytes(b"%PDF-1.4")
    monkeypatch.setattr(link_opener.QDesktopServices, "openUrl", lambda _url: False)
    assert not link_opener.open_target(None, str(pdf))
    (error,) = scripted.errors  # type: ignore[attr-defined]
    assert "No program on this computer" in error and "paper.pdf" in error
