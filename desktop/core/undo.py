"""Undo and redo as data: each user step, and the step that takes it back.

A `Step` is a frozen description of a change. `Library.apply` runs one in one transaction
and hands back its inverse, built from what the step found in that same transaction; the
inverse's own inverse redoes the step. So an undo (of a list delete, a merge, a tag on a
hundred papers) either happens whole or not at all.

A list or annotation brought back by undo keeps its id unless another row took it meanwhile
(SQLite gives a freed id to the next row). Steps therefore name such rows by a `RowRef`:
the id and the row's creation time, which the restored row keeps; a step looks the row up
by both, so it never acts on a newcomer that got the old id.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, NamedTuple, TypeVar

from sqlmodel import Session, col, select

from desktop.core import (
    dedupe,
    field_origins,
    field_values,
    merging,
    notes,
    papers,
    people,
    reading_lists,
    tags,
)
from desktop.core.changes import ChangeKind
from desktop.core.errors import InvalidInputError, NotFoundError, StaleEditError
from desktop.core.field_origins import Origin
from desktop.core.formats.record import Person as NamedPerson
from desktop.core.merging import MergeRecord
from desktop.core.sentences import sentence
from desktop.core.storage.models import (
    Annotation,
    Attachment,
    ListEntry,
    Paper,
    PaperTag,
    ReadingList,
    Role,
)


@dataclass(frozen=True)
class Done:
    """What applying a step did: its inverse and the change to announce."""

    inverse: Step
    #: What the step changed, announced once it committed.
    kind: ChangeKind
    paper_ids: tuple[int, ...] = ()
    #: The papers' fields it changed, when it knows them (None: any; see `Library.apply`).
    fields: tuple[str, ...] | None = None


class Step:
    """A change to the library that `Library.apply` runs in one transaction."""

    def apply(self, session: Session) -> Done:
        raise NotImplementedError

    def parked(self) -> tuple[str, ...]:
        """The copies this step brings back from the files folder's trash, which must stay
        there while the step may still run (see `parked_files`)."""
        return ()


@dataclass(frozen=True)
class RowRef:
    """A list, annotation or attachment: its id, and its creation time once a step has
    seen it (None: whichever row has the id now, as for a step the user just asked for)."""

    id: int
    created_at: datetime | None = None


def _instant(moment: datetime) -> datetime:
    """A time comparable with any other read back: SQLite returns stored times naive."""
    return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment


_PaperPart = TypeVar("_PaperPart", Annotation, Attachment)


def _same_row(row: ReadingList | Annotation | Attachment | None, ref: RowRef) -> bool:
    return row is not None and (
        ref.created_at is None or _instant(row.created_at) == _instant(ref.created_at)
    )


def _ref(row: ReadingList | Annotation | Attachment) -> RowRef:
    assert row.id is not None
    return RowRef(row.id, row.created_at)


def _list_and_order(session: Session, ref: RowRef | int) -> tuple[ReadingList, int, list[int]]:
    """The list a step names, its id, and its papers' ids in its order (ids only: a list of
    100k is read again by each chunk of a step over many)."""
    found = _list(session, ref)
    assert found.id is not None
    return found, found.id, reading_lists.member_ids(session, found)


def _list(session: Session, ref: RowRef | int) -> ReadingList:
    """The list a step names, wherever undo put it back."""
    ref = ref if isinstance(ref, RowRef) else RowRef(ref)
    found = session.get(ReadingList, ref.id)
    if _same_row(found, ref):
        assert found is not None
        return found
    moved = next((rl for rl in session.exec(select(ReadingList)) if _same_row(rl, ref)), None)
    if moved is None:
        raise NotFoundError(sentence("That reading list no longer exists."))
    return moved


def _annotation(session: Session, ref: RowRef, paper_id: int) -> Annotation:
    """The annotation a step names, wherever undo put it back."""
    return part_of_paper(
        session,
        Annotation,
        ref,
        paper_id=paper_id,
        gone=sentence("That annotation no longer exists."),
    )


def part_of_paper(
    session: Session, model: type[_PaperPart], ref: RowRef, *, paper_id: int, gone: str
) -> _PaperPart:
    """The row of a paper's (an annotation, an attachment) that a step names, wherever undo
    put it back (an undone removal gives it a new id); NotFoundError saying `gone` when it
    is no longer there."""
    found = session.get(model, ref.id)
    if _same_row(found, ref):
        assert found is not None
        return found
    mine = session.exec(select(model).where(model.paper_id == paper_id))
    moved = next((row for row in mine if _same_row(row, ref)), None)
    if moved is None:
        raise NotFoundError(gone)
    return moved


# -- papers -------------------------------------------------------------------------------


@dataclass(frozen=True)
class EditPaper(Step):
    """Write `values` into a paper's fields, provided they still hold `expected`.

    The check guards undo and redo: someone else's later change to those fields is never
    overwritten (StaleEditError instead). "authors" and "editors" are lists of people.
    """

    paper_id: int
    values: Mapping[str, Any]
    expected: Mapping[str, Any]

    def apply(self, session: Session) -> Done:
        paper = papers.get_paper(session, self.paper_id, lock=True)
        named = people.people_of(session, [self.paper_id])
        current = {name: papers.field_value(paper, name) for name in self.expected}
        for role, name in ((Role.AUTHOR, "authors"), (Role.EDITOR, "editors")):
            if name in self.expected:
                current[name] = named.get((self.paper_id, role.value), [])
        if any(_comparable(current[k]) != _comparable(v) for k, v in self.expected.items()):
            raise StaleEditError(
                sentence(
                    "This paper was changed by someone else since your edit, so Papershelf cannot "
                    "undo it without losing their change."
                )
            )
        changes = dict(self.values)
        authors = changes.pop("authors", None)
        editors = changes.pop("editors", None)
        papers.update_paper(
            session, self.paper_id, paper.version, changes=changes, authors=authors, editors=editors
        )
        inverse = EditPaper(self.paper_id, values=self.expected, expected=self.values)
        return Done(inverse, ChangeKind.PAPERS, (self.paper_id,))


@dataclass(frozen=True)
class Fill:
    """One paper's part of a `FillPapers`: its new values, the values they replace, and
    where each new value came from (None: typed or imported, no origin kept)."""

    paper_id: int
    values: Mapping[str, Any]
    expected: Mapping[str, Any]
    origins: Mapping[str, Origin | None]


@dataclass(frozen=True)
class FillPapers(Step):
    """Fill fields of many papers from what a lookup found, as one step: undone, every
    paper gets back its values and their origins together."""

    fills: tuple[Fill, ...]

    def apply(self, session: Session) -> Done:
        inverses = []
        for fill in self.fills:
            previous = field_origins.of_fields(session, fill.paper_id, list(fill.origins))
            try:
                EditPaper(fill.paper_id, fill.values, fill.expected).apply(session)
            except StaleEditError:
                raise StaleEditError(
                    sentence(
                        "{paper} was changed since it was looked up, so Papershelf filled in none "
                        "of the papers; look them up again.",
                        paper=_paper_named(session, fill.paper_id),
                    )
                ) from None
            field_origins.record(session, fill.paper_id, dict(fill.origins))
            inverses.append(Fill(fill.paper_id, fill.expected, fill.values, previous))
        ids = tuple(fill.paper_id for fill in self.fills)
        return Done(FillPapers(tuple(inverses)), ChangeKind.PAPERS, ids)


def _paper_named(session: Session, paper_id: int) -> str:
    paper = papers.get_paper(session, paper_id)
    if paper.title:
        return sentence("The paper “{title}”", title=paper.title)
    return sentence("The paper {citekey}", citekey=paper.citekey)


def _comparable(value: Any) -> Any:
    """People compare by their name parts (how a file wrote them does not matter)."""
    if isinstance(value, list):
        return [
            (p.given, p.family, p.von, p.jr) if isinstance(p, NamedPerson) else p for p in value
        ]
    return value


@dataclass(frozen=True)
class SetValues(Step):
    """Give papers one field, each paper its own value: a bulk edit of any field the
    detail pane edits ("extra:<name>" for one kept from an import), or its undo."""

    name: str
    values: tuple[tuple[int, Any], ...]

    @classmethod
    def same(cls, name: str, value: Any, paper_ids: Iterable[int]) -> SetValues:
        """The same value for every paper (an empty one clears a kept field)."""
        return cls(name, tuple((i, value) for i in dict.fromkeys(paper_ids)))

    def apply(self, session: Session) -> Done:
        before = field_values.set_values(session, self.name, list(self.values))
        ids = tuple(i for i, _ in self.values)
        return Done(SetValues(self.name, tuple(before)), ChangeKind.PAPERS, ids, (self.name,))


@dataclass(frozen=True)
class Trash(Step):
    """Move papers to the trash, or (`restore`) back out of it."""

    paper_ids: tuple[int, ...]
    restore: bool = False

    def apply(self, session: Session) -> Done:
        # Only the papers that move are moved back by the inverse.
        deleted = col(Paper.deleted_at)
        state = deleted.is_not(None) if self.restore else deleted.is_(None)
        query = select(Paper.id).where(col(Paper.id).in_(self.paper_ids), state)
        moving = set(session.exec(query))
        if self.restore:
            papers.restore(session, list(self.paper_ids))
        else:
            papers.move_to_trash(session, list(self.paper_ids))
        moved = tuple(i for i in self.paper_ids if i in moving)
        return Done(Trash(moved, restore=not self.restore), ChangeKind.TRASH, self.paper_ids)


# -- reading lists -------------------------------------------------------------------------


class _Entry(NamedTuple):
    """A paper's place in a list, as a step reads it."""

    position: int
    added_at: datetime


