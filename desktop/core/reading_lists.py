"""Reading lists: named, ordered collections of papers."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import bindparam, delete, func, update
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from desktop.core import snapshots, versions
from desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from desktop.core.sentences import sentence
from desktop.core.snapshots import ListItem, copy_of
from desktop.core.storage import db
from desktop.core.storage.models import ListEntry, Paper, ReadingList, utcnow

#: What a name is for unless told otherwise (a list's, in a sentence).
LIST = sentence("list")


def clean_name(name: str, what: str = LIST) -> str:
    """A usable name, or an error saying why not."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise InvalidInputError(sentence("A {what} needs a name.", what=what))
    if len(cleaned) > 200:
        raise InvalidInputError(
            sentence("A {what} name can be at most 200 characters long.", what=what)
        )
    return cleaned


def find(session: Session, ref: int | str) -> ReadingList:
    """The list with this id or (case-insensitive) name."""
    if isinstance(ref, int):
        found = session.get(ReadingList, ref)
    else:
        wanted = " ".join(ref.split()).casefold()
        found = next(
            (rl for rl in session.exec(select(ReadingList)) if rl.name.casefold() == wanted), None
        )
    if found is None:
        raise NotFoundError(sentence("There is no reading list called “{ref}”.", ref=ref))
    return found


def lock(session: Session, list_ids: Iterable[int]) -> None:
    """Hold these lists' rows until the commit (PostgreSQL; SQLite has one writer at a
    time anyway), so that writers changing one list's members take turns: each then reads
    the members as the one before it left them, and no two give out the same position.
    Locked in the order of their ids, so two writers locking several never wait on each
    other in a circle. `FOR NO KEY UPDATE`: a writer that only `keep`s a list (a long
    import into it) does not hold these writers up."""
    _hold(session, list_ids, read=False)


def keep(session: Session, list_ids: Iterable[int]) -> None:
    """Keep these lists from being deleted until the commit, while others may still change
    their members (`FOR KEY SHARE`, which adding entries to a list takes anyway)."""
    _hold(session, list_ids, read=True)


def _hold(session: Session, list_ids: Iterable[int], *, read: bool) -> None:
    wanted = sorted(set(list_ids))
    if wanted:
        session.execute(
            select(ReadingList.id)
            .where(col(ReadingList.id).in_(wanted))
            .order_by(col(ReadingList.id))
            .with_for_update(read=read, key_share=True)
        ).all()


def find_locked(session: Session, ref: int | str) -> ReadingList:
    """`find`, with the list's row held until the commit (see `lock`)."""
    reading_list = find(session, ref)
    assert reading_list.id is not None
    lock(session, [reading_list.id])
    return reading_list


def _ensure_name_free(session: Session, name: str, keep_id: int | None = None) -> None:
    for existing in session.exec(select(ReadingList)):
        if existing.name.casefold() == name.casefold() and existing.id != keep_id:
            raise ConflictError(
                sentence("A reading list called “{name}” already exists.", name=existing.name)
            )


def create(session: Session, name: str, description: str = "") -> ReadingList:
    name = clean_name(name)
    _ensure_name_free(session, name)
    last = session.exec(select(func.max(ReadingList.position))).one()
    row = {
        "name": name,
        "description": description,
        "created_at": utcnow(),
        "position": (last or 0) + 1,  # a new list goes at the end
    }
    if not db.insert_or_ignore(session, ReadingList, [row]):
        # Someone else created it in the meantime.
        raise ConflictError(sentence("A reading list called “{name}” already exists.", name=name))
    return find(session, name)


def restore(
    session: Session,
    *,
    list_id: int,
    name: str,
    description: str,
    position: int,
    created_at: datetime,
) -> ReadingList:
    """Bring a deleted list back as it was, under its old id when no other list took it
    (SQLite hands a freed id to the next row): then under a new one."""
    name = clean_name(name)
    _ensure_name_free(session, name)
    reading_list = ReadingList(
        id=None if session.get(ReadingList, list_id) is not None else list_id,
        name=name,
        description=description,
        position=position,
        created_at=created_at,
    )
    session.add(reading_list)
    session.flush()
    return reading_list


