"""Saved searches: queries the user named, shown in the sidebar."""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import Session, select

from desktop.core import versions
from desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from desktop.core.reading_lists import clean_name
from desktop.core.sentences import sentence
from desktop.core.storage import db
from desktop.core.storage.models import SavedSearch


def all_saved(session: Session) -> list[SavedSearch]:
    """Every saved search, by name."""
    return list(session.exec(select(SavedSearch).order_by(func.lower(SavedSearch.name))))


def get(session: Session, search_id: int) -> SavedSearch:
    found = session.get(SavedSearch, search_id)
    if found is None:
        raise NotFoundError(
            sentence("There is no saved search with id {search_id}.", search_id=search_id)
        )
    return found


def find(session: Session, name: str) -> SavedSearch:
    """The saved search called `name` (without regard to case, as names are kept apart)."""
    for saved in all_saved(session):
        if saved.name.casefold() == name.strip().casefold():
            return saved
    raise NotFoundError(sentence("There is no saved search called “{name}”.", name=name))


def _ensure_name_free(session: Session, name: str, keep_id: int | None = None) -> None:
    for existing in all_saved(session):
        if existing.name.casefold() == name.casefold() and existing.id != keep_id:
            raise ConflictError(
                sentence("A saved search called “{name}” already exists.", name=existing.name)
            )


def save(session: Session, name: str, query: str) -> SavedSearch:
    """Remember `query` under `name`."""
    name = clean_name(name, sentence("saved search"))
    if not query.strip():
        raise InvalidInputError(sentence("There is nothing to save: the search is empty."))
    _ensure_name_free(session, name)
    if not db.insert_or_ignore(session, SavedSearch, [{"name": name, "query": query}]):
        raise ConflictError(sentence("A saved search called “{name}” already exists.", name=name))
    return next(s for s in all_saved(session) if s.name == name)


def rename(
    session: Session, search_id: int, new_name: str, *, expected_version: int | None = None
) -> SavedSearch:
    """Give a saved search another name, if it is still at `expected_version`."""
    saved = get(session, search_id)
    new_name = clean_name(new_name, sentence("saved search"))
    _ensure_name_free(session, new_name, keep_id=search_id)
    versions.write(
        session,
        saved,
        expected_version=expected_version,
        changes={"name": new_name},
        what=sentence("saved search"),
    )
    return saved


def remove(session: Session, search_id: int) -> None:
    session.delete(get(session, search_id))
