"""Temporary folders for helper work (an import's batches), named after the process that
owns them, so that the folders of a process that was killed are removed at the next start.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import time
from pathlib import Path

#: A folder from before owners were named is left alone this long (an import may use it).
_UNOWNED_GRACE_SECONDS = 24 * 3600


def make_folder(kind: str) -> Path:
    """A new temporary folder `papershelf-<kind>-<our pid>-<random>`."""
    return Path(tempfile.mkdtemp(prefix=f"papershelf-{kind}-{os.getpid()}-"))


def remove_orphans(kind: str, *, root: Path | None = None) -> list[Path]:
    """Remove the `kind` folders whose owner process is gone; the folders removed."""
    root = Path(tempfile.gettempdir()) if root is None else root
    named = re.compile(rf"papershelf-{re.escape(kind)}-(?:(\d+)-)?")
    removed = []
    try:
        candidates = list(root.glob(f"papershelf-{kind}-*"))
    except OSError:
        return []
    for folder in candidates:
        match = named.match(folder.name)
        if match is None or not folder.is_dir():
            continue
        if _orphaned(folder, owner=int(match[1]) if match[1] else None):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _orphaned(folder: Path, *, owner: int | None) -> bool:
    if owner is None:  # made by an older Papershelf: gone once it is old
        try:
            return time.time() - folder.stat().st_mtime > _UNOWNED_GRACE_SECONDS
        except OSError:
            return False
    return owner != os.getpid() and not _alive(owner)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True
