"""The library's own settings, stored in it (not the window's preferences, which Qt keeps)."""

from __future__ import annotations

from sqlmodel import Session

from desktop.core.storage.models import Setting

#: How citation keys are made for papers that come without one (see formats.citekeys).
CITEKEY_PATTERN = "citekey_pattern"


def value(session: Session, key: str, default: str) -> str:
    """The setting called `key`, or `default` when it was never set."""
    found = session.get(Setting, key)
    return found.value if found is not None else default
