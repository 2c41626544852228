"""BibTeX name lists split the way BibTeX splits them: First von Last, Jr.

The rules (from BibTeX's own documentation and behaviour): names are separated by the word
"and" (any case, surrounded by spaces, outside braces). A name has one of three shapes:
"First von Last", "von Last, First" or "von Last, Jr, First". Words are separated by spaces,
`~` and `-` outside braces. The von part is the run of words starting with a lower-case
letter, and the last word is always part of Last. A brace group is one unbreakable piece
whose letters do not count for case, except a "special character" `{\\...}` at the top
level, whose case is that of the foreign letter it names (`{\\o}` is lower case) or of its
first letter after the command (`{\\'E}` is upper case).

BibLaTeX's extended form, `family=Silva, given=Rafael, prefix=da, useprefix=false` (written
by Zotero and Better BibTeX), is read too; a "name" that only holds options such as
`useprefix=true` sets options for the list and is not a person.

Parts are returned as LaTeX, as written; decoding to Unicode is for the caller.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from desktop.core.formats.record import Person
from desktop.core.sentences import sentence

#: How BibTeX writes "et al." in a name list.
OTHERS = "others"

# Lookarounds, so that "A and and B" sees both "and"s.
_AND = re.compile(r"(?<=\s)and(?=\s)", re.IGNORECASE)
_FOREIGN_UPPER = frozenset({"OE", "AE", "AA", "O", "L"})
_FOREIGN_LOWER = frozenset({"oe", "ae", "aa", "o", "l", "i", "j", "ss"})
_CONTROL_WORD = re.compile(r"\\([A-Za-z]+)")
_EXTENDED_PART = re.compile(r"([A-Za-z-]+)\s*=\s*(.*)", re.DOTALL)
_EXTENDED_PARTS = {"family": "family", "given": "given", "prefix": "von", "suffix": "jr"}
_SEPARATORS = re.compile(r"([\s~-]+)")
_CONTROL_SPACE = re.compile(r"(?<!\\)\\\s")
#: A name part of capitalised words (an ASCII capital first) with one space or hyphen
#: between them, and no brace, backslash, tie or comma: no word of it can be von.
_CAPITALISED_WORDS = re.compile(r"[A-Z][^\s,{}\\~-]*(?:[ -][A-Z][^\s,{}\\~-]*)*")


@dataclass
class NameList:
    """The people of an author or editor field, and sentences about what looked wrong."""

    people: list[Person] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


@dataclass
class _Word:
    text: str
    #: The separator before this word: " ", "~" or "-" ("" for the first word of a part).
    before: str


def parse_names(field_text: str) -> NameList:
    """Split an author/editor field into people, noting malformed names."""
    result = NameList()
    people, problems = result.people, result.problems
    for written in _split_at_and(field_text):
        if not written:
            problems.append(
                sentence(
                    "The name list has an empty name (two 'and's in a row, or one at an end); it "
                    "was skipped."
                )
            )
            continue
        if "=" in written:  # perhaps BibLaTeX's extended form
            extended = _extended_parts(written)
            if extended is not None:
                if extended:  # an options-only "name" is not a person
                    people.append(Person(as_written=written, **extended))
                continue
        # Most names were split before (a bibliography names its people again and again):
        # looked up here, not through a call, and the person made by position (Person's
        # field order), which took a sixth off this step for 560k names.
        (given, von, family, jr), problem = _SPLIT.get(written) or _split_cached(written)
        people.append(Person(given, family, von, jr, written))
        if problem:
            problems.append(problem)
    return result


def split_names(field_text: str) -> list[Person]:
    """Split an author/editor field into people."""
    return parse_names(field_text).people


def split_name(text: str) -> Person:
    """Split one name into given / von / family / jr (as LaTeX)."""
    return _split_one(_tidy(text))[0]


def is_others(person: Person) -> bool:
    """Whether this entry is BibTeX's 'and others' (et al.)."""
    return person.as_written == OTHERS


def _split_at_and(field_text: str) -> list[str]:
    """The names of a list, cut at 'and' outside braces, each name's spaces made single."""
    # Spaces made single once for the whole list, and one put at either end, so that an
    # "and" there is seen (and then reported).
    text = f" {' '.join(field_text.split())} "
    cut = _AND.split(text) if "{" not in text else _cut_at_top_level_and(text)
    return [name.strip() for name in cut]


