"""Untitled papers find their titles: a listing of corpus papers, titles removed, imported and
completed against loopback stand-ins for arXiv's and Crossref's search APIs.

The papers are real entries of `../shared/corpus/bibliotex` read at test time (see
`core.search_services`); the services also know the other papers of the same first authors
and companion papers that share the opening of an abstract, and six listing papers are
unknown to them, so any title applied to those would be wrong.
"""

from __future__ import annotations

import itertools
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from core.lookup_server import Answer, FakeServices, running_services
from core.search_services import Collection, SearchIndex, build_collection, corpus_records

from desktop.core import api
from desktop.core.completion import proposals, queries, scoring, services
from desktop.core.errors import KnownError, StaleEditError
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library


class FakeClock:
    """A monotonic clock that only moves when someone sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def time(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


@pytest.fixture(scope="module")
def collection(corpus_dir: Path) -> Collection:
    return build_collection(corpus_records(corpus_dir))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def stub(collection: Collection, clock: FakeClock) -> Iterator[FakeServices]:
    with running_services() as running:
        running.clock = clock.time
        SearchIndex(collection.known).serve(running)
        yield running


def _where(stub: FakeServices, clock: FakeClock, mailto: str = "") -> services.Services:
    pacer = services.Pacer(services.ARXIV_INTERVAL, clock=clock.time, sleep=clock.sleep)
    return services.Services(arxiv_url=stub.url, crossref_url=stub.url, pacer=pacer, mailto=mailto)


def _imported(library: Library, collection: Collection) -> list[int]:
    report = library.import_text(collection.listing(), source="listing.txt")
    assert len(report.paper_ids) == len(collection.listed)
    return report.paper_ids


def test_the_collection_is_big_enough(collection: Collection) -> None:
    assert len(collection.targets) >= 30
    distractors = len(collection.known) - len(collection.targets)
    assert distractors >= 30


def test_a_listing_gets_its_titles_and_identifiers_back(
    library: Library, collection: Collection, stub: FakeServices, clock: FakeClock
) -> None:
    ids = _imported(library, collection)
    assert library.untitled_ids() == ids
    found = library.find_completions(ids, where=_where(stub, clock))
    truth = dict(zip(ids, collection.listed, strict=True))
    library.apply(proposals.fill_step(proposals.confident_choices(found)))

    recovered = 0
    for proposal in found:
        paper = library.paper(proposal.paper.paper_id).paper
        true = truth[paper.id]
        if true in collection.absent:
            assert paper.title == "", "a title was applied to a paper no service knows"
            assert not proposal.confident
        elif proposal.confident:
            assert (paper.title, paper.doi.casefold()) == (true.title, true.doi.casefold())
            assert paper.year == true.year
            recovered += 1
        else:
            assert paper.title == ""
            assert proposal.best is not None
            assert proposal.best.record.doi.casefold() == true.doi.casefold(), "right one first"
    assert recovered >= 30
    assert len(library.untitled_ids()) == len(ids) - recovered


def test_filled_values_say_where_they_came_from_and_undo_takes_them_all_back(
    library: Library, collection: Collection, stub: FakeServices, clock: FakeClock
) -> None:
    ids = _imported(library, collection)[:6]
    found = library.find_completions(ids, where=_where(stub, clock))
    choices = proposals.confident_choices(found)
    assert choices
    undo = library.apply(proposals.fill_step(choices))
    first = choices[0]
    origins = library.field_origins(first.proposal.paper.paper_id)
    assert set(origins) >= {"title", "doi", "year"}
    assert origins["title"].source in ("arXiv", "arXiv + Crossref", "Crossref")
    assert first.candidate.record.doi in origins["doi"].reference
    assert origins["title"].score >= scoring.THRESHOLD

    everyone = len(collection.listed)
    assert len(library.untitled_ids()) == everyone - len(choices)
    redo = library.apply(undo)  # one step: every paper back at once
    assert len(library.untitled_ids()) == everyone
    assert library.field_origins(first.proposal.paper.paper_id) == {}
    assert library.paper(first.proposal.paper.paper_id).paper.doi == ""
    library.apply(redo)
    assert len(library.untitled_ids()) == everyone - len(choices)
    assert set(library.field_origins(first.proposal.paper.paper_id)) >= {"title", "doi"}


def test_precision_before_recall_at_the_shipped_threshold(
    library: Library, collection: Collection, stub: FakeServices, clock: FakeClock
) -> None:
    """The figures quoted in `scoring`: every title applied is right, and most are applied.
    Looser settings would apply a wrong title here: they are what keeps precision at 1."""
    ids = _imported(library, collection)
    found = library.find_completions(ids, where=_where(stub, clock))
    truth = dict(zip(ids, collection.listed, strict=True))

    def figures(floor: float, threshold: float = scoring.THRESHOLD) -> tuple[float, float]:
        right = wrong = 0
        for proposal in found:
            if len(proposal.candidates) < 1:
                continue
            best = proposal.candidates[0]
            runner_up = proposal.candidates[1].evidence if len(proposal.candidates) > 1 else None
            shipped = scoring.ABSTRACT_FLOOR, scoring.THRESHOLD
            scoring.ABSTRACT_FLOOR, scoring.THRESHOLD = floor, threshold
            try:
                sure = scoring.confident(best.evidence, runner_up)
            finally:
                scoring.ABSTRACT_FLOOR, scoring.THRESHOLD = shipped
            if sure and best.record.doi == truth[proposal.paper.paper_id].doi:
                right += 1
            elif sure:
                wrong += 1
        precision = right / (right + wrong) if right + wrong else 1.0
        return precision, right / len(collection.targets)

    for floor in (0.0, 0.8, 0.9, scoring.ABSTRACT_FLOOR, 0.99):
        for threshold in (0.5, 0.6, 0.7, 0.8, scoring.THRESHOLD):
            measured = figures(floor, threshold)
            print(
                "floor {:.2f}, threshold {:.2f}: precision {:.3f}, recall {:.3f}".format(
                    floor, threshold, *measured
                )
            )
    precision, recall = figures(scoring.ABSTRACT_FLOOR)
    assert precision == 1.0
    assert recall >= 0.85
    wrong_best = [
        p.best.evidence.abstract or 0.0
        for p in found
        if p.best is not None and p.best.record.doi != truth[p.paper.paper_id].doi
    ]
    print(f"best wrong candidates' abstract similarity: at most {max(wrong_best):.3f}")
    assert max(wrong_best) < scoring.ABSTRACT_FLOOR - 0.03
    assert figures(0.0, 0.6)[0] < 1.0, "looser settings would apply a wrong title"


def test_arxiv_is_asked_at_most_once_every_three_seconds(
    library: Library, collection: Collection, stub: FakeServices, clock: FakeClock
) -> None:
    ids = _imported(library, collection)[:5]
    library.find_completions(ids, where=_where(stub, clock))
    arrivals = [seen.at for seen in stub.requests if seen.path == "/api/query"]
    assert len(arrivals) == 5
    assert all(b - a >= 3.0 for a, b in itertools.pairwise(arrivals))


@pytest.mark.parametrize(
    ("arxiv_url", "interval"),
    [
        ("", services.ARXIV_INTERVAL),  # arXiv itself
        ("https://arxiv-mirror.example.org", services.ARXIV_INTERVAL),
        ("http://127.0.0.1:8123", 0.0),
        ("http://localhost:8123", 0.0),
        ("http://[::1]:8123", 0.0),
    ],
)
def test_arxivs_pace_is_kept_for_every_server_but_one_on_this_machine(
    arxiv_url: str, interval: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PAPERSHELF_ARXIV_URL", raising=False)
    pacer = services.Services(arxiv_url=arxiv_url).pacer
    assert pacer is not None and pacer.interval == interval


def test_the_pacer_spaces_calls_in_real_time() -> None:
    pacer = services.Pacer(0.2)
    import time

    moments = []
    for _ in range(3):
        pacer.wait()
        moments.append(time.monotonic())
    assert all(b - a >= 0.19 for a, b in itertools.pairwise(moments))


def test_crossref_gets_the_contact_address_from_the_preference(
    library: Library, collection: Collection, stub: FakeServices, clock: FakeClock
) -> None:
    library.set_contact_address("reader@example.org")
    assert library.contact_address() == "reader@example.org"
    ids = _imported(library, collection)[:1]
    library.find_completions(ids, where=_where(stub, clock, library.contact_address()))
    crossref = [seen for seen in stub.requests if seen.path == "/works"]
    assert crossref
    assert "mailto:reader@example.org" in crossref[0].headers["User-Agent"]
    with pytest.raises(KnownError, match="e-mail address"):
        library.set_contact_address("not an address")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_offline_one_sentence_and_nothing_changes(
    library: Library, collection: Collection, clock: FakeClock
) -> None:
    ids = _imported(library, collection)[:3]
    nowhere = f"http://127.0.0.1:{_free_port()}"
    pacer = services.Pacer(3.0, clock=clock.time, sleep=clock.sleep)
    where = services.Services(arxiv_url=nowhere, crossref_url=nowhere, pacer=pacer, timeout=2)
    with pytest.raises(KnownError) as raised:
        library.find_completions(ids, where=where)
    sentence = str(raised.value)
    assert "could not reach arXiv" in sentence and "\n" not in sentence
    assert len(library.untitled_ids()) == len(collection.listed)


@pytest.mark.parametrize(
    ("path", "body", "status", "expected"),
    [
        ("/api/query", b"<html>Service Unavailable</html>", 200, "arXiv sent an answer"),
        ("/api/query", b"busy", 503, "arXiv is busy"),
        ("/works", b'{"message": {"items": "nothing"}}', 200, "Crossref sent an answer"),
        ("/works", b"not json", 200, "Crossref sent an answer"),
    ],
)
def test_garbage_answers_are_a_sentence(  # noqa: PLR0913 -- fixtures and the parameters
    library: Library,
    collection: Collection,
    stub: FakeServices,
    clock: FakeClock,
    path: str,
    body: bytes,
    status: int,
    expected: str,
) -> None:
    ids = _imported(library, collection)[:2]
    stub.route(path, lambda _query: Answer(body, status=status))
    with pytest.raises(KnownError, match=expected):
        library.find_completions(ids, where=_where(stub, clock))
    assert len(library.untitled_ids()) == len(collection.listed)


def test_values_the_user_typed_are_asked_about_not_overwritten(
    library: Library, collection: Collection, stub: FakeServices, clock: FakeClock
) -> None:
    ids = _imported(library, collection)[:6]
    found = library.find_completions(ids, where=_where(stub, clock))
    sure = next(p for p in found if p.confident)
    paper_id = sure.paper.paper_id
    assert sure.best is not None
    typed_year = (sure.best.record.year or 2000) + 3
    details = library.paper(paper_id)
    library.update_paper(paper_id, expected_version=details.paper.version, year=typed_year)

    (again,) = library.find_completions([paper_id], where=_where(stub, clock))
    plan = again.plan()
    assert plan.asks["year"] == (typed_year, sure.best.record.year)
    assert "title" in plan.fills
    library.apply(proposals.fill_step(proposals.confident_choices([again])))
    assert library.paper(paper_id).paper.year == typed_year
    assert "year" not in library.field_origins(paper_id)

    (third,) = library.find_completions([paper_id], where=_where(stub, clock))
    assert third.best is not None and set(third.plan().asks) == {"year"}
    overwrite = proposals.Choice(third, third.best, frozenset({"year"}))
    library.apply(proposals.fill_step([overwrite]))
    assert library.paper(paper_id).paper.year == sure.best.record.year
    assert library.field_origins(paper_id)["year"].source


def test_a_paper_edited_meanwhile_is_not_overwritten(
    library: Library, collection: Collection, stub: FakeServices, clock: FakeClock
) -> None:
    ids = _imported(library, collection)[:4]
    found = library.find_completions(ids, where=_where(stub, clock))
    sure = next(p for p in found if p.confident)
    paper_id = sure.paper.paper_id
    version = library.paper(paper_id).paper.version
    library.update_paper(paper_id, expected_version=version, title="My own title")
    with pytest.raises(StaleEditError, match="changed since it was looked up"):
        library.apply(proposals.fill_step(proposals.confident_choices(found)))
    assert library.paper(paper_id).paper.title == "My own title"
    # The step is one transaction: the other papers were not filled either.
    assert len(library.untitled_ids()) == len(collection.listed) - 1


def test_cancel_stops_between_papers(
    library: Library, collection: Collection, stub: FakeServices, clock: FakeClock
) -> None:
    ids = _imported(library, collection)[:5]
    seen: list[tuple[int, int]] = []
    found = library.find_completions(
        ids,
        where=_where(stub, clock),
        progress=lambda done, total: seen.append((done, total)),
        cancelled=lambda: len(seen) >= 2,
    )
    assert len(found) == 2
    assert seen == [(0, 5), (1, 5)]


def test_distinctive_words_prefer_names_made_up_for_the_paper() -> None:
    abstract = (
        "We propose the Sequential World Model (**SeqWM**), a framework that integrates the "
        "sequential paradigm into multi-robot reinforcement learning with autoregressive models."
    )
    words = queries.distinctive_words(abstract)
    assert words[0] == "seqwm"
    assert "framework" not in words and "propose" not in words
    query = queries.build([Person(given="Zijie", family="Zhao")], abstract)
    assert services.arxiv_query(query).startswith("au:Zhao AND (abs:seqwm OR ")
    byline = [Person(given="H.-J.", family="Stöckmann"), Person(given="J.", family="van der Berg")]
    assert queries.build(byline, abstract).families == ("Stockmann", "Berg")
    linked = queries.distinctive_words("Code at https://github.com/someone2022/repo " + abstract)
    assert "someone2022" not in linked and "github" not in linked


def test_an_arxiv_preprint_and_its_journal_version_are_one_candidate() -> None:
    paper = proposals.unknown_from(
        1, [Person(given="A", family="Smith")], {"abstract": "x " * 40, "title": ""}
    )
    preprint = Record(entry_type="misc", title="T", arxiv_id="2101.00001", doi="10.1/J")
    journal = Record(entry_type="article", title="T", doi="10.1/j", journal="J. Things")
    (candidate,) = proposals.rank(paper, [(preprint, "arXiv"), (journal, "Crossref")]).candidates
    assert candidate.sources == ("arXiv", "Crossref")
    assert (candidate.record.arxiv_id, candidate.record.journal) == ("2101.00001", "J. Things")
    assert candidate.record.entry_type == "article"


def test_the_api_offers_completion_to_the_window_and_the_command_line() -> None:
    assert api.completion_step is proposals.fill_step
