"""Undoable library operations for the window's QUndoStack (Ctrl+Z / Ctrl+Shift+Z).

Each command holds steps of `desktop.core.undo`. The work never runs inside the stack's
own `redo()` and `undo()` (those only keep the stack's count): `History` has the
operation runner apply the steps off the GUI thread, and moves the stack only once they
succeeded, so the stack never holds a step that did not happen. Applying the steps returns
their inverses, which an undo applies, which returns the steps to redo, and so on. A
command built with `inverse=` wraps work already performed (a saved edit).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import QProgressDialog, QWidget

from desktop.core.api import Annotation, Attachment, Record, undo, undo_files
from desktop.core.errors import KnownError, StaleEditError
from desktop.core.library import Library
from desktop.ui import core_sentences
from desktop.ui.background import progress
from desktop.ui.background.operations import Operation, OperationRunner
from desktop.ui.background.workers import Job

__all__ = ["History", "QUndoCommand"]

#: Papers per step of a command over many: each step is one transaction, after which the
#: progress dialog moves on and Cancel is heard (a cancelled command is taken back whole).
CHUNK = 2000
# Merges per step of "Merge all" (each merge moves notes, tags and lists: heavier).
MERGES_PER_STEP = 100


class Cancelled(KnownError):
    """The user stopped a change of many papers; what was done of it is taken back."""

    def __init__(self) -> None:
        super().__init__(
            QCoreApplication.translate(
                "UndoCommands", "Stopped: the papers are as they were before."
            )
        )


def in_chunks(
    paper_ids: Sequence[int], make: Callable[[tuple[int, ...]], undo.Step]
) -> tuple[undo.Step, ...]:
    """One step per chunk of papers (the papers' order kept)."""
    ids = tuple(dict.fromkeys(paper_ids))
    return tuple(make(ids[i : i + CHUNK]) for i in range(0, len(ids), CHUNK)) or (make(()),)


class History:
    """The window's undo stack, its steps applied through the operation runner in order.

    `perform`, `undo` and `redo` wait in the runner's queue behind the writes asked for
    before them; the command an undo takes back is chosen only when its turn comes. A
    step that fails leaves the stack as it was and `tell`s the user the sentence.
    """

    def __init__(
        self,
        stack: QUndoStack,
        runner: OperationRunner,
        tell: Callable[[str], object],
        *,
        window: QWidget | None = None,
    ) -> None:
        """`window`: where a command of many steps shows its progress, with Cancel."""
        self.stack = stack
        self.runner = runner
        self._tell = tell
        self._window = window
        # The copies in the files folder's trash that commands on the stack can bring
        # back, with their library: deleted for good once none can.
        self._parked: dict[str, Library] = {}
        stack.indexChanged.connect(self._forget_unreachable)

    def perform(
        self,
        command: QUndoCommand,
        *,
        on_done: Callable[[], object] = lambda: None,
        on_failed: Callable[[], object] = lambda: None,
        on_stale: Callable[[StaleEditError], object] | None = None,
    ) -> None:
        """Do a command's work, then put it on the stack (`on_done` follows); when it
        fails or is cancelled, the user is told (of a failure) and `on_failed` follows.
        With `on_stale`, an edit refused because someone else changed the same thing is
        handed to it instead (to offer the user a choice) rather than told."""

        if not isinstance(command, _LibraryCommand) or command.stands:
            # Nothing to write, but it still waits its turn behind the writes before it.
            def stood(_none: None) -> None:
                self.stack.push(command)
                on_done()

            self.runner.run(_nothing, on_done=stood, on_failed=self._on_failed)
            return

        def make() -> Operation[Any]:
            job, dialog = self._progress(command)

            def pushed(inverses: list[undo.Step]) -> None:
                progress.close_dialog(dialog)
                command.redone(inverses)
                self.stack.push(command)
                on_done()

            failed = self._failed_with(dialog, on_failed, on_stale=on_stale)
            return Operation(command.redo_write(job), pushed, failed)

        self.runner.run_when_ready(make)

    def _progress(self, command: _LibraryCommand) -> tuple[Job | None, QProgressDialog | None]:
        """For a command of many steps, a dialog showing how far it is, with Cancel."""
        if command.steps_left < 2 or self._window is None:
            return None, None
        dialog = progress.open_dialog(
            self._window,
            command.text(),
            title=command.text(),
            maximum=command.steps_left,
            cancel=QCoreApplication.translate("History", "Cancel"),
        )
        return progress.job_of(dialog), dialog

    def _failed_with(
        self,
        dialog: QProgressDialog | None,
        then: Callable[[], object] = lambda: None,
        *,
        on_stale: Callable[[StaleEditError], object] | None = None,
    ) -> Callable[[KnownError], None]:
        def failed(error: KnownError) -> None:
            progress.close_dialog(dialog)
            if on_stale is not None and isinstance(error, StaleEditError):
                on_stale(error)
            elif not isinstance(error, Cancelled):  # the user knows: they pressed Cancel
                self._on_failed(error)
            then()

        return failed

    def push_done(self, command: QUndoCommand) -> None:
        """Put a command whose work an operation just did on the stack (call it from that
        operation's `on_done`, so that no later write comes between)."""
        self.stack.push(command)

    def undo(self) -> None:
        """Take back the newest step still standing (once the writes before are done)."""
        self.runner.run_when_ready(self._undo_operation)

    def redo(self) -> None:
        """Do again the step undone last (once the writes before are done)."""
        self.runner.run_when_ready(self._redo_operation)

    def clear(self) -> None:
        """Forget every step (once the writes before are done)."""
        self.runner.run(
            _nothing, on_done=lambda _none: self.stack.clear(), on_failed=self._on_failed
        )

    def _undo_operation(self) -> Operation[Any] | None:
        if not self.stack.canUndo():
            return None
        command = self.stack.command(self.stack.index() - 1)
        if not isinstance(command, _LibraryCommand):
            self.stack.undo()  # not the library's: nothing to write
            return None

        job, dialog = self._progress(command)

        def undone(steps: list[undo.Step]) -> None:
            progress.close_dialog(dialog)
            command.undone(steps)
            self.stack.undo()

        return Operation(command.undo_write(job), undone, self._failed_with(dialog))

    def _redo_operation(self) -> Operation[Any] | None:
        if not self.stack.canRedo():
            return None
        command = self.stack.command(self.stack.index())
        if not isinstance(command, _LibraryCommand):
            self.stack.redo()
            return None

        job, dialog = self._progress(command)

        def redone(inverses: list[undo.Step]) -> None:
            progress.close_dialog(dialog)
            command.redone(inverses)
            self.stack.redo()

        return Operation(command.redo_write(job), redone, self._failed_with(dialog))

    def _on_failed(self, error: KnownError) -> None:
        self._tell(core_sentences.of_error(error))

    def _forget_unreachable(self) -> None:
        """Delete for good the parked copies no command on the stack can bring back (the
        stack dropped it, or its step brought the copy back already)."""
        if not shiboken6.isValid(self.stack):  # the stack empties itself as it goes
            return
        reachable: dict[str, Library] = {}
        for index in range(self.stack.count()):
            command = self.stack.command(index)
            if isinstance(command, _LibraryCommand):
                reachable.update(dict.fromkeys(command.parked(), command.library))
        gone = {t: lib for t, lib in self._parked.items() if t not in reachable}
        self._parked = reachable
        self._forget(gone)

    def close(self) -> None:
        """The window closes: no command can bring a parked copy back any more (asked of
        the runner, so that it runs after the writes before it)."""
        gone, self._parked = self._parked, {}
        self._forget(gone)

    def _forget(self, gone: dict[str, Library]) -> None:
        if not gone:
            return

        def forget() -> None:
            for library in {id(lib): lib for lib in gone.values()}.values():
                library.forget_parked([t for t, lib in gone.items() if lib is library])

        self.runner.run(forget, on_failed=self._on_failed)


class _LibraryCommand(QUndoCommand):
    """Core steps and their inverses, applied in turn by `History`."""

    def __init__(
        self,
        library: Library,
        text: str,
        step: undo.Step | None = None,
        *,
        inverse: undo.Step | None = None,
    ) -> None:
        super().__init__(text)
        self._library = library
        # One is known at a time: the steps a redo applies, or those an undo applies.
        self._steps: tuple[undo.Step, ...] = () if step is None else (step,)
        self._inverses: tuple[undo.Step, ...] = () if inverse is None else (inverse,)

    @property
    def library(self) -> Library:
        return self._library

    def parked(self) -> tuple[str, ...]:
        """The copies in the files folder's trash its next redo or undo brings back."""
        return tuple(token for step in (*self._steps, *self._inverses) for token in step.parked())

    @property
    def stands(self) -> bool:
        """Whether the work is done (and undo has something to take back)."""
        return bool(self._inverses)

    @property
    def steps_left(self) -> int:
        """How many steps the next redo or undo applies."""
        return len(self._inverses or self._steps)

    def redo_write(self, job: Job | None = None) -> Callable[[], list[undo.Step]]:
        """The work of a redo, for the runner's thread: returns the inverses. `job`
        hears how far it is and may cancel it between steps."""
        library, steps = self._library, self._steps
        return lambda: apply_all(library, steps, job)

    def undo_write(self, job: Job | None = None) -> Callable[[], list[undo.Step]]:
        """The work of an undo, for the runner's thread: returns the steps to redo."""
        library, inverses = self._library, tuple(reversed(self._inverses))
        return lambda: apply_all(library, inverses, job)

    def redone(self, inverses: Sequence[undo.Step]) -> None:
        # Chunks over one list are taken back at once (see `undo.joined_list_steps`).
        self._inverses, self._steps = tuple(undo.joined_list_steps(inverses)), ()

    def undone(self, steps: Sequence[undo.Step]) -> None:
        # Undo applied the inverses newest first; redo applies them oldest first.
        self._steps, self._inverses = tuple(reversed(steps)), ()

    def redo(self) -> None:
        """Nothing: `History` did the work before the stack called this."""

    def undo(self) -> None:
        """Nothing: `History` did the work before the stack called this."""


def _nothing() -> None:
    """A write that writes nothing (to keep a place in the runner's queue)."""


def apply_all(
    library: Library,
    steps: Sequence[undo.Step],
    job: Job | None = None,
    *,
    done: Sequence[undo.Step] = (),
) -> list[undo.Step]:
    """Apply steps in order and return their inverses; when one fails (or the job is
    cancelled), those before are taken back first, so a command happens whole or not at
    all. `done`: the inverses of the command's steps applied already (counted in its
    progress, taken back too)."""
    inverses: list[undo.Step] = list(done)
    total = len(done) + len(steps)
    try:
        for step in steps:
            if job is not None and job.is_cancelled():
                raise Cancelled()
            inverses.append(library.apply(step))
            if job is not None:
                job.report(len(inverses), total)
    except Exception:
        # Should taking back fail too, its error is raised with this one as its cause.
        for inverse in reversed(inverses):
            library.apply(inverse)
        raise
    return inverses


class EditPaperCommand(_LibraryCommand):
    """A metadata edit, already saved by the detail pane; undo puts the old values back.

    Undo and redo first check that the fields still hold what this edit left there (or
    found): someone else's later change to those fields is never overwritten
    (StaleEditError is shown instead).
    """

    def __init__(
        self, library: Library, paper_id: int, before: dict[str, Any], *, after: dict[str, Any]
    ) -> None:
        inverse = undo.EditPaper(paper_id, values=dict(before), expected=dict(after))
        super().__init__(
            library, QCoreApplication.translate("UndoCommands", "Edit paper"), inverse=inverse
        )


class AddPaperCommand(_LibraryCommand):
    """Store a paper typed in by the user; undo moves it to the trash, redo brings it back."""

    def __init__(self, library: Library, record: Record) -> None:
        super().__init__(library, QCoreApplication.translate("UndoCommands", "New paper"))
        self._record = record
        # The paper stored, once it is.
        self.paper_id: int | None = None

    def redo_write(self, job: Job | None = None) -> Callable[[], list[undo.Step]]:
        if self._steps:
            return super().redo_write(job)
        library, record = self._library, self._record

        def first() -> list[undo.Step]:
            paper_id = library.add_paper(record).id
            self.paper_id = paper_id  # read on the GUI thread once the write is done
            return [undo.Trash((paper_id,))]

        return first


class SetFieldCommand(_LibraryCommand):
    """One field of many papers (status, priority, any field the detail pane edits, or
    "extra:<name>"); undo gives each paper its own old value back. The old values are
    read by the write itself, off the GUI thread."""

    def __init__(
        self, library: Library, field: str, value: Any, *, paper_ids: Sequence[int], label: str
    ) -> None:
        super().__init__(library, label)
        self._steps = in_chunks(paper_ids, lambda ids: undo.SetValues.same(field, value, ids))


class TrashCommand(_LibraryCommand):
    """Move papers to the trash (or, with `restore=True`, back out of it)."""

    def __init__(self, library: Library, paper_ids: list[int], *, restore: bool = False) -> None:
        count = len(paper_ids)
        if restore:
            text = QCoreApplication.translate("UndoCommands", "Restore %Ln paper(s)", "", count)
        else:
            text = QCoreApplication.translate(
                "UndoCommands", "Move %Ln paper(s) to the trash", "", count
            )
        super().__init__(library, text)
        self._steps = in_chunks(paper_ids, lambda ids: undo.Trash(ids, restore=restore))


class AddToListCommand(_LibraryCommand):
    """Put papers into a reading list; undo takes out only those that were not there."""

    def __init__(self, library: Library, list_id: int, paper_ids: list[int]) -> None:
        name = library.reading_list(list_id).name
        super().__init__(
            library, QCoreApplication.translate("UndoCommands", "Add to “{list}”").format(list=name)
        )
        self._steps = in_chunks(paper_ids, lambda ids: undo.AddToList(list_id, ids))


class RemoveFromListCommand(_LibraryCommand):
    """Take papers out of a list (not out of the library); undo puts them back in place."""

    def __init__(self, library: Library, list_id: int, paper_ids: list[int]) -> None:
        name = library.reading_list(list_id).name
        super().__init__(
            library,
            QCoreApplication.translate("UndoCommands", "Remove from “{list}”").format(list=name),
        )
        first = paper_ids[:1]

        def chunk(ids: tuple[int, ...]) -> undo.Step:
            # Only the first chunk's inverse needs the list's order (it is put back last).
            return undo.RemoveFromList(list_id, ids, keeps_order=list(ids[:1]) == first)

        self._steps = in_chunks(paper_ids, chunk)


class AddToNewListCommand(_LibraryCommand):
    """Create a reading list and put papers in it, a chunk of papers per step after the
    list's creation (progress and Cancel between them); undo deletes the list whole, and
    redo brings it back whole, each one transaction."""

    def __init__(self, library: Library, name: str, paper_ids: list[int]) -> None:
        super().__init__(
            library,
            QCoreApplication.translate("UndoCommands", "Add to New List “{list}”").format(
                list=name
            ),
        )
        self._name = name
        self._paper_ids = tuple(paper_ids)

    @property
    def steps_left(self) -> int:
        if self._steps or self._inverses:
            return super().steps_left
        # Its first write: the list's creation, then the chunks (made once it exists).
        return 1 + len(in_chunks(self._paper_ids, lambda ids: undo.AddToList(0, ids)))

    def redo_write(self, job: Job | None = None) -> Callable[[], list[undo.Step]]:
        if self._steps:
            return super().redo_write(job)
        library, name, paper_ids = self._library, self._name, self._paper_ids

        def first() -> list[undo.Step]:
            # The papers go into the list just made, known only from its inverse.
            created = library.apply(undo.CreateList(name))
            assert isinstance(created, undo.DeleteList)
            adds = in_chunks(paper_ids, lambda ids: undo.AddToList(created.list_ref, ids))
            return apply_all(library, adds, job, done=[created])

        return first

    def redone(self, inverses: Sequence[undo.Step]) -> None:
        # The list was new: taking it back is deleting it whole (the first inverse), and
        # doing it again restores it whole, in one step each. Taking its papers out a
        # chunk at a time, then putting them back a chunk at a time in their order, read
        # the whole list again for each chunk: 13 s and 37 s for 100k papers.
        super().redone(inverses[:1])


class ReorderListCommand(_LibraryCommand):
    """Give a reading list a new order; undo gives back the old one."""

    def __init__(self, library: Library, list_id: int, new_order: list[int]) -> None:
        super().__init__(
            library,
            QCoreApplication.translate("UndoCommands", "Reorder list"),
            undo.ReorderList(list_id, tuple(new_order)),
        )


class MergeCommand(_LibraryCommand):
    """Merge a likely duplicate into the paper kept; undo gives both back as they were."""

    def __init__(
        self,
        library: Library,
        keep_id: int,
        other_id: int,
        *,
        choices: tuple[tuple[str, str], ...] = (),
    ) -> None:
        super().__init__(
            library,
            QCoreApplication.translate("UndoCommands", "Merge duplicates"),
            undo.Merge(keep_id, other_id, choices),
        )


class MergeAllCommand(_LibraryCommand):
    """Merge many pairs (kept, other) as one undo step, applied a chunk of merges at a
    time (progress and Cancel between chunks); undo gives every paper back.

    The pairs are those of `merge_groups`: each other paper goes into its group's oldest,
    which stays, so no chunk depends on a paper that an earlier one merged away.
    """

    def __init__(self, library: Library, pairs: Sequence[tuple[int, int]]) -> None:
        count = len(pairs)
        super().__init__(
            library, QCoreApplication.translate("UndoCommands", "Merge %n duplicate(s)", "", count)
        )
        merges = tuple(pairs)
        self._steps = tuple(
            undo.MergeMany(merges[i : i + MERGES_PER_STEP])
            for i in range(0, len(merges), MERGES_PER_STEP)
        ) or (undo.MergeMany(()),)


class NotDuplicatesCommand(_LibraryCommand):
    """Remember pairs as different papers ("Not duplicates", "Keep all"); undo forgets it."""

    def __init__(self, library: Library, pairs: Sequence[tuple[int, int]]) -> None:
        count = len(pairs)
        super().__init__(
            library,
            QCoreApplication.translate(
                "UndoCommands", "Keep %n pair(s) as different papers", "", count
            ),
            undo.MarkNotDuplicates(tuple(pairs)),
        )


class ReorderListsCommand(_LibraryCommand):
    """Put the reading lists in another order in the sidebar; undo gives back the old one."""

    def __init__(self, library: Library, new_order: list[int]) -> None:
        step = undo.ReorderLists(tuple(new_order))
        super().__init__(
            library, QCoreApplication.translate("UndoCommands", "Reorder reading lists"), step
        )


class CreateListCommand(_LibraryCommand):
    def __init__(self, library: Library, name: str) -> None:
        super().__init__(
            library,
            QCoreApplication.translate("UndoCommands", "Create list “{list}”").format(list=name),
            undo.CreateList(name),
        )


class RenameListCommand(_LibraryCommand):
    def __init__(
        self, library: Library, list_id: int, new_name: str, *, version: int | None = None
    ) -> None:
        step = undo.RenameList(list_id, new_name, expected_version=version)
        super().__init__(
            library,
            QCoreApplication.translate("UndoCommands", "Rename list to “{list}”").format(
                list=new_name
            ),
            step,
        )


class DeleteListCommand(_LibraryCommand):
    """Delete a list (its papers stay); undo re-creates it with its papers in order."""

    def __init__(self, library: Library, list_id: int) -> None:
        name = library.reading_list(list_id).name
        super().__init__(
            library,
            QCoreApplication.translate("UndoCommands", "Delete list “{list}”").format(list=name),
            undo.DeleteList(list_id),
        )


class TagCommand(_LibraryCommand):
    """Tag papers (or untag them, `add=False`); undo changes only the papers it changed."""

    def __init__(self, library: Library, tag: str, paper_ids: list[int], *, add: bool) -> None:
        kind = undo.TagPapers if add else undo.UntagPapers
        if add:
            label = QCoreApplication.translate("UndoCommands", "Tag “{tag}”").format(tag=tag)
        else:
            label = QCoreApplication.translate("UndoCommands", "Remove tag “{tag}”").format(tag=tag)
        super().__init__(library, label)
        self._steps = in_chunks(paper_ids, lambda ids: kind(tag, ids))


class KeywordsToTagsCommand(_LibraryCommand):
    """Tag papers with their own keywords; undo takes off only the tags it put on. A
    chunk of papers per step (a tag a chunk made is found by the next, whatever its case)."""

    def __init__(self, library: Library, paper_ids: list[int]) -> None:
        super().__init__(
            library, QCoreApplication.translate("UndoCommands", "Turn keywords into tags")
        )
        self._steps = in_chunks(paper_ids, undo.TagWithKeywords)


class ChangeTagsCommand(_LibraryCommand):
    """Add and remove tags of one paper at once (the tag editor): one step to undo."""

    def __init__(
        self, library: Library, paper_id: int, added: list[str], *, removed: list[str]
    ) -> None:
        super().__init__(library, QCoreApplication.translate("UndoCommands", "Change tags"))
        ids = (paper_id,)
        tagged = [undo.TagPapers(name, ids) for name in added]
        self._steps = (*tagged, *(undo.UntagPapers(name, ids) for name in removed))


class AnnotateCommand(_LibraryCommand):
    """Annotate a span of an abstract; undo deletes that annotation."""

    def __init__(self, library: Library, paper_id: int, start: int, *, end: int, note: str) -> None:
        super().__init__(
            library,
            QCoreApplication.translate("UndoCommands", "Annotate"),
            undo.Annotate(paper_id, start, end, note),
        )

    @property
    def annotation_id(self) -> int | None:
        """The annotation this command made, while it stands."""
        inverse = self._inverses[0] if self._inverses else None
        return inverse.ref.id if isinstance(inverse, undo.DeleteAnnotation) else None


class DeleteAnnotationCommand(_LibraryCommand):
    """Delete an annotation; undo writes it again (same span, same note)."""

    def __init__(self, library: Library, annotation: Annotation) -> None:
        assert annotation.id is not None
        ref = undo.RowRef(annotation.id, annotation.created_at)
        step = undo.DeleteAnnotation(ref, annotation.paper_id)
        super().__init__(
            library, QCoreApplication.translate("UndoCommands", "Delete annotation"), step
        )


class EditAnnotationCommand(_LibraryCommand):
    """Change an annotation's note; undo gives the old note back."""

    def __init__(self, library: Library, annotation: Annotation, note: str) -> None:
        assert annotation.id is not None
        ref = undo.RowRef(annotation.id, annotation.created_at)
        step = undo.EditAnnotation(
            ref, annotation.paper_id, note, expected_version=annotation.version
        )
        super().__init__(
            library, QCoreApplication.translate("UndoCommands", "Edit annotation"), step
        )


class CreateTagCommand(_LibraryCommand):
    """Create a tag (on no paper yet); undo deletes it."""

    def __init__(self, library: Library, name: str, colour: str = "") -> None:
        super().__init__(
            library,
            QCoreApplication.translate("UndoCommands", "Create tag “{tag}”").format(tag=name),
            undo.CreateTag(name, colour),
        )


class EditTagCommand(_LibraryCommand):
    """Rename a tag or change its colour; undo gives back the old name and colour."""

    def __init__(
        self,
        library: Library,
        name: str,
        *,
        new_name: str | None = None,
        colour: str | None = None,
        version: int | None = None,
    ) -> None:
        if new_name:
            text = QCoreApplication.translate("UndoCommands", "Rename tag to “{tag}”").format(
                tag=new_name
            )
        else:
            text = QCoreApplication.translate("UndoCommands", "Tag colour")
        step = undo.EditTag(name, new_name=new_name, colour=colour, expected_version=version)
        super().__init__(library, text, step)


class DeleteTagCommand(_LibraryCommand):
    """Delete a tag from every paper; undo re-creates it (its colour too) on the same
    papers. Its papers are untagged a chunk per step, then the tag deleted; undo brings
    the tag back, then puts it on them again a chunk per step (progress and Cancel
    between steps, either way)."""

    def __init__(self, library: Library, name: str) -> None:
        super().__init__(
            library,
            QCoreApplication.translate("UndoCommands", "Delete tag “{tag}”").format(tag=name),
        )
        self._name = name

    @property
    def steps_left(self) -> int:
        if self._steps or self._inverses:
            return super().steps_left
        # Before the first write has read the tag's papers (off the GUI thread): at least
        # a chunk of them and the deletion; the progress then counts the real steps.
        return 2

    def redo_write(self, job: Job | None = None) -> Callable[[], list[undo.Step]]:
        if self._steps:
            return super().redo_write(job)
        library, name = self._library, self._name

        def first() -> list[undo.Step]:
            members = library.tagged_ids(name)
            untag = in_chunks(members, lambda ids: undo.UntagPapers(name, ids)) if members else ()
            # Papers tagged meanwhile by someone else lose it with the tag (and get it back).
            return apply_all(library, (*untag, undo.DeleteTag(name)), job)

        return first


class CompletePapersCommand(_LibraryCommand):
    """Titles, identifiers, venues and years found on arXiv and Crossref, filled into many
    papers as one step; undo empties them again (with where they came from)."""

    def __init__(self, library: Library, step: undo.FillPapers) -> None:
        count = len(step.fills)
        label = QCoreApplication.translate(
            "UndoCommands", "Fill in %Ln paper(s) from arXiv and Crossref", "", count
        )
        super().__init__(library, label, step)


class AttachCommand(_LibraryCommand):
    """Attach files (copied into the files folder, or linked with `link`) or a web
    address to a paper, as one step; undo removes them (a copy goes to the files folder's
    trash), redo brings them back."""

    def __init__(
        self,
        library: Library,
        paper_id: int,
        *,
        files: Sequence[Path] = (),
        link: bool = False,
        address: str = "",
    ) -> None:
        count = len(files)
        if address:
            text = QCoreApplication.translate("UndoCommands", "Add link")
        else:
            text = QCoreApplication.translate("UndoCommands", "Attach %n file(s)", "", count)
        super().__init__(library, text)
        self._paper_id = paper_id
        self._files = tuple(files)
        self._link = link
        self._address = address

    def redo_write(self, job: Job | None = None) -> Callable[[], list[undo.Step]]:
        if self._steps:
            return super().redo_write(job)
        library, paper_id = self._library, self._paper_id
        files, link, address = self._files, self._link, self._address

        def first() -> list[undo.Step]:
            removals: list[undo.Step] = []
            try:
                if address:
                    removals.append(_removal(library.attach(paper_id, address)))
                for path in files:
                    attached = library.attach_file(paper_id, path, link=link)
                    removals.append(_removal(attached.attachment))
            except Exception:
                for removal in reversed(removals):  # the files attached before go too
                    library.apply(removal)
                raise
            return removals

        return first


def _removal(attachment: Attachment) -> undo.Step:
    """The step that takes back the attaching of `attachment`."""
    ref = undo.RowRef(attachment.id, attachment.created_at)
    return undo_files.Detach(ref, attachment.paper_id)


class RelinkCommand(_LibraryCommand):
    """Point an attachment at another file; undo points it back (a copy made for it goes
    to the files folder's trash, the one it replaced comes back)."""

    def __init__(self, library: Library, attachment_id: int, source: Path) -> None:
        super().__init__(library, QCoreApplication.translate("UndoCommands", "Relink file"))
        self._attachment_id = attachment_id
        self._source = source

    def redo_write(self, job: Job | None = None) -> Callable[[], list[undo.Step]]:
        if self._steps:
            return super().redo_write(job)
        library, attachment_id, source = self._library, self._attachment_id, self._source
        return lambda: [library.relink_undoably(attachment_id, source)]


class DetachCommand(_LibraryCommand):
    """Remove an attachment (its copy, if any, to the files folder's trash); undo brings
    both back."""

    def __init__(self, library: Library, attachment: Attachment) -> None:
        super().__init__(
            library,
            QCoreApplication.translate("UndoCommands", "Remove attachment"),
            _removal(attachment),
        )
