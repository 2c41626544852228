"""Scripts written without spaces (Han, Hiragana, Katakana), as search needs them: which
characters they are, runs of them cut into overlapping bigrams, and Traditional Chinese
characters folded to Simplified.

A run of such characters has no word boundaries a program can trust, so search indexes
every pair of neighbouring characters (`强化学习` -> `强化 化学 学习`) and reads a typed run
as the phrase of its pairs, as Lucene's CJKBigramFilter does. A run of one character is
its own word. Hangul is written with spaces and is left to the ordinary word splitting.

Pure Python, no database: `desktop.core.folding` imports it.
"""

from __future__ import annotations

import functools
import re

# Han (unified ideographs, extension A, compatibility ideographs, the supplementary
# extensions), the iteration marks 々〆〇, Hiragana, Katakana without its middle dot (a
# separator) and the small Katakana extension.
CHARACTERS = (
    "\u3005-\u3007\u3041-\u3096\u309d-\u309f\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
)
_RUN = re.compile(f"[{CHARACTERS}]+")
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")

# Where the Traditional characters OpenCC converts are looked for.
_HAN_BLOCKS = ((0x3400, 0x4DC0), (0x4E00, 0xA000), (0xF900, 0xFB00), (0x20000, 0x31350))


def has_cjk(text: str) -> bool:
    """Whether `text` holds a character of a script written without spaces."""
    return not text.isascii() and _RUN.search(text) is not None


def has_han(text: str) -> bool:
    """Whether `text` holds a Chinese character (kanji included)."""
    return not text.isascii() and _HAN.search(text) is not None


def is_run(word: str) -> bool:
    """Whether a folded search word is a run of CJK characters (`for_search` keeps such
    runs apart from letters of other scripts, so the first character tells)."""
    return not word.isascii() and _RUN.match(word) is not None


def bigrams(run: str) -> list[str]:
    """The overlapping pairs of a run (`机器人` -> `机器`, `器人`); a single character alone."""
    if len(run) < 2:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]


def with_bigrams(words: list[str]) -> list[str]:
    """`words` with every CJK run replaced by its bigrams (the words the index holds)."""
    found: list[str] = []
    for word in words:
        if is_run(word):
            found += bigrams(word)
        else:
            found.append(word)
    return found


def spaced_runs(text: str) -> str:
    """`text` with a space on either side of each CJK run (`基于GPT的` -> ` 基于 GPT 的 `),
    so that a run and the letters of another script beside it are separate words."""
    return _RUN.sub(lambda m: f" {m.group()} ", text)


def cut_runs(text: str) -> str:
    """`text` with every CJK run written as its bigrams separated by spaces: the form the
    full-text engines index, since neither can cut such runs itself."""
    return _RUN.sub(lambda m: " " + " ".join(bigrams(m.group())) + " ", text)


@functools.cache
def traditional_to_simplified() -> dict[int, str]:
    """OpenCC's Traditional-to-Simplified conversion, character by character, as a table
    for `str.translate` (made once, in about 20 ms).

    Character by character rather than OpenCC's phrase conversion: search compares texts a
    character at a time (bigrams), and the full-text engines must fold in the same way, so
    the table is what PostgreSQL's migration writes into its function too.
    """
    import opencc  # only when Chinese text is first folded

    characters = [chr(code) for start, end in _HAN_BLOCKS for code in range(start, end)]
    # One call for all of them; a line break keeps OpenCC from reading two as a phrase.
    converted = opencc.OpenCC("t2s").convert("\n".join(characters)).split("\n")
    assert len(converted) == len(characters)
    return {
        ord(old): new
        for old, new in zip(characters, converted, strict=True)
        if new != old and len(new) == 1
    }


def to_simplified(text: str) -> str:
    """`學習` -> `学习`; text without Chinese characters comes back as it is."""
    if not has_han(text):
        return text
    return text.translate(traditional_to_simplified())
