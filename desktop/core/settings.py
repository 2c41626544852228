"""The library's own settings, stored in it (not the window's preferences, which Qt keeps)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlmodel import Session, select

from desktop.core.storage import db
from desktop.core.storage.models import Setting

#: The setting holding every @preamble imported so far (a JSON list), given back on export.
PREAMBLES = "bibtex_preambles"
#: How citation keys are made for papers that come without one (see formats.citekeys).
CITEKEY_PATTERN = "citekey_pattern"


def value(session: Session, key: str, default: str) -> str:
    """The setting called `key`, or `default` when it was never set."""
    found = session.get(Setting, key)
    return found.value if found is not None else default


def preambles(session: Session) -> list[str]:
    """The @preamble and @comment blocks imports kept, for BibTeX exports."""
    return list(json.loads(value(session, PREAMBLES, "[]")))


def keep_preambles(session: Session, blocks: Sequence[str]) -> None:
    """Add `blocks` to those kept (each once, in the order first met)."""
    # Locked while read and rewritten: two imports at once both keep theirs.
    db.insert_or_ignore(session, Setting, [{"key": PREAMBLES, "value": "[]"}])
    row = session.exec(select(Setting).where(Setting.key == PREAMBLES).with_for_update()).one()
    row.value = json.dumps(list(dict.fromkeys([*json.loads(row.value), *blocks])))
    session.add(row)
