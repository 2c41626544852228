"""Latin letters for text in other scripts: pinyin for Chinese, romaji for Japanese, a
transliteration for Cyrillic, Greek, Hangul and the rest.

- Chinese: pypinyin, syllables joined within a word and words cut by jieba (`基于深度学习`
  -> `jiyu shendu xuexi`); a surname read as a surname (`曾` -> `zeng`, not `ceng`).
- Japanese (text with kana, or asked for): cutlet over MeCab (fugashi, unidic-lite), in
  Hepburn (`丸山敏秋` -> `Maruyama Toshiaki`). Han text without kana is read as Chinese
  unless the caller knows better: the characters alone do not tell.
- Greek: the vowel digraphs of ELOT 743 (`ου` -> `ou`, `αυ` -> `av`/`af`), then anyascii
  for the letters, as for Cyrillic (`Кочетков` -> `Kochetkov`) and every other script.

Latin letters, accented or not, are left as they are: folding them is the caller's. The
libraries load on first use (jieba's dictionary takes half a second), so a library without
such text never pays for them; answers are cached, as keys repeat names and words.
"""

from __future__ import annotations

import logging
import re
import threading
from functools import lru_cache
from typing import Any

# Han (and 々), kana with the prolonged-sound mark: the runs read by pinyin or romaji.
_HAN_OR_KANA = re.compile(
    "([\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]+)"
)
_KANA = re.compile("[\u3040-\u30ff]")
_DOUBLED_SPACE = re.compile(" {2,}")
# Everything that is not Latin (with its accents), punctuation or a symbol.
_OTHER_SCRIPT = re.compile("[^\x00-\u036f\u1e00-\u1eff\u2000-\u2bff\ufb00-\ufb06\uff00-\uffef]+")
_GREEK_DIGRAPH = re.compile("([ΑαΕεΗη])([ΥυΎύ])(?=(.?))|([Οο])([ΥυΎύ])", re.DOTALL)
# ELOT 743: αυ, ευ, ηυ are av, ev, iv, but af, ef, if before a voiceless consonant or at
# the end; ου is ou.
_VOICELESS = frozenset("θκξπστφχψςΘΚΞΠΣΤΦΧΨ")
_GREEK_VOWEL = {"Α": "A", "α": "a", "Ε": "E", "ε": "e", "Η": "I", "η": "i"}

#: Chinese surnames whose usual reading as a word differs from the reading as a surname.
SURNAME_READINGS = {
    "曾": "zeng",
    "单": "shan",
    "單": "shan",
    "解": "xie",
    "仇": "qiu",
    "朴": "piao",
    "区": "ou",
    "區": "ou",
    "查": "zha",
    "乐": "yue",
    "樂": "yue",
    "覃": "qin",
    "翟": "zhai",
    "盖": "ge",
    "蓋": "ge",
    "缪": "miao",
    "繆": "miao",
    "召": "shao",
    "繁": "po",
    "员": "yun",
    "種": "chong",
    "种": "chong",
    "秘": "bi",
    "句": "gou",
    "黑": "he",
    "薄": "bo",
    "阚": "kan",
    "闞": "kan",
    "尉": "wei",
    "重": "chong",
    "长孙": "zhangsun",
    "長孫": "zhangsun",
    "尉迟": "yuchi",
    "尉遲": "yuchi",
    "万俟": "moqi",
    "萬俟": "moqi",
    "单于": "chanyu",
    "單于": "chanyu",
}

_lock = threading.Lock()  # jieba's and MeCab's first loads are not to be raced


def needs_romanising(text: str) -> bool:
    """Whether `text` has letters of a script other than Latin."""
    return not text.isascii() and _OTHER_SCRIPT.search(text) is not None


def romanised(text: str, *, japanese: bool = False) -> str:
    """`text` with every run of another script in Latin letters, words apart by spaces;
    Han without kana is read as Chinese unless `japanese`."""
    if not needs_romanising(text):
        return text
    return _romanised(text, japanese)


@lru_cache(maxsize=65536)
def _romanised(text: str, japanese: bool) -> str:
    pieces = []
    for index, piece in enumerate(_HAN_OR_KANA.split(text)):
        if index % 2:
            as_japanese = japanese or _KANA.search(piece) is not None
            pieces.append(f" {_romaji(piece) if as_japanese else _pinyin_words(piece)} ")
        elif piece:
            pieces.append(_OTHER_SCRIPT.sub(_transliterated, piece))
    # Runs were set apart by spaces; where a space stood already, one is enough.
    return _DOUBLED_SPACE.sub(" ", "".join(pieces)).strip()


def romanised_surname(family: str, *, japanese: bool = False) -> str:
    """A family name in Latin letters, a Chinese one read as a surname (`曾` -> `zeng`)."""
    if japanese or not needs_romanising(family) or _KANA.search(family):
        return romanised(family, japanese=japanese)
    for length in (2, 1):
        reading = SURNAME_READINGS.get(family[:length])
        if reading is not None:
            rest = family[length:]
            return reading + (_pinyin(rest) if rest else "")
    return _pinyin(family) if _HAN_OR_KANA.fullmatch(family) else romanised(family)


def chinese_words(text: str) -> list[str]:
    """`text` cut into Chinese words (jieba): `基于深度学习` -> 基于, 深度, 学习."""
    return [word for word in _jieba().cut(text) if word.strip()]


def _pinyin_words(run: str) -> str:
    return " ".join(_pinyin(word) for word in chinese_words(run))


def _pinyin(word: str) -> str:
    from pypinyin import lazy_pinyin  # loaded here: a library without Chinese never needs it

    return "".join(lazy_pinyin(word))


def _romaji(run: str) -> str:
    with _lock:
        return str(_cutlet().romaji(run))


def _transliterated(match: re.Match[str]) -> str:
    from anyascii import anyascii

    text = match.group()
    if "υ" in text or "Υ" in text:
        text = _GREEK_DIGRAPH.sub(_greek_digraph, text)
    return str(anyascii(text))


def _greek_digraph(match: re.Match[str]) -> str:
    if match.group(4):  # ου
        return ("OU" if match.group(5).isupper() else "Ou") if match.group(4).isupper() else "ou"
    vowel, upsilon, after = match.group(1), match.group(2), match.group(3)
    consonant = "f" if (not after or not after.isalpha() or after in _VOICELESS) else "v"
    consonant = consonant.upper() if upsilon.isupper() else consonant
    return _GREEK_VOWEL[vowel] + consonant


@lru_cache(maxsize=1)
def _jieba() -> Any:
    with _lock:
        import jieba

        jieba.setLogLevel(logging.WARNING)  # it announces its dictionary on stderr
        jieba.initialize()
        return jieba


@lru_cache(maxsize=1)
def _cutlet() -> Any:
    import cutlet

    return cutlet.Cutlet()
