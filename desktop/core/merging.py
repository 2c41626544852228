"""Merging two records of one paper into one, losing nothing of either."""

from __future__ import annotations

from sqlalchemy import delete, update
from sqlmodel import Session, col, select

from desktop.core import people, reading_lists
from desktop.core.formats.record import MODELLED_FIELDS
from desktop.core.models import (
    Annotation,
    Attachment,
    ListEntry,
    Note,
    PaperTag,
    Role,
    utcnow,
)
from desktop.core.papers import get_paper, move_to_trash


def merge(session: Session, keep_id: int, other_id: int) -> None:
    """Fold paper `other_id` into `keep_id`, then move `other_id` to the trash.

    The kept paper's values win; its empty fields take the other's values; unknown
    fields are united; people are taken from the other only when the kept has none.
    """
    # Locked (PostgreSQL) so that an edit made meanwhile is not overwritten by the merge.
    keep = get_paper(session, keep_id, include_trash=False, lock=True)
    other = get_paper(session, other_id, include_trash=False, lock=True)
    for name in (*MODELLED_FIELDS, "year", "month"):
        if getattr(keep, name) in ("", None) and getattr(other, name) not in ("", None):
            setattr(keep, name, getattr(other, name))
            if name in other.latex:
                keep.latex = {**keep.latex, name: other.latex[name]}
    keep.extra = {**other.extra, **keep.extra}
    keep.priority = max(keep.priority, other.priority)
    keep.version += 1
    keep.updated_at = utcnow()
    session.add(keep)
    named = people.people_of(session, [keep_id, other_id])
    for role in Role:
        if not named.get((keep_id, role.value)) and named.get((other_id, role.value)):
            people.set_people(session, keep_id, role, named[(other_id, role.value)])
    _move_children(session, keep_id, other_id)
    move_to_trash(session, [other_id])


def _move_children(session: Session, keep_id: int, other_id: int) -> None:
    for model in (Note, Annotation, Attachment):
        session.execute(
            update(model).where(col(model.paper_id) == other_id).values(paper_id=keep_id)
        )
    have_tags = set(session.exec(select(PaperTag.tag_id).where(PaperTag.paper_id == keep_id)))
    for tag_id in session.exec(select(PaperTag.tag_id).where(PaperTag.paper_id == other_id)):
        if tag_id not in have_tags:
            session.add(PaperTag(paper_id=keep_id, tag_id=tag_id))
    session.execute(delete(PaperTag).where(col(PaperTag.paper_id) == other_id))
    lists_of_other = session.exec(select(ListEntry).where(ListEntry.paper_id == other_id)).all()
    have_lists = set(session.exec(select(ListEntry.list_id).where(ListEntry.paper_id == keep_id)))
    for entry in lists_of_other:
        if entry.list_id not in have_lists:
            # The kept paper takes the other's place in the list.
            session.add(
                ListEntry(
                    list_id=entry.list_id,
                    paper_id=keep_id,
                    position=entry.position,
                    added_at=entry.added_at,
                )
            )
        session.delete(entry)
    session.flush()
    for list_id in {e.list_id for e in lists_of_other}:
        reading_lists.reorder(session, list_id, [])
