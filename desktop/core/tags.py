"""Tags: coloured labels on papers."""

from __future__ import annotations

import re

from sqlalchemy import delete, func
from sqlmodel import Session, col, select

from desktop.core import versions
from desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from desktop.core.reading_lists import clean_name
from desktop.core.sentences import sentence
from desktop.core.storage import db
from desktop.core.storage.models import Paper, PaperTag, Tag

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _clean_colour(colour: str) -> str:
    colour = colour.strip()
    if colour and not _COLOUR.match(colour):
        raise InvalidInputError(
            sentence("“{colour}” is not a colour; write it like #3a7bd5.", colour=colour)
        )
    return colour.lower()


#: Keywords longer than this are not made into tags (a tag name has at most 200 characters).
LONGEST_TAG = 200


def tag_names(keywords: list[str]) -> list[str]:
    """The keywords that can be tags: one longer than a tag name can be stays a keyword."""
    return [k for k in keywords if k.strip() and len(" ".join(k.split())) <= LONGEST_TAG]


def find(session: Session, name: str) -> Tag | None:
    """The tag with this name (case-insensitive), if any."""
    wanted = " ".join(name.split()).casefold()
    return next((t for t in session.exec(select(Tag)) if t.name.casefold() == wanted), None)


def get(session: Session, name: str) -> Tag:
    tag = find(session, name)
    if tag is None:
        raise NotFoundError(sentence("There is no tag called “{name}”.", name=name))
    return tag


def ensure(session: Session, name: str, colour: str = "") -> Tag:
    """The tag called `name`, created (with `colour`) when it does not exist yet."""
    name = clean_name(name, sentence("tag"))
    tag = find(session, name)
    if tag is None:
        db.insert_or_ignore(session, Tag, [{"name": name, "colour": _clean_colour(colour)}])
        tag = find(session, name)
        assert tag is not None
    return tag


def restore(session: Session, *, tag_id: int, name: str, colour: str) -> Tag:
    """Bring a deleted tag back, under its old id when no other tag took it."""
    name = clean_name(name, sentence("tag"))
    other = find(session, name)
    if other is not None:
        raise ConflictError(sentence("A tag called “{name}” already exists.", name=other.name))
    tag = Tag(
        id=None if session.get(Tag, tag_id) is not None else tag_id,
        name=name,
        colour=_clean_colour(colour),
    )
    session.add(tag)
    session.flush()
    return tag


def edit(
    session: Session,
    name: str,
    *,
    new_name: str | None = None,
    colour: str | None = None,
    expected_version: int | None = None,
) -> Tag:
    """Rename or recolour a tag, if it is still at `expected_version` (None: blindly)."""
    tag = get(session, name)
    changes = {}
    if new_name is not None:
        new_name = clean_name(new_name, sentence("tag"))
        other = find(session, new_name)
        if other is not None and other.id != tag.id:
            raise ConflictError(sentence("A tag called “{name}” already exists.", name=other.name))
        changes["name"] = new_name
    if colour is not None:
        changes["colour"] = _clean_colour(colour)
    versions.write(
        session, tag, expected_version=expected_version, changes=changes, what=sentence("tag")
    )
    return tag


def remove(session: Session, name: str) -> None:
    """Delete a tag from the library (papers keep everything else)."""
    session.delete(get(session, name))


def member_ids(session: Session, tag: Tag) -> list[int]:
    """Ids of the papers carrying a tag, trash included."""
    return list(session.exec(select(PaperTag.paper_id).where(PaperTag.tag_id == tag.id)))


def tag_papers(session: Session, name: str, paper_ids: list[int]) -> int:
    """Put a tag (created if needed) on papers; returns how many did not have it yet."""
    tag = ensure(session, name)
    known = set(session.exec(select(Paper.id).where(col(Paper.id).in_(paper_ids))))
    missing = [i for i in paper_ids if i not in known]
    if missing:
        raise NotFoundError(
            sentence("There is no paper with id {paper_id} in this library.", paper_id=missing[0])
        )
    have = set(
        session.exec(
            select(PaperTag.paper_id).where(
                PaperTag.tag_id == tag.id, col(PaperTag.paper_id).in_(paper_ids)
            )
        )
    )
    new = [i for i in dict.fromkeys(paper_ids) if i not in have]
    assert tag.id is not None
    # Rows, not ORM objects: building 100k of them cost most of "tag every paper".
    db.insert_many(session, PaperTag, [{"paper_id": i, "tag_id": tag.id} for i in new])
    return len(new)


def untag_papers(session: Session, name: str, paper_ids: list[int]) -> int:
    """Take a tag off papers; returns how many had it."""
    tag = get(session, name)
    result = session.execute(
        delete(PaperTag).where(
            col(PaperTag.tag_id) == tag.id, col(PaperTag.paper_id).in_(paper_ids)
        )
    )
    return int(result.rowcount)  # type: ignore[attr-defined]


def all_tags(session: Session) -> list[tuple[Tag, int]]:
    """Every tag with how many papers (not in the trash) carry it, by name."""
    counts = dict(
        session.exec(
            select(PaperTag.tag_id, func.count())
            .join(Paper, col(Paper.id) == PaperTag.paper_id)
            .where(col(Paper.deleted_at).is_(None))
            .group_by(col(PaperTag.tag_id))
        ).all()
    )
    tags = session.exec(select(Tag).order_by(func.lower(Tag.name)))
    return [(tag, counts.get(tag.id or 0, 0)) for tag in tags]
