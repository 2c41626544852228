"""What a failure of the machine under the library means, in a sentence for the user: a
full disk, a read-only or damaged file, a folder that cannot be made."""

from __future__ import annotations

import errno
import re
import shutil
from pathlib import Path

from sqlalchemy.exc import DBAPIError

from desktop.core.sentences import sentence

#: What SQLite says of a database file that is damaged. ("file is not a database" is left
#: out: that is what it says of any other file given as a library, which is not damage.)
_DAMAGED = re.compile(r"malformed|corrupt", re.IGNORECASE)


def is_damaged(error: BaseException) -> bool:
    """Whether the database said its file is damaged."""
    return isinstance(error, DBAPIError) and bool(_DAMAGED.search(str(error.orig)))


def is_disk_full(error: BaseException) -> bool:
    if isinstance(error, OSError):
        return error.errno in (errno.ENOSPC, errno.EDQUOT)
    text = str(getattr(error, "orig", error))
    # SQLite's words; PostgreSQL's "could not extend file ... No space left on device".
    return "database or disk is full" in text or "No space left on device" in text


def is_read_only(error: BaseException) -> bool:
    if isinstance(error, OSError):
        return error.errno in (errno.EROFS, errno.EACCES, errno.EPERM)
    return "readonly database" in str(getattr(error, "orig", error))


def free_space(where: Path) -> str:
    """How much room is left on the disk holding `where` ("12.5 MB"), or "" if unknown."""
    for folder in (where, *where.parents):
        if folder.exists():
            try:
                free = shutil.disk_usage(folder).free
            except OSError:
                return ""
            return f"{free / 1_000_000:.1f} MB"
    return ""


def disk_full(where: Path | None) -> str:
    """The sentence for a full disk while writing the library at `where`."""
    room = free_space(where) if where is not None else ""
    if room:
        return sentence(
            "The disk is full ({room} left on the disk holding {where}): Papershelf needs more "
            "room to save this change. Nothing was changed; free some space and try again.",
            room=room,
            where=where,
        )
    return sentence(
        "The disk is full: Papershelf needs more room to save this change. "
        "Nothing was changed; free some space and try again."
    )


def read_only(where: str) -> str:
    return sentence(
        "The library at {where} cannot be written: the file (or its folder) is read-only "
        "for you. Nothing was changed; make it writable, or open a copy of it.",
        where=where,
    )


def damaged(where: str, *, newest_backup: Path | None) -> str:
    """The sentence for a damaged library file, with what can be done about it."""
    if newest_backup is not None:
        return sentence(
            "The library file {where} is damaged, so Papershelf cannot read all of it. "
            "Run “papershelf db check” to see what is wrong, and keep a copy of the file "
            "(“papershelf db backup” copies it as it is) before trying to mend it. The newest "
            "backup is {backup}: it holds the library as it was when it was made.",
            where=where,
            backup=newest_backup,
        )
    return sentence(
        "The library file {where} is damaged, so Papershelf cannot read all of it. "
        "Run “papershelf db check” to see what is wrong, and keep a copy of the file "
        "(“papershelf db backup” copies it as it is) before trying to mend it.",
        where=where,
    )


def os_error(error: OSError, *, doing: str) -> str:
    """A sentence for an operating system's refusal while `doing` ("create the folder X",
    a sentence of its own so that it is translated too)."""
    if is_disk_full(error):
        return sentence("Papershelf could not {doing}: the disk is full.", doing=doing)
    if isinstance(error, PermissionError) or error.errno in (errno.EACCES, errno.EPERM):
        return sentence("Papershelf could not {doing}: you do not have permission.", doing=doing)
    if error.errno == errno.EROFS:
        return sentence("Papershelf could not {doing}: the disk is read-only.", doing=doing)
    reason = error.strerror or type(error).__name__
    return sentence(
        "Papershelf could not {doing}: {reason}.",
        doing=doing,
        reason=reason[0].lower() + reason[1:],
    )