def _cut_at_top_level_and(text: str) -> list[str]:
    """`text` cut at each 'and' outside braces (at depth 0, counting from its start).

    The braces are counted on from the last "and", not from the start again: a list of
    3,000 braced names was cut in 0.05 s that way, and in 0.002 s this way."""
    names, start = [], 0
    depth, counted_to = 0, 0
    for match in _AND.finditer(text):
        at = match.start()
        depth += text.count("{", counted_to, at) - text.count("}", counted_to, at)
        counted_to = at
        if depth == 0:
            names.append(text[start:at])
            start = match.end()
    names.append(text[start:])
    return names


def _tidy(text: str) -> str:
    return " ".join(text.split())


def _split_one(written: str) -> tuple[Person, str | None]:
    (given, von, family, jr), problem = _split_cached(written)
    return Person(given=given, von=von, family=family, jr=jr, as_written=written), problem


#: Names split before, by the name as written: (given, von, family, jr) and a problem.
_SPLIT: dict[str, tuple[tuple[str, str, str, str], str | None]] = {}
# Large enough for the people of a large bibliography (about 300 bytes each): one of 100k
# papers names 50k people 560k times, and 16k remembered missed half of them (1.4 s of
# its reading); read by the helper process, the memory goes with it.
_SPLIT_KEPT = 2**17


def _split_cached(written: str) -> tuple[tuple[str, str, str, str], str | None]:
    """(given, von, family, jr) and a problem; remembered (up to _SPLIT_KEPT names, then
    forgotten all at once), as a bibliography repeats its authors."""
    split = _SPLIT.get(written)
    if split is None:
        if len(_SPLIT) >= _SPLIT_KEPT:
            _SPLIT.clear()
        split = _SPLIT[written] = _split_uncached(written)
    return split


def forget_split_names() -> None:
    """Forget the names split so far (a benchmark starts without them)."""
    _SPLIT.clear()


def _split_uncached(written: str) -> tuple[tuple[str, str, str, str], str | None]:
    if written == OTHERS:
        return ("", "", OTHERS, ""), None
    plain = _capitalised_parts(written)
    if plain is not None:
        return plain, None
    return _split_by_the_rules(written)


def _split_by_the_rules(written: str) -> tuple[tuple[str, str, str, str], str | None]:
    """(given, von, family, jr) and a problem, by BibTeX's rules (the module docstring)."""
    parts = _split_top_level(written, ",")
    problem = None
    if len(parts) > 3:
        problem = sentence(
            "The name '{written}' has more than two commas; BibTeX reads it as 'Last, Jr, First', "
            "so it is probably several names missing their 'and'.",
            written=written,
        )
        parts = [*parts[:2], " ".join(parts[2:])]
    words = [_words(part) for part in parts]
    if len(parts) == 1:
        given, von, family = _first_von_last(words[0])
        jr: list[_Word] = []
    else:
        von, family = _von_last(words[0])
        jr = words[1] if len(parts) == 3 else []
        given = words[-1]
    return (_join(given), _join(von), _join(family), _join(jr)), problem


def _capitalised_parts(written: str) -> tuple[str, str, str, str] | None:
    """(given, von, family, jr) of a name of capitalised words ("Sergey Levine", "Levine,
    Sergey", "Anne Smith-Jones"): most names. What the rules give (a test holds it to
    them), cut from the text itself: such a name has no von, and its words are joined
    back as written. None for any other name."""
    family, comma, given = written.partition(",")
    family, given = family.strip(), given.strip()
    if not _CAPITALISED_WORDS.fullmatch(family):
        return None
    if comma:
        if not _CAPITALISED_WORDS.fullmatch(given):  # a second comma fails here too
            return None
        return given, "", family, ""
    # First Last: Last is the final word with those hyphens join to it.
    given, _space, family = family.rpartition(" ")
    return given, "", family, ""


def _first_von_last(words: list[_Word]) -> tuple[list[_Word], list[_Word], list[_Word]]:
    """Cut 'First von Last' (no commas)."""
    if not words:
        return [], [], []
    body = words[:-1]
    von_start = next((i for i, word in enumerate(body) if _is_lower(word.text)), None)
    if von_start is None:
        # No von: Last is the final word plus any words joined to it by hyphens.
        last_start = len(words) - 1
        while last_start > 0 and words[last_start].before == "-":
            last_start -= 1
        return words[:last_start], [], words[last_start:]
    von_end = _von_end(words, von_start)
    return words[:von_start], words[von_start:von_end], words[von_end:]


