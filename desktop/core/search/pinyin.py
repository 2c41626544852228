"""Pinyin for search: Chinese titles and names found by their reading (`zhangsan` finds 张三).

The index holds, for each run of Chinese characters, the toneless syllable of every
character and every two neighbouring syllables joined (张三 -> `zhang`, `san`, `zhangsan`),
in fields of their own (`title_pinyin`, `author_pinyin`). A typed word made only of
syllables (`rengongzhineng`) is cut into them and looked up as the same joined pairs, all
of which must be there; one syllable alone is looked up as itself. Readings come from
pypinyin, which picks a character's reading from the words around it (重庆 -> chongqing).
"""

from __future__ import annotations

import functools
import itertools
import unicodedata

from desktop.core import cjk

#: No syllable is longer than this (`zhuang`, `shuang`).
_LONGEST = 6


def text_words(folded: str) -> list[str]:
    """The pinyin words of the Chinese runs of a folded text (see the module's docstring)."""
    return with_pairs(reading(folded))


def reading(folded: str) -> list[str]:
    """The syllables of the Chinese runs of a folded text, in order (人工智能 -> ren gong
    zhi neng); what is not Chinese is left out."""
    from pypinyin import lazy_pinyin  # its dictionaries load only when Chinese is indexed

    found: list[str] = []
    for word in folded.split():
        if cjk.is_run(word) and cjk.has_han(word):
            found += (s for s in lazy_pinyin(word) if s.isascii() and s.isalpha())
    return found


def with_pairs(syllables: list[str]) -> list[str]:
    """The syllables, then each two neighbours joined (`zhang san` -> + `zhangsan`)."""
    return syllables + [a + b for a, b in itertools.pairwise(syllables)]


@functools.lru_cache(maxsize=65_536)
def name_words(family: str, given: str) -> tuple[str, ...]:
    """The pinyin words of a folded name read family name first (张 + 三 -> `zhang`, `san`,
    `zhangsan`); remembered, since the same people come back paper after paper."""
    return tuple(text_words(f"{family}{given}".replace(" ", "")))


@functools.cache
def syllables() -> frozenset[str]:
    """Every toneless syllable pypinyin knows (`lü` written `lv`, as it writes it)."""
    from pypinyin.pinyin_dict import pinyin_dict

    found = set()
    for readings in pinyin_dict.values():
        for reading in readings.split(","):
            plain = unicodedata.normalize("NFKD", reading).replace("u\u0308", "v")
            found.add("".join(c for c in plain if not unicodedata.combining(c)))
    return frozenset(s for s in found if s.isascii() and s.isalpha())


def split_syllables(word: str) -> list[str] | None:
    """`word` cut into the fewest pinyin syllables (`rengongzhineng` -> ren gong zhi neng,
    `xian` -> xian), or None when it is not pinyin."""
    if not (word.isascii() and word.isalpha()):
        return None
    known = syllables()
    # best[i]: the fewest syllables spelling word[:i], as the list of them.
    best: list[list[str] | None] = [[]] + [None] * len(word)
    for end in range(1, len(word) + 1):
        for start in range(max(0, end - _LONGEST), end):
            before = best[start]
            if before is not None and word[start:end] in known:
                candidate = [*before, word[start:end]]
                current = best[end]
                if current is None or len(candidate) < len(current):
                    best[end] = candidate
    return best[-1]


def query_words(word: str) -> tuple[str, ...] | None:
    """The pinyin words a paper must hold for a typed word to match it by reading: the
    word itself for one syllable, its joined pairs for more; None when it is not pinyin."""
    parts = split_syllables(word)
    if not parts:
        return None
    if len(parts) == 1:
        return (parts[0],)
    return tuple(a + b for a, b in itertools.pairwise(parts))
