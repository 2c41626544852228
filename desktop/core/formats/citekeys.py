"""Citation keys: `vaswani2017attention` from a record, and `a`, `b`, ... when one is taken.

A pattern is literal text and tokens in square brackets. Tokens:

- `[auth]`: first author's family name (first editor's when there is no author), folded to
  ASCII, lower-case, letters and digits only; `anon` when there is no usable name. Other
  scripts are romanised (`desktop.core.romanisation`): `张三` -> `zhang` (the family name
  of a CJK name, read as a surname), `丸山敏秋` -> `maruyama`, `Кочетков` -> `kochetkov`.
- `[Auth]`: the same with a capital first letter.
- `[year]`: the four-digit year; nothing when the year is unknown.
- `[shortyear]`: the year's last two digits; nothing when unknown.
- `[shorttitle]`: the first significant word of the title (articles, prepositions and the
  like skipped), lower-case; nothing for an untitled paper. A Chinese title's first word
  is cut by a segmenter and written in pinyin (`基于深度学习...` -> `jiyu`); a Japanese one
  (kana in the title, or `langid = {japanese}`) in romaji.
- `[Shorttitle]`: the same with a capital first letter.
- `[veryshorttitle]`: kept as an alias of `[shorttitle]`, the name other tools use for it.

Keys only ever hold ASCII letters, digits and `-_:.`, which BibTeX, biber and LaTeX's
`\\cite` all accept.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from desktop.core import folding, romanisation
from desktop.core.formats import cjk_names
from desktop.core.formats.record import Person, Record
from desktop.core.sentences import sentence

DEFAULT_PATTERN = "[auth][year][shorttitle]"

#: Words a title key skips: articles, prepositions, conjunctions, and "towards"/"using".
STOP_WORDS = frozenset(
    """a an the on of in for to and or with at by from into onto upon via is are be as
    its it this that these those toward towards using about over under through what when
    how why do does can""".split()
)

_TOKEN = re.compile(r"\[([A-Za-z]+)\]")
_NOT_KEY = re.compile(r"[^A-Za-z0-9_:.-]")
_TEX_COMMAND = re.compile(r"\\[A-Za-z]+|\\.")
_WORD = re.compile(r"[a-z0-9]+")


def citekey_for(record: Record, pattern: str = DEFAULT_PATTERN) -> str:
    """The key `pattern` gives for `record` (not yet made unique: see `disambiguate`)."""
    japanese = _is_japanese(record)
    values = {
        "auth": _author_part(record, japanese=japanese),
        "year": str(record.year) if record.year is not None else "",
        "shortyear": f"{record.year % 100:02d}" if record.year is not None else "",
        "shorttitle": _title_part(record.title, japanese=japanese),
    }
    values["veryshorttitle"] = values["shorttitle"]
    values["Auth"] = values["auth"][:1].upper() + values["auth"][1:]
    values["Shorttitle"] = values["shorttitle"][:1].upper() + values["shorttitle"][1:]

    def replace(token: re.Match[str]) -> str:
        return values[token.group(1)]

    check_pattern(pattern)
    key = _NOT_KEY.sub("", folding.for_citekey(_TOKEN.sub(replace, pattern)))
    return key or "anon"


def check_pattern(pattern: str) -> None:
    """Raise ValueError, with a sentence for the settings dialog, when `pattern` is unusable."""
    unknown = [name for name in _TOKEN.findall(pattern) if name not in _TOKENS]
    if unknown:
        raise ValueError(
            sentence(
                "The citation key pattern uses [{token}], which is not a known token; "
                "known tokens are {known}.",
                token=unknown[0],
                known=", ".join(f"[{t}]" for t in sorted(_TOKENS)),
            )
        )
    if not _TOKEN.search(pattern):
        raise ValueError(
            sentence("The citation key pattern needs at least one token, such as [auth].")
        )


_TOKENS = frozenset(
    ["auth", "Auth", "year", "shortyear", "shorttitle", "Shorttitle", "veryshorttitle"]
)


_JAPANESE = frozenset({"japanese", "ja", "jpn", "ja-jp"})


def _is_japanese(record: Record) -> bool:
    """Whether the record says it is in Japanese, its title has kana, or its first person
    has a Japanese family name (then kanji in the title are read as Japanese too)."""
    language = (record.extra.get("langid") or record.extra.get("language") or "").strip()
    if language.lower() in _JAPANESE:
        return True
    if not record.title.isascii() and cjk_names.has_kana(record.title):
        return True
    for person in (record.authors or record.editors)[:1]:
        cjk = person.family_first()
        return cjk is not None and cjk_names.is_japanese_family(cjk[0])
    return False


def _author_part(record: Record, *, japanese: bool) -> str:
    for person in (record.authors or record.editors)[:1]:
        name = _family_of(person, japanese=japanese)
        if name:
            return name
    return "anon"


def _family_of(person: Person, *, japanese: bool) -> str:
    cjk = person.family_first()
    if cjk is not None:
        family = cjk[0]
        japanese = japanese or cjk_names.is_japanese_family(family)
        romanised = romanisation.romanised_surname(family, japanese=japanese)
        return "".join(_WORD.findall(romanised.lower()))
    # Fall back to the last word as written when the name was not split.
    family = person.family or (person.as_written.split()[-1] if person.as_written.split() else "")
    family = _TEX_COMMAND.sub("", family)
    return "".join(_WORD.findall(folding.for_citekey(family, japanese=japanese).lower()))


def _title_part(title: str, *, japanese: bool) -> str:
    text = _TEX_COMMAND.sub(" ", title)
    words = _WORD.findall(folding.for_citekey(text, japanese=japanese).lower())
    for word in words:
        if word not in STOP_WORDS:
            return word
    return words[0] if words else ""


def disambiguate(key: str, taken: Callable[[str], bool]) -> str:
    """`key` if free, else the first free of `keya`, `keyb`, ... `keyz`, `keyaa`, `keyab`...

    `taken` must answer case-insensitively (BibTeX does not tell `Smith2020` from
    `smith2020`); `taken_in` builds such a test from a collection of keys.
    """
    if not taken(key):
        return key
    number = 1
    while True:
        candidate = key + _letters(number)
        if not taken(candidate):
            return candidate
        number += 1


def _letters(number: int) -> str:
    """1 -> a, 26 -> z, 27 -> aa, 28 -> ab: spreadsheet-column lettering."""
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def taken_in(keys: Iterable[str]) -> Callable[[str], bool]:
    """A case-insensitive `taken` test over existing keys, for `disambiguate`."""
    folded = {key.casefold() for key in keys}
    return lambda candidate: candidate.casefold() in folded
