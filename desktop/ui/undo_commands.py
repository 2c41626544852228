"""Undoable library operations for the window's QUndoStack (Ctrl+Z / Ctrl+Shift+Z).

Each command holds a step of `desktop.core.undo`: `redo()` has the library apply it, which
returns the inverse that `undo()` applies, which returns the step to redo, and so on. The
library's change notification refreshes the views either way. A command built with
`done=True` wraps work already performed (a saved edit), so pushing it does not repeat it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack

from desktop.core.api import Annotation, undo
from desktop.core.library import Library

__all__ = ["QUndoCommand", "perform"]


def perform(stack: QUndoStack, command: QUndoCommand) -> None:
    """Do a command's work, then put it on the undo stack.

    The work runs before the push, so a KnownError (a name taken, a stale edit) reaches
    the caller and nothing that did not happen lands on the stack.
    """
    if isinstance(command, _LibraryCommand):
        command.do_now()
    stack.push(command)


class _LibraryCommand(QUndoCommand):
    """A core step and its inverse, applied in turn."""

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
        # Exactly one is known at a time: the step redo applies, or the one undo applies.
        self._step = step
        self._inverse = inverse
        self._skip_first_redo = inverse is not None

    def do_now(self) -> None:
        """Do the work at once; the push that follows then skips it."""
        self._redo_step()
        self._skip_first_redo = True

    def redo(self) -> None:
        if self._skip_first_redo:
            self._skip_first_redo = False
            return
        self._redo_step()

    def undo(self) -> None:
        if self._inverse is None:  # the redo before failed: there is nothing to take back
            return
        self._step = self._library.apply(self._inverse)
        self._inverse = None

    def _redo_step(self) -> None:
        if self._step is None:  # the undo before failed: the work still stands
            return
        self._inverse = self._library.apply(self._step)
        self._step = None


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
        super().__init__(library, "Edit paper", inverse=inverse)


class SetFieldCommand(_LibraryCommand):
    """Status or priority of several papers; undo restores each paper's own old value."""

    def __init__(
        self, library: Library, field: str, value: Any, old: dict[int, Any], label: str
    ) -> None:
        super().__init__(library, label, undo.SetField.same(field, value, old))


class TrashCommand(_LibraryCommand):
    """Move papers to the trash (or, with `restore=True`, back out of it)."""

    def __init__(self, library: Library, paper_ids: list[int], *, restore: bool = False) -> None:
        count = len(paper_ids)
        what = f"{count} paper{'s' if count != 1 else ''}"
        text = f"Restore {what}" if restore else f"Move {what} to the trash"
        super().__init__(library, text, undo.Trash(tuple(paper_ids), restore=restore))


class AddToListCommand(_LibraryCommand):
    """Put papers into a reading list; undo takes out only those that were not there."""

    def __init__(self, library: Library, list_id: int, paper_ids: list[int]) -> None:
        name = library.reading_list(list_id).name
        super().__init__(library, f"Add to “{name}”", undo.AddToList(list_id, tuple(paper_ids)))


class RemoveFromListCommand(_LibraryCommand):
    """Take papers out of a list (not out of the library); undo puts them back in place."""

    def __init__(self, library: Library, list_id: int, paper_ids: list[int]) -> None:
        name = library.reading_list(list_id).name
        step = undo.RemoveFromList(list_id, tuple(paper_ids))
        super().__init__(library, f"Remove from “{name}”", step)


class ReorderListCommand(_LibraryCommand):
    """Give a reading list a new order; undo gives back the old one."""

    def __init__(self, library: Library, list_id: int, new_order: list[int]) -> None:
        super().__init__(library, "Reorder list", undo.ReorderList(list_id, tuple(new_order)))


class MergeCommand(_LibraryCommand):
    """Merge a likely duplicate into the paper kept; undo gives both back as they were."""

    def __init__(self, library: Library, keep_id: int, other_id: int) -> None:
        super().__init__(library, "Merge duplicates", undo.Merge(keep_id, other_id))


