"""The library's own settings, stored in it (not the window's preferences, which Qt keeps)."""

from __future__ import annotations

from sqlmodel import Session

from desktop.core.storage.models import Setting

#: How citation keys are made for papers that come without one (see formats.citekeys).
CITEKEY_PATTERN = "citekey_pattern"
#: The e-mail address sent to Crossref with each search (its "polite pool" asks for one).
CONTACT_ADDRESS = "contact_address"


def value(session: Session, key: str, default: str) -> str:
    """The setting called `key`, or `default` when it was never set."""
    found = session.get(Setting, key)
    return found.value if found is not None else default


def store(session: Session, key: str, value: str) -> None:
    """Set the setting called `key` (in the caller's write transaction)."""
    found = session.get(Setting, key)
    if found is None:
        session.add(Setting(key=key, value=value))
    else:
        found.value = value
