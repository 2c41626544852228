"""Likely duplicates: the same DOI, arXiv id or citation key, or a close title by the same
first author in the same year. Evidence is kept so the user can judge for themselves.

A close title is no match when the two are different parts of one work ("... I" and
"... II", "Part 1" and "Part 2") or name different pages or volumes: series of papers
share nearly all of their titles, authors and years."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property

from rapidfuzz import fuzz, process
from sqlalchemy import delete
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from desktop.core import folding, papers
from desktop.core.sentences import sentence
from desktop.core.storage import revisions
from desktop.core.storage.models import NotDuplicate, Paper, PaperPerson, Person, Role

#: Titles at least this similar (rapidfuzz ratio, 0-100) count as the same title.
TITLE_SIMILARITY = 90.0
#: The most papers a newcomer is listed as duplicating for one reason (a DOI, an arXiv id,
#: a title). Real libraries hold a paper a few times at most; a file of thousands of
#: entries sharing one title would otherwise list every pair (millions, gigabytes).
MOST_LISTED = 10
#: The most papers of one title checked for their pages and volume against a newcomer.
_MOST_EXAMINED = 4 * MOST_LISTED


@dataclass
class Candidate:
    """What a paper is compared by. (Not frozen: a frozen dataclass sets each field through
    `object.__setattr__`, and an import makes one for every paper: 0.2 s at 100k.)"""

    id: int
    title: str
    year: int | None
    first_author: str
    doi: str
    arxiv_id: str
    citekey: str
    volume: str = ""
    pages: str = ""
    # Folded once, as it is made: every paper is compared, then indexed, by both (and a
    # cached_property takes a lock on every read in Python 3.11: seconds at 100k papers).
    folded_title: str = field(init=False, repr=False, compare=False)
    folded_author: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.folded_title = folding.for_duplicates(self.title)
        self.folded_author = folding.for_duplicates(self.first_author)

    @cached_property
    def part(self) -> str:
        return numbered_part(self.title)

    def differs_in_place(self, other: Candidate) -> str:
        """Why `other`, with a title like this one's, is another paper: different pages
        or volumes, when both name them ("" when nothing tells them apart)."""
        mine, theirs = _first_page(self.pages), _first_page(other.pages)
        if mine and theirs and mine != theirs:
            return "pages"
        mine, theirs = self.volume.strip().casefold(), other.volume.strip().casefold()
        return "volume" if mine and theirs and mine != theirs else ""


@dataclass
class LikelyDuplicate:
    """Two papers that look like one, and why."""

    paper_id: int
    other_id: int
    evidence: list[str] = field(default_factory=list)


@dataclass
class _TitleBucket:
    """The papers of one (first author, year), grouped by folded title: rapidfuzz compares
    each distinct title once, however many papers share it."""

    titles: list[str] = field(default_factory=list)
    papers: list[list[Candidate]] = field(default_factory=list)
    positions: dict[str, int] = field(default_factory=dict)
    #: What the report calls this bucket once too many papers in it were alike.
    crowded_by: str = ""

    def add(self, candidate: Candidate) -> None:
        title = candidate.folded_title
        position = self.positions.get(title)
        if position is None:
            self.positions[title] = position = len(self.titles)
            self.titles.append(title)
            self.papers.append([])
        self.papers[position].append(candidate)


class DuplicateFinder:
    """Indexes papers by their identifiers and (first author, year), then checks newcomers.

    A newcomer is listed with at most `MOST_LISTED` papers for each reason; when more share
    it, `crowded` says how many (by what they share), for the report.
    """

    def __init__(self, known: Iterable[Candidate], not_duplicates: set[tuple[int, int]]) -> None:
        self._by_doi: dict[str, list[Candidate]] = defaultdict(list)
        self._by_arxiv: dict[str, list[Candidate]] = defaultdict(list)
        self._by_key: dict[str, list[Candidate]] = defaultdict(list)
        self._by_author_year: dict[tuple[str, int | None], _TitleBucket] = defaultdict(_TitleBucket)
        self._not_duplicates = not_duplicates
        #: What more than `MOST_LISTED` known papers shared with a newcomer ("the DOI
        #: 10.1/x"), and the most papers that shared it.
        self.crowded: dict[str, int] = {}
        for candidate in known:
            self.add(candidate)

    def add(self, candidate: Candidate) -> None:
        if candidate.doi:
            self._by_doi[candidate.doi.casefold()].append(candidate)
        if candidate.arxiv_id:
            self._by_arxiv[_bare_arxiv(candidate.arxiv_id)].append(candidate)
        self._by_key[candidate.citekey.casefold()].append(candidate)
        self._by_author_year[(candidate.folded_author, candidate.year)].add(candidate)

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

        def note_some(others: list[Candidate], reason: str, shared: str) -> None:
            for other in others[:MOST_LISTED]:
                note(other, reason)
            if len(others) > MOST_LISTED:
                self.crowded[shared] = max(len(others), self.crowded.get(shared, 0))

        # The sentences are made only for a paper that shares something: most share
        # nothing, and making them for every one took half of an import's comparing.
        others = self._by_doi.get(paper.doi.casefold()) if paper.doi else None
        if others:
            same = sentence("same DOI {doi}", doi=paper.doi)
            note_some(others, same, sentence("the DOI {identifier}", identifier=paper.doi))
        arxiv = _bare_arxiv(paper.arxiv_id) if paper.arxiv_id else None
        others = self._by_arxiv.get(arxiv) if arxiv is not None else None
        if others:
            same = sentence("same arXiv id {arxiv}", arxiv=arxiv)
            note_some(others, same, sentence("the arXiv id {identifier}", identifier=arxiv))
        key = (original_key or paper.citekey).casefold()
        for other in self._by_key.get(key, []):
            note(other, sentence("same citation key {key}", key=original_key or paper.citekey))
        self._note_titles(paper, note)
        return list(found.values())

    def _note_titles(self, paper: Candidate, note: Callable[[Candidate, str], None]) -> None:
        """List the known papers of `paper`'s first author and year with a title like its:
        the papers of the `MOST_LISTED` most alike titles, at most `MOST_LISTED` of them."""
        title = paper.folded_title
        bucket = self._by_author_year.get((paper.folded_author, paper.year))
        if not title or bucket is None:
            return
        alike = process.extract(
            title,
            bucket.titles,
            scorer=fuzz.ratio,
            score_cutoff=TITLE_SIMILARITY,
            limit=MOST_LISTED + 1,
        )
        sharing = 0
        for _, similarity, position in sorted(alike, key=lambda match: match[2]):
            reason = _alike(f"{similarity:.0f}", paper)
            same_title = bucket.papers[position]
            if same_title[0].part != paper.part:
                continue  # "... I" and "... II": two parts of one work
            # Looked at a few at a time: thousands may share one title.
            examined = same_title[:_MOST_EXAMINED]
            placed = [other for other in examined if not paper.differs_in_place(other)]
            for other in placed[: MOST_LISTED - sharing]:
                note(other, reason)
            sharing += len(placed) + len(same_title) - len(examined)
        if sharing > MOST_LISTED:
            # One sentence per author and year, named by the first title met there.
            shared = bucket.crowded_by or sentence(
                "one title or titles very like it (such as “{title}”), with the same first "
                "author ({author}) and year ({year})",
                title=paper.title,
                author=paper.first_author or sentence("none"),
                year=paper.year or sentence("none"),
            )
            bucket.crowded_by = shared
            self.crowded[shared] = max(sharing, self.crowded.get(shared, 0))


def _alike(similarity: str, paper: Candidate) -> str:
    """Why two papers of one first author and year look alike (said as such when neither
    has an author or a year, rather than as a value "none")."""
    author, year = paper.first_author, paper.year
    if author and year:
        return sentence(
            "title {similarity}% alike, same first author ({author}) and year ({year})",
            similarity=similarity,
            author=author,
            year=year,
        )
    if author:
        return sentence(
            "title {similarity}% alike, same first author ({author}), neither with a year",
            similarity=similarity,
            author=author,
        )
    if year:
        return sentence(
            "title {similarity}% alike, neither with an author, both from {year}",
            similarity=similarity,
            year=year,
        )
    return sentence(
        "title {similarity}% alike, neither with an author or a year", similarity=similarity
    )


_ROMAN = {"i": 1, "v": 5, "x": 10}
#: "Part 2", "Part II", "Teil 3", "Partie 1" anywhere in a title (folded: no punctuation).
_NAMED_PART = re.compile(r"\b(?:part|teil|partie|parte)\s+([0-9]+|[ivx]+|[a-z])\b")
#: A number or a Roman numeral up to 39 ending a title: "... Aggregation II", "... 2".
_TRAILING_PART = re.compile(r"\s(?:[0-9]{1,3}|x{1,3}(?:ix|iv|v?i{0,3})|ix|iv|v?i{1,3}|v)$")


def numbered_part(title: str) -> str:
    """Which part of a series a title names ("2" for "Part II", "Part 2" or a title ending
    in "2" or "II"); "" when it names none."""
    folded = folding.for_duplicates(title)
    named = _NAMED_PART.search(folded)
    found = named.group(1) if named else ""
    if not found:
        trailing = _TRAILING_PART.search(folded)
        found = trailing.group(0).strip() if trailing else ""
    if found and set(found) <= set(_ROMAN) and not found.isdigit():
        return str(_roman_value(found))
    return str(int(found)) if found.isdigit() else found


def _roman_value(numeral: str) -> int:
    values = [_ROMAN[letter] for letter in numeral]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))


_DIGITS = re.compile(r"\d+")


def _first_page(pages: str) -> str:
    """The first page a pages field names ("123" of "123--145", "e1003" of "e1003")."""
    number = _DIGITS.search(pages)
    return number.group(0).lstrip("0") if number else pages.strip().casefold()


def _bare_arxiv(arxiv_id: str) -> str:
    """An arXiv id without its version suffix: 1706.03762v5 -> 1706.03762."""
    head, _, version = arxiv_id.strip().casefold().rpartition("v")
    return head if head and version.isdigit() else arxiv_id.strip().casefold()


def find_all(
    everyone: Iterable[Candidate],
    not_duplicates: set[tuple[int, int]],
    *,
    between: Callable[[], object] | None = None,
) -> list[LikelyDuplicate]:
    """Every likely pair among `everyone`: each paper against those older than it (lower
    ids), so each pair is listed once, the newer paper first. `between` is called every
    `_BETWEEN_EVERY` papers: where the work may wait (for the user to stop typing)."""
    finder = DuplicateFinder([], not_duplicates)
    found: list[LikelyDuplicate] = []
    for number, candidate in enumerate(sorted(everyone, key=lambda c: c.id), start=1):
        found += finder.matches(candidate)
        finder.add(candidate)
        if between is not None and number % _BETWEEN_EVERY == 0:
            between()
    return found


#: Papers compared between two calls of `find_all`'s `between` (about 5 ms of work).
_BETWEEN_EVERY = 200


def library_pairs(session: Session) -> tuple[int, list[LikelyDuplicate]]:
    """The library's revision and every likely pair in it (pairs marked different left
    out), read in the caller's one transaction."""
    revision, everyone, different = library_candidates(session)
    return revision, find_all(everyone, different)