def rename(
    session: Session, ref: int | str, new_name: str, *, expected_version: int | None = None
) -> ReadingList:
    """Give a list another name, if it is still at `expected_version` (None: blindly)."""
    reading_list = find(session, ref)
    new_name = clean_name(new_name)
    _ensure_name_free(session, new_name, keep_id=reading_list.id)
    versions.write(
        session,
        reading_list,
        expected_version=expected_version,
        changes={"name": new_name},
        what=sentence("reading list"),
    )
    return reading_list


def remove(session: Session, ref: int | str) -> None:
    """Delete a list; its papers stay in the library."""
    session.delete(find(session, ref))


def add_papers(
    session: Session, ref: int | str, paper_ids: list[int], *, position: int | None = None
) -> int:
    """Put papers into a list (at the end, or before `position`); returns how many were new
    (`add_new_papers` names them)."""
    return len(add_new_papers(session, ref, paper_ids, position=position))


def add_new_papers(
    session: Session, ref: int | str, paper_ids: list[int], *, position: int | None = None
) -> list[int]:
    """`add_papers`, returning the papers that were not in the list before, in order."""
    reading_list = find_locked(session, ref)
    assert reading_list.id is not None
    known = set(session.exec(select(Paper.id).where(col(Paper.id).in_(paper_ids))))
    missing = [i for i in paper_ids if i not in known]
    if missing:
        raise NotFoundError(
            sentence("There is no paper with id {paper_id} in this library.", paper_id=missing[0])
        )
    already = members_among(session, reading_list.id, paper_ids)
    new = [i for i in dict.fromkeys(paper_ids) if i not in already]
    if position is None:  # at the end, after the last place taken: no other entry moves
        _insert(session, reading_list.id, new, start=end_position(session, reading_list.id))
        return new
    order = _order(session, reading_list.id)
    at = max(0, min(position, len(order)))
    _insert(session, reading_list.id, new, start=at)
    _write_order(session, reading_list.id, [*order[:at], *new, *order[at:]])
    return new


def end_position(session: Session, list_id: int) -> int:
    """The position after the last one taken in a list (0 for an empty list)."""
    last = session.exec(
        select(func.max(ListEntry.position)).where(ListEntry.list_id == list_id)
    ).one()
    return 0 if last is None else last + 1


def _insert(session: Session, list_id: int, paper_ids: list[int], *, start: int) -> None:
    """New entries, at positions from `start` on, as plain rows in one statement (the
    ORM's took 0.2 ms a paper: seconds for a list of 100k)."""
    added = utcnow()
    insert_entries(session, list_id, ((i, start + n, added) for n, i in enumerate(paper_ids)))


def insert_entries(
    session: Session, list_id: int, entries: Iterable[tuple[int, int, datetime]]
) -> None:
    """Insert a list's entries as (paper id, position, added at), in one statement."""
    rows = [
        {"list_id": list_id, "paper_id": i, "position": at, "added_at": added}
        for i, at, added in entries
    ]
    db.insert_many(session, ListEntry, rows)


def members_among(session: Session, list_id: int, paper_ids: Iterable[int]) -> set[int]:
    """Which of these papers the list holds (without reading all of a long list)."""
    query = select(ListEntry.paper_id).where(
        ListEntry.list_id == list_id, col(ListEntry.paper_id).in_(list(paper_ids))
    )
    return set(session.exec(query))


def remove_papers(session: Session, ref: int | str, paper_ids: list[int]) -> int:
    """Take papers out of a list (not out of the library); returns how many left it."""
    reading_list = find_locked(session, ref)
    result = session.execute(
        delete(ListEntry).where(
            col(ListEntry.list_id) == reading_list.id, col(ListEntry.paper_id).in_(paper_ids)
        )
    )
    return int(result.rowcount)  # type: ignore[attr-defined]


def reorder(session: Session, ref: int | str, paper_ids: list[int]) -> None:
    """Give the list the order `paper_ids`; papers not named keep their order, after them."""
    reading_list = find_locked(session, ref)
    assert reading_list.id is not None
    current = _order(session, reading_list.id)
    members = set(current)  # sets: a list of 100k put back a chunk at a time (undo)
    strangers = [i for i in paper_ids if i not in members]
    if strangers:
        raise InvalidInputError(
            sentence(
                "Paper {paper_id} is not in “{name}”.",
                paper_id=strangers[0],
                name=reading_list.name,
            )
        )
    named = dict.fromkeys(paper_ids)
    _write_order(session, reading_list.id, [*named, *(i for i in current if i not in named)])


