"""This installation's desktop entry and carried folders, checked without building a wheel."""

from __future__ import annotations

import configparser
from pathlib import Path

import pytest

from desktop import installation, package_files


def _exec_of(text: str) -> str:
    parsed = configparser.ConfigParser(interpolation=None)
    parsed.read_string(text)
    return parsed["Desktop Entry"]["Exec"]


def test_a_plain_command_is_written_as_it_is() -> None:
    assert _exec_of(installation.desktop_entry_text(["/opt/ps/bin/papershelf"])) == (
        "/opt/ps/bin/papershelf"
    )


def test_arguments_with_spaces_and_reserved_characters_are_quoted_as_the_spec_asks() -> None:
    # The spec: quote an argument holding a space; escape `$` and `"` inside the quotes with
    # a backslash, and that backslash once more because the value is a string; double `%`.
    written = _exec_of(installation.desktop_entry_text(["/home/a b/py$", "-m", "50%"]))
    assert written == '"/home/a b/py\\\\$" -m 50%%'


def test_only_the_exec_line_of_the_template_changes() -> None:
    template = (package_files.folder("resources") / "papershelf.desktop").read_text("utf-8")
    written = installation.desktop_entry_text(["x"])
    changed = [
        (old, new)
        for old, new in zip(template.splitlines(), written.splitlines(), strict=True)
        if old != new
    ]
    assert changed == [("Exec=papershelf", "Exec=x")]


def test_install_then_uninstall_leaves_nothing_behind(tmp_path: Path) -> None:
    files = installation.install_desktop_entry(tmp_path)
    assert files.entry.is_file() and files.icon.is_file()
    assert installation.uninstall_desktop_entry(tmp_path) == [files.entry, files.icon]
    assert not files.entry.exists() and not files.icon.exists()
    assert installation.uninstall_desktop_entry(tmp_path) == []


def test_the_data_home_follows_xdg_and_ignores_a_relative_value(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert installation.user_data_home() == tmp_path
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")
    assert installation.user_data_home() == Path.home() / ".local" / "share"


def test_the_carried_folders_are_found_in_a_checkout() -> None:
    assert (package_files.folder("migrations") / "env.py").is_file()
    assert (package_files.folder("resources") / "papershelf.svg").is_file()
    with pytest.raises(ValueError, match="not a folder"):
        package_files.folder("tests")


def test_the_version_is_the_one_in_pyproject() -> None:
    import tomllib

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    assert installation.version() == tomllib.loads(pyproject.read_text())["project"]["version"]
