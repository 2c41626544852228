"""`Library.search` over a real library on both backends: seeds, qualifiers, full text."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.core.formats import listing
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library

REPO = Path(__file__).resolve().parents[3]


def _seeded(library: Library, seed_listing: Path) -> list[int]:
    result = listing.parse(seed_listing.read_text(encoding="utf-8"), seed_listing.name)
    assert len(result.records) == 20
    return library.import_parsed(result, source=seed_listing.name, format="listing").paper_ids


def test_untitled_seed_papers_are_found_by_author_and_abstract(
    library: Library, seed_listing: Path
) -> None:
    ids = set(_seeded(library, seed_listing))
    text = seed_listing.read_text(encoding="utf-8")
    for query in ("Pacchiano", "levine", "Metelli", "tokamak", "BAPO"):
        hits = library.search(query)
        assert hits, f"nothing found for {query!r}"
        assert hits[0].paper_id in ids
        top = library.paper(hits[0].paper_id)
        haystack = " ".join(
            [top.paper.abstract, *(f"{p.given} {p.family}" for p in top.authors)]
        ).casefold()
        assert query.casefold() in haystack, (query, top.paper.abstract[:80])
    assert "tokamak" in text.casefold()  # the seed really contains what we look for


def test_qualifiers_and_full_text(library: Library) -> None:
    a = library.add_paper(
        Record(
            title="Playing Atari with Deep Reinforcement Learning",
            year=2013,
            journal="arXiv",
            abstract="We present the first deep learning model to learn control policies.",
            authors=[Person(given="Volodymyr", family="Mnih")],
        )
    ).id
    b = library.add_paper(
        Record(
            title="Mastering the game of Go with deep neural networks and tree search",
            year=2016,
            journal="Nature",
            authors=[Person(given="David", family="Silver")],
        )
    ).id
    library.add_note(b, "Compare with AlphaZero later.")
    assert [h.paper_id for h in library.search("abstract:policies")] == [a]
    assert [h.paper_id for h in library.search("note:alphazero")] == [b]
    assert [h.paper_id for h in library.search("year:>=2015 deep")] == [b]
    assert [h.paper_id for h in library.search("deep -atari")] == [b]
    assert {h.paper_id for h in library.search("mnih OR silver")} == {a, b}
    assert [h.paper_id for h in library.search("venue:nature")] == [b]
    assert [h.paper_id for h in library.search('"tree search"')] == [b]


def test_another_process_sees_changes_after_a_refresh(library: Library) -> None:
    library.add_paper(Record(title="Soft Actor-Critic", authors=[Person(family="Haarnoja")]))
    assert library.search("haarnoja")
    adder = (
        "import sys\n"
        "from desktop.core.library import Library\n"
        "from desktop.core.formats.record import Record\n"
        "with Library.open(sys.argv[1]) as lib:\n"
        "    lib.add_paper(Record(title='Proximal Policy Optimization Algorithms'))\n"
    )
    subprocess.run([sys.executable, "-c", adder, library.url], cwd=REPO, check=True)
    library.refresh()
    assert library.search("proximal policy")


def test_search_command_prints_json(library: Library) -> None:
    paper = library.add_paper(
        Record(
            title="Deep Residual Learning for Image Recognition",
            year=2016,
            authors=[Person(given="Kaiming", family="He")],
        )
    )
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "desktop",
            "search",
            "resdual lerning",
            "--json",
            "--db",
            library.url,
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rows = json.loads(out)
    assert rows[0]["id"] == paper.id
    assert set(rows[0]) == {"id", "citekey", "title", "authors", "year", "score"}
    assert rows[0]["authors"] == ["Kaiming He"]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=30))
def test_no_query_makes_search_raise(library: Library, text: str) -> None:
    if library.count() == 0:
        library.add_paper(Record(title="C++ templates: don't panic", abstract="NEAR( multi-agent"))
        library.add_paper(Record(title="Multi-agent RL", authors=[Person(family="Wei")]))
    assert isinstance(library.search(text), list)


def test_quick_search_leaves_abstracts_out_unless_asked(library: Library) -> None:
    in_title = library.add_paper(Record(title="Tokamak control")).id
    in_abstract = library.add_paper(Record(title="Plasma", abstract="A tokamak study.")).id
    assert [h.paper_id for h in library.search("tokamak")] == [in_title, in_abstract]
    assert [h.paper_id for h in library.search("tokamak", full_text=False)] == [in_title]
    assert [h.paper_id for h in library.search("abstract:tokamak", full_text=False)] == [
        in_abstract
    ]


def test_the_trash_is_searched_on_its_own(library: Library) -> None:
    kept = library.add_paper(Record(title="Tokamak control", authors=[Person(family="Degrave")]))
    binned = library.add_paper(Record(title="Tokamak shapes", abstract="Plasma in a tokamak."))
    library.delete_papers([binned.id])
    assert [h.paper_id for h in library.search("tokamak")] == [kept.id]
    assert [h.paper_id for h in library.search("tokamak", trash=True)] == [binned.id]
    assert library.search("abstract:plasma") == []  # remembered for the library's index
    assert [h.paper_id for h in library.search("abstract:plasma", trash=True)] == [binned.id]
    assert library.search("abstract:plasma") == []
    assert library.search("degrave", trash=True) == []


def test_an_initial_is_a_given_name_not_a_word_of_the_abstracts(library: Library) -> None:
    # "R." stands for Robert's given name; Sergey's abstract has an "R." of its own (and
    # the R language), which must not make his paper one by an R. Levine.
    sergey = library.add_paper(
        Record(
            title="End-to-End Training of Deep Visuomotor Policies",
            abstract="Following R. Sutton, the policies are trained by guided search in R.",
            authors=[Person(given="Sergey", family="Levine")],
        )
    ).id
    robert = library.add_paper(
        Record(title="Arctic sea ice", authors=[Person(given="Robert", family="Levine")])
    ).id
    assert [h.paper_id for h in library.search("R. Levine")] == [robert]
    assert [h.paper_id for h in library.search("S. Levine")] == [sergey]
    assert [h.paper_id for h in library.search("S. Levine guided")] == [sergey]  # abstracts read
    assert [h.paper_id for h in library.search("Levine Sutton")] == [sergey]
