"""Files and links attached to papers."""

from __future__ import annotations

from sqlmodel import Session

from desktop.core import notes
from desktop.core.errors import InvalidInputError
from desktop.core.papers import get_paper
from desktop.core.storage.models import Attachment


def add(session: Session, paper_id: int, target: str, *, label: str = "") -> Attachment:
    """Attach a file path or URL to a paper."""
    get_paper(session, paper_id)
    target = target.strip()
    if not target:
        raise InvalidInputError("An attachment needs a file path or a web address.")
    attachment = Attachment(paper_id=paper_id, target=target, label=label.strip())
    session.add(attachment)
    session.flush()
    return attachment


def remove(session: Session, attachment_id: int) -> Attachment:
    attachment = notes.get_part(session, Attachment, attachment_id, what="attachment")
    session.delete(attachment)
    return attachment
