"""Planning full text for a search: which words to read whole and which to check paper by paper.

At 100k papers a common word can be in most abstracts, and reading all those ids costs
far more than the rest of a search. So each term's full-text answer is probed first (read
only while small, else estimated from how far its first papers reach, and read whole after
all when that estimate is not common); the clause allowing the fewest papers leads, and
the others are checked on the papers it allows, reading a common word whole only while
that is estimated to cost less than checking papers for it. When even the leading clause
is common (every word in a large share of the abstracts), it is not read either: the
papers some clause holds for by its short fields are checked, and the engine finds the
few more wanted that hold every common word, walking their lists side by side.
"""

from __future__ import annotations

import functools
import itertools
import math
import sys
from collections.abc import Iterator
from dataclasses import dataclass

from desktop.core.search.matching import (
    ClauseMatcher,
    FullText,
    FullTextEvery,
    FullTextPlanning,
    FullTextProbe,
    FullTextWithin,
    PerPaper,
    Probed,
    TermMatcher,
    holding_every,
)
from desktop.core.search.postings import common

#: How many ids a probe reads at most: enough to tell a common word's share of the papers
#: within a few percent (reading 2,000 took 0.6 ms a word, a quarter of a slow search).
_PROBED = 500
#: Up to this many allowed papers, the clauses with nothing left to check narrow them at
#: once; among more, each chunk checked is narrowed.
_RESTRICTED_AT_ONCE_AT_MOST = 2_000
#: Up to this many allowed papers, the other clauses are checked on all of them at once.
_CHECK_WITHIN_AT_MOST = 400
#: A term whose full text holds more papers than this is "common": its answer is not read
#: whole unless that is estimated to cost less than checking papers for it.
_COMMON = 2_000
#: Checking a paper's abstract costs about as much as reading this many ids from full text.
_WITHIN_COST = 32
#: Papers checked at a time when only enough of the allowed ones are wanted.
_CHECK_CHUNK = 250
#: A chunk takes at most this many papers for each one the known clauses let through to be
#: checked (narrowing a paper by them costs about a microsecond, checking one ten).
_TAKEN_PER_CHECKED_AT_MOST = 16
#: The fewest papers a later chunk checks (a chunk's reads cost some time however small).
_SMALLEST_CHUNK = 32


def load_fulltext(
    clauses: list[ClauseMatcher],
    fulltext: FullText,
    *,
    planned: FullTextPlanning | None,
    wanted: int,
    papers: int,
) -> None:
    """Let every clause match through abstracts and notes too, reading no more than the
    `wanted` best candidates need (see the module's docstring); `papers` is how many the
    index holds. Without `planned`, every term's answer is read whole."""
    positive = [c for c in clauses if not c.only_negative]
    # The papers allowed come from the leading clause's sources: one with a negated
    # alternative also holds elsewhere and cannot lead (without one, all is read whole).
    if not any(c.only_positive for c in positive) or planned is None:
        for clause in clauses:
            clause.load_fulltext(fulltext)
        return
    sizes, estimates, samples = _probed_sizes(positive, fulltext, planned.probe)
    positive.sort(key=lambda clause: (not clause.only_positive, sizes[clause]))
    first = positive[0]
    pending = _pending(first)
    if len(clauses) == 1 and all(len(samples[term]) >= wanted for term in pending):
        # Nothing else to satisfy: the papers a probe read are as good as any others
        # holding the word only in their abstracts (those rank alike), if enough of them
        # are the index's (the first matches may be in the trash).
        for term in pending:
            term.use_fulltext(samples[term])
        return
    for clause in clauses:
        if clause.only_negative:
            clause.load_fulltext(fulltext)  # a paper is excluded wherever the word is
    others = [c for c in positive if c is not first]
    papers = max(papers, 1)
    checking = _Checking(fulltext, planned.within, estimates, wanted, papers)
    shares = [min(1.0, sizes[clause] / papers) for clause in positive]
    if (
        planned.every is not None
        and pending
        and not _reading_pays(sum(estimates[t] for t in pending), shares, wanted)
        and checking.check_unread(positive, planned.every)
    ):
        return
    first.load_fulltext(fulltext)  # complete already unless it has a common word
    checking.check_on(_papers_of(first), others, leader=first)


