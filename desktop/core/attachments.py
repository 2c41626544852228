"""Files and links attached to papers."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

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


def of_paper(session: Session, paper_id: int) -> Sequence[Attachment]:
    return session.exec(
        select(Attachment).where(Attachment.paper_id == paper_id).order_by(col(Attachment.id))
    ).all()


def copies_only_of(session: Session, paper_ids: Sequence[int]) -> list[str]:
    """The copied files of these papers (their names in the files folder) that no other
    paper's attachment names: what deleting the papers for good leaves to nobody."""
    copied = Attachment.kind == AttachmentKind.COPY.value
    theirs = col(Attachment.paper_id).in_(list(paper_ids))
    names = set(session.exec(select(Attachment.target).where(copied, theirs)))
    if not names:
        return []
    others = select(Attachment.target).where(
        copied, ~theirs, col(Attachment.target).in_(sorted(names))
    )
    used = set(session.exec(others))
    return sorted(names - used)
