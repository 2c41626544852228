"""Merging two records of one paper into one, losing nothing of either (and undoing it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import delete, update
from sqlmodel import Session, col, select

from desktop.core import people, reading_lists
from desktop.core.formats import keywords
from desktop.core.formats.record import MODELLED_FIELDS
from desktop.core.papers import get_paper, move_to_trash, restore
from desktop.core.storage.models import (
    Annotation,
    Attachment,
    FilePage,
    ListEntry,
    Note,
    PaperTag,
    Role,
    utcnow,
)

# The pages of attached files name their paper too (so a search needs no join): they
# move with their attachments.
_CHILDREN: tuple[Any, ...] = (Note, Annotation, Attachment, FilePage)


#: The fields a merge can take from either paper (besides `extra:<name>` and the people).
CHOOSABLE = ("entry_type", "year", "month", *MODELLED_FIELDS)
KEEP, OTHER = "keep", "other"
#: Which paper's value a merge keeps, by field ("title", "extra:isbn", "authors"): KEEP or
#: OTHER. A field not named keeps the kept paper's value, or the other's when it has none.
Choices = tuple[tuple[str, str], ...]


@dataclass
class MergeRecord:
    """What a merge changed, so that `unmerge` can put it back."""

    keep_id: int
    other_id: int
    #: The kept paper's values before the merge, for the columns the merge changed.
    keep_before: dict[str, Any] = field(default_factory=dict)
    #: Roles whose people the kept paper took from the other (it had none before).
    people_taken: list[Role] = field(default_factory=list)
    #: The kept paper's people, by role, where the user chose the other's instead.
    people_before: dict[Role, list[Any]] = field(default_factory=dict)
    #: What the user chose (a redo merges the same way).
    choices: Choices = ()
    #: Ids of the other's notes, annotations and attachments, by model name.
    moved: dict[str, list[int]] = field(default_factory=dict)
    other_tags: list[int] = field(default_factory=list)
    tags_added_to_keep: list[int] = field(default_factory=list)
    #: The other's list entries: (list id, position, added at).
    other_entries: list[tuple[int, int, datetime]] = field(default_factory=list)
    lists_added_to_keep: list[int] = field(default_factory=list)


def merge(session: Session, keep_id: int, other_id: int, *, choices: Choices = ()) -> MergeRecord:
    """Fold paper `other_id` into `keep_id`, then move `other_id` to the trash.

    Where `choices` names a field, that paper's value is kept. Elsewhere the kept
    paper's values win; its empty fields take the other's values; unknown fields and
    keywords are united; people are taken from the other only when the kept has none.
    """
    # Locked (PostgreSQL) so that an edit made meanwhile is not overwritten by the merge.
    keep = get_paper(session, keep_id, include_trash=False, lock=True)
    other = get_paper(session, other_id, include_trash=False, lock=True)
    chosen = dict(choices)
    done = MergeRecord(keep_id, other_id, choices=choices)
    done.keep_before = {
        name: getattr(keep, name) for name in (*CHOOSABLE, "extra", "latex", "priority", "keywords")
    }
    for name in CHOOSABLE:
        mine, theirs = getattr(keep, name), getattr(other, name)
        wanted = chosen.get(name, KEEP if mine not in ("", None) else OTHER)
        if wanted == OTHER and theirs not in ("", None) and theirs != mine:
            setattr(keep, name, theirs)
            latex = {k: v for k, v in keep.latex.items() if k != name}
            keep.latex = {**latex, name: other.latex[name]} if name in other.latex else latex
    keep.extra = _united_extra(keep.extra, other.extra, chosen)
    keep.keywords = keywords.with_tags(list(keep.keywords), list(other.keywords))  # united
    keep.priority = max(keep.priority, other.priority)
    keep.version += 1
    keep.updated_at = utcnow()
    session.add(keep)
    named = people.people_of(session, [keep_id, other_id])
    for role in Role:
        mine, theirs = named.get((keep_id, role.value), []), named.get((other_id, role.value))
        wanted = chosen.get(f"{role.value}s", KEEP if mine else OTHER)
        if wanted == OTHER and theirs:
            people.set_people(session, keep_id, role, people=theirs)
            if mine:
                done.people_before[role] = mine
            else:
                done.people_taken.append(role)
    _move_children(session, done)
    move_to_trash(session, [other_id])
    return done


def _united_extra(
    mine: dict[str, Any], theirs: dict[str, Any], chosen: dict[str, str]
) -> dict[str, Any]:
    """Both papers' unknown fields, the kept paper's value where both have one, unless the
    user chose otherwise (choosing the side without a value leaves the field out)."""
    united = {**theirs, **mine}
    for name in list(united):
        wanted = chosen.get(f"extra:{name}")
        if wanted == OTHER:
            if name in theirs:
                united[name] = theirs[name]
            else:
                del united[name]
        elif wanted == KEEP and name not in mine:
            del united[name]
    return united


def unmerge(session: Session, done: MergeRecord) -> None:
    """Undo `merge`: the kept paper as it was, the other back with its own things."""
    keep = get_paper(session, done.keep_id, lock=True)
    for name, value in done.keep_before.items():
        setattr(keep, name, value)
    keep.version += 1
    keep.updated_at = utcnow()
    session.add(keep)
    for role in done.people_taken:
        people.set_people(session, done.keep_id, role, people=[])
    for role, before in done.people_before.items():
        people.set_people(session, done.keep_id, role, people=before)
    for model in _CHILDREN:
        ids = done.moved.get(model.__name__, [])
        if ids:
            session.execute(
                update(model).where(col(model.id).in_(ids)).values(paper_id=done.other_id)
            )
    session.execute(
        delete(PaperTag).where(
            col(PaperTag.paper_id) == done.keep_id,
            col(PaperTag.tag_id).in_(done.tags_added_to_keep),
        )
    )
    session.add_all(PaperTag(paper_id=done.other_id, tag_id=t) for t in done.other_tags)
    session.execute(
        delete(ListEntry).where(
            col(ListEntry.paper_id) == done.keep_id,
            col(ListEntry.list_id).in_(done.lists_added_to_keep),
        )
    )
    session.add_all(
        ListEntry(list_id=list_id, paper_id=done.other_id, position=position, added_at=added)
        for list_id, position, added in done.other_entries
    )
    restore(session, [done.other_id])
    session.flush()
    for list_id in {entry[0] for entry in done.other_entries}:
        reading_lists.reorder(session, list_id, [])


def _move_children(session: Session, done: MergeRecord) -> None:
    keep_id, other_id = done.keep_id, done.other_id
    for model in _CHILDREN:
        done.moved[model.__name__] = list(
            session.exec(select(model.id).where(col(model.paper_id) == other_id))
        )
        session.execute(
            update(model).where(col(model.paper_id) == other_id).values(paper_id=keep_id)
        )
    have_tags = set(session.exec(select(PaperTag.tag_id).where(PaperTag.paper_id == keep_id)))
    done.other_tags = list(
        session.exec(select(PaperTag.tag_id).where(PaperTag.paper_id == other_id))
    )
    for tag_id in done.other_tags:
        if tag_id not in have_tags:
            session.add(PaperTag(paper_id=keep_id, tag_id=tag_id))
            done.tags_added_to_keep.append(tag_id)
    session.execute(delete(PaperTag).where(col(PaperTag.paper_id) == other_id))
    # Both papers' lists are held first: a removal from one of them meanwhile would leave
    # this merge moving an entry that is gone.
    reading_lists.lock(
        session,
        session.exec(
            select(ListEntry.list_id).where(col(ListEntry.paper_id).in_([keep_id, other_id]))
        ).all(),
    )
    lists_of_other = session.exec(select(ListEntry).where(ListEntry.paper_id == other_id)).all()
    have_lists = set(session.exec(select(ListEntry.list_id).where(ListEntry.paper_id == keep_id)))
    for entry in lists_of_other:
        done.other_entries.append((entry.list_id, entry.position, entry.added_at))
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
            done.lists_added_to_keep.append(entry.list_id)
        session.delete(entry)
    session.flush()
    for list_id in {e.list_id for e in lists_of_other}:
        reading_lists.reorder(session, list_id, [])
