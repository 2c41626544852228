"""Where the values Papershelf filled into a paper came from (arXiv, Crossref), per field."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, select

from desktop.core.storage.models import FieldOrigin, utcnow


@dataclass(frozen=True)
class Origin:
    """One filled field's source: the service, its paper (arXiv id or DOI), the match score."""

    source: str
    reference: str
    score: float
    filled_at: datetime | None = None


def of_paper(session: Session, paper_id: int) -> dict[str, Origin]:
    """The origins of a paper's filled fields, by field name."""
    rows = session.exec(select(FieldOrigin).where(FieldOrigin.paper_id == paper_id))
    return {row.field: _origin(row) for row in rows}


def of_fields(session: Session, paper_id: int, fields: list[str]) -> dict[str, Origin | None]:
    """The origins of those fields (None: typed or imported), for undo to put back."""
    known = of_paper(session, paper_id)
    return {name: known.get(name) for name in fields}


def record(session: Session, paper_id: int, origins: dict[str, Origin | None]) -> None:
    """Set (or, for None, forget) the origin of each named field."""
    names = list(origins)
    query = select(FieldOrigin).where(
        FieldOrigin.paper_id == paper_id, col(FieldOrigin.field).in_(names)
    )
    for row in session.exec(query):
        session.delete(row)
    session.flush()
    for name, origin in origins.items():
        if origin is None:
            continue
        session.add(
            FieldOrigin(
                paper_id=paper_id,
                field=name,
                source=origin.source,
                reference=origin.reference,
                score=origin.score,
                filled_at=origin.filled_at or utcnow(),
            )
        )


def _origin(row: FieldOrigin) -> Origin:
    return Origin(row.source, row.reference, row.score, row.filled_at)
