"""What a watched folder holds: its PDFs, in it and in its subfolders, and a fingerprint
that tells the same file again wherever it is moved.

Hidden folders (a name starting with a dot) and the folders named as skipped (the
library's own files folder, where attached copies live) are not looked into; folder
links are not followed (a link back up would never end), nor is a folder deeper than
`MAX_DEPTH` below the watched one.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from desktop.core.errors import InvalidInputError
from desktop.core.pdfs import is_pdf
from desktop.core.sentences import sentence

#: How deep below the watched folder PDFs are looked for.
MAX_DEPTH = 8
#: Bytes read from each end of a file for its fingerprint: enough to tell PDFs apart
#: (their ends hold the cross-reference table and the document's id) without reading a
#: large scan whole on the window's thread.
_SAMPLE = 256 * 1024


def folders(folder: Path, *, skipped: Iterable[Path] = ()) -> Iterator[Path]:
    """The watched folder and the subfolders looked into, the watched one first."""
    left_out = {_resolved(p) for p in skipped}
    if _resolved(folder) in left_out:
        return
    base_depth = len(folder.parts)
    for here, subfolders, _files in os.walk(folder):
        place = Path(here)
        deep = len(place.parts) - base_depth >= MAX_DEPTH
        subfolders[:] = [
            name
            for name in sorted(subfolders)
            if not deep and not name.startswith(".") and _resolved(place / name) not in left_out
        ]
        yield place


def pdfs(
    folder: Path, *, skipped: Iterable[Path] = (), besides: Iterable[str] = ()
) -> dict[str, Path]:
    """The PDFs (by content) in `folder` and its subfolders, by their path relative to it
    ("paper.pdf", "2024/scan.pdf"); those named in `besides` are not read again."""
    known = set(besides)
    found: dict[str, Path] = {}
    for place in folders(folder, skipped=skipped):
        try:
            names = sorted(os.listdir(place))
        except OSError:  # gone, or not ours to read: nothing found there
            continue
        for name in names:
            path = place / name
            relative = path.relative_to(folder).as_posix()
            if name.startswith(".") or relative in known or not path.is_file():
                continue
            if is_pdf(path):
                found[relative] = path
    return found


def importable(paths: Iterable[Path], *, skipped: Iterable[Path] = ()) -> list[Path]:
    """What files and folders dropped on the window bring in: a file as it is, a folder
    as the PDFs in it and its subfolders (found as a watched folder's are), each once.
    A folder without PDFs brings nothing; when nothing at all is left, that is said."""
    given, left_out = list(paths), list(skipped)
    found: list[Path] = []
    for path in given:
        found.extend(pdfs(path, skipped=left_out).values() if path.is_dir() else [path])
    if given and not found:  # only folders, and no PDF in any of them
        raise InvalidInputError(
            sentence("There are no PDFs in {folder} or its subfolders.", folder=given[0])
        )
    return list(dict.fromkeys(found))


def fingerprint(path: Path) -> str:
    """What tells this file from others, wherever it is ("" when it cannot be read): its
    size and a hash of its beginning and end."""
    try:
        size = path.stat().st_size
        with path.open("rb") as file:
            head = file.read(_SAMPLE)
            file.seek(max(size - _SAMPLE, 0))
            tail = file.read(_SAMPLE)
    except OSError:
        return ""
    return f"{size}:{hashlib.sha256(head + tail).hexdigest()}"


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()