def _entries(session: Session, list_id: int) -> dict[int, _Entry]:
    """A list's entries by paper id, in the list's order (trash included), as plain rows."""
    query = (
        select(ListEntry.paper_id, ListEntry.position, ListEntry.added_at)
        .where(ListEntry.list_id == list_id)
        .order_by(col(ListEntry.position), col(ListEntry.added_at))
    )
    return {paper_id: _Entry(at, added) for paper_id, at, added in session.exec(query)}


def _added_at(session: Session, list_id: int, paper_ids: list[int]) -> dict[int, datetime]:
    """When each of these papers was put into the list."""
    query = select(ListEntry.paper_id, ListEntry.added_at).where(
        ListEntry.list_id == list_id, col(ListEntry.paper_id).in_(paper_ids)
    )
    return dict(session.exec(query).all())


@dataclass(frozen=True)
class AddToList(Step):
    """Put papers into a list (at the end); the inverse takes out only those that were new."""

    list_ref: RowRef | int
    paper_ids: tuple[int, ...]

    def apply(self, session: Session) -> Done:
        found = _list(session, self.list_ref)
        assert found.id is not None
        new = tuple(reading_lists.add_new_papers(session, found.id, list(self.paper_ids)))
        return Done(RemoveFromList(_ref(found), new), ChangeKind.LISTS, self.paper_ids)


