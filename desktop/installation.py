"""This installation of Papershelf: its version, the command that starts it, and the desktop
entry (an XDG `.desktop` file and the icon) that puts it in the desktop's menu on Linux."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from desktop import package_files
from desktop.core.api import write_whole

DISTRIBUTION = "papershelf"
#: The name the desktop knows the app by: the entry's file name, the icon's, and the one the
#: window gives Qt (`setDesktopFileName`), so the desktop matches window and icon.
APP_ID = "papershelf"


def version() -> str:
    """The version this installation was built as (one place: pyproject.toml)."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        # A checkout run in place without being installed: say so rather than guess.
        return "unknown (not installed)"


def start_command() -> list[str]:
    """The command that starts this installation, for a desktop entry or a shortcut."""
    if getattr(sys, "frozen", False):  # the PyInstaller bundle is its own executable
        return [str(Path(sys.executable).resolve())]
    script = Path(sys.executable).parent / ("papershelf.exe" if os.name == "nt" else "papershelf")
    if script.is_file():
        return [str(script)]
    return [str(Path(sys.executable).resolve()), "-m", "desktop"]


@dataclass(frozen=True)
class EntryFiles:
    """Where the desktop entry and its icon go under one XDG data folder."""

    entry: Path
    icon: Path

    @classmethod
    def under(cls, data_home: Path) -> EntryFiles:
        return cls(
            entry=data_home / "applications" / f"{APP_ID}.desktop",
            icon=data_home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
        )


def user_data_home() -> Path:
    """`$XDG_DATA_HOME`, or `~/.local/share` when it is unset or not absolute (the spec's rule)."""
    configured = os.environ.get("XDG_DATA_HOME", "")
    if configured and os.path.isabs(configured):
        return Path(configured)
    return Path.home() / ".local" / "share"


def desktop_entry_text(command: list[str]) -> str:
    """Our `.desktop` template with `Exec` set to `command` (quoted as the spec asks)."""
    template = (package_files.folder("resources") / f"{APP_ID}.desktop").read_text("utf-8")
    # The value is a string too: its backslashes are escaped once more (the spec's rule).
    exec_value = " ".join(_exec_argument(part) for part in command).replace("\\", "\\\\")
    exec_line = "Exec=" + exec_value
    lines = [exec_line if line.startswith("Exec=") else line for line in template.splitlines()]
    return "\n".join(lines) + "\n"


def install_desktop_entry(data_home: Path) -> EntryFiles:
    """Write the entry and the icon under `data_home`; the files written."""
    files = EntryFiles.under(data_home)
    for path in (files.entry, files.icon):
        path.parent.mkdir(parents=True, exist_ok=True)
    icon = (package_files.folder("resources") / f"{APP_ID}.svg").read_text("utf-8")
    write_whole(files.icon, icon)
    write_whole(files.entry, desktop_entry_text(start_command()))
    return files


def uninstall_desktop_entry(data_home: Path) -> list[Path]:
    """Remove the entry and the icon from `data_home`; the files that were there."""
    removed = []
    for path in (EntryFiles.under(data_home).entry, EntryFiles.under(data_home).icon):
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed


def _exec_argument(part: str) -> str:
    # The Desktop Entry spec: an argument holding a reserved character is double-quoted, and
    # inside the quotes `"`, `` ` ``, `$` and `\` are escaped by a backslash; `%` is doubled.
    part = part.replace("%", "%%")
    reserved = set(" \t\n\"'\\><~|&;$*?#()`")
    if not any(character in reserved for character in part):
        return part
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in part)
    return f'"{escaped}"'