def library_candidates(
    session: Session,
) -> tuple[int, list[Candidate], set[tuple[int, int]]]:
    """What `library_pairs` compares, read in the caller's one transaction: the library's
    revision, every paper's comparison data and the pairs marked different."""
    return revisions.current(session), candidates(session), not_duplicate_pairs(session)


def candidates(session: Session, paper_ids: list[int] | None = None) -> list[Candidate]:
    """Comparison data for the given papers (all papers not in the trash when None)."""
    first_authors = dict(
        session.exec(
            select(PaperPerson.paper_id, Person.family)
            .join(Person, col(Person.id) == PaperPerson.person_id)
            .where(PaperPerson.role == Role.AUTHOR.value, PaperPerson.position == 0)
        ).all()
    )
    columns = (
        Paper.id,
        Paper.title,
        Paper.year,
        Paper.doi,
        Paper.arxiv_id,
        Paper.citekey,
        Paper.volume,
        Paper.pages,
    )
    query = sa_select(*(col(c) for c in columns)).where(col(Paper.deleted_at).is_(None))
    if paper_ids is not None:
        query = query.where(col(Paper.id).in_(paper_ids))
    return [
        Candidate(pid, title, year, first_authors.get(pid, ""), doi, arxiv, key, volume, pages)
        for pid, title, year, doi, arxiv, key, volume, pages in session.execute(query)
        if pid is not None
    ]


