"""Reading lists made from what a LaTeX document cites (its `.aux` file): the papers in
citation order, and every cited key the library does not hold, by name."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func
from sqlmodel import Session, col, select

from desktop.core import reading_lists
from desktop.core.errors import InvalidInputError
from desktop.core.formats.encoding import decode_bytes
from desktop.core.formats.latex import aux_citations
from desktop.core.sentences import sentence
from desktop.core.snapshots import ReadingList, copy_of
from desktop.core.storage.models import Paper

#: Chapters included in chapters... a document deeper than this has a loop in its .aux files.
_DEEPEST_INPUT = 20


@dataclass(frozen=True)
class CitedList:
    """A list made from an `.aux`: the list, its papers in citation order, the keys the
    library does not hold, and whether `\\nocite{*}` was met (it names no paper)."""

    reading_list: ReadingList
    paper_ids: tuple[int, ...]
    missing_keys: tuple[str, ...]
    cites_everything: bool


def cited_keys(aux: Path) -> aux_citations.Citations:
    """The keys `aux` and the `.aux` files it includes cite, each once, in citation order."""
    every = aux_citations.Citations()
    _read_into(every, aux, folder=aux.parent, depth=0)
    every.keys = list(dict.fromkeys(every.keys))
    return every


def _read_into(every: aux_citations.Citations, aux: Path, *, folder: Path, depth: int) -> None:
    try:
        data = aux.read_bytes()
    except OSError as error:
        raise InvalidInputError(
            sentence(
                "Papershelf could not read {aux}: {why}.", aux=aux, why=error.strerror or error
            )
        ) from None
    found = aux_citations.read(decode_bytes(data)[0])
    every.keys += found.keys
    every.cites_everything |= found.cites_everything
    if depth >= _DEEPEST_INPUT:
        return
    for name in found.inputs:
        included = folder / name
        if included.is_file():  # LaTeX writes \@input only for chapters it included
            _read_into(every, included, folder=folder, depth=depth + 1)


def make(session: Session, aux: Path, *, name: str) -> CitedList:
    """Create the list `name` holding the papers `aux` cites, in citation order."""
    citations = cited_keys(aux)
    if not citations.keys and not citations.cites_everything:
        raise InvalidInputError(
            sentence(
                "{aux} cites nothing (it has no \\citation or \\abx@aux@cite lines); run LaTeX on "
                "the document first.",
                aux=aux,
            )
        )
    by_key = _papers_by_key(session, citations.keys)
    found = [by_key[key.lower()] for key in citations.keys if key.lower() in by_key]
    missing = tuple(key for key in citations.keys if key.lower() not in by_key)
    created = reading_lists.create(session, name)
    if found:
        reading_lists.add_papers(session, created.id or 0, found)
    return CitedList(
        reading_list=copy_of(ReadingList, created),
        paper_ids=tuple(dict.fromkeys(found)),
        missing_keys=missing,
        cites_everything=citations.cites_everything,
    )


def _papers_by_key(session: Session, keys: Iterable[str]) -> dict[str, int]:
    """Papers (not in the trash) by lower-cased citation key: BibTeX matches keys without
    regard to case, so `\\cite{Smith2020}` finds `smith2020`."""
    wanted = {key.lower() for key in keys}
    found: dict[str, int] = {}
    ordered = sorted(wanted)
    for start in range(0, len(ordered), 500):
        query = select(Paper.citekey, Paper.id).where(
            func.lower(col(Paper.citekey)).in_(ordered[start : start + 500]),
            col(Paper.deleted_at).is_(None),
        )
        for citekey, paper_id in session.exec(query):
            if paper_id is not None:
                found.setdefault(citekey.lower(), paper_id)
    return found
