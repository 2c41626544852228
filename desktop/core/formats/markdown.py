"""Write a reading list as Markdown: one section per paper, with its notes.

Each paper is a level-2 heading (its title), a line with authors, year, venue and a link, then
its annotations (a list: the words of the abstract, escaped, and the note on them), then
each note as a block quote. Titles, names and venues are escaped, so no title can start a
list, a link or emphasis; notes are Markdown already and are quoted as written, so a heading
inside a note stays inside that paper's quote instead of breaking the document's outline.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from urllib.parse import quote

from desktop.core.formats.record import Entry, Person, Record, WriteOptions, telling

#: Lists longer than this are shortened to their first `_SHOWN_WHEN_SHORTENED` names.
_MAX_AUTHORS = 5
_SHOWN_WHEN_SHORTENED = 3
# Characters that can start Markdown syntax anywhere in a line (emphasis, code, links, HTML,
# entities, tables, strikethrough, math). CommonMark lets a backslash escape any ASCII
# punctuation, so escaping them is always safe.
_SPECIAL = re.compile(r"([\\`*_\[\]<>#!|~&$])")
# What can start a block at the beginning of a line: a list item, a quote, a setext underline.
_BLOCK_START = re.compile(r"^(\d+)([.)])|^([-+=>])")
UNTITLED = "Untitled paper"


def export(entries: Sequence[Entry], options: WriteOptions) -> str:
    """The registry's writer: each paper with its notes, under the options' heading."""
    return write(telling(entries, options.told), options.heading)


def write(entries: Iterable[Entry], heading: str = "") -> str:
    """Markdown for (record, notes) pairs in the order given, under an optional `heading`."""
    blocks: list[str] = []
    if heading:
        blocks.append(f"# {escape(heading)}")
    for record, notes in entries:
        blocks.extend(_paper_blocks(record, notes))
    return "\n\n".join(blocks) + "\n" if blocks else ""


def _paper_blocks(record: Record, notes: list[str]) -> list[str]:
    title = escape(record.title) if record.title.strip() else f"*{UNTITLED}*"
    blocks = [f"## {title}"]
    details = _details(record)
    if details:
        blocks.append(details)
    if record.annotations:
        items = (_annotation_item(quote, note) for quote, note in record.annotations)
        blocks.append("\n".join(items))
    blocks.extend(_quote(note) for note in notes if note.strip())
    return blocks


def _annotation_item(quote: str, note: str) -> str:
    """One annotation as a list item: the span quoted as literal text, then its note, whose
    further lines are indented so that its Markdown stays inside the item."""
    item = f"- “{escape(quote)}”"
    lines = note.strip("\n").splitlines()
    if not lines or not note.strip():
        return item
    first, *rest = lines
    item += f": {first}" if first.strip() else ":"
    return "\n".join([item, *(f"  {line}" if line.strip() else "" for line in rest)])


def escape(text: str) -> str:
    """`text` as literal Markdown inline text: one line, no control characters, every special
    character escaped."""
    printable = "".join(char for char in text if _is_shown(char))
    one_line = _SPECIAL.sub(r"\\\1", " ".join(printable.split()))
    return _BLOCK_START.sub(lambda match: _escaped_block_start(match), one_line, count=1)


def _is_shown(char: str) -> bool:
    """Whitespace and every character but control codes (NUL, escape, bell...)."""
    return char.isspace() or unicodedata.category(char) != "Cc"


def _escaped_block_start(match: re.Match[str]) -> str:
    if match.group(1):
        return f"{match.group(1)}\\{match.group(2)}"
    return f"\\{match.group(3)}"


def _details(record: Record) -> str:
    parts = []
    authors = authors_line(record.authors)
    if authors:
        parts.append(escape(authors))
    if record.year:
        parts.append(str(record.year))
    venue = record.journal or record.booktitle or record.publisher
    if venue.strip():
        parts.append(f"*{escape(venue)}*")
    link = link_for(record)
    if link:
        parts.append(f"[{escape(_link_text(record, link))}](<{_safe_destination(link)}>)")
    return " · ".join(parts)


def authors_line(people: list[Person]) -> str:
    """ "A, B and C"; past five people, the first three and "et al."."""
    names = [person.display() for person in people if person.family != "others"]
    truncated = len(names) < len(people)
    if len(names) > _MAX_AUTHORS:
        names, truncated = names[:_SHOWN_WHEN_SHORTENED], True
    if not names:
        return ""
    if truncated:
        return ", ".join(names) + " et al."
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def link_for(record: Record) -> str:
    """The best link to a paper: its DOI, else its URL, else its arXiv page."""
    if record.doi.strip():
        return f"https://doi.org/{record.doi.strip()}"
    if record.url.strip():
        return record.url.strip()
    if record.arxiv_id.strip():
        return f"https://arxiv.org/abs/{record.arxiv_id.strip()}"
    return ""


def _link_text(record: Record, link: str) -> str:
    if record.doi.strip():
        return f"doi:{record.doi.strip()}"
    if not record.url.strip() and record.arxiv_id.strip():
        return f"arXiv:{record.arxiv_id.strip()}"
    return link


def _safe_destination(url: str) -> str:
    """A link destination for ``<...>``: whitespace, angle brackets and backslashes encoded."""
    return re.sub(r"[\s<>\\]", lambda match: quote(match.group()), url)


def _quote(note: str) -> str:
    """A note as a block quote, line by line, so its Markdown stays inside the quote."""
    lines = note.strip("\n").splitlines()
    return "\n".join(f"> {line}" if line.strip() else ">" for line in lines)