def ask_negated(
    clauses: list[ClauseMatcher], fulltext: FullText, planned: FullTextPlanning | None
) -> None:
    """Give negated words their full-text answers, as a paper is excluded wherever one is:
    a rare word's whole answer, and a common one's asked of the candidates only, once the
    search has narrowed them (at 100k, reading "-capsule" whole, 66k abstracts, took 13 ms
    of a 24 ms search; checking the candidates left took 6). Past about as many papers as
    reading it costs, the word is read whole after all."""
    together: list[TermMatcher] = []  # the common ones, checked on the same papers at once
    # Without a positive word every paper is a candidate, and the newest are checked in
    # ever larger batches: reading each word whole costs less than checking them first.
    narrowed = any(clause.positive for clause in clauses)
    for clause in clauses:
        for term in clause.negative:
            if planned is None or not narrowed or not term.wants_fulltext:
                term.load_fulltext(fulltext)
                continue
            probed = _probed_common(term, fulltext, planned.probe)
            if probed is not None:
                text, field = term.fulltext_text, term.fulltext_field
                term.ask_per_paper(
                    PerPaper(
                        within=planned.within,
                        query=(text, field),
                        whole=functools.partial(fulltext, text, field),
                        checked_at_most=_papers_checked_for(probed.estimate),
                        together=together,
                    )
                )
                together.append(term)


def _probed_common(term: TermMatcher, fulltext: FullText, probe: FullTextProbe) -> Probed | None:
    """Probe the term's full text: a rare term is given its whole answer (the probe's, or
    read whole when the estimate is not common after all) and None returned; for a common
    one, what the probe told."""
    probed = probe(term.fulltext_text, term.fulltext_field, min(_PROBED, _COMMON))
    if probed.ids is not None:
        term.use_fulltext(probed.ids)
    elif probed.estimate <= _COMMON:
        term.load_fulltext(fulltext)
    else:
        return probed
    return None


def _papers_checked_for(ids: int) -> int:
    """How many papers checking costs about as much as reading `ids` ids (all of them
    when checking is free)."""
    return ids // _WITHIN_COST if _WITHIN_COST > 0 else sys.maxsize


def _probed_sizes(
    clauses: list[ClauseMatcher], fulltext: FullText, probe: FullTextProbe
) -> tuple[dict[ClauseMatcher, int], dict[TermMatcher, int], dict[TermMatcher, set[int]]]:
    """About how many papers each clause allows, full text included, found by probing its
    terms (a term found rare is given its whole answer); and for each common term, the
    estimate of its papers and those the probe read."""
    estimates: dict[TermMatcher, int] = {}
    samples: dict[TermMatcher, set[int]] = {}
    sizes: dict[ClauseMatcher, int] = {}
    for clause in clauses:
        for term in _pending(clause):
            probed = _probed_common(term, fulltext, probe)
            if probed is not None:
                estimates[term] = probed.estimate
                samples[term] = probed.sample
        sizes[clause] = clause.cost() + sum(estimates.get(term, 0) for term in clause.positive)
    return sizes, estimates, samples


def _reading_pays(read: int, shares: list[float], wanted: int) -> bool:
    """Whether reading the leading clause's common words whole (`read` ids) is estimated to
    cost less than the papers that checking without knowing them adds, given each positive
    clause's share of the papers (the leader's first): the leader's papers being known,
    `wanted` hits take about `wanted` / (the others' shares) papers checked; unknown, that
    many again for each time the leader's share goes into one, less one."""
    lead, *others = shares
    checked = wanted / max(math.prod(others), 1e-6)
    return read <= _WITHIN_COST * checked * (1 / max(lead, 1e-6) - 1)


def _reading_first_pays(read: int, shares: list[float], *, allowed: int, wanted: int) -> bool:
    """Whether reading the first of the pending words whole (`read` ids) is estimated to
    cost less than the checking it saves, given each pending word's share of the papers
    (the first's first) and the papers `allowed`: `wanted` hits take about `wanted` / (the
    shares) papers checked. Read, the word lets through only its share of the allowed
    papers, and the other words are still checked on those (at 100k, weighing the reading
    against all the checking read 'bidirectional', 28k abstracts, 4.6 ms, to save checking
    860 of 1,190 papers, about 4 ms)."""
    first, *others = shares
    to_check = min(allowed, wanted / max(math.prod(shares), 1e-6))
    after = min(allowed * first, wanted / max(math.prod(others), 1e-6)) if others else 0
    return read <= _WITHIN_COST * (to_check - after)


def _papers_of(clause: ClauseMatcher) -> set[int]:
    """Every paper the clause's sources list."""
    papers: set[int] = set()
    for _, ids in clause.sources():
        papers.update(ids)
    return papers


def _pending(clause: ClauseMatcher) -> list[TermMatcher]:
    """The clause's terms that may match through full text and have not asked it yet."""
    return [t for t in clause.positive if t.wants_fulltext and t.fulltext_ids is None]


