"""The files folder's trash: copies of removed attachments, kept where an undo can bring
them back, deleted for good when the trash is emptied or no undo can reach them.

A copy is parked in `<files folder>/.trash/` under a token (a random prefix and its old
name), so a copy brought back or deleted is never taken for another one. Steps park and
bring back copies inside their transaction through a `Journal`, which `Library.apply`
hands them; when the transaction does not commit, the journal puts the files back.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from sqlmodel import Session

from desktop.core import library_files
from desktop.core.errors import KnownError
from desktop.core.sentences import sentence

#: The trash inside the files folder (hidden: a watched folder and file managers skip it).
TRASH = ".trash"
#: Where a transaction's journal is kept in `Session.info`.
_JOURNAL = "papershelf_parked_files"


def trash_of(folder: Path) -> Path:
    return folder / TRASH


def _token(name: str) -> str:
    """A name in the trash that no other copy gets (the old name kept, for people)."""
    return f"{uuid.uuid4().hex[:12]}-{Path(name).name}"


def park(folder: Path, name: str) -> str | None:
    """Move the copy `name` into the trash; its token (None: there is no such file)."""
    source = folder / name
    if not source.is_file():
        return None
    token = _token(name)
    trash = trash_of(folder)
    try:
        trash.mkdir(exist_ok=True)
        os.replace(source, trash / token)
    except OSError as error:
        raise KnownError(
            sentence(
                "Papershelf could not move {source} into the files folder's trash ({reason}), "
                "so nothing was removed; the file is where it was.",
                source=source,
                reason=error.strerror or error,
            )
        ) from None
    return token


def copy_in(source: Path, folder: Path, name: str) -> str:
    """Copy `source` into the trash as a parked copy to be named `name` (whole or not at
    all); its token."""
    return library_files.copy_in(source, trash_of(folder), _token(name))


def unpark(folder: Path, token: str, name: str) -> str:
    """Bring a parked copy back as `name` (or `name-2`... when another file took that
    name meanwhile); the name it got. A copy deleted since (the trash was emptied) leaves
    `name` as it is: the attachment then shows its file as missing."""
    parked = trash_of(folder) / token
    if not parked.is_file():
        return name
    stem, suffix = os.path.splitext(name)
    for attempt in range(1, 10_000):
        candidate = name if attempt == 1 else f"{stem}-{attempt}{suffix}"
        if (folder / candidate).exists():
            continue
        try:
            (folder / candidate).parent.mkdir(parents=True, exist_ok=True)
            os.replace(parked, folder / candidate)
        except OSError as error:
            raise KnownError(
                sentence(
                    "Papershelf could not bring {name} back from the files folder's trash "
                    "({reason}), so nothing was changed; the copy is still at {parked}.",
                    name=name,
                    reason=error.strerror or error,
                    parked=parked,
                )
            ) from None
        return candidate
    raise KnownError(
        sentence(
            "The files folder {folder} holds too many files named like {name}.",
            folder=folder,
            name=name,
        )
    )


def purge(folder: Path, tokens: Iterable[str]) -> None:
    """Delete parked copies for good (those already brought back or gone are skipped)."""
    trash = trash_of(folder)
    for token in tokens:
        with contextlib.suppress(OSError):  # left behind, to go with the next Empty Trash
            (trash / Path(token).name).unlink()


def empty(folder: Path) -> list[str]:
    """Delete every parked copy for good; sentences for those that could not be."""
    trash = trash_of(folder)
    if not trash.is_dir():
        return []
    left: list[str] = []
    for parked in sorted(trash.iterdir()):
        try:
            if parked.is_dir():
                shutil.rmtree(parked)
            else:
                parked.unlink()
        except OSError as error:
            left.append(
                sentence(
                    "{path} could not be deleted ({reason}).",
                    path=parked,
                    reason=error.strerror or error,
                )
            )
    return left


@dataclass
class Journal:
    """The copies one transaction parked or brought back, to put back when it does not
    commit. `folder_of` finds the files folder (None: the library has none)."""

    folder_of: Callable[[Session], Path | None]
    #: (where the file was, where it went), in the order moved.
    _moved: list[tuple[Path, Path]] = field(default_factory=list)

    def park(self, session: Session, name: str) -> str | None:
        folder = self.folder_of(session)
        if folder is None:
            return None
        token = park(folder, name)
        if token is not None:
            self._moved.append((folder / name, trash_of(folder) / token))
        return token

    def unpark(self, session: Session, token: str, name: str) -> str:
        folder = self.folder_of(session)
        if folder is None:
            return name
        parked = trash_of(folder) / token
        was_there = parked.is_file()
        got = unpark(folder, token, name)
        if was_there:
            self._moved.append((parked, folder / got))
        return got

    def take_back(self) -> None:
        """Put every file moved back where it was, the last first (the transaction failed
        or is tried again)."""
        while self._moved:
            was, now = self._moved.pop()
            try:
                os.replace(now, was)
            except OSError as error:
                raise KnownError(
                    sentence(
                        "Papershelf could not put {name} back ({reason}); it is at {now}.",
                        name=was.name,
                        reason=error.strerror or error,
                        now=now,
                    )
                ) from None


def attach(session: Session, journal: Journal) -> None:
    """Hand the transaction's steps the journal they park and bring back copies through."""
    session.info[_JOURNAL] = journal


def journal(session: Session) -> Journal:
    """The journal of this transaction (`Library.apply` attaches one)."""
    found = session.info.get(_JOURNAL)
    if not isinstance(found, Journal):
        raise RuntimeError("a step that moves files runs only through Library.apply")
    return found
