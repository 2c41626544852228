"""The BibTeX files papers were imported from, kept for their @preamble and @comment blocks:
an export gives back the blocks of its own papers' files, and only when asked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy import insert
from sqlmodel import Session, col, select

from desktop.core.storage.models import PaperSource, SourceFile

#: Paper ids asked about per query (well under any backend's limit on parameters).
_CHUNK = 5000


def keep(
    session: Session,
    blocks: Mapping[str, Sequence[str]],
    papers: Mapping[str, Sequence[int]],
) -> None:
    """Keep each file's blocks (by file name) with the papers read from it."""
    for name, kept in blocks.items():
        if not kept:
            continue
        row = SourceFile(name=name, blocks=list(kept))
        session.add(row)
        session.flush()
        links = [{"paper_id": pid, "source_file_id": row.id} for pid in papers.get(name, ())]
        if links:
            session.execute(insert(PaperSource), links)


def blocks_of(session: Session, paper_ids: Sequence[int], *, unattributed: bool) -> list[list[str]]:
    """The blocks of the files these papers came from, file by file in the order they were
    imported, each block once (a file imported twice gives its blocks once).
    `unattributed`: also those kept before files were recorded (a full export gives them
    back; nobody knows which papers they belong to)."""
    file_ids = _files_of(session, paper_ids)
    rows = session.exec(select(SourceFile).order_by(col(SourceFile.id)))
    seen: set[str] = set()
    groups = []
    for row in rows:
        if row.id in file_ids or (unattributed and row.name == "" and _unlinked(session, row)):
            group = [block for block in dict.fromkeys(row.blocks) if block not in seen]
            seen.update(group)
            if group:
                groups.append(group)
    return groups


def _files_of(session: Session, paper_ids: Sequence[int]) -> set[int]:
    """The ids of the recorded files these papers came from."""
    if len(paper_ids) > _CHUNK:
        # Many papers (an export of everything): one pass over the links costs far less
        # than asking for them thousands at a time.
        wanted = set(paper_ids)
        links = session.connection().execute(
            select(col(PaperSource.paper_id), col(PaperSource.source_file_id))
        )
        return {file_id for paper_id, file_id in links if paper_id in wanted}
    return set(
        session.exec(
            select(PaperSource.source_file_id)
            .where(col(PaperSource.paper_id).in_(paper_ids))
            .distinct()
        )
    )


def _unlinked(session: Session, row: SourceFile) -> bool:
    link = session.exec(select(PaperSource).where(PaperSource.source_file_id == row.id)).first()
    return link is None
