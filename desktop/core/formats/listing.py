"""Read plain listings pasted from paper-search pages into records.

A listing is a run of papers, each written as lines separated by blank lines or line breaks:

    [topic line]      "Area · Subarea" (optional)
    [title line]      (optional; most pasted listings lose it)
    author line       "Given Family, Given Family, ..." (", et al." allowed at the end)
    [topic line]      (optional, instead of the first: some pages put "Venue · Year" here)
    abstract          one or more lines or paragraphs, kept exactly as written

How a line is recognised:

- a *topic* line holds " · " (or " › ") between short parts and does not end a sentence;
- an *author* line is a comma-separated list in which every item looks like a person's name
  (capitalised words or initials, name particles such as "van" or "de", suffixes such as "Jr.",
  or two to four Chinese characters), most of them full names rather than single words;
- a *title* is a short line that does not end with a full stop, stands on its own (after a
  blank line, at the start, after a topic line, or after an abstract's last sentence when the
  page has no blank lines) and is followed directly by an author line.
  When two name-like lines follow each other, the first one is the title: "Deep Residual
  Learning" looks like a name, but a paper has one author line.
- anything else is text: it continues the abstract of the paper before it.

Pages in Chinese or Japanese write their punctuation full width: `，` `；` `、` between authors,
`：` `。` in text, `・` for `·`. Lines are classified and author lines split with these read as
their ASCII forms (`_ASCII_PUNCTUATION`); what is kept (titles, topics, abstracts) stays as
written. A middle dot inside a name (`阿尔伯特·爱因斯坦`) is part of the name.

Text before the first paper (a page heading such as "论文检索") is kept in
`ParseResult.preambles`. A paper without a title line gets an empty title (the app asks the
user to fill it in). Every paper is of type "misc": a listing names no journal, which BibTeX's
"article" would require. Authors are split as written on web pages ("Given von Family Jr.");
"et al." becomes BibTeX's "others".
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from enum import Enum

from desktop.core.formats.record import ParseResult, Person, Problem, Record
from desktop.core.sentences import sentence

# Line breaks as editors count them (str.splitlines also splits on form feeds, U+2028...).
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_TOPIC_SEPARATOR = re.compile(r"\s+[·›]\s+")
#: Full-width and CJK punctuation read as the ASCII mark a Latin page would use.
_ASCII_PUNCTUATION = str.maketrans(
    {
        "，": ",",  # full-width comma
        "、": ",",  # ideographic (enumeration) comma
        "､": ",",  # half-width ideographic comma
        "；": ";",
        "：": ":",
        "。": ".",
        "．": ".",
        "！": "!",
        "？": "?",
        "＆": "&",
        "・": "·",  # katakana middle dot
        "･": "·",
        "‧": "·",
        "　": " ",  # ideographic space
    }
)
_MAX_TOPIC_PART = 80
_MAX_TITLE = 300
_MAX_NAME_WORDS = 6
_ET_AL = re.compile(r"^(?:et\.?\s*al\.?|and\s+others)$", re.IGNORECASE)
_TRAILING_ET_AL = re.compile(r",?\s*\b(?:et\.?\s*al\.?|and\s+others)\s*$", re.IGNORECASE)
_AUTHOR_SEPARATOR = re.compile(r"\s*(?:,|;|\band\b|&)\s*")
_PARTICLES = frozenset(
    "van von der den de del della di da dos das du le la ten ter zu bin ibn al y".split()
)
_SUFFIXES = frozenset("jr jr. sr sr. ii iii iv".split())
# A name word: capitalised (letters, hyphens, apostrophes), or an initial like "Y." or "J.-P.".
_NAME_WORD = re.compile(r"^(?:[^\W\d_][\w'’\-·]*\.?|(?:[^\W\d_]\.-?)+)$")


class _Kind(Enum):
    TOPIC = "topic"
    NAMES = "names"
    TEXT = "text"


@dataclass
class _Line:
    number: int
    text: str
    kind: _Kind
    #: True when a blank line (or the start of the file) comes right before this line.
    opens_paragraph: bool


@dataclass
class _Paper:
    first_line: int
    topic: str = ""
    title: str = ""
    author_line: str | None = None
    abstract_lines: list[_Line] = field(default_factory=list)


def parse(text: str, source: str = "<text>") -> ParseResult:
    """Read every paper in a listing; never raises on odd input."""
    lines = _classify(text)
    result = ParseResult()
    papers: list[_Paper] = []
    preamble: list[str] = []
    for index, line in enumerate(lines):
        following = lines[index + 1] if index + 1 < len(lines) else None
        current = papers[-1] if papers else None
        if line.kind is _Kind.TOPIC and current is not None and _awaits_abstract(current):
            current.topic = line.text.strip()  # "Title / Authors / Venue · Year" listings
        elif line.kind is _Kind.TOPIC:
            papers.append(_Paper(first_line=line.number, topic=line.text.strip()))
        elif line.kind is _Kind.NAMES:
            _take_name_line(papers, line, following)
        elif _starts_titled_paper(line, following, current):
            if current is not None and _awaits_authors(current):
                current.title = line.text.strip()
            else:
                papers.append(_Paper(first_line=line.number, title=line.text.strip()))
        elif current is None:
            preamble.append(line.text)
        else:
            current.abstract_lines.append(line)
    if preamble:
        result.preambles.append("\n".join(preamble))
    for paper in papers:
        result.records.append(_record_for(paper))
        if paper.author_line is None:
            result.problems.append(_missing_authors(paper, source))
    if not result.records and lines:
        result.problems.append(_nothing_found(text, lines, source))
    return result


def _nothing_found(text: str, lines: list[_Line], source: str) -> Problem:
    """A non-empty listing in which no paper was recognised: said, with its text kept."""
    return Problem(
        source=source,
        line=lines[0].number,
        message=(
            sentence(
                "No paper was recognised in these {lines} lines. A listing gives each paper a "
                'title line and then a line of authors ("A. Smith, B. Jones"), with a blank line '
                "between papers; the text is kept here to fix and import again.",
                lines=f"{len(lines):,}",
            )
        ),
        raw=text,
        error=True,
    )


def _take_name_line(papers: list[_Paper], line: _Line, following: _Line | None) -> None:
    """Give a name-like line to the paper it belongs to, as its authors or its title."""
    current = papers[-1] if papers else None
    # Of two name-like lines in a row, the first is a title ("Deep Residual Learning").
    title_like = following is not None and following.kind is _Kind.NAMES and _can_be_title(line)
    if current is not None and _awaits_authors(current):
        if title_like and not current.title:
            current.title = line.text.strip()
        else:
            current.author_line = line.text
    elif title_like:
        papers.append(_Paper(first_line=line.number, title=line.text.strip()))
    else:
        papers.append(_Paper(first_line=line.number, author_line=line.text))


def _classify(text: str) -> list[_Line]:
    """The non-blank lines of `text`, each with its number and kind."""
    lines: list[_Line] = []
    after_blank = True
    for number, content in enumerate(_LINE_BREAK.split(text), start=1):
        if not content.strip():
            after_blank = True
            continue
        kind = _kind_of(_ascii_punctuation(content))
        lines.append(_Line(number, content, kind, opens_paragraph=after_blank))
        after_blank = False
    return lines


def _ascii_punctuation(text: str) -> str:
    return text if text.isascii() else text.translate(_ASCII_PUNCTUATION)


def _kind_of(line: str) -> _Kind:
    stripped = line.strip()
    if _is_topic(stripped):
        return _Kind.TOPIC
    if _split_author_line(stripped) is not None:
        return _Kind.NAMES
    return _Kind.TEXT


def _is_topic(line: str) -> bool:
    parts = _TOPIC_SEPARATOR.split(line)
    if len(parts) < 2 or line.endswith("."):
        return False
    return all(0 < len(part) <= _MAX_TOPIC_PART and not part[0].islower() for part in parts)


def _split_author_line(line: str) -> list[str] | None:
    """The names on an author line, or None when `line` is not one."""
    # Cheap first test, as most lines are prose: the first item must already look like a name.
    first = _AUTHOR_SEPARATOR.split(line[:200], maxsplit=1)[0]
    if not _looks_like_name(_TRAILING_ET_AL.sub("", first)):
        return None
    truncated = bool(_TRAILING_ET_AL.search(line))
    body = _TRAILING_ET_AL.sub("", line)
    items = [item for item in _AUTHOR_SEPARATOR.split(body) if item]
    if not items or not all(_looks_like_name(item) for item in items):
        return None
    # Bare words ("论文检索", "Introduction") are not names: most items must be full names.
    full_names = sum(1 for item in items if _is_full_name(item, listed=len(items) > 1))
    if full_names == 0 or full_names * 2 < len(items):
        return None
    return [*items, "et al."] if truncated else items


def _is_full_name(item: str, *, listed: bool) -> bool:
    """Two words or more, or (in a list of several) a name in Chinese characters ("张三")."""
    if len(item.split()) > 1:
        return True
    return listed and 2 <= len(item) <= 4 and all(_is_cjk(char) for char in item)


def _is_cjk(char: str) -> bool:
    return unicodedata.name(char, "").startswith("CJK UNIFIED IDEOGRAPH")


def _looks_like_name(item: str) -> bool:
    words = item.split()
    if not 1 <= len(words) <= _MAX_NAME_WORDS:
        return False
    for word in words:
        if word.lower() in _PARTICLES or word.lower() in _SUFFIXES:
            continue
        if word[0].islower() or not _NAME_WORD.match(word):
            return False
    # The last word must be a family name, not a particle.
    return words[-1].lower() not in _PARTICLES


def _can_be_title(line: _Line) -> bool:
    text = _ascii_punctuation(line.text.strip())
    return len(text) <= _MAX_TITLE and not text.endswith(".")


def _awaits_authors(paper: _Paper) -> bool:
    """A paper opened by a topic or title line whose author line has not come yet."""
    return paper.author_line is None and not paper.abstract_lines


def _awaits_abstract(paper: _Paper) -> bool:
    """A paper whose author line came, with no topic yet and nothing after it."""
    return paper.author_line is not None and not paper.topic and not paper.abstract_lines


def _starts_titled_paper(line: _Line, following: _Line | None, current: _Paper | None) -> bool:
    """Whether a text line is the title of the paper whose author line follows it."""
    if following is None or following.kind is not _Kind.NAMES or not _can_be_title(line):
        return False
    if current is None:
        return True
    if _awaits_authors(current):
        return not current.title
    # Right after an author line, text is the abstract; later, a title stands alone, or
    # (in listings without blank lines) follows an abstract line that ends a sentence.
    if not current.abstract_lines:
        return False
    return line.opens_paragraph or _ends_sentence(current.abstract_lines[-1])


def _ends_sentence(line: _Line) -> bool:
    return _ascii_punctuation(line.text.rstrip()).endswith((".", "!", "?", ".)", '."'))


def _record_for(paper: _Paper) -> Record:
    author_line = _ascii_punctuation(paper.author_line.strip()) if paper.author_line else ""
    names = _split_author_line(author_line) if author_line else None
    return Record(
        entry_type="misc",
        title=paper.title,
        topic=paper.topic,
        authors=[person_from_display_name(name) for name in names or []],
        abstract=_abstract_text(paper.abstract_lines),
        line=paper.first_line,
    )


def _abstract_text(lines: list[_Line]) -> str:
    """Lines joined as written: a line break within a paragraph, a blank line between them."""
    parts: list[str] = []
    for line in lines:
        if parts:
            parts.append("\n\n" if line.opens_paragraph else "\n")
        parts.append(line.text)
    return "".join(parts).strip()


def person_from_display_name(name: str) -> Person:
    """Split a name written "Given von Family Jr." (as on web pages) into its parts.

    "et al." becomes BibTeX's "others", the standard way to say the list goes on.
    """
    written = name.strip()
    if _ET_AL.match(written):
        return Person(family="others", as_written=written)
    words = written.split()
    jr = ""
    if len(words) > 1 and words[-1].lower() in _SUFFIXES:
        jr = words.pop()
    family = words.pop() if words else ""
    von: list[str] = []
    while words and words[-1].lower() in _PARTICLES and words[-1].islower():
        von.insert(0, words.pop())
    return Person(
        given=" ".join(words), family=family, von=" ".join(von), jr=jr, as_written=written
    )


def _missing_authors(paper: _Paper, source: str) -> Problem:
    shown = paper.title or paper.topic
    return Problem(
        source=source,
        line=paper.first_line,
        message=(
            sentence(
                "The paper starting here ({shown}) has no author line; it was imported without "
                "authors.",
                shown=repr(shown),
            )
        ),
        raw="\n".join(filter(None, (paper.topic, paper.title))),
    )
