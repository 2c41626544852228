"""The text of attached files in the full-text index: which files are due to be read
(never read, or changed since), storing what was read, and where a search's words are."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from sqlmodel import Session, col, delete, select

from desktop.core import library_files, pdfs, sentences
from desktop.core.search import query
from desktop.core.snapshots import Attachment as AttachmentCopy
from desktop.core.snapshots import copy_of
from desktop.core.storage.models import Attachment, FilePage

#: Letters of context on each side of a word found on a page.
SNIPPET_CONTEXT = 60
#: Places shown per paper (the first pages where the words are).
MOST_PLACES = 20


@dataclass(frozen=True)
class Due:
    """An attached file whose text is to be read."""

    attachment_id: int
    paper_id: int
    path: Path
    signature: str


@dataclass(frozen=True)
class Place:
    """Where words of a search occur in a paper's file: its page (1 for the first) and the
    text around them."""

    attachment_id: int
    label: str
    page: int
    snippet: str


def due(
    session: Session, files_folder: Path | None, paper_ids: list[int] | None = None
) -> list[Due]:
    """The attached PDFs that are present and whose text is not indexed as they are now."""
    statement = select(Attachment).order_by(col(Attachment.id))
    if paper_ids is not None:
        statement = statement.where(col(Attachment.paper_id).in_(paper_ids))
    found = []
    for row in session.exec(statement):
        seen = library_files.seen(copy_of(AttachmentCopy, row), files_folder)
        if not seen.present or seen.text_indexed or seen.path is None:
            continue
        signature = library_files.signature(seen.path)
        if row.text_problem and row.text_of == signature:
            continue  # tried as it is now, and it could not be read: not again
        if not pdfs.is_pdf(seen.path):
            continue
        found.append(Due(row.id or 0, row.paper_id, seen.path, signature))
    return found


def store(session: Session, job: Due, pages: list[str], *, problem: str = "") -> bool:
    """Put the pages read from a file in place of its earlier text; False when the
    attachment is gone or points elsewhere now (the text is then dropped)."""
    row = session.get(Attachment, job.attachment_id)
    if row is None:
        return False
    session.exec(delete(FilePage).where(col(FilePage.attachment_id) == job.attachment_id))
    for number, text in enumerate(pages, start=1):
        if text.strip():
            session.add(
                FilePage(
                    attachment_id=job.attachment_id, paper_id=row.paper_id, page=number, text=text
                )
            )
    row.text_of = job.signature
    row.text_problem = problem
    row.text_problem_sentence = sentences.as_json(problem)
    session.add(row)
    return True


def searched_words(typed: str) -> list[str]:
    """The words of a typed query that may be in a file's text (free words, `fulltext:`)."""
    words: list[str] = []
    for clause in query.parse(typed).clauses:
        for term in clause.terms:
            if term.negated or term.years is not None or term.field not in (None, "fulltext"):
                continue
            if term.phrase:
                words.append(term.text)
            else:
                words.extend(term.text.split())
    return [w for w in words if w.strip()]


def places(session: Session, paper_id: int, typed: str) -> list[Place]:
    """Where the words of `typed` occur in the paper's files, page by page."""
    words = searched_words(typed)
    if not words:
        return []
    pattern = re.compile(
        "|".join(re.escape(unicodedata.normalize("NFKC", w)) for w in words), re.IGNORECASE
    )
    rows = session.exec(
        select(FilePage, Attachment)
        .join(Attachment, col(Attachment.id) == FilePage.attachment_id)
        .where(FilePage.paper_id == paper_id)
        .order_by(col(FilePage.attachment_id), col(FilePage.page))
    )
    found = []
    for page, attachment in rows:
        hit = pattern.search(page.text)
        if hit is None:
            continue
        found.append(
            Place(
                page.attachment_id,
                attachment.label or attachment.target,
                page.page,
                _snippet(page.text, hit),
            )
        )
        if len(found) >= MOST_PLACES:
            break
    return found


def _snippet(text: str, hit: re.Match[str]) -> str:
    start = max(hit.start() - SNIPPET_CONTEXT, 0)
    end = min(hit.end() + SNIPPET_CONTEXT, len(text))
    shown = " ".join(text[start:end].split())
    return ("…" if start else "") + shown + ("…" if end < len(text) else "")


def page_texts(session: Session, attachment_id: int) -> list[str]:
    """A file's stored text, page by page (pages without text are "")."""
    rows = session.exec(
        select(FilePage.page, FilePage.text).where(FilePage.attachment_id == attachment_id)
    ).all()
    most = max((number for number, _ in rows), default=0)
    texts = [""] * most
    for number, text in rows:
        texts[number - 1] = text
    return texts