def _von_last(words: list[_Word]) -> tuple[list[_Word], list[_Word]]:
    """Cut 'von Last' (the part before the first comma)."""
    von_end = _von_end(words, 0)
    return words[:von_end], words[von_end:]


def _von_end(words: list[_Word], von_start: int) -> int:
    """Where von stops: after its last lower-case word, never taking the final word."""
    for end in range(len(words) - 1, von_start, -1):
        if _is_lower(words[end - 1].text):
            return end
    return von_start


def _is_lower(word: str) -> bool:
    """Whether a word counts as lower case for von detection (see the module docstring)."""
    index = 0
    while index < len(word):
        char = word[index]
        if char == "{":
            close = _group_end(word, index)
            if word.startswith("\\", index + 1):
                case = _special_character_case(word[index + 1 : close])
                if case is not None:
                    return case
            index = close + 1
        elif char.isalpha():
            return char.islower()
        else:
            index += 1
    return False


def _special_character_case(inner: str) -> bool | None:
    """Case of a `{\\...}` group: True for lower, False for upper, None when caseless."""
    match = _CONTROL_WORD.match(inner)
    if match is not None:
        if match.group(1) in _FOREIGN_UPPER:
            return False
        if match.group(1) in _FOREIGN_LOWER:
            return True
        rest = inner[match.end() :]
    else:
        rest = inner[2:]  # an accent like \' or \"
    for char in rest:
        if char.isalpha():
            return char.islower()
    # BibTeX treats a special character with no letter as upper case (not von).
    return False


def _group_end(text: str, open_at: int) -> int:
    depth = 0
    for index in range(open_at, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return index
    return len(text) - 1


def _extended_parts(written: str) -> dict[str, str] | None:
    """Parts of a BibLaTeX extended name (`family=..., given=...`), or None if it is not one."""
    if "=" not in written:
        return None
    parts: dict[str, str] = {}
    for item in _split_top_level(written, ","):
        match = _EXTENDED_PART.fullmatch(item)
        if match is None:
            return None
        key, value = match.group(1).lower(), _unbrace(match.group(2).strip())
        if key in _EXTENDED_PARTS:
            parts[_EXTENDED_PARTS[key]] = value
        elif key == "middle":  # BibLaTeX's optional middle name reads after the given name
            parts["given"] = f"{parts.get('given', '')} {value}".strip()
    return parts


def _unbrace(value: str) -> str:
    """`{Ura Ru}` -> `Ura Ru`: in the extended form outer braces only delimit the value."""
    if value.startswith("{") and _group_end(value, 0) == len(value) - 1:
        return value[1:-1]
    return value


def _split_top_level(text: str, separator: str) -> list[str]:
    if "{" not in text:
        return [part.strip() for part in text.split(separator)]
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == separator and depth == 0:
            parts.append(text[start:index].strip())
            start = index + 1
    parts.append(text[start:].strip())
    return parts


def _words(part: str) -> list[_Word]:
    """Words of a name part, each with the separator that preceded it."""
    words: list[_Word] = []
    current: list[str] = []
    depth, before, pending = 0, "", ""
    # A control space ("L.\\ Thiele") is a space between words, not part of a word.
    part = _CONTROL_SPACE.sub(" ", part)
    if "{" not in part:
        return _words_without_braces(part)
    for char in part:
        if depth == 0 and (char.isspace() or char in "~-"):
            if current:
                words.append(_Word("".join(current), before))
                current, pending = [], ""
            # A tie or hyphen outranks the spaces around it.
            if char in "~-" or not pending:
                pending = char if char in "~-" else " "
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
        if not current:
            before = pending if words else ""
        current.append(char)
    if current:
        words.append(_Word("".join(current), before))
    return words


def _words_without_braces(part: str) -> list[_Word]:
    """`_words` for the common case, using one regex split."""
    pieces = _SEPARATORS.split(part)
    words: list[_Word] = []
    before = ""
    for index in range(0, len(pieces), 2):
        if pieces[index]:
            words.append(_Word(pieces[index], before if words else ""))
        if index + 1 < len(pieces):
            separator = pieces[index + 1]
            before = "~" if "~" in separator else "-" if "-" in separator else " "
    return words


def _join(words: list[_Word]) -> str:
    if not words:
        return ""
    return words[0].text + "".join(word.before + word.text for word in words[1:])