@dataclass(frozen=True)
class _Checking:
    """What giving the other clauses their full-text matches goes by: the two ways of
    asking, each word's estimated papers, the papers wanted and those the index holds."""

    fulltext: FullText
    within: FullTextWithin
    estimates: dict[TermMatcher, int]
    wanted: int
    papers: int

    def check_on(
        self, allowed: set[int], others: list[ClauseMatcher], *, leader: ClauseMatcher
    ) -> None:
        """Give the other clauses' free words their full-text matches among `allowed` (the
        papers the `leader` clause holds for).

        Few allowed papers are all checked. Among many, a word whose full text is estimated
        to be cheaper to read than the papers to check is read whole; the remaining (common)
        words are checked on the allowed papers whose short fields the clauses hold best for
        first (`_best_first`), and checking stops once `wanted` papers satisfy every clause:
        papers past that point hold the clauses no better there, and rank no higher.
        """
        # A clause whose words are all known already (short fields, rare words) must hold:
        # only the allowed papers it holds for can become hits, and only those need checking.
        # Among many papers it is asked of each chunk checked instead (narrowing 40k papers
        # by a word in most titles cost 4.5 ms, more than the chunks).
        waiting = [clause for clause in others if _pending(clause)]
        known = [clause for clause in others if not _pending(clause)]
        if len(allowed) <= _RESTRICTED_AT_ONCE_AT_MOST:
            allowed, known = holding_every(allowed, known), []
        pending = [term for clause in waiting for term in _pending(clause)]
        pending.sort(key=lambda term: self.estimates.get(term, 0))
        allowed = self._read_cheap_ones_whole(pending, waiting, allowed)
        if not pending:
            return
        queries = [(term.fulltext_text, term.fulltext_field) for term in pending]
        if len(allowed) <= _CHECK_WITHIN_AT_MOST:
            allowed = holding_every(allowed, known)
            for term, ids in zip(pending, self.within(queries, allowed), strict=True):
                term.use_fulltext(ids)
            return
        self._check_in_chunks(pending, waiting, allowed, known=known, leader=leader)

    def _read_cheap_ones_whole(
        self, pending: list[TermMatcher], waiting: list[ClauseMatcher], allowed: set[int]
    ) -> set[int]:
        """Read common words (cheapest first, taken off `pending`) whole while that is
        estimated to cost less than the checking it saves (`_reading_first_pays`); every
        such word lets only its share of the papers through, and reading one narrows the
        allowed papers (returned) for the next."""
        estimates = self.estimates
        while pending and len(allowed) > _CHECK_WITHIN_AT_MOST:
            shares = [min(1.0, estimates.get(term, 0) / self.papers) for term in pending]
            term = pending[0]
            if not _reading_first_pays(
                estimates.get(term, 0), shares, allowed=len(allowed), wanted=self.wanted
            ):
                break  # the others hold more still
            term.use_fulltext(self.fulltext(term.fulltext_text, term.fulltext_field) & allowed)
            pending.pop(0)
            for clause in [c for c in waiting if term in c.positive and not _pending(c)]:
                allowed = clause.restrict(allowed)
                waiting.remove(clause)
        return allowed

    def check_unread(self, clauses: list[ClauseMatcher], every: FullTextEvery) -> bool:
        """Give the clauses' free words their full-text matches without reading a common
        word whole: the papers some clause holds for by its short fields (or rare words)
        are checked first, a chunk at a time as in `_check_in_chunks`, and the hits still
        missing are papers holding every common word, found by the engine itself (they
        match through full text only, and rank below the checked ones).

        False, with the words' matches forgotten, when that finds fewer than `wanted`
        hits: some may hold only through a clause's large fields, attached files or
        papers not indexed yet, which only reading a word whole finds."""
        waiting = [clause for clause in clauses if _pending(clause)]
        known = [clause for clause in clauses if not _pending(clause)]
        pending = [term for clause in waiting for term in _pending(clause)]
        groups = [[(t.fulltext_text, t.fulltext_field) for t in _pending(c)] for c in waiting]
        # As in `_check_in_chunks`, a clause holding for most papers orders them little.
        held: set[int] = set()
        for clause in waiting:
            if clause.cost() * 2 <= self.papers:
                held |= _papers_of(clause)
        # In the set's own order: sorting tens of thousands of ids would cost more than the
        # one or two chunks usually checked.
        satisfied, taken = self._check_ranked(pending, waiting, iter(held), known=known)
        if satisfied >= self.wanted:
            return True

        def usable(ids: list[int]) -> list[int]:
            return sorted(holding_every({i for i in ids if i not in taken}, known))

        found = set(every(groups, self.wanted - satisfied, usable))
        if satisfied + len(found) < self.wanted:
            for term in pending:
                term.forget_fulltext()
            return False
        # A paper found holds one word of each clause, not always each: given to every
        # term, it ranks the same, as full text counts alike for any word of a clause.
        for term in pending:
            term.use_fulltext((term.fulltext_ids or set()) | found)
        return True

    def _check_in_chunks(
        self,
        pending: list[TermMatcher],
        waiting: list[ClauseMatcher],
        allowed: set[int],
        *,
        known: list[ClauseMatcher],
        leader: ClauseMatcher,
    ) -> None:
        """Check the allowed papers for the pending words a chunk at a time, best first,
        until `wanted` of them satisfy every waiting clause; those of `known` (no word left
        to check) are asked of each chunk first, and only the papers they hold for are
        checked."""
        ranked = _best_first(allowed, [leader, *waiting])
        self._check_ranked(pending, waiting, ranked, known=known)

    def _check_ranked(
        self,
        pending: list[TermMatcher],
        waiting: list[ClauseMatcher],
        ranked: Iterator[int],
        *,
        known: list[ClauseMatcher],
    ) -> tuple[int, set[int]]:
        """Check the `ranked` papers for the pending words a chunk at a time, until `wanted`
        of them satisfy every waiting clause; those of `known` are asked of each chunk
        first, and only the papers they hold for are checked. Returns how many satisfy
        every clause and the papers taken."""
        queries = [(term.fulltext_text, term.fulltext_field) for term in pending]
        matched: list[set[int]] = [set() for _ in pending]
        satisfied = taken_in_all = checked = 0
        taken_so_far: set[int] = set()
        size = _CHECK_CHUNK
        while taken := set(itertools.islice(ranked, size)):
            taken_in_all += len(taken)
            taken_so_far |= taken
            chunk = holding_every(taken, known)
            checked += len(chunk)
            for so_far, new in zip(matched, self.within(queries, chunk), strict=True):
                so_far |= new
            for term, so_far in zip(pending, matched, strict=True):
                term.use_fulltext(so_far)
            # A paper's words are all checked with its chunk: what it satisfies is known.
            satisfied += len(holding_every(chunk, waiting))
            if satisfied >= self.wanted:
                break
            to_check = _next_chunk(self.wanted - satisfied, satisfied / max(checked, 1))
            # As many papers taken as give that many to check, the known clauses let through.
            through = max(checked / taken_in_all, 1 / _TAKEN_PER_CHECKED_AT_MOST)
            size = math.ceil(to_check / through)
        return satisfied, taken_so_far


