"""Crossref, xdata and xref links between the entries of one export, made to hold.

A link is kept only when its target is written in the same file; otherwise `bibtex`
stops ("A bad cross reference") and biber warns. A child whose parent stays out is written
self-contained: the fields it would inherit are written in (the import already copied most
of them; a parent in the library fills what is still missing), and the link goes. Parents
come after all their children, as BibTeX requires; BibTeX also refuses a parent that has a
parent of its own ("nested cross references"), so in classic BibTeX such a middle entry is
written self-contained too. biber follows nested links and xdata; classic BibTeX knows
neither xdata nor xref, which are dropped there once their fields are written in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from desktop.core.formats.record import MODELLED_FIELDS, Record

LINK_FIELDS = ("crossref", "xdata", "xref")
#: Fields an entry never takes from its parent.
_NOT_INHERITED = frozenset({*LINK_FIELDS, "ids", "entryset", "label", "sortkey", "keywords"})
#: A parent's title becomes its children's ...
_TITLE_BECOMES = {"periodical": "journal"}


def has_links(record: Record) -> bool:
    return any(name in record.extra for name in LINK_FIELDS)


def link_targets(record: Record) -> list[str]:
    """The keys `record` links to (crossref, xdata, xref), as written."""
    targets = [record.extra.get("crossref", "").strip()]
    for name in ("xdata", "xref"):
        targets += [key.strip() for key in record.extra.get(name, "").split(",")]
    return [key for key in targets if key]


def arrange(
    records: Sequence[Record], *, outside: Mapping[str, Record], biblatex: bool
) -> list[Record]:
    """`records` in the order to write them, each link held or resolved (see the module).

    `outside`: records of the library not in the export that links name, by case-folded
    key; their fields fill a child's gaps. Records without links are given back as they are.
    """
    written: dict[str, Record] = {}
    for record in records:
        if record.citekey:
            written.setdefault(record.citekey.casefold(), record)
    arranged = [_resolved(r, written, outside=outside, biblatex=biblatex) for r in records]
    by_key = {r.citekey.casefold(): r for r in arranged if r.citekey}
    parent_of = _parents(arranged, by_key)
    if not biblatex:
        arranged = _flattened(arranged, parent_of, by_key)
        by_key = {r.citekey.casefold(): r for r in arranged if r.citekey}
        parent_of = _parents(arranged, by_key)
    return _parents_last(arranged, parent_of)


def _resolved(
    record: Record, written: Mapping[str, Record], *, outside: Mapping[str, Record], biblatex: bool
) -> Record:
    if not has_links(record):
        return record
    record = replace(record, extra=dict(record.extra), latex=dict(record.latex))
    own = (record.citekey or "").casefold()
    crossref = record.extra.get("crossref", "").strip()
    if crossref and (crossref.casefold() not in written or crossref.casefold() == own):
        del record.extra["crossref"]
        parent = outside.get(crossref.casefold())
        if parent is not None:
            fill(record, parent, crossref=True)
    for name in ("xdata", "xref"):
        keys = [k.strip() for k in record.extra.get(name, "").split(",") if k.strip()]
        kept = [k for k in keys if k.casefold() in written and k.casefold() != own]
        for key in keys:
            if name == "xdata" and (key not in kept or not biblatex):
                source = written.get(key.casefold()) or outside.get(key.casefold())
                if source is not None:
                    fill(record, source, crossref=False)
        if kept and (biblatex or name == "xref"):
            record.extra[name] = ", ".join(kept)
        else:
            record.extra.pop(name, None)
    if not biblatex:
        record.extra.pop("xref", None)  # classic BibTeX knows no xref
    return record


def fill(child: Record, parent: Record, *, crossref: bool) -> None:
    """Give `child` the fields of `parent` it lacks (a crossref parent's title becomes
    the child's booktitle, or journal for a periodical)."""
    for name in MODELLED_FIELDS:
        if name == "title" and crossref:
            target = _TITLE_BECOMES.get(parent.entry_type.lower(), "booktitle")
            _take(child, parent, source=name, target=target)
        else:
            _take(child, parent, source=name, target=name)
    for name in ("year", "month"):
        if getattr(child, name) is None:
            setattr(child, name, getattr(parent, name))
    if not child.editors:
        child.editors = list(parent.editors)
    if not child.authors and not crossref:
        child.authors = list(parent.authors)
    for name, value in parent.extra.items():
        if name not in _NOT_INHERITED and name not in child.extra:
            child.extra[name] = value
            if name in parent.latex:
                child.latex.setdefault(name, parent.latex[name])


def _take(child: Record, parent: Record, *, source: str, target: str) -> None:
    if getattr(child, target) or not getattr(parent, source):
        return
    setattr(child, target, getattr(parent, source))
    if source in parent.latex:
        child.latex[target] = parent.latex[source]


def _parents(records: Sequence[Record], by_key: Mapping[str, Record]) -> dict[int, Record]:
    """Each child's crossref parent among `records`, by the child's id()."""
    found = {}
    for record in records:
        crossref = record.extra.get("crossref", "").strip().casefold()
        if crossref and crossref in by_key:
            found[id(record)] = by_key[crossref]
    return found


def _flattened(
    records: list[Record], parent_of: Mapping[int, Record], by_key: Mapping[str, Record]
) -> list[Record]:
    """Classic BibTeX: a parent with a parent of its own is written self-contained."""
    parents = {id(parent) for parent in parent_of.values()}
    flattened = []
    for record in records:
        if id(record) in parents and id(record) in parent_of:
            grand = parent_of[id(record)]
            record = replace(record, extra=dict(record.extra), latex=dict(record.latex))
            del record.extra["crossref"]
            fill(record, grand, crossref=True)
        flattened.append(record)
    return flattened


def _parents_last(records: list[Record], parent_of: Mapping[int, Record]) -> list[Record]:
    """Stable order in which every parent comes after all its children (a circle of
    crossrefs is cut where it closes)."""
    depth: dict[int, int] = {}

    def level(record: Record, seen: frozenset[int]) -> int:
        # 0 for an entry nobody links to; a parent is one more than its deepest child.
        if id(record) in depth:
            return depth[id(record)]
        children = [r for r in children_of.get(id(record), ()) if id(r) not in seen]
        found = 1 + max((level(c, seen | {id(record)}) for c in children), default=-1)
        depth[id(record)] = found
        return found

    children_of: dict[int, list[Record]] = {}
    for record in records:
        parent = parent_of.get(id(record))
        if parent is not None:
            children_of.setdefault(id(parent), []).append(record)
    if not children_of:
        return records
    order = {id(record): index for index, record in enumerate(records)}
    return sorted(records, key=lambda r: (level(r, frozenset()), order[id(r)]))
