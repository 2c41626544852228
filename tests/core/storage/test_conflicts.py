"""A write that collided with another writer's is run again a few times, then told as a
sentence; any other failure is not retried."""

from __future__ import annotations

import pytest
from sqlalchemy.orm.exc import StaleDataError

from desktop.core.errors import ConflictError, InvalidInputError
from desktop.core.storage import conflicts


def test_a_collision_is_retried_until_it_goes_through() -> None:
    tries = []

    def transaction() -> str:
        tries.append(1)
        if len(tries) < 3:
            raise conflicts.CollisionError("collided")
        return "done"

    assert conflicts.retrying(transaction, what="add the papers to the list") == "done"
    assert len(tries) == 3


def test_collisions_without_end_become_a_sentence() -> None:
    tries = []

    def transaction() -> None:
        tries.append(1)
        raise conflicts.CollisionError("collided")

    with pytest.raises(ConflictError, match=r"could not add the papers to the list: others"):
        conflicts.retrying(transaction, what="add the papers to the list")
    assert len(tries) == conflicts.ATTEMPTS


def test_other_failures_are_not_retried() -> None:
    tries = []

    def transaction() -> None:
        tries.append(1)
        raise InvalidInputError("A list needs a name.")

    with pytest.raises(InvalidInputError):
        conflicts.retrying(transaction, what="rename the list")
    assert len(tries) == 1


def test_a_row_gone_between_read_and_write_is_a_collision() -> None:
    assert conflicts.is_collision(StaleDataError("expected to update 11 row(s); 9 were matched"))
    assert not conflicts.is_collision(ValueError("something else"))
