"""Open and save dialogs that start in a sensible folder: the one the user last chose a
file in (a setting), else their Documents folder, never the program's working directory."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

#: Where the last folder is kept.
LAST_FOLDER_KEY = "dialogs/last_folder"

_settings: QSettings | None = None
#: Until a window says where settings go, the last folder is kept for this run only.
_this_run: dict[str, str] = {}


def remember_in(settings: QSettings) -> None:
    """Keep the last folder in `settings` (the window's)."""
    global _settings
    _settings = settings


def _last_folder() -> str:
    if _settings is None:
        return _this_run.get(LAST_FOLDER_KEY, "")
    return str(_settings.value(LAST_FOLDER_KEY, "") or "")


def start_folder() -> Path:
    """The folder a dialog opens in: the last one used while it still exists, else the
    user's Documents folder, else their home."""
    last = _last_folder()
    if last and Path(last).is_dir():
        return Path(last)
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if documents and Path(documents).is_dir():
        return Path(documents)
    return Path.home()


def remember(path: str | Path) -> None:
    """Note the folder of a file the user chose, for the next dialog."""
    folder = str(Path(path).parent)
    if _settings is None:
        _this_run[LAST_FOLDER_KEY] = folder
    else:
        _settings.setValue(LAST_FOLDER_KEY, folder)


def open_files(parent: QWidget | None, title: str, filters: str) -> list[str]:
    """Files the user picked to open ([] when they cancel)."""
    files, _ = QFileDialog.getOpenFileNames(parent, title, str(start_folder()), filters)
    if files:
        remember(files[0])
    return files


def open_file(parent: QWidget | None, title: str, filters: str) -> str:
    """A file the user picked to open ("" when they cancel)."""
    chosen, _ = QFileDialog.getOpenFileName(parent, title, str(start_folder()), filters)
    if chosen:
        remember(chosen)
    return chosen


def save_file(
    parent: QWidget | None, title: str, filters: str, *, suggested: str
) -> tuple[str, str]:
    """Where to save ("" when they cancel) and the filter chosen; `suggested` is a file
    name, offered in the start folder."""
    path, chosen = QFileDialog.getSaveFileName(
        parent, title, str(start_folder() / suggested), filters
    )
    if path:
        remember(path)
    return path, chosen
