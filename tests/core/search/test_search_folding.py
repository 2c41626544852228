"""Folding: one form for every way a word may be written or typed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.core import folding


@pytest.mark.parametrize(
    "written",
    [
        "Müller",
        "Muller",
        "MÜLLER",
        "muller",
        'M{\\"u}ller',
        'M\\"{u}ller',
        'M\\"uller',
        "Mu\u0308ller",
    ],
)
def test_accents_latex_and_case_fold_alike(written: str) -> None:
    assert folding.for_search(written) == "muller"


@pytest.mark.parametrize(
    ("written", "folded"),
    [
        ("Łukasz Kaiser", "lukasz kaiser"),
        ("Straße", "strasse"),
        ("Søren Ørsted", "soren orsted"),
        ("Æsir", "aesir"),
        ("Erdős", "erdos"),
        ("Çağlar Gülçehre", "caglar gulcehre"),
        ("Žídek", "zidek"),
        ("ﬁne", "fine"),
        ("\\c{c}a", "ca"),
        ("\\v{S}koda", "skoda"),
        ('Sch\\"olkopf', "scholkopf"),
        ("\\'{\\i}", "i"),
        ("{\\o}rsted", "orsted"),
        ("\\ss{}", "ss"),
        ("\\emph{Deep} learning", "deep learning"),
        ("\\url{x}", "x"),
    ],
)
def test_letters_without_a_plain_decomposition_and_latex_macros(written: str, folded: str) -> None:
    assert folding.for_search(written) == folded


@pytest.mark.parametrize(
    ("written", "folded"),
    [
        ("Chen-Yu Wei", "chen yu wei"),
        ("don't", "dont"),
        ("O'Brien", "obrien"),
        ("C++", "c"),
        ("NEAR(", "near"),
        ("  spaced\t\nout  ", "spaced out"),
        ("Deep—learning: a_survey!", "deep learning a survey"),
        ("10.1038/nature14236", "10 1038 nature14236"),
        ("東京 大学", "东京 大学"),  # Traditional folds to Simplified
        ("Ω and Λ", "ω and λ"),
        ("", ""),
        ("-", ""),
        ("a\x00b", "a b"),
    ],
)
def test_punctuation_separates_words_and_apostrophes_vanish(written: str, folded: str) -> None:
    assert folding.for_search(written) == folded


def test_hyphenated_words_are_also_indexed_joined() -> None:
    assert folding.search_index_words("Chen-Yu Wei") == ["chen", "yu", "wei", "chenyu"]
    assert folding.search_index_words("Multi-Agent Q-learning") == [
        "multi",
        "agent",
        "q",
        "learning",
        "multiagent",
        "qlearning",
    ]
    assert folding.search_index_words("Deep Learning") == ["deep", "learning"]


@given(st.text())
def test_fold_never_raises_and_gives_single_spaced_lower_words(text: str) -> None:
    folded = folding.for_search(text)
    assert folded == folded.strip()
    assert "  " not in folded
    assert folded == folding.for_search(folded)


@given(st.text(alphabet=st.characters(max_codepoint=127)))
def test_the_ascii_shortcut_folds_like_the_general_path(text: str) -> None:
    # A trailing non-ASCII word sends the text down the general path.
    general = folding.for_search(text + " é")
    assert general == (folding.for_search(text) + " e").strip()
