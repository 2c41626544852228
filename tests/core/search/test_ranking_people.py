"""A query naming a person with a typo (as the benchmark's "misspelt author" queries do):
papers by that person, with the initial typed, come before papers where the word matched
a given name only, and the closest spelling is ranked however long the paper's title."""

from __future__ import annotations

from desktop.core.search.document import SearchDocument
from desktop.core.search.index import SearchIndex
from desktop.core.search.query import parse


def _ids(index: SearchIndex, text: str) -> list[int]:
    return [hit.doc_id for hit in index.search(parse(text), limit=50)]


def test_the_initial_and_the_family_name_are_the_persons() -> None:
    docs = [
        # The person asked for: L. Martin, under a long title.
        SearchDocument(
            id=1,
            title="A framework for planning the motion of many cooperating robots",
            authors=[("Lucas", "Martin")],
            year=2001,
        ),
        # "Martin" only as a given name (and an L only in the family name).
        SearchDocument(id=2, title="Framework", authors=[("Martin", "López")], year=2020),
        # A Martin, but not L. Martin.
        SearchDocument(
            id=3,
            title="Framework study",
            authors=[("Esther", "Martin"), ("Lina", "Jones")],
            year=2019,
        ),
    ]
    index = SearchIndex.build(docs)
    assert _ids(index, "L. Maritn framework") == [1, 3, 2]


def test_the_closest_spelling_is_shortlisted_among_many_farther_ones() -> None:
    # More papers than are ever ranked match the typo farther (Uskov is two edits from
    # "noskov"), all with shorter titles than the one Nørskov wrote (one edit away).
    docs = [
        SearchDocument(id=n, title="Filter design", authors=[("Ivan", "Uskov")], year=2020)
        for n in range(1, 400)
    ]
    docs.append(
        SearchDocument(
            id=400, title="Filter design for catalysis", authors=[("Jens", "Nørskov")], year=2000
        )
    )
    index = SearchIndex.build(docs)
    assert 400 in _ids(index, "Nøskov filter")[:10]


def test_a_name_one_slip_away_comes_before_names_two_slips_away() -> None:
    # From the science-shaped benchmark: "Johnasen" is one swap from Johansen and two
    # edits from Johnson. Johnson's papers have short titles that read more like the
    # query, and Johansen is fourth of five authors, yet Johansen is the one meant.
    docs = [
        SearchDocument(
            id=1,
            title="Program pipeline on multiple weakly supervised modelling decompositions",
            authors=[
                ("Ryo", "Ishikawa"),
                ("Xu-Cun", "Ma"),
                ("Shreya L.", "Pham"),
                ("H. A.", "Johansen"),
                ("Grace", "Romano"),
            ],
            year=2001,
        ),
        SearchDocument(
            id=2,
            title="Modeling program functional parametric",
            authors=[("Clint R.", "Whaley"), ("Jian", "Johnson"), ("Élise", "Sørensen")],
            year=2020,
        ),
        SearchDocument(
            id=3,
            title="Multiple modelling program relative parametric gap",
            authors=[("Sergey", "Agarwal"), ("David", "Johnson")],
            year=2021,
        ),
    ]
    index = SearchIndex.build(docs)
    assert _ids(index, "Johnasen program")[0] == 1
