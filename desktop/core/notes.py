"""What a reader writes about a paper: Markdown notes, and annotations on its abstract."""

from __future__ import annotations

from typing import Any, TypeVar

from sqlalchemy import func
from sqlmodel import Session, col, select

from desktop.core import versions
from desktop.core.errors import InvalidInputError, NotFoundError
from desktop.core.papers import get_paper
from desktop.core.sentences import sentence
from desktop.core.storage.models import Annotation, Attachment, Note, Paper, utcnow


def add_note(session: Session, paper_id: int, body: str) -> Note:
    get_paper(session, paper_id)
    note = Note(paper_id=paper_id, body=body)
    session.add(note)
    session.flush()
    return note


Part = TypeVar("Part", Note, Annotation, Attachment)


def get_part(session: Session, model: type[Part], ident: int, *, what: str) -> Part:
    """A note, annotation or attachment by id, or NotFoundError naming `what` it is."""
    found = session.get(model, ident)
    if found is None:
        raise NotFoundError(sentence("There is no {what} with id {ident}.", what=what, ident=ident))
    return found


def get_note(session: Session, note_id: int) -> Note:
    return get_part(session, Note, note_id, what=sentence("note"))


def edit_note(
    session: Session, note_id: int, body: str, *, expected_version: int | None = None
) -> Note:
    """Give a note a new text, if it is still at `expected_version` (None: blindly)."""
    note = get_note(session, note_id)
    changes = {"body": body, "updated_at": utcnow()}
    versions.write(
        session, note, expected_version=expected_version, changes=changes, what=sentence("note")
    )
    return note


def remove_note(session: Session, note_id: int, *, expected_version: int | None = None) -> Note:
    note = get_note(session, note_id)
    versions.delete(session, note, expected_version=expected_version, what=sentence("note"))
    return note


def add_annotation(
    session: Session, paper_id: int, start: int, *, end: int, note: str = ""
) -> Annotation:
    """Annotate abstract[start:end] (character offsets, end exclusive)."""
    abstract = get_paper(session, paper_id).abstract
    if not 0 <= start < end <= len(abstract):
        raise InvalidInputError(
            sentence(
                "Characters {start} to {end} are not a span of this abstract, which is {length} "
                "characters long.",
                start=start,
                end=end,
                length=len(abstract),
            )
        )
    annotation = Annotation(
        paper_id=paper_id, start=start, end=end, quote=abstract[start:end], note=note
    )
    session.add(annotation)
    session.flush()
    return annotation


def restore_annotation(session: Session, **values: Any) -> Annotation:
    """Bring a deleted annotation back as it was (`values`: every column, id included),
    under its old id when no other annotation took it."""
    get_paper(session, values["paper_id"])
    again = Annotation(**values)
    if session.get(Annotation, again.id) is not None:
        again.id = None
    session.add(again)
    session.flush()
    return again


def every_annotation(session: Session) -> list[tuple[Annotation, str]]:
    """Every annotation on a paper outside the trash, with that paper's title, newest first."""
    query = (
        select(Annotation, Paper.title)
        .join(Paper, col(Paper.id) == Annotation.paper_id)
        .where(col(Paper.deleted_at).is_(None))
        .order_by(col(Annotation.created_at).desc(), col(Annotation.id).desc())
    )
    return [(annotation, title) for annotation, title in session.exec(query)]


def annotation_count(session: Session) -> int:
    """How many annotations the papers outside the trash have."""
    query = (
        select(func.count())
        .select_from(Annotation)
        .join(Paper, col(Paper.id) == Annotation.paper_id)
        .where(col(Paper.deleted_at).is_(None))
    )
    return int(session.exec(query).one())


def get_annotation(session: Session, annotation_id: int) -> Annotation:
    return get_part(session, Annotation, annotation_id, what=sentence("annotation"))


def edit_annotation(
    session: Session, annotation_id: int, note: str, *, expected_version: int | None = None
) -> Annotation:
    """Give an annotation another note, if it is still at `expected_version`."""
    annotation = get_annotation(session, annotation_id)
    versions.write(
        session,
        annotation,
        expected_version=expected_version,
        changes={"note": note},
        what=sentence("annotation"),
    )
    return annotation


def remove_annotation(session: Session, annotation_id: int) -> Annotation:
    annotation = get_annotation(session, annotation_id)
    session.delete(annotation)
    return annotation
