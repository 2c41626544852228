"""Opening links and attached files with the system's handler, safely.

Web links (http, https) and files that exist open at once; anything else (another URL
scheme, a missing file, an executable-looking target) is shown to the user first.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QWidget

from desktop.ui import prompts

_WEB = ("http", "https")


def url_for(target: str) -> QUrl:
    """The URL of an attachment target: a web address, or a local file path."""
    url = QUrl(target)
    if url.scheme().lower() in _WEB or url.scheme().lower() == "file":
        return url
    return QUrl.fromLocalFile(str(Path(target).expanduser()))


def opens_without_asking(target: str) -> bool:
    """True for http(s) links and for local files that exist."""
    url = url_for(target)
    scheme = url.scheme().lower()
    if scheme in _WEB:
        return bool(url.host())
    return url.isLocalFile() and Path(url.toLocalFile()).is_file()


def open_target(parent: QWidget | None, target: str) -> bool:
    """Open a link or file with the system handler, asking first when it is not plainly safe."""
    if not opens_without_asking(target) and not prompts.confirm(
        parent,
        "Open this link?",
        f"“{target}” is not a web page or a file Papershelf can find. "
        "Opening it hands it to another program on your computer. Open it anyway?",
    ):
        return False
    return QDesktopServices.openUrl(url_for(target))
