"""Opening links and attached files with the system's handler, safely.

Web links (http, https) and mail addresses open at once, and so do documents (an
allow-list of kinds: PDF, DjVu, EPUB, PostScript, text, Markdown, images) that exist inside
the allowed folders (the user's home and Papershelf's data folder). Anything else (another
URL scheme, a web page, an SVG, a script, a name ending in a space or a dot, a file
elsewhere or missing) is shown to the user first, naming what kind of file it is, with No
as the answer given by Enter, because the system handler might run it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QWidget

from desktop.core import api
from desktop.ui import prompts
from desktop.ui.translations import QT_TRANSLATE_NOOP

_WEB = ("http", "https")
# Kinds of document that open without asking (their viewers run nothing they hold).
DOCUMENT_SUFFIXES = frozenset(
    ".pdf .djvu .djv .epub .ps .txt .md .markdown .png .jpg .jpeg .gif .webp .bmp .tif "
    ".tiff".split()
)
# What a file's first bytes say it is, when that is something that runs.
_RUNNABLE_STARTS = (
    (b"#!", QT_TRANSLATE_NOOP("LinkOpener", "a script")),
    (b"\x7fELF", QT_TRANSLATE_NOOP("LinkOpener", "a program")),
    (b"MZ", QT_TRANSLATE_NOOP("LinkOpener", "a Windows program")),
)
# How a few kinds that ask are named to the user (others by their ending).
_KINDS = {
    ".html": QT_TRANSLATE_NOOP("LinkOpener", "a web page"),
    ".htm": QT_TRANSLATE_NOOP("LinkOpener", "a web page"),
    ".xhtml": QT_TRANSLATE_NOOP("LinkOpener", "a web page"),
    ".svg": QT_TRANSLATE_NOOP("LinkOpener", "an SVG image, which can hold scripts"),
    ".hta": QT_TRANSLATE_NOOP("LinkOpener", "a Windows HTML application (a program)"),
    ".jnlp": QT_TRANSLATE_NOOP("LinkOpener", "a Java Web Start program"),
    ".jar": QT_TRANSLATE_NOOP("LinkOpener", "a Java program"),
    ".desktop": QT_TRANSLATE_NOOP("LinkOpener", "a desktop launcher"),
    ".exe": QT_TRANSLATE_NOOP("LinkOpener", "a Windows program"),
}
_SCRIPTS = ".py .pyw .sh .bash .zsh .pl .rb .js .vbs .ps1 .bat .cmd .command .php .lua".split()


def allowed_folders() -> list[Path]:
    """Folders whose files open without asking."""
    return [Path.home(), api.data_dir()]


def url_for(target: str) -> QUrl:
    """The URL of an attachment target: a web address, or a local file path."""
    url = QUrl(target)
    if url.scheme().lower() in (*_WEB, "mailto", "file"):
        return url
    return QUrl.fromLocalFile(str(Path(target).expanduser()))


def opens_without_asking(target: str, also_allowed: Sequence[Path] = ()) -> bool:
    """True for http(s) links and mail addresses, and for documents of the allowed kinds
    that exist in an allowed folder (or in one of `also_allowed`: the library's files
    folder, wherever it is)."""
    url = url_for(target)
    if url.scheme().lower() in _WEB:
        return bool(url.host())
    if url.scheme().lower() == "mailto":
        return bool(url.path())
    if not url.isLocalFile():
        return False
    written = Path(url.toLocalFile())
    if written.name != written.name.rstrip(" ."):
        return False  # Windows drops the ending space or dot: `x.exe.` runs as `x.exe`
    path = written.resolve()
    if not path.is_file() or path.suffix.lower() not in DOCUMENT_SUFFIXES:
        return False
    if os.access(path, os.X_OK) or _runnable_start(path):
        return False
    folders = [*allowed_folders(), *also_allowed]
    return any(path.is_relative_to(folder.resolve()) for folder in folders)


def kind_of(target: str) -> str:
    """What a link or file is, for the question asked before opening it."""
    url = url_for(target)
    if not url.isLocalFile():
        return QCoreApplication.translate("LinkOpener", "a “{scheme}:” link").format(
            scheme=url.scheme() or "unknown"
        )
    written = Path(url.toLocalFile())
    if written.name != written.name.rstrip(" ."):
        return QCoreApplication.translate(
            "LinkOpener", "a file whose name ends in a space or a dot (which hides its real kind)"
        )
    path = written.resolve()
    if not path.exists():
        return QCoreApplication.translate("LinkOpener", "a file that does not exist")
    if path.is_dir():
        return QCoreApplication.translate("LinkOpener", "a folder")
    started = _runnable_start(path)
    suffix = path.suffix.lower()
    if started:
        return _tr(started)
    if suffix in _KINDS:
        return _tr(_KINDS[suffix])
    if suffix in _SCRIPTS:
        return QCoreApplication.translate("LinkOpener", "a script ({ending})").format(ending=suffix)
    if os.access(path, os.X_OK):
        return QCoreApplication.translate("LinkOpener", "a program (the file may be run)")
    if suffix:
        return QCoreApplication.translate("LinkOpener", "a “{ending}” file").format(ending=suffix)
    return QCoreApplication.translate("LinkOpener", "a file with no ending to tell its kind")


def _tr(text: str) -> str:
    return QCoreApplication.translate("LinkOpener", text)


def _runnable_start(path: Path) -> str:
    try:
        with path.open("rb") as file:
            start = file.read(4)
    except OSError:
        return ""
    return next((kind for magic, kind in _RUNNABLE_STARTS if start.startswith(magic)), "")


def open_target(parent: QWidget | None, target: str, *, also_allowed: Sequence[Path] = ()) -> bool:
    """Open a link or file with the system handler, asking first when it is not plainly
    safe (documents in `also_allowed` folders are, like those at home); a file that no
    program on this computer opens is said so."""
    if not opens_without_asking(target, also_allowed) and not prompts.confirm(
        parent,
        QCoreApplication.translate("LinkOpener", "Open this link?"),
        QCoreApplication.translate(
            "LinkOpener",
            "“{target}” is {kind}, not a web page or a document in your home folder. Opening "
            "it hands it to another program on your computer, which may run it. Open it anyway?",
        ).format(target=target, kind=kind_of(target)),
    ):
        return False
    url = url_for(target)
    if QDesktopServices.openUrl(url):
        return True
    if url.isLocalFile():
        prompts.show_error(
            parent,
            QCoreApplication.translate(
                "LinkOpener",
                "No program on this computer is set to open “{target}”. Choose a default "
                "viewer for this kind of file in your system's settings; a PDF can also be "
                "read in Papershelf (Read).",
            ).format(target=target),
        )
    return False
