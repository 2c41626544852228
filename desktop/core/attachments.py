"""Files and links attached to papers."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from desktop.core import notes
from desktop.core.errors import InvalidInputError
from desktop.core.papers import get_paper
from desktop.core.sentences import sentence
from desktop.core.storage.models import Attachment, AttachmentKind


def add(
    session: Session,
    paper_id: int,
    target: str,
    *,
    label: str = "",
    kind: AttachmentKind = AttachmentKind.LINK,
) -> Attachment:
    """Attach a file path or URL to a paper (a `COPY`'s target: its name in the files
    folder)."""
    get_paper(session, paper_id)
    target = target.strip()
    if not target:
        raise InvalidInputError(sentence("An attachment needs a file path or a web address."))
    attachment = Attachment(paper_id=paper_id, target=target, label=label.strip(), kind=kind.value)
    session.add(attachment)
    session.flush()
    return attachment


def remove(session: Session, attachment_id: int) -> Attachment:
    attachment = notes.get_part(session, Attachment, attachment_id, what=sentence("attachment"))
    session.delete(attachment)
    return attachment


def retarget(session: Session, attachment_id: int, target: str) -> Attachment:
    """Point an attachment at another file (Relink); its text is to be read again."""
    attachment = notes.get_part(session, Attachment, attachment_id, what=sentence("attachment"))
    attachment.target = target
    attachment.text_of = ""
    attachment.text_problem = ""
    session.add(attachment)
    session.flush()
    return attachment


def of_paper(session: Session, paper_id: int) -> Sequence[Attachment]:
    return session.exec(
        select(Attachment).where(Attachment.paper_id == paper_id).order_by(col(Attachment.id))
    ).all()
