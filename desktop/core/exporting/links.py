"""The library's side of crossref, xdata and xref in an export: which papers link at all,
and the parents they name that the export was not asked for (added, if asked, or lent to
the writer so that a child can be written self-contained)."""

from __future__ import annotations

from sqlalchemy import String, cast, func, or_
from sqlmodel import Session, col, select

from desktop.core.exporting import read_papers
from desktop.core.exporting.read_papers import Entry
from desktop.core.formats.bibtex import crossrefs
from desktop.core.formats.record import Record
from desktop.core.storage.models import Paper

#: Parents of parents looked for at most this deep (BibLaTeX allows chains; they are short).
_DEEPEST = 8
_KEYS_AT_ONCE = 500


def any_linked(session: Session, paper_ids: list[int]) -> bool:
    """Whether any of the papers may link to another (a quick look at the stored text: a
    false alarm only costs a split export)."""
    text = cast(col(Paper.extra), String)
    marks = [text.like(f'%"{name}"%') for name in crossrefs.LINK_FIELDS]
    linked = set(session.exec(select(Paper.id).where(or_(*marks))))
    return not linked.isdisjoint(paper_ids)


def with_parents(
    session: Session, entries: list[Entry], *, include: bool
) -> tuple[list[Entry], dict[str, Record]]:
    """The entries to write (those given, then the parents added when `include`) and the
    parents left out, by case-folded key: those the entries link to that are not among
    them, from the library (not from the trash)."""
    written, outside = list(entries), dict[str, Record]()
    have = {r.citekey.casefold() for r, _ in entries if r.citekey}
    wanted = _targets([r for r, _ in entries], have)
    for _ in range(_DEEPEST):
        if not wanted:
            break
        found = _by_keys(session, sorted(wanted))
        have |= wanted
        if include:
            written += found
        else:
            outside.update((r.citekey.casefold(), r) for r, _ in found if r.citekey)
        wanted = _targets([r for r, _ in found], have)
    return written, outside


def _targets(records: list[Record], have: set[str]) -> set[str]:
    found = set()
    for record in records:
        if crossrefs.has_links(record):
            found |= {key.casefold() for key in crossrefs.link_targets(record)}
    return found - have


def _by_keys(session: Session, keys: list[str]) -> list[Entry]:
    """The papers whose keys are `keys` (ignoring case), in the order of their ids."""
    ids: set[int] = set()
    for start in range(0, len(keys), _KEYS_AT_ONCE):
        chunk = keys[start : start + _KEYS_AT_ONCE]
        query = select(Paper.id).where(
            func.lower(col(Paper.citekey)).in_(chunk), col(Paper.deleted_at).is_(None)
        )
        ids.update(pid for pid in session.exec(query) if pid is not None)
    return read_papers.export_entries(session, sorted(ids))
