"""Opening links and attached files with the system's handler, safely.

Web links (http, https) open at once, and so do existing files inside the allowed folders
(the user's home and Papershelf's data folder) unless they could run as programs.
Anything else (another URL scheme, a file elsewhere or missing, a script) is shown to the
user first, because the system handler would run it.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QWidget

from desktop.core import api
from desktop.ui import prompts

_WEB = ("http", "https")
#: File types a desktop opens by running them.
RUNNABLE_SUFFIXES = frozenset(
    ".app .appimage .bat .cmd .com .command .desktop .exe .jar .js .msi .ps1 .py .run .scr "
    ".sh .vbs".split()
)


def allowed_folders() -> list[Path]:
    """Folders whose files open without asking."""
    return [Path.home(), api.data_dir()]


def url_for(target: str) -> QUrl:
    """The URL of an attachment target: a web address, or a local file path."""
    url = QUrl(target)
    if url.scheme().lower() in (*_WEB, "file"):
        return url
    return QUrl.fromLocalFile(str(Path(target).expanduser()))


def opens_without_asking(target: str) -> bool:
    """True for http(s) links, and for harmless files that exist in an allowed folder."""
    url = url_for(target)
    if url.scheme().lower() in _WEB:
        return bool(url.host())
    if not url.isLocalFile():
        return False
    path = Path(url.toLocalFile()).resolve()
    if not path.is_file() or path.suffix.lower() in RUNNABLE_SUFFIXES:
        return False
    if os.access(path, os.X_OK):
        return False
    return any(path.is_relative_to(folder.resolve()) for folder in allowed_folders())


def open_target(parent: QWidget | None, target: str) -> bool:
    """Open a link or file with the system handler, asking first when it is not plainly safe."""
    if not opens_without_asking(target) and not prompts.confirm(
        parent,
        QCoreApplication.translate("LinkOpener", "Open this link?"),
        QCoreApplication.translate(
            "LinkOpener",
            "“{target}” is not a web page or a document in your home folder. Opening it "
            "hands it to another program on your computer, which may run it. Open it anyway?",
        ).format(target=target),
    ):
        return False
    return QDesktopServices.openUrl(url_for(target))
