"""Likely duplicates: the same DOI, arXiv id or citation key, or a close title by the same
first author in the same year. Evidence is kept so the user can judge for themselves."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from rapidfuzz import fuzz, process
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from desktop.core import folding
from desktop.core.storage.models import NotDuplicate, Paper, PaperPerson, Person, Role

#: Titles at least this similar (rapidfuzz ratio, 0-100) count as the same title.
TITLE_SIMILARITY = 90.0


@dataclass(frozen=True)
class Candidate:
    """What a paper is compared by."""

    id: int
    title: str
    year: int | None
    first_author: str
    doi: str
    arxiv_id: str
    citekey: str

    # Folded once: an import compares each newcomer, then adds it to the index.
    @cached_property
    def folded_title(self) -> str:
        return folding.for_duplicates(self.title)

    @cached_property
    def folded_author(self) -> str:
        return folding.for_duplicates(self.first_author)


@dataclass
class LikelyDuplicate:
    """Two papers that look like one, and why."""

    paper_id: int
    other_id: int
    evidence: list[str] = field(default_factory=list)


class DuplicateFinder:
    """Indexes papers by their identifiers and (first author, year), then checks newcomers."""

    def __init__(self, known: Iterable[Candidate], not_duplicates: set[tuple[int, int]]) -> None:
        self._by_doi: dict[str, list[Candidate]] = defaultdict(list)
        self._by_arxiv: dict[str, list[Candidate]] = defaultdict(list)
        self._by_key: dict[str, list[Candidate]] = defaultdict(list)
        # Each bucket holds its papers and, alongside, their folded titles for rapidfuzz.
        self._by_author_year: dict[tuple[str, int | None], tuple[list[Candidate], list[str]]] = (
            defaultdict(lambda: ([], []))
        )
        self._not_duplicates = not_duplicates
        for candidate in known:
            self.add(candidate)

    def add(self, candidate: Candidate) -> None:
        if candidate.doi:
            self._by_doi[candidate.doi.casefold()].append(candidate)
        if candidate.arxiv_id:
            self._by_arxiv[_bare_arxiv(candidate.arxiv_id)].append(candidate)
        self._by_key[candidate.citekey.casefold()].append(candidate)
        papers, titles = self._by_author_year[(candidate.folded_author, candidate.year)]
        papers.append(candidate)
        titles.append(candidate.folded_title)

    def matches(
        self, paper: Candidate, *, original_key: str | None = None
    ) -> list[LikelyDuplicate]:
        """The known papers `paper` probably duplicates, each with the evidence."""
        found: dict[int, LikelyDuplicate] = {}

        def note(other: Candidate, reason: str) -> None:
            pair = (min(paper.id, other.id), max(paper.id, other.id))
            if other.id == paper.id or pair in self._not_duplicates:
                return
            found.setdefault(other.id, LikelyDuplicate(paper.id, other.id)).evidence.append(reason)

        if paper.doi:
            for other in self._by_doi.get(paper.doi.casefold(), []):
                note(other, f"same DOI {paper.doi}")
        if paper.arxiv_id:
            for other in self._by_arxiv.get(_bare_arxiv(paper.arxiv_id), []):
                note(other, f"same arXiv id {_bare_arxiv(paper.arxiv_id)}")
        key = (original_key or paper.citekey).casefold()
        for other in self._by_key.get(key, []):
            note(other, f"same citation key {original_key or paper.citekey}")
        title = paper.folded_title
        bucket = self._by_author_year.get((paper.folded_author, paper.year))
        if title and bucket is not None:
            papers, titles = bucket
            alike = process.extract(
                title, titles, scorer=fuzz.ratio, score_cutoff=TITLE_SIMILARITY, limit=None
            )
            for _, similarity, position in sorted(alike, key=lambda match: match[2]):
                note(
                    papers[position],
                    f"title {similarity:.0f}% alike, same first author "
                    f"({paper.first_author or 'none'}) and year ({paper.year or 'none'})",
                )
        return list(found.values())


def _bare_arxiv(arxiv_id: str) -> str:
    """An arXiv id without its version suffix: 1706.03762v5 -> 1706.03762."""
    head, _, version = arxiv_id.strip().casefold().rpartition("v")
    return head if head and version.isdigit() else arxiv_id.strip().casefold()


def candidates(session: Session, paper_ids: list[int] | None = None) -> list[Candidate]:
    """Comparison data for the given papers (all papers not in the trash when None)."""
    first_authors = dict(
        session.exec(
            select(PaperPerson.paper_id, Person.family)
            .join(Person, col(Person.id) == PaperPerson.person_id)
            .where(PaperPerson.role == Role.AUTHOR.value, PaperPerson.position == 0)
        ).all()
    )
    columns = (Paper.id, Paper.title, Paper.year, Paper.doi, Paper.arxiv_id, Paper.citekey)
    query = sa_select(*(col(c) for c in columns)).where(col(Paper.deleted_at).is_(None))
    if paper_ids is not None:
        query = query.where(col(Paper.id).in_(paper_ids))
    return [
        Candidate(pid, title, year, first_authors.get(pid, ""), doi, arxiv, key)
        for pid, title, year, doi, arxiv, key in session.execute(query)
        if pid is not None
    ]


def not_duplicate_pairs(session: Session) -> set[tuple[int, int]]:
    return {(a, b) for a, b in session.exec(select(NotDuplicate.paper_a, NotDuplicate.paper_b))}