def member_ids(session: Session, reading_list: ReadingList) -> list[int]:
    """Ids of the papers in a list, trash included."""
    assert reading_list.id is not None
    return _order(session, reading_list.id)


def _order(session: Session, list_id: int) -> list[int]:
    """Paper ids of a list in order, trash included (a restored paper keeps its place)."""
    session.flush()  # read past the ORM (below), which would have flushed
    table = ListEntry.__table__  # type: ignore[attr-defined]
    # A Core query: the ORM's handling of each row doubled the time of a list of 100k,
    # read again by each chunk of a step over many.
    query = (
        sa_select(table.c.paper_id)
        .where(table.c.list_id == list_id)
        .order_by(table.c.position, table.c.added_at)
    )
    return list(session.connection().execute(query).scalars().all())


def _write_order(session: Session, list_id: int, order: list[int]) -> None:
    """Give the list's entries the positions 0, 1, ... in `order`."""
    table = ListEntry.__table__  # type: ignore[attr-defined]
    positions: dict[int, int] = dict(
        session.connection()
        .execute(sa_select(table.c.paper_id, table.c.position).where(table.c.list_id == list_id))
        .all()
    )
    # An entry gone meanwhile (its paper deleted for good by another writer) is skipped;
    # a plain UPDATE, not the ORM's, since the ORM counts a vanished row as an error.
    changed = [
        {"list": list_id, "paper": paper_id, "at": at}
        for at, paper_id in enumerate(order)
        if paper_id in positions and positions[paper_id] != at
    ]
    if changed:
        session.connection().execute(
            update(table)
            .where(table.c.list_id == bindparam("list"), table.c.paper_id == bindparam("paper"))
            .values(position=bindparam("at")),
            changed,
        )
        session.expire_all()  # entries loaded before hold their old positions


def paper_ids(session: Session, list_id: int) -> list[int]:
    """Ids of the papers of a list not in the trash, in the list's order (without loading
    the papers: a list of 100k took 12 s as `items`)."""
    return list(
        session.exec(
            select(ListEntry.paper_id)
            .join(Paper, col(Paper.id) == ListEntry.paper_id)
            .where(ListEntry.list_id == list_id, col(Paper.deleted_at).is_(None))
            .order_by(col(ListEntry.position), col(ListEntry.added_at))
        )
    )


def items(session: Session, list_id: int, *, include_trash: bool = False) -> list[ListItem]:
    """The papers of a list, in the list's order."""
    query = (
        select(Paper, ListEntry.position, ListEntry.added_at)
        .join(ListEntry, col(ListEntry.paper_id) == Paper.id)
        .where(ListEntry.list_id == list_id)
        .order_by(col(ListEntry.position), col(ListEntry.added_at))
    )
    if not include_trash:
        query = query.where(col(Paper.deleted_at).is_(None))
    return [
        ListItem(copy_of(snapshots.Paper, paper), pos, added)
        for paper, pos, added in session.exec(query)
    ]


def reorder_lists(session: Session, list_ids: list[int]) -> None:
    """Put the named lists first, in this order; the others keep theirs, after them."""
    current = [rl.id for rl, _ in all_lists(session) if rl.id is not None]
    strangers = [i for i in list_ids if i not in current]
    if strangers:
        raise NotFoundError(
            sentence("There is no reading list with id {list_id}.", list_id=strangers[0])
        )
    named = list(dict.fromkeys(list_ids))
    for position, list_id in enumerate(named + [i for i in current if i not in named]):
        reading_list = session.get(ReadingList, list_id)
        assert reading_list is not None
        if reading_list.position != position:
            reading_list.position = position
            session.add(reading_list)


def all_lists(session: Session) -> list[tuple[ReadingList, int]]:
    """Every list with the number of papers (not in the trash) it holds, by name."""
    counts = dict(
        session.exec(
            select(ListEntry.list_id, func.count())
            .join(Paper, col(Paper.id) == ListEntry.paper_id)
            .where(col(Paper.deleted_at).is_(None))
            .group_by(col(ListEntry.list_id))
        ).all()
    )
    lists = session.exec(
        select(ReadingList).order_by(col(ReadingList.position), func.lower(ReadingList.name))
    )
    return [(rl, counts.get(rl.id or 0, 0)) for rl in lists]
