"""What a typed word stands for comes best first, ties in word order: the definition,
checked against the vocabulary's own faster sorting."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core.search.vocabulary import Vocabulary

# Words of a small alphabet, so that prefixes, typos and equal qualities abound.
_words = st.lists(st.text(alphabet="abcde", min_size=1, max_size=7), min_size=1, max_size=60)


@settings(max_examples=200, deadline=None)
@given(words=_words, typed=st.text(alphabet="abcde", min_size=1, max_size=6))
def test_an_expansion_ranks_its_words_best_first_ties_by_word(words: list[str], typed: str) -> None:
    vocabulary = Vocabulary()
    vocabulary.load([(word, True) for word in words])
    for prefix, fuzzy, whole in [(True, True, False), (True, False, False), (True, True, True)]:
        expansion = vocabulary.expand(typed, prefix=prefix, fuzzy=fuzzy, whole=whole)
        quality = expansion.quality
        assert list(expansion.ranked) == sorted(quality, key=lambda w: (-quality[w], w))


def test_words_of_equal_quality_come_in_word_order() -> None:
    vocabulary = Vocabulary()
    # Completions of "mo" of one length have one quality: "mode" and "mold" tie.
    vocabulary.load([(word, True) for word in ["mold", "mode", "models", "mo"]])
    expansion = vocabulary.expand("mo", prefix=True, fuzzy=False)
    assert expansion.ranked == ("mo", "mode", "mold", "models")


def test_typo_neighbours_of_equal_quality_come_in_word_order() -> None:
    # One edit from "abcdef" both: a letter dropped ("bcdef", met first, in the shorter
    # words) and a letter changed ("abcdeg"); each is 1 - 1/6 alike.
    vocabulary = Vocabulary()
    vocabulary.load([("bcdef", True), ("abcdeg", True)])
    expansion = vocabulary.expand("abcdef", prefix=False, fuzzy=True)
    assert expansion.quality["bcdef"] == expansion.quality["abcdeg"]
    assert expansion.ranked == ("abcdeg", "bcdef")
