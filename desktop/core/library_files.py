"""The library's files folder: where attached files are copied, and how a stored
attachment's target becomes a path on this computer.

By default the folder sits beside a SQLite library, named after it: `library.sqlite`
keeps its files in `library.files/`. The setting `files_folder` (stored in the library,
so a PostgreSQL group shares it) puts it elsewhere; a library on a server has no default.
Copied files are stored by their path relative to the folder, so that the library and its
folder can be moved (or mounted elsewhere by each member of a group) together.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sqlmodel import Session

from desktop.core import settings
from desktop.core.errors import InvalidInputError, KnownError
from desktop.core.sentences import sentence
from desktop.core.snapshots import Attachment
from desktop.core.storage import db
from desktop.core.storage.models import AttachmentKind, Setting

#: The setting that names the files folder (an absolute path; unset: the default).
FILES_FOLDER = "files_folder"
_UNSAFE = re.compile(r"[^\w.-]+")
_WEB = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


@dataclass(frozen=True)
class AttachedFile:
    """An attachment as this computer sees it: where its file is, whether it is there,
    whether its text is in the full-text index."""

    attachment: Attachment
    #: The file's absolute path (None for a web address, or a copy with no folder known).
    path: Path | None
    present: bool
    text_indexed: bool

    @property
    def copied(self) -> bool:
        return self.attachment.kind == AttachmentKind.COPY.value


def default_folder(url: str) -> Path | None:
    """The files folder of a SQLite library that names none (None for a server)."""
    path = db.sqlite_path(url)
    return path.with_name(path.stem + ".files") if path is not None else None


def configured(session: Session) -> Path | None:
    """The folder the library's setting names, if it names one."""
    named = settings.value(session, FILES_FOLDER, "")
    return Path(named) if named else None


def folder(session: Session, url: str) -> Path:
    """The library's files folder, or a sentence on how to choose one."""
    found = configured(session) or default_folder(url)
    if found is None:
        raise KnownError(
            sentence(
                "This library is on a database server, so it has no files folder of its own: "
                "choose a folder the whole group can reach (Settings, Files folder; or "
                "`papershelf files folder PATH`), then add the file again, or link it instead."
            )
        )
    return found


def set_folder(session: Session, path: Path | None) -> None:
    """Keep the library's files in `path` from now on (None: back to the default)."""
    if path is not None and not path.is_absolute():
        raise InvalidInputError(
            sentence("The files folder must be a full path, not “{path}”.", path=path)
        )
    row = session.get(Setting, FILES_FOLDER)
    if row is None:
        row = Setting(key=FILES_FOLDER)
    row.value = str(path) if path is not None else ""
    session.add(row)


def file_name(citekey: str, source: Path) -> str:
    """The name a copied file gets: its paper's key with the file's extension."""
    stem = _UNSAFE.sub("_", citekey).strip("._") or "file"
    return stem + source.suffix.lower()


def copy_in(source: Path, into: Path, name: str) -> str:
    """Copy `source` into the folder `into` as `name` (or `name-2`, `name-3`... when that is
    taken: nothing is overwritten); the name it got. The copy is whole or absent."""
    if not source.is_file():
        raise InvalidInputError(sentence("There is no file at {source}.", source=source))
    try:
        into.mkdir(parents=True, exist_ok=True)
        handle, partial = tempfile.mkstemp(prefix=".adding-", suffix=".part", dir=into)
        os.close(handle)
        try:
            shutil.copyfile(source, partial)
            return _claim(Path(partial), into, name)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(partial)
    except OSError as error:
        why = error.strerror or str(error)
        raise KnownError(
            sentence(
                "Papershelf could not copy {source} into {into}: {why}.",
                source=source,
                into=into,
                why=why,
            )
        ) from None


def _claim(partial: Path, into: Path, name: str) -> str:
    """Give the finished copy the first free name (a hard link fails rather than replace
    a file, so two copies at once never take the same name)."""
    stem, suffix = os.path.splitext(name)
    for attempt in range(1, 10_000):
        candidate = name if attempt == 1 else f"{stem}-{attempt}{suffix}"
        try:
            os.link(partial, into / candidate)
        except FileExistsError:
            continue
        except OSError:  # a file system without hard links: check, then rename
            if (into / candidate).exists():
                continue
            os.replace(partial, into / candidate)
        return candidate
    raise KnownError(
        sentence(
            "The files folder {into} holds too many files named like {name}.", into=into, name=name
        )
    )


def remove_copy(into: Path, name: str) -> None:
    """Take back a file `copy_in` made (its attachment could not be stored)."""
    with contextlib.suppress(OSError):
        (into / name).unlink()


def delete_copies(into: Path, names: list[str]) -> list[str]:
    """Delete copied files for good (their papers are gone); sentences for those that
    could not be deleted (they stay where they are). A file already gone is no trouble."""
    left: list[str] = []
    for name in names:
        try:
            (into / name).unlink()
        except FileNotFoundError:
            continue
        except OSError as error:
            left.append(
                sentence(
                    "{path} could not be deleted ({reason}).",
                    path=into / name,
                    reason=error.strerror or error,
                )
            )
    return left


def is_web(target: str) -> bool:
    return bool(_WEB.match(target))


def resolve(attachment: Attachment, files_folder: Path | None) -> Path | None:
    """Where an attachment's file is on this computer (None for a web address)."""
    return located(attachment.target, attachment.kind, files_folder)


def located(target: str, kind: str, files_folder: Path | None) -> Path | None:
    """Where the file of an attachment of `kind` with `target` is (None for a web address)."""
    if is_web(target):
        return None
    if kind == AttachmentKind.COPY.value:
        return files_folder / target if files_folder is not None else None
    if target.startswith("file://"):
        target = target.removeprefix("file://")
    return Path(target).expanduser()


def signature(path: Path) -> str:
    """What tells a changed file from the one read before: its size and modification time
    ("" when it cannot be read)."""
    try:
        found = path.stat()
    except OSError:
        return ""
    return f"{found.st_size}:{found.st_mtime_ns}"


def size_in(file_signature: str) -> int | None:
    """The file size a `signature` records (None when it records none)."""
    size, _, _ = file_signature.partition(":")
    return int(size) if size.isdigit() else None


def seen(attachment: Attachment, files_folder: Path | None) -> AttachedFile:
    path = resolve(attachment, files_folder)
    if path is None or not path.is_file():
        return AttachedFile(attachment, path, present=False, text_indexed=False)
    indexed = bool(attachment.text_of) and attachment.text_of == signature(path)
    return AttachedFile(attachment, path, present=True, text_indexed=indexed)
