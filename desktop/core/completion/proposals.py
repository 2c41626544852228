"""For each paper: the candidates found, scored and ranked, and what taking one would change.

A value is filled in only where the paper's field is empty; a field that holds something else
(typed by the user, or brought by an import) is listed in `Plan.asks` and changed only when
the user says so. Nothing here writes: `fill_step` builds the one undo step that does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from desktop.core import folding, papers, undo
from desktop.core.completion import queries, scoring, services
from desktop.core.completion.scoring import Evidence
from desktop.core.field_origins import Origin
from desktop.core.formats.doi import is_doi
from desktop.core.formats.record import Person, Record

#: The fields a completion may fill, in the order they are shown.
FIELDS = ("title", "doi", "arxiv_id", "journal", "booktitle", "year", "entry_type")
#: What is read of a paper before a search: the fields above and the abstract.
PAPER_FIELDS = ("abstract", *FIELDS)
#: Entry types a listing gives ("misc") that a found venue may make more precise.
_VAGUE_TYPES = frozenset({"misc", ""})


@dataclass(frozen=True)
class Candidate:
    """A paper found for an untitled one, with the services that know it and the evidence."""

    record: Record
    sources: tuple[str, ...]
    evidence: Evidence

    @property
    def score(self) -> float:
        return self.evidence.total

    @property
    def reference(self) -> str:
        """How the services name it: the arXiv id and / or the DOI."""
        ids = [f"arXiv:{self.record.arxiv_id}" if self.record.arxiv_id else ""]
        ids.append(f"doi:{self.record.doi}" if self.record.doi else "")
        return " ".join(i for i in ids if i)


@dataclass(frozen=True)
class Unknown:
    """What is known of the paper to complete, as it was when the search began."""

    paper_id: int
    authors: list[Person]
    abstract: str
    values: dict[str, Any]

    @property
    def label(self) -> str:
        """A short name for the paper in messages: its authors, or the opening of its abstract."""
        if self.values.get("title"):
            return str(self.values["title"])
        names = [p.family for p in self.authors if p.family and p.family != "others"]
        if names:
            return ", ".join(names[:2]) + (" et al." if len(names) > 2 else "")
        return self.abstract[:60]


@dataclass(frozen=True)
class Plan:
    """What taking a candidate changes: empty fields filled; fields holding another value
    asked about (current, proposed)."""

    fills: dict[str, Any]
    asks: dict[str, tuple[Any, Any]]


@dataclass(frozen=True)
class Proposal:
    """One paper's search result: candidates best first, and whether the best is sure."""

    paper: Unknown
    candidates: tuple[Candidate, ...]
    confident: bool

    @property
    def best(self) -> Candidate | None:
        return self.candidates[0] if self.candidates else None

    def plan(self, candidate: Candidate | None = None) -> Plan:
        chosen = candidate or self.best
        if chosen is None:
            return Plan({}, {})
        return plan_for(self.paper.values, chosen.record)


@dataclass(frozen=True)
class Choice:
    """The user's (or `--yes`'s) decision for one paper: this candidate, and which of the
    asked fields to overwrite."""

    proposal: Proposal
    candidate: Candidate
    overwrite: frozenset[str] = field(default_factory=frozenset)


def unknown_from(paper_id: int, authors: list[Person], values: dict[str, Any]) -> Unknown:
    return Unknown(paper_id, list(authors), str(values.get("abstract") or ""), values)


def find(
    paper: Unknown,
    where: services.Services,
    *,
    arxiv: Callable[..., list[Record]] = services.search_arxiv,
    crossref: Callable[..., list[Record]] = services.search_crossref,
) -> Proposal:
    """Ask arXiv and Crossref about `paper` and rank what they know (raises the services'
    `LookupFailedError` when one cannot be asked)."""
    query = queries.build(paper.authors, paper.abstract)
    if query.empty:
        return Proposal(paper, (), False)
    found = [(record, "arXiv") for record in arxiv(query, where)]
    found += [(record, "Crossref") for record in crossref(query, where)]
    return rank(paper, found)


def rank(paper: Unknown, found: Iterable[tuple[Record, str]]) -> Proposal:
    """The candidates (one per paper however many services know it), best first."""
    year = paper.values.get("year")
    merged = _merged(list(found))
    candidates = [
        Candidate(
            record,
            sources,
            scoring.evidence(paper.authors, paper.abstract, year=year, candidate=record),
        )
        for record, sources in merged
    ]
    candidates.sort(key=lambda c: -c.score)
    best = candidates[0].evidence if candidates else None
    runner_up = candidates[1].evidence if len(candidates) > 1 else None
    sure = best is not None and scoring.confident(best, runner_up)
    return Proposal(paper, tuple(candidates), sure)


