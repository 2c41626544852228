"""Telling a file the library already holds: the same bytes attached to a paper.

Bringing in the same folder of PDFs twice must not make its papers twice, nor attach the
same file again. A file is held when a paper not in the trash has an attachment whose
file has the same bytes; sizes are compared first, so only files of equal size are read.
An attachment whose text was read knows its file's size then (`text_of`): that size is
taken without asking the file system, which matters for a large library on a share.
"""

from __future__ import annotations

import filecmp
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sqlmodel import Session, col, select

from desktop.core import library_files
from desktop.core.storage.models import Attachment, Paper


@dataclass(frozen=True)
class Held:
    """A file attached to a paper, and its size when it was last read (None: unknown)."""

    paper_id: int
    path: Path
    size: int | None = None


def attached(session: Session, files_folder: Path | None) -> list[Held]:
    """Each file attached to a paper not in the trash."""
    rows = session.exec(
        select(Attachment.paper_id, Attachment.target, Attachment.kind, Attachment.text_of)
        .join(Paper, col(Paper.id) == col(Attachment.paper_id))
        .where(col(Paper.deleted_at).is_(None))
        .order_by(col(Attachment.id))
    )
    found: list[Held] = []
    for paper_id, target, kind, text_of in rows:
        path = library_files.located(target, kind, files_folder)
        if path is not None:
            found.append(Held(paper_id, path, library_files.size_in(text_of)))
    return found


def brought_in(paper_id: int, source: Path) -> Held:
    """A file just attached to `paper_id`, with its size now."""
    return Held(paper_id, source, _size(source))


def holders(sources: Sequence[Path], held: Iterable[Held]) -> dict[Path, int]:
    """For each of `sources` whose bytes equal a file in `held`: the paper holding it."""
    sizes = {source: _size(source) for source in sources}
    wanted = {size for size in sizes.values() if size is not None}
    by_size: dict[int, list[tuple[int, Path]]] = defaultdict(list)
    for file in held:
        size = file.size if file.size is not None else _size(file.path)
        if size in wanted:
            by_size[size].append((file.paper_id, file.path))
    found: dict[Path, int] = {}
    for source, size in sizes.items():
        for paper_id, path in by_size.get(size, []) if size is not None else []:
            if _same_bytes(source, path):
                found[source] = paper_id
                break
    return found


def _size(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except OSError:  # gone or unreadable: it cannot be compared, so it is not held
        return None


def _same_bytes(first: Path, second: Path) -> bool:
    try:
        return filecmp.cmp(first, second, shallow=False)
    except OSError:
        return False
