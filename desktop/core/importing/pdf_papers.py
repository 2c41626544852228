"""PDFs made into papers: the DOI or arXiv id a PDF names is looked up (Crossref, arXiv);
without one (or when the lookup fails) title and authors are guessed from the PDF's
metadata or its first page's largest text, and the paper is marked for the user to check."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from desktop.core import cjk, pdfs
from desktop.core.errors import KnownError
from desktop.core.formats.names import split_name
from desktop.core.formats.record import Person, Record
from desktop.core.sentences import sentence

#: The tag on papers whose title and authors were guessed from their PDF.
GUESSED_TAG = "guessed from PDF"
#: The field (`Paper.extra`) that says what was guessed, for the detail pane.
GUESSED_FIELD = "papershelf-guessed"
# What PDF writers put in the title field when the author wrote none.
_NOT_A_TITLE = re.compile(
    r"^(untitled|document\d*|title|microsoft word\b.*|.*\.(docx?|tex|dvi|pdf|indd))$",
    re.IGNORECASE,
)
_AUTHOR_SEPARATORS = re.compile(r"\s*(?:;|\band\b|&|，|、)\s*")
# What a byline puts between names, and the marks tying a name to an affiliation or a note.
_BYLINE_SEPARATORS = re.compile(r"\s*(?:,|;|\band\b|&|·|，|、|；)\s*")
_NOTE_MARKS = re.compile(r"[\d*†‡§¶⁰¹²³⁴⁵⁶⁷⁸⁹✉]+")
# A word of a Latin-script name: capitalised (Ada, O'Neil, Jean-Luc), or an initial (A.).
_NAME_WORD = re.compile(r"[^\W\d_][\w'’.-]*")
_PARTICLES = frozenset(
    {
        "van",
        "von",
        "de",
        "der",
        "den",
        "da",
        "di",
        "du",
        "del",
        "della",
        "le",
        "la",
        "dos",
        "das",
        "bin",
        "ibn",
        "al",
        "y",
        "ten",
        "ter",
    }
)
# Words of a byline that are no one's name: a place of work, or the abstract's heading.
_NOT_NAMES = frozenset(
    {
        "university",
        "universität",
        "université",
        "universidad",
        "institute",
        "institut",
        "department",
        "laboratory",
        "laboratories",
        "school",
        "college",
        "center",
        "centre",
        "faculty",
        "academy",
        "inc",
        "ltd",
        "corporation",
        "research",
        "abstract",
        "email",
        "introduction",
        "keywords",
        "received",
        "accepted",
        "published",
        "journal",
        "vol",
        "volume",
        "proceedings",
        "conference",
        "arxiv",
        "preprint",
        "submitted",
    }
)
#: The most people a byline is read as (a longer list is not taken for names).
_MOST_BYLINE_PEOPLE = 40


@dataclass
class PdfPaper:
    """What a PDF told of its paper."""

    path: Path
    record: Record
    #: The DOI or arXiv id found in it ("" if none).
    identifier: str = ""
    #: True when title and authors come from the PDF itself, for the user to check.
    guessed: bool = False
    #: A sentence on what went wrong on the way ("" when nothing did).
    problem: str = ""


def read(path: Path) -> PdfPaper:
    """The paper a PDF holds: looked up by its identifier, or guessed."""
    metadata = pdfs.info(path)
    first_pages = pdfs.pages_text(path, first=pdfs.FIRST_PAGES)
    found = pdfs.identifier_in([metadata.subject, metadata.keywords, metadata.title, *first_pages])
    problem = ""
    if found:
        from desktop.core.importing import lookup  # httpx loads only when it is needed

        try:
            record = lookup.fetch(found)
            return PdfPaper(path, record, identifier=found)
        except KnownError as error:
            problem = sentence(
                "{name} names {identifier}, but its metadata could not be fetched ({error}); "
                "its title and authors were guessed from the PDF instead: check them.",
                name=path.name,
                identifier=found,
                error=error.sentence,
            )
    record = guess(metadata, path)
    if found.lower().startswith("arxiv:"):
        record.arxiv_id = found.split(":", 1)[1]
    elif found:
        record.doi = found
    return PdfPaper(path, record, identifier=found, guessed=True, problem=problem)


def guess(metadata: pdfs.PdfInfo, path: Path) -> Record:
    """Title and authors from the PDF's metadata, else from the top of its first page: the
    largest text, and the names on the line under it."""
    title = metadata.title if _is_title(metadata.title) else ""
    authors = _authors(metadata.author)
    guessed = ["title"]
    if not title or not authors:
        heading = pdfs.heading(path)
        title = title or heading.title or path.stem
        authors = authors or byline_people(heading.byline)
    if authors:
        guessed.append("authors")
    return Record(
        entry_type="article",
        title=title,
        authors=authors,
        extra={GUESSED_FIELD: ", ".join(guessed)},
    )


def _is_title(text: str) -> bool:
    return len(text.strip()) > 3 and not _NOT_A_TITLE.match(text.strip())


def _authors(text: str) -> list[Person]:
    """People of a PDF's author field: "A. One; B. Two", "One, A.; Two, B.", "A and B"."""
    if not text.strip():
        return []
    parts = [p for p in _AUTHOR_SEPARATORS.split(text) if p.strip()]
    if len(parts) == 1 and text.count(",") >= 1 and not _one_inverted_name(text):
        parts = [p for p in text.split(",") if p.strip()]
    return [split_name(p.strip()) for p in parts]


def _one_inverted_name(text: str) -> bool:
    """ "Lovelace, Ada" (one person, family name first), not "Ada Lovelace, Alan Turing"."""
    pieces = [p.strip() for p in text.split(",")]
    return len(pieces) == 2 and " " not in pieces[0]


def byline_people(lines: tuple[str, ...]) -> list[Person]:
    """The people a byline names ("Ada Lovelace¹, Alan Turing² and Grace Hopper*"), or []
    when some part of it does not read as a person's name (an affiliation, a sentence)."""
    people: list[Person] = []
    for line in lines:
        parts = [p for p in _BYLINE_SEPARATORS.split(_NOTE_MARKS.sub(" ", line)) if p.strip()]
        if not parts or not all(map(_reads_as_name, parts)):
            break
        people += [split_name(" ".join(p.split())) for p in parts]
    return people if len(people) <= _MOST_BYLINE_PEOPLE else []


def _reads_as_name(text: str) -> bool:
    """Whether `text` reads as one person's name: two to five capitalised words (initials
    and particles allowed), or a CJK name of two to four characters."""
    words = text.split()
    if len(words) == 1 and cjk.is_run(words[0]):
        return 2 <= len(words[0]) <= 4
    if not 2 <= len(words) <= 5:
        return False
    if any(w.lower().strip(".") in _NOT_NAMES for w in words):
        return False
    named = [w for w in words if w not in _PARTICLES]
    # A word longer than an initial is needed: `any` is False for no words at all.
    return all(_NAME_WORD.fullmatch(w) and w[0].isupper() for w in named) and any(
        len(w.rstrip(".")) > 1 for w in named
    )