@dataclass(frozen=True)
class RemoveFromList(Step):
    """Take papers out of a list; the inverse puts them back in their places.

    `keeps_order=False` is for a chunk after the first of one command: its inverse puts
    its papers back at the end, and the first chunk's inverse, applied after it (or
    joined with it, see `joined_list_steps`), gives the list its whole order back. Such a
    chunk does not read the list whole: 50 chunks of a list of 100k read it 50 times."""

    list_ref: RowRef | int
    paper_ids: tuple[int, ...]
    keeps_order: bool = True

    def apply(self, session: Session) -> Done:
        found = _list(session, self.list_ref)
        assert found.id is not None
        added = _added_at(session, found.id, list(self.paper_ids))
        order: tuple[int, ...] = ()
        if self.keeps_order:
            order = tuple(reading_lists.member_ids(session, found))
            leaving = tuple((i, added[i]) for i in order if i in added)
        else:
            leaving = tuple((i, added[i]) for i in dict.fromkeys(self.paper_ids) if i in added)
        if leaving:
            reading_lists.remove_papers(session, found.id, [i for i, _ in leaving])
        inverse = ReturnToList(_ref(found), leaving, order=order)
        return Done(inverse, ChangeKind.LISTS, self.paper_ids)


@dataclass(frozen=True)
class ReturnToList(Step):
    """Put papers back into a list (each with the time it was first added), then give the
    list `order` again as far as its papers allow (no `order`: they go at the end)."""

    list_ref: RowRef | int
    #: (paper id, added at).
    entries: tuple[tuple[int, datetime], ...]
    order: tuple[int, ...]

    def apply(self, session: Session) -> Done:
        found = _list(session, self.list_ref)
        assert found.id is not None
        present = reading_lists.members_among(session, found.id, (i for i, _ in self.entries))
        back = tuple((i, added) for i, added in self.entries if i not in present)
        _require_papers(session, [i for i, _ in back])
        start = reading_lists.end_position(session, found.id)
        reading_lists.insert_entries(
            session, found.id, ((i, start + n, added) for n, (i, added) in enumerate(back))
        )
        if self.order:
            now = set(reading_lists.member_ids(session, found))
            reading_lists.reorder(session, found.id, [i for i in self.order if i in now])
        inverse = RemoveFromList(_ref(found), tuple(i for i, _ in back), bool(self.order))
        return Done(inverse, ChangeKind.LISTS, tuple(i for i, _ in self.entries))