class ReorderListsCommand(_LibraryCommand):
    """Put the reading lists in another order in the sidebar; undo gives back the old one."""

    def __init__(self, library: Library, new_order: list[int]) -> None:
        step = undo.ReorderLists(tuple(new_order))
        super().__init__(library, "Reorder reading lists", step)


class CreateListCommand(_LibraryCommand):
    def __init__(self, library: Library, name: str) -> None:
        super().__init__(library, f"Create list “{name}”", undo.CreateList(name))


class RenameListCommand(_LibraryCommand):
    def __init__(self, library: Library, list_id: int, new_name: str) -> None:
        step = undo.RenameList(list_id, new_name)
        super().__init__(library, f"Rename list to “{new_name}”", step)


class DeleteListCommand(_LibraryCommand):
    """Delete a list (its papers stay); undo re-creates it with its papers in order."""

    def __init__(self, library: Library, list_id: int) -> None:
        name = library.reading_list(list_id).name
        super().__init__(library, f"Delete list “{name}”", undo.DeleteList(list_id))


class TagCommand(_LibraryCommand):
    """Tag papers (or untag them, `add=False`); undo changes only the papers it changed."""

    def __init__(self, library: Library, tag: str, paper_ids: list[int], *, add: bool) -> None:
        ids = tuple(paper_ids)
        step = undo.TagPapers(tag, ids) if add else undo.UntagPapers(tag, ids)
        super().__init__(library, f"Tag “{tag}”" if add else f"Remove tag “{tag}”", step)


class AnnotateCommand(_LibraryCommand):
    """Annotate a span of an abstract; undo deletes that annotation."""

    def __init__(self, library: Library, paper_id: int, start: int, *, end: int, note: str) -> None:
        super().__init__(library, "Annotate", undo.Annotate(paper_id, start, end, note))

    @property
    def annotation_id(self) -> int | None:
        """The annotation this command made, while it stands."""
        inverse = self._inverse
        return inverse.ref.id if isinstance(inverse, undo.DeleteAnnotation) else None


class DeleteAnnotationCommand(_LibraryCommand):
    """Delete an annotation; undo writes it again (same span, same note)."""

    def __init__(self, library: Library, annotation: Annotation) -> None:
        assert annotation.id is not None
        ref = undo.RowRef(annotation.id, annotation.created_at)
        step = undo.DeleteAnnotation(ref, annotation.paper_id)
        super().__init__(library, "Delete annotation", step)


class EditAnnotationCommand(_LibraryCommand):
    """Change an annotation's note; undo gives the old note back."""

    def __init__(self, library: Library, annotation: Annotation, note: str) -> None:
        assert annotation.id is not None
        ref = undo.RowRef(annotation.id, annotation.created_at)
        step = undo.EditAnnotation(ref, annotation.paper_id, note)
        super().__init__(library, "Edit annotation", step)


class CreateTagCommand(_LibraryCommand):
    """Create a tag (on no paper yet); undo deletes it."""

    def __init__(self, library: Library, name: str, colour: str = "") -> None:
        super().__init__(library, f"Create tag “{name}”", undo.CreateTag(name, colour))


class EditTagCommand(_LibraryCommand):
    """Rename a tag or change its colour; undo gives back the old name and colour."""

    def __init__(
        self, library: Library, name: str, *, new_name: str | None = None, colour: str | None = None
    ) -> None:
        text = f"Rename tag to “{new_name}”" if new_name else "Tag colour"
        super().__init__(library, text, undo.EditTag(name, new_name=new_name, colour=colour))


class DeleteTagCommand(_LibraryCommand):
    """Delete a tag from every paper; undo re-creates it on the same papers."""

    def __init__(self, library: Library, name: str) -> None:
        super().__init__(library, f"Delete tag “{name}”", undo.DeleteTag(name))
