"""Write transactions that collided with another writer's (PostgreSQL runs them side by
side): which failures those are, and running a transaction again a few times on them."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm.exc import StaleDataError

from desktop.core.errors import ConflictError
from desktop.core.sentences import sentence

#: How many times a write is tried in all before the user is told.
ATTEMPTS = 5
#: PostgreSQL's codes for a transaction it rolled back because of another one:
#: serialization_failure and deadlock_detected. Running it again is the cure.
_RETRYABLE_SQLSTATES = frozenset({"40001", "40P01"})

Result = TypeVar("Result")


class CollisionError(ConflictError):
    """A write rolled back because another writer's got in the way; nothing was changed."""


def is_collision(error: BaseException) -> bool:
    """Whether `error` means another writer got in the way (and trying again may work)."""
    if isinstance(error, StaleDataError):  # a row changed or went between read and write
        return True
    if isinstance(error, DBAPIError):
        return getattr(error.orig, "sqlstate", None) in _RETRYABLE_SQLSTATES
    return False


def retrying(transaction: Callable[[], Result], *, what: str) -> Result:
    """Run `transaction` (which opens, and commits or rolls back, its own transaction and
    raises CollisionError when it collided with another writer) again after a short random
    pause; after `ATTEMPTS` collisions, a ConflictError saying so (`what`: "add the papers
    to the list")."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            return transaction()
        except CollisionError as error:
            if attempt == ATTEMPTS:
                raise ConflictError(
                    sentence(
                        "Papershelf could not {what}: others kept changing the same papers or "
                        "lists at the same moment ({attempts} tries). Nothing was changed; try "
                        "again.",
                        what=what,
                        attempts=ATTEMPTS,
                    )
                ) from error
            # Random, growing pauses, so that the writers that collided do not meet again.
            time.sleep(random.uniform(0, 0.05 * 2**attempt))
    raise AssertionError("unreachable")