def joined_list_steps(steps: Sequence[Step]) -> list[Step]:
    """`steps` (in the order they were made) with each run of chunks that take papers out
    of one list, or put them back, joined into one step that does the same at once.

    A step over a list reads the whole list: taking 100k papers out a chunk at a time, or
    putting them back in their order, read it again for each of 50 chunks (13 s, 37 s).
    Joined, the list is read once. Putting back keeps the order of the first chunk's,
    the list's order before any of them was taken out."""
    joined: list[Step] = []
    for step in steps:
        last = joined[-1] if joined else None
        if (
            isinstance(step, RemoveFromList)
            and isinstance(last, RemoveFromList)
            and last.list_ref == step.list_ref
        ):
            joined[-1] = replace(last, paper_ids=last.paper_ids + step.paper_ids)
        elif (
            isinstance(step, ReturnToList)
            and isinstance(last, ReturnToList)
            and last.list_ref == step.list_ref
        ):
            joined[-1] = replace(last, entries=last.entries + step.entries)
        else:
            joined.append(step)
    return joined


def _require_papers(session: Session, paper_ids: list[int]) -> None:
    known = set(session.exec(select(Paper.id).where(col(Paper.id).in_(paper_ids))))
    missing = [i for i in paper_ids if i not in known]
    if missing:
        raise NotFoundError(
            sentence("There is no paper with id {paper_id} in this library.", paper_id=missing[0])
        )


@dataclass(frozen=True)
class ReorderList(Step):
    """Give a list's papers this order (those not named keep theirs, after them)."""

    list_ref: RowRef | int
    order: tuple[int, ...]

    def apply(self, session: Session) -> Done:
        found, list_id, order = _list_and_order(session, self.list_ref)
        before = tuple(order)
        reading_lists.reorder(session, list_id, list(self.order))
        return Done(ReorderList(_ref(found), before), ChangeKind.LISTS, self.order)


@dataclass(frozen=True)
class ReorderLists(Step):
    """Show the reading lists in this order in the sidebar (others after them)."""

    list_refs: tuple[RowRef | int, ...]

    def apply(self, session: Session) -> Done:
        wanted = [_list(session, ref).id for ref in self.list_refs]
        before = tuple(_ref(rl) for rl, _ in reading_lists.all_lists(session))
        reading_lists.reorder_lists(session, [i for i in wanted if i is not None])
        return Done(ReorderLists(before), ChangeKind.LISTS)


@dataclass(frozen=True)
class CreateList(Step):
    """Make a new, empty reading list at the end of the sidebar."""

    name: str
    description: str = ""

    def apply(self, session: Session) -> Done:
        created = reading_lists.create(session, self.name, self.description)
        return Done(DeleteList(_ref(created)), ChangeKind.LISTS)


@dataclass(frozen=True)
class RenameList(Step):
    """Give a reading list another name."""

    list_ref: RowRef | int
    name: str
    #: The list's version the rename was made from (None: whatever it is now).
    expected_version: int | None = None

    def apply(self, session: Session) -> Done:
        found = _list(session, self.list_ref)
        old = found.name
        renamed = reading_lists.rename(
            session, found.id or 0, self.name, expected_version=self.expected_version
        )
        members = tuple(reading_lists.member_ids(session, renamed))
        inverse = RenameList(_ref(renamed), old, expected_version=renamed.version)
        return Done(inverse, ChangeKind.LISTS, members)