def _merged(found: list[tuple[Record, str]]) -> list[tuple[Record, tuple[str, ...]]]:
    """One record per paper: an arXiv preprint and its Crossref version (same DOI, or same
    title and first author) become one, with the venue and DOI of the published version."""
    merged: list[tuple[Record, tuple[str, ...]]] = []
    for record, source in found:
        for index, (kept, sources) in enumerate(merged):
            if _same_paper(kept, record):
                merged[index] = (_combined(kept, record), (*sources, source))
                break
        else:
            merged.append((record, (source,)))
    return merged


def _same_paper(a: Record, b: Record) -> bool:
    if a.doi and b.doi:
        return a.doi.casefold() == b.doi.casefold()
    title_a, title_b = folding.for_duplicates(a.title), folding.for_duplicates(b.title)
    return bool(title_a) and title_a == title_b and _first_family(a) == _first_family(b)


def _first_family(record: Record) -> str:
    return folding.for_duplicates(record.authors[0].family) if record.authors else ""


def _combined(kept: Record, other: Record) -> Record:
    """`kept` with what only `other` knows (the published venue and DOI, the arXiv id)."""
    values = {
        name: getattr(kept, name) or getattr(other, name)
        for name in ("title", "abstract", "doi", "arxiv_id", "journal", "booktitle", "year")
    }
    published = other if other.journal or other.booktitle else kept
    values["entry_type"] = published.entry_type
    values["journal"] = published.journal or kept.journal
    values["booktitle"] = published.booktitle or kept.booktitle
    values["year"] = published.year or kept.year
    return replace(kept, **values)


def plan_for(current: dict[str, Any], found: Record) -> Plan:
    """Which of the paper's fields `found` fills, and which it would change."""
    fills: dict[str, Any] = {}
    asks: dict[str, tuple[Any, Any]] = {}
    for name in FIELDS:
        proposed = getattr(found, name)
        have = current.get(name)
        if proposed in (None, "") or _same(have, proposed, name) or not _usable(name, proposed):
            continue
        if name == "entry_type":
            if have in _VAGUE_TYPES and proposed != "misc":
                fills[name] = proposed
            continue
        if have in (None, ""):
            fills[name] = proposed
        else:
            asks[name] = (have, proposed)
    return Plan(fills, asks)


def _usable(name: str, value: Any) -> bool:
    """Whether a service's value can be stored (a malformed DOI or year is left out)."""
    if name == "doi":
        return is_doi(str(value))
    if name == "year":
        return papers.is_year(value)
    return True


def _same(have: Any, proposed: Any, name: str) -> bool:
    if isinstance(have, str) and isinstance(proposed, str):
        if name in ("doi", "arxiv_id"):
            return have.casefold() == proposed.casefold()
        return " ".join(have.split()) == " ".join(proposed.split())
    return bool(have == proposed)


def fill_step(choices: Iterable[Choice]) -> undo.FillPapers:
    """The one undo step that applies every choice (only empty fields, and those asked
    about that the user chose to overwrite)."""
    fills = []
    for choice in choices:
        plan = choice.proposal.plan(choice.candidate)
        values = dict(plan.fills)
        values.update({k: new for k, (_old, new) in plan.asks.items() if k in choice.overwrite})
        if not values:
            continue
        current = choice.proposal.paper.values
        origin = Origin(
            source=" + ".join(choice.candidate.sources),
            reference=choice.candidate.reference,
            score=round(choice.candidate.score, 4),
        )
        fills.append(
            undo.Fill(
                choice.proposal.paper.paper_id,
                values=values,
                expected={name: current.get(name) for name in values},
                origins={name: origin for name in values},
            )
        )
    return undo.FillPapers(tuple(fills))


def confident_choices(proposals: Iterable[Proposal]) -> list[Choice]:
    """What `--yes` applies: the sure matches, filling empty fields only."""
    return [Choice(p, p.best) for p in proposals if p.confident and p.best is not None]


def find_all(
    papers: list[Unknown],
    where: services.Services,
    *,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] = lambda: False,
) -> list[Proposal]:
    """`find` for each paper in turn (arXiv's pace sets the time: about three seconds each);
    stops early, with what it found so far, once `cancelled` says so."""
    found = []
    for done, paper in enumerate(papers):
        if cancelled():
            break
        if progress is not None:
            progress(done, len(papers))
        found.append(find(paper, where))
    if progress is not None and len(found) == len(papers):
        progress(len(papers), len(papers))
    return found