def _best_first(allowed: set[int], clauses: list[ClauseMatcher]) -> Iterator[int]:
    """The `allowed` papers in about the order ranking would put them if they held every
    clause: by the sum of each clause's best quality in their short fields (full text
    counts alike for all of them), ties highest id first (ranking's last tie-break); then
    the papers none of the clauses holds for there, in their set's own order (sorting tens
    of thousands would cost more than the one or two chunks usually checked).

    With only the other clauses' title papers first, in id order, checking often stopped
    before papers that rank high (at 100k, of the top 10 places that reading every word
    whole gives, 531 of 600 agreed for typed prefixes, 469 of 503 for misspelt titles; in
    this order 600 and 487). A clause whose short fields hold more papers than half the
    allowed ones is left out: scoring each of 50k papers with 'emotion' in their titles
    took 7 ms, and a clause holding for most of them orders them little."""
    scores: dict[int, float] = {}
    for clause in clauses:
        sources = clause.field_sources()
        if sum(len(ids) for _, ids in sources) * 2 > len(allowed):
            continue
        scored: set[int] = set()  # a paper counts once a clause, at its best quality
        for quality, ids in sources:
            found = common(allowed, ids) - scored
            if not found:
                continue
            scored |= found
            if scores:
                get = scores.get
                scores.update({doc_id: get(doc_id, 0.0) + quality for doc_id in found})
            else:
                scores = dict.fromkeys(found, quality)
    by_score: dict[float, list[int]] = {}
    for doc_id, score in scores.items():
        by_score.setdefault(score, []).append(doc_id)
    for score in sorted(by_score, reverse=True):
        yield from sorted(by_score[score], reverse=True)
    yield from allowed - scores.keys()


def _next_chunk(missing: int, share: float) -> int:
    """How many papers to check next for `missing` more hits, when a `share` of those
    checked so far were hits: a quarter more than that share predicts (checking a paper
    costs as much as 30 ids read), within the usual chunk."""
    if share <= 0:
        return _CHECK_CHUNK
    return min(_CHECK_CHUNK, max(_SMALLEST_CHUNK, math.ceil(missing / share * 1.25)))