@dataclass(frozen=True)
class DeleteList(Step):
    """Delete a list (its papers stay); the inverse re-creates it whole."""

    list_ref: RowRef | int

    def apply(self, session: Session) -> Done:
        found = _list(session, self.list_ref)
        assert found.id is not None
        entries = tuple(
            (paper_id, e.position, e.added_at)
            for paper_id, e in _entries(session, found.id).items()
        )
        inverse = RestoreList(
            list_id=found.id,
            name=found.name,
            description=found.description,
            position=found.position,
            created_at=found.created_at,
            entries=entries,
        )
        session.delete(found)
        return Done(inverse, ChangeKind.LISTS, tuple(i for i, _, _ in entries))


@dataclass(frozen=True)
class RestoreList(Step):
    """Bring a deleted list back: name, description, place in the sidebar, creation time,
    and its papers in order (those in the trash too), under the same id when it is free."""

    list_id: int
    name: str
    description: str
    position: int
    created_at: datetime
    #: (paper id, position, added at), in the list's order.
    entries: tuple[tuple[int, int, datetime], ...] = field(default=())

    def apply(self, session: Session) -> Done:
        again = reading_lists.restore(
            session,
            list_id=self.list_id,
            name=self.name,
            description=self.description,
            position=self.position,
            created_at=self.created_at,
        )
        assert again.id is not None
        # Papers deleted for good since then cannot come back into it.
        wanted = [i for i, _, _ in self.entries]
        known = set(session.exec(select(Paper.id).where(col(Paper.id).in_(wanted))))
        reading_lists.insert_entries(
            session, again.id, (entry for entry in self.entries if entry[0] in known)
        )
        return Done(
            DeleteList(_ref(again)), ChangeKind.LISTS, tuple(i for i in wanted if i in known)
        )


# -- tags -------------------------------------------------------------------------------


def _tagged(session: Session, tag_id: int | None, paper_ids: Iterable[int]) -> set[int]:
    return set(
        session.exec(
            select(PaperTag.paper_id).where(
                PaperTag.tag_id == tag_id, col(PaperTag.paper_id).in_(list(paper_ids))
            )
        )
    )


@dataclass(frozen=True)
class TagPapers(Step):
    """Put a tag (created if needed) on papers; the inverse untags only those it tagged."""

    name: str
    paper_ids: tuple[int, ...]

    def apply(self, session: Session) -> Done:
        existing = tags.find(session, self.name)
        had = _tagged(session, existing.id, self.paper_ids) if existing is not None else set()
        tags.tag_papers(session, self.name, list(self.paper_ids))
        new = tuple(i for i in dict.fromkeys(self.paper_ids) if i not in had)
        return Done(UntagPapers(self.name, new), ChangeKind.TAGS, self.paper_ids)


@dataclass(frozen=True)
class UntagPapers(Step):
    """Take a tag off papers; the inverse tags again only those that had it."""

    name: str
    paper_ids: tuple[int, ...]

    def apply(self, session: Session) -> Done:
        if not self.paper_ids:  # an inverse with nothing to do (the tag may be gone)
            return Done(TagPapers(self.name, ()), ChangeKind.TAGS)
        tag = tags.get(session, self.name)
        had = _tagged(session, tag.id, self.paper_ids)
        tags.untag_papers(session, self.name, list(self.paper_ids))
        taken = tuple(i for i in dict.fromkeys(self.paper_ids) if i in had)
        return Done(TagPapers(tag.name, taken), ChangeKind.TAGS, self.paper_ids)


@dataclass(frozen=True)
class TagWithKeywords(Step):
    """Tag papers with their own keywords (each becomes a tag of that name); the inverse
    untags only what it tagged, and a tag it made stays, on no paper, as any untagged one."""

    paper_ids: tuple[int, ...]

    def apply(self, session: Session) -> Done:
        names: dict[str, str] = {}  # the first spelling met of each keyword
        papers_of: dict[str, list[int]] = {}
        for paper_id, words in _keywords_of(session, self.paper_ids):
            for word in tags.tag_names(words):
                key = " ".join(word.split()).casefold()
                names.setdefault(key, word)
                papers_of.setdefault(key, []).append(paper_id)
        steps = [TagPapers(names[key], tuple(ids)) for key, ids in papers_of.items()]
        return Several(tuple(steps)).apply(session)


