"""Telling a file the library already holds: the same bytes attached to a paper.

Bringing in the same folder of PDFs twice must not make its papers twice, nor attach the
same file again. A file is held when a paper not in the trash has an attachment whose
file has the same bytes; sizes are compared first, so only files of equal size are read.
"""

from __future__ import annotations

import filecmp
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

from sqlmodel import Session, col, select

from desktop.core import library_files
from desktop.core.snapshots import attachment_of
from desktop.core.storage.models import Attachment, Paper


def attached(session: Session, files_folder: Path | None) -> list[tuple[int, Path]]:
    """Each file attached to a paper not in the trash, with its paper: (paper id, path)."""
    rows = session.exec(
        select(Attachment)
        .join(Paper, col(Paper.id) == col(Attachment.paper_id))
        .where(col(Paper.deleted_at).is_(None))
        .order_by(col(Attachment.id))
    )
    found: list[tuple[int, Path]] = []
    for row in rows:
        path = library_files.resolve(attachment_of(row), files_folder)
        if path is not None:
            found.append((row.paper_id, path))
    return found


def holders(sources: Sequence[Path], held: Iterable[tuple[int, Path]]) -> dict[Path, int]:
    """For each of `sources` whose bytes equal a file in `held`: the paper holding it."""
    wanted = {size for size in map(_size, sources) if size is not None}
    by_size: dict[int, list[tuple[int, Path]]] = defaultdict(list)
    for paper_id, path in held:
        size = _size(path)
        if size in wanted:
            by_size[size].append((paper_id, path))
    found: dict[Path, int] = {}
    for source in sources:
        size = _size(source)
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
