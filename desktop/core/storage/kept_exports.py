"""The storage side of the export entries kept per paper (`ExportEntry`): forgetting them.

Migration 0014's triggers forget a paper's entries on almost every change; code that
changes what an entry is written from where no trigger watches calls `forget`."""

from __future__ import annotations

from sqlalchemy import delete
from sqlmodel import Session, col

from desktop.core.storage.models import ExportEntry


def forget(session: Session, paper_ids: list[int]) -> None:
    """Delete the kept entries of these papers, in the caller's transaction."""
    session.execute(delete(ExportEntry).where(col(ExportEntry.paper_id).in_(paper_ids)))