def _keywords_of(session: Session, paper_ids: tuple[int, ...]) -> list[tuple[int, list[str]]]:
    query = select(Paper.id, Paper.keywords).where(col(Paper.id).in_(list(paper_ids)))
    return [(paper_id or 0, list(words or [])) for paper_id, words in session.exec(query)]


@dataclass(frozen=True)
class Several(Step):
    """Tag steps applied in order as one; the inverse takes them back in reverse order."""

    steps: tuple[Step, ...]

    def apply(self, session: Session) -> Done:
        inverses: list[Step] = []
        changed: list[int] = []
        for step in self.steps:
            done = step.apply(session)
            inverses.append(done.inverse)
            changed += done.paper_ids
        inverse = Several(tuple(reversed(inverses)))
        return Done(inverse, ChangeKind.TAGS, tuple(dict.fromkeys(changed)))

    def parked(self) -> tuple[str, ...]:
        return tuple(token for step in self.steps for token in step.parked())


@dataclass(frozen=True)
class CreateTag(Step):
    """Make a tag on no paper yet."""

    name: str
    colour: str = ""

    def apply(self, session: Session) -> Done:
        tag = tags.ensure(session, self.name, self.colour)
        return Done(DeleteTag(tag.name), ChangeKind.TAGS)


@dataclass(frozen=True)
class EditTag(Step):
    """Rename a tag and/or change its colour (None: left as it is)."""

    name: str
    new_name: str | None = None
    colour: str | None = None
    #: The tag's version the edit was made from (None: whatever it is now).
    expected_version: int | None = None

    def apply(self, session: Session) -> Done:
        tag = tags.get(session, self.name)
        old_name, old_colour = tag.name, tag.colour
        edited = tags.edit(
            session,
            self.name,
            new_name=self.new_name,
            colour=self.colour,
            expected_version=self.expected_version,
        )
        inverse = EditTag(
            edited.name,
            new_name=old_name if old_name != edited.name else None,
            colour=old_colour,
            expected_version=edited.version,
        )
        return Done(inverse, ChangeKind.TAGS, tuple(tags.member_ids(session, edited)))


@dataclass(frozen=True)
class DeleteTag(Step):
    """Delete a tag from every paper; the inverse puts it back on all of them."""

    name: str

    def apply(self, session: Session) -> Done:
        tag = tags.get(session, self.name)
        assert tag.id is not None
        members = tuple(tags.member_ids(session, tag))
        inverse = RestoreTag(tag.id, tag.name, tag.colour, members)
        tags.remove(session, self.name)
        return Done(inverse, ChangeKind.TAGS, members)


@dataclass(frozen=True)
class RestoreTag(Step):
    """Bring a deleted tag back (same id when free) on the papers that carried it."""

    tag_id: int
    name: str
    colour: str
    paper_ids: tuple[int, ...]

    def apply(self, session: Session) -> Done:
        tag = tags.restore(session, tag_id=self.tag_id, name=self.name, colour=self.colour)
        assert tag.id is not None
        known = set(session.exec(select(Paper.id).where(col(Paper.id).in_(self.paper_ids))))
        back = tuple(i for i in self.paper_ids if i in known)
        session.add_all(PaperTag(paper_id=i, tag_id=tag.id) for i in back)
        return Done(DeleteTag(tag.name), ChangeKind.TAGS, back)


# -- duplicates ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Merge(Step):
    """Merge paper `other_id` into `keep_id` (see `merging.merge`), keeping the values
    `choices` names."""

    keep_id: int
    other_id: int
    choices: merging.Choices = ()

    def apply(self, session: Session) -> Done:
        if self.keep_id == self.other_id:
            raise InvalidInputError(sentence("A paper cannot be merged with itself."))
        done = merging.merge(session, self.keep_id, self.other_id, choices=self.choices)
        return Done(Unmerge(done), ChangeKind.PAPERS, (self.keep_id, self.other_id))


@dataclass(frozen=True)
class Unmerge(Step):
    """Give back both papers of a merge as they were before it."""

    record: MergeRecord

    def apply(self, session: Session) -> Done:
        merging.unmerge(session, self.record)
        ids = (self.record.keep_id, self.record.other_id)
        return Done(Merge(*ids, self.record.choices), ChangeKind.PAPERS, ids)


