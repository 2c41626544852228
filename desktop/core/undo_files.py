"""Undo steps for a paper's attached files: remove one, bring it back, relink it.

A copied file (in the library's files folder) goes with its attachment into the folder's
trash (`parked_files`) and comes back with it; a linked file (anywhere else) and a web
address are never touched. A file's text is read again once it is back (its pages went
with the attachment).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from desktop.core import library_files, parked_files
from desktop.core.changes import ChangeKind
from desktop.core.errors import StaleEditError
from desktop.core.papers import get_paper
from desktop.core.sentences import sentence
from desktop.core.storage.models import Attachment, AttachmentKind
from desktop.core.undo import Done, RowRef, Step, _ref, part_of_paper


def _attachment(session: Session, ref: RowRef, paper_id: int) -> Attachment:
    """The attachment a step names, wherever undo put it back."""
    return part_of_paper(
        session,
        Attachment,
        ref,
        paper_id=paper_id,
        gone=sentence("That attachment no longer exists."),
    )


def _copied(attachment: Attachment) -> bool:
    return attachment.kind == AttachmentKind.COPY.value and not library_files.is_web(
        attachment.target
    )


@dataclass(frozen=True)
class Detach(Step):
    """Remove an attachment; its copy, if it has one, goes to the files folder's trash."""

    ref: RowRef
    paper_id: int

    def apply(self, session: Session) -> Done:
        found = _attachment(session, self.ref, self.paper_id)
        values = tuple(found.model_dump().items())
        token = None
        if _copied(found):
            token = parked_files.journal(session).park(session, found.target)
        session.delete(found)
        session.flush()
        return Done(Reattach(values, copy=token), ChangeKind.PAPERS, (self.paper_id,))


@dataclass(frozen=True)
class Reattach(Step):
    """Bring a removed attachment back as it was (same id if free), with its copy."""

    #: Every column of the attachment, as (name, value).
    values: tuple[tuple[str, Any], ...]
    #: Its copy's token in the files folder's trash (None: it had no copy there).
    copy: str | None = None

    def parked(self) -> tuple[str, ...]:
        return (self.copy,) if self.copy else ()

    def apply(self, session: Session) -> Done:
        values = dict(self.values)
        get_paper(session, values["paper_id"])
        if self.copy:
            files = parked_files.journal(session)
            values["target"] = files.unpark(session, self.copy, values["target"])
        # Its pages went with it: the text is read again.
        values.update(text_of="", text_problem="", text_problem_sentence="")
        again = Attachment(**values)
        if session.get(Attachment, again.id) is not None:
            again.id = None
        session.add(again)
        session.flush()
        return Done(Detach(_ref(again), again.paper_id), ChangeKind.PAPERS, (again.paper_id,))


@dataclass(frozen=True)
class Relink(Step):
    """Point an attachment at another file (`target`), provided it still points at
    `expected` (someone else's relink is never undone). The copy it pointed at, if any,
    goes to the files folder's trash; `copy` names the copy, parked there, that becomes
    `target` (a relinked copy is copied into the trash first, so that the old copy is
    out of the way before the new one takes its name)."""

    ref: RowRef
    paper_id: int
    target: str
    expected: str
    copy: str | None = None

    def parked(self) -> tuple[str, ...]:
        return (self.copy,) if self.copy else ()

    def apply(self, session: Session) -> Done:
        found = _attachment(session, self.ref, self.paper_id)
        if found.target != self.expected:
            raise StaleEditError(
                sentence(
                    "This attachment was pointed at another file by someone else since, so "
                    "Papershelf left it as it is."
                )
            )
        files = parked_files.journal(session)
        before = found.target
        left = files.park(session, before) if _copied(found) else None
        target = files.unpark(session, self.copy, self.target) if self.copy else self.target
        found.target = target
        # The text is that of another file now.
        found.text_of = ""
        found.text_problem = ""
        found.text_problem_sentence = ""
        session.add(found)
        session.flush()
        inverse = Relink(_ref(found), self.paper_id, target=before, expected=target, copy=left)
        return Done(inverse, ChangeKind.PAPERS, (self.paper_id,))