def not_duplicate_pairs(session: Session) -> set[tuple[int, int]]:
    return {(a, b) for a, b in session.exec(select(NotDuplicate.paper_a, NotDuplicate.paper_b))}


def remember_different(
    session: Session, pairs: Iterable[tuple[int, int]]
) -> tuple[tuple[int, int], ...]:
    """Store that each pair is two different papers; the pairs not known before (smaller
    id first). A paper that is gone is an error: the user judged a pair that is no more."""
    known = not_duplicate_pairs(session)
    added = tuple(dict.fromkeys(pair for pair in map(_ordered, pairs) if pair not in known))
    for a, b in added:
        papers.get_paper(session, a)
        papers.get_paper(session, b)
    session.add_all(NotDuplicate(paper_a=a, paper_b=b) for a, b in added)
    return added


def forget_different(session: Session, pairs: Iterable[tuple[int, int]]) -> None:
    for a, b in map(_ordered, pairs):
        session.execute(
            delete(NotDuplicate).where(
                col(NotDuplicate.paper_a) == a, col(NotDuplicate.paper_b) == b
            )
        )


def _ordered(pair: tuple[int, int]) -> tuple[int, int]:
    return (min(pair), max(pair))


def merge_groups(pairs: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The merges that fold each group of papers linked by `pairs` into its oldest paper
    (the lowest id), as (kept, other): A~B and B~C give (A, B), (A, C)."""
    parent: dict[int, int] = {}

    def root(paper_id: int) -> int:
        parent.setdefault(paper_id, paper_id)
        while parent[paper_id] != paper_id:
            parent[paper_id] = parent[parent[paper_id]]
            paper_id = parent[paper_id]
        return paper_id

    for a, b in pairs:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return [(root(paper_id), paper_id) for paper_id in sorted(parent) if root(paper_id) != paper_id]