@dataclass(frozen=True)
class MergeMany(Step):
    """Merge many pairs (kept paper, other) in order, as one step ("Merge all")."""

    pairs: tuple[tuple[int, int], ...]

    def apply(self, session: Session) -> Done:
        records = []
        for keep_id, other_id in self.pairs:
            if keep_id == other_id:
                raise InvalidInputError(sentence("A paper cannot be merged with itself."))
            records.append(merging.merge(session, keep_id, other_id))
        ids = tuple(dict.fromkeys(i for pair in self.pairs for i in pair))
        return Done(UnmergeMany(tuple(records)), ChangeKind.PAPERS, ids)


@dataclass(frozen=True)
class UnmergeMany(Step):
    """Take back the merges of a `MergeMany`, the last first."""

    records: tuple[MergeRecord, ...]

    def apply(self, session: Session) -> Done:
        for record in reversed(self.records):
            merging.unmerge(session, record)
        pairs = tuple((r.keep_id, r.other_id) for r in self.records)
        ids = tuple(dict.fromkeys(i for pair in pairs for i in pair))
        return Done(MergeMany(pairs), ChangeKind.PAPERS, ids)


@dataclass(frozen=True)
class MarkNotDuplicates(Step):
    """Remember that each pair is two different papers ("Not duplicates", "Keep all")."""

    pairs: tuple[tuple[int, int], ...]

    def apply(self, session: Session) -> Done:
        added = dedupe.remember_different(session, self.pairs)
        ids = tuple(dict.fromkeys(i for pair in self.pairs for i in pair))
        return Done(ForgetNotDuplicates(added), ChangeKind.PAPERS, ids)


@dataclass(frozen=True)
class ForgetNotDuplicates(Step):
    """Offer the pairs as possible duplicates again (the undo of `MarkNotDuplicates`)."""

    pairs: tuple[tuple[int, int], ...]

    def apply(self, session: Session) -> Done:
        dedupe.forget_different(session, self.pairs)
        ids = tuple(dict.fromkeys(i for pair in self.pairs for i in pair))
        return Done(MarkNotDuplicates(self.pairs), ChangeKind.PAPERS, ids)


# -- annotations -------------------------------------------------------------------------


@dataclass(frozen=True)
class Annotate(Step):
    """Annotate the span abstract[start:end] of a paper."""

    paper_id: int
    start: int
    end: int
    note: str = ""

    def apply(self, session: Session) -> Done:
        made = notes.add_annotation(
            session, self.paper_id, self.start, end=self.end, note=self.note
        )
        return Done(DeleteAnnotation(_ref(made), self.paper_id), ChangeKind.NOTES, (self.paper_id,))


@dataclass(frozen=True)
class EditAnnotation(Step):
    """Give an annotation another note."""

    ref: RowRef
    paper_id: int
    note: str
    #: The annotation's version the edit was made from (None: whatever it is now).
    expected_version: int | None = None

    def apply(self, session: Session) -> Done:
        found = _annotation(session, self.ref, self.paper_id)
        old = found.note
        notes.edit_annotation(
            session, found.id or 0, self.note, expected_version=self.expected_version
        )
        inverse = EditAnnotation(_ref(found), self.paper_id, old, expected_version=found.version)
        return Done(inverse, ChangeKind.NOTES, (self.paper_id,))


@dataclass(frozen=True)
class DeleteAnnotation(Step):
    """Delete an annotation; the inverse brings it back as it was."""

    ref: RowRef
    paper_id: int

    def apply(self, session: Session) -> Done:
        found = _annotation(session, self.ref, self.paper_id)
        values = tuple(found.model_dump().items())
        notes.remove_annotation(session, found.id or 0)
        return Done(RestoreAnnotation(values), ChangeKind.NOTES, (self.paper_id,))


@dataclass(frozen=True)
class RestoreAnnotation(Step):
    """Bring a deleted annotation back: same span, quote, note and time (same id if free)."""

    #: Every column of the annotation, as (name, value).
    values: tuple[tuple[str, Any], ...]

    def apply(self, session: Session) -> Done:
        again = notes.restore_annotation(session, **dict(self.values))
        return Done(
            DeleteAnnotation(_ref(again), again.paper_id), ChangeKind.NOTES, (again.paper_id,)
        )
