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
