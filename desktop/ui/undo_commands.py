"""Undoable library operations for the window's QUndoStack (Ctrl+Z / Ctrl+Shift+Z).

Each command does its work through `Library` in `redo()` and takes it back in `undo()`;
the library's change notification refreshes the views either way. A command built with
`done=True` wraps work already performed (a saved edit), so pushing it does not repeat it.
"""

from __future__ import annotations

import weakref
from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack

from desktop.core.api import Annotation, MergeRecord, Person, View
from desktop.core.errors import StaleEditError
from desktop.core.library import Library


def perform(stack: QUndoStack, command: QUndoCommand) -> None:
    """Do a command's work, then put it on the undo stack.

    The work runs before the push, so a KnownError (a name taken, a stale edit) reaches
    the caller and nothing that did not happen lands on the stack.
    """
    if isinstance(command, _LibraryCommand):
        command.do_now()
    stack.push(command)


class _LibraryCommand(QUndoCommand):
    def __init__(self, library: Library, text: str, *, done: bool = False) -> None:
        super().__init__(text)
        self._library = library
        self._skip_first_redo = done

    def do_now(self) -> None:
        """Do the work at once; the push that follows then skips it."""
        self._do()
        self._skip_first_redo = True

    def redo(self) -> None:
        if self._skip_first_redo:
            self._skip_first_redo = False
            return
        self._do()

    def undo(self) -> None:
        self._undo()

    def _do(self) -> None:
        raise NotImplementedError

    def _undo(self) -> None:
        raise NotImplementedError


class EditPaperCommand(_LibraryCommand):
    """A metadata edit, already saved by the detail pane; undo puts the old values back.

    Undo and redo first check that the fields still hold what this edit left there (or
    found), then write naming the version they read: someone else's later change to those
    fields is never overwritten (StaleEditError is shown instead).
    """

    def __init__(
        self, library: Library, paper_id: int, before: dict[str, Any], after: dict[str, Any]
    ) -> None:
        super().__init__(library, "Edit paper", done=True)
        self._paper_id = paper_id
        self._before = before
        self._after = after

    def _apply(self, values: dict[str, Any], expected: dict[str, Any]) -> None:
        details = self._library.paper(self._paper_id)
        current = {name: getattr(details.paper, name, None) for name in expected}
        if "authors" in expected:
            current["authors"] = details.authors
        if any(_comparable(current[k]) != _comparable(v) for k, v in expected.items()):
            raise StaleEditError(
                "This paper was changed by someone else since your edit, so Papershelf "
                "cannot undo it without losing their change."
            )
        changes = dict(values)
        authors: list[Person] | None = changes.pop("authors", None)
        self._library.update_paper(
            self._paper_id,
            expected_version=details.paper.version,
            authors=authors,
            **changes,
        )

    def _do(self) -> None:
        self._apply(self._after, self._before)

    def _undo(self) -> None:
        self._apply(self._before, self._after)


def _comparable(value: Any) -> Any:
    """People compare by their name parts (how a file wrote them does not matter)."""
    if isinstance(value, list):
        return [(p.given, p.family, p.von, p.jr) if isinstance(p, Person) else p for p in value]
    return value


class SetFieldCommand(_LibraryCommand):
    """Status or priority of several papers; undo restores each paper's own old value."""

    def __init__(
        self, library: Library, field: str, value: Any, old: dict[int, Any], label: str
    ) -> None:
        super().__init__(library, label)
        self._field = field
        self._value = value
        self._old = old

    def _set(self, ids: list[int], value: Any) -> None:
        if self._field == "status":
            self._library.set_status(ids, value)
        else:
            self._library.set_priority(ids, value)

    def _do(self) -> None:
        self._set(list(self._old), self._value)

    def _undo(self) -> None:
        by_value: dict[Any, list[int]] = {}
        for paper_id, value in self._old.items():
            by_value.setdefault(value, []).append(paper_id)
        for value, ids in by_value.items():
            self._set(ids, value)


class TrashCommand(_LibraryCommand):
    """Move papers to the trash (or, with `restore=True`, back out of it)."""

    def __init__(self, library: Library, paper_ids: list[int], *, restore: bool = False) -> None:
        count = len(paper_ids)
        what = f"{count} paper{'s' if count != 1 else ''}"
        super().__init__(library, f"Restore {what}" if restore else f"Move {what} to the trash")
        self._ids = paper_ids
        self._restore = restore

    def _do(self) -> None:
        if self._restore:
            self._library.restore_papers(self._ids)
        else:
            self._library.delete_papers(self._ids)

    def _undo(self) -> None:
        if self._restore:
            self._library.delete_papers(self._ids)
        else:
            self._library.restore_papers(self._ids)


class AddToListCommand(_LibraryCommand):
    """Put papers into a reading list; undo takes out only those that were not there."""

    def __init__(self, library: Library, list_id: int, paper_ids: list[int]) -> None:
        name = library.reading_list(list_id).name
        super().__init__(library, f"Add to “{name}”")
        self._list_id = list_id
        already = {item.paper.id for item in library.list_items(list_id)}
        self._new = [i for i in dict.fromkeys(paper_ids) if i not in already]

    def _do(self) -> None:
        if self._new:
            self._library.add_to_list(_current_list(self._library, self._list_id), self._new)

    def _undo(self) -> None:
        if self._new:
            self._library.remove_from_list(_current_list(self._library, self._list_id), self._new)


class RemoveFromListCommand(_LibraryCommand):
    """Take papers out of a list (not out of the library); undo puts them back in place."""

    def __init__(self, library: Library, list_id: int, paper_ids: list[int]) -> None:
        name = library.reading_list(list_id).name
        super().__init__(library, f"Remove from “{name}”")
        self._list_id = list_id
        self._order = _list_order(library, list_id)
        self._ids = [i for i in paper_ids if i in self._order]

    def _do(self) -> None:
        self._library.remove_from_list(_current_list(self._library, self._list_id), self._ids)

    def _undo(self) -> None:
        self._library.add_to_list(_current_list(self._library, self._list_id), self._ids)
        self._library.reorder_list(_current_list(self._library, self._list_id), self._order)


class ReorderListCommand(_LibraryCommand):
    """Give a reading list a new order; undo gives back the old one."""

    def __init__(self, library: Library, list_id: int, new_order: list[int]) -> None:
        super().__init__(library, "Reorder list")
        self._list_id = list_id
        self._old = _list_order(library, list_id)
        self._new = new_order

    def _do(self) -> None:
        self._library.reorder_list(_current_list(self._library, self._list_id), self._new)

    def _undo(self) -> None:
        self._library.reorder_list(_current_list(self._library, self._list_id), self._old)


class MergeCommand(_LibraryCommand):
    """Merge a likely duplicate into the paper kept; undo gives both back as they were."""

    def __init__(self, library: Library, keep_id: int, other_id: int) -> None:
        super().__init__(library, "Merge duplicates")
        self._keep_id, self._other_id = keep_id, other_id
        self._done: MergeRecord | None = None

    def _do(self) -> None:
        self._done = self._library.merge_papers(self._keep_id, self._other_id)

    def _undo(self) -> None:
        if self._done is not None:
            self._library.unmerge(self._done)


class ReorderListsCommand(_LibraryCommand):
    """Put the reading lists in another order in the sidebar; undo gives back the old one."""

    def __init__(self, library: Library, new_order: list[int]) -> None:
        super().__init__(library, "Reorder reading lists")
        self._old = [rl.id for rl, _ in library.lists() if rl.id is not None]
        self._new = new_order

    def _do(self) -> None:
        self._library.reorder_lists([_current_list(self._library, i) for i in self._new])

    def _undo(self) -> None:
        self._library.reorder_lists([_current_list(self._library, i) for i in self._old])


class CreateListCommand(_LibraryCommand):
    def __init__(self, library: Library, name: str) -> None:
        super().__init__(library, f"Create list “{name}”")
        self._name = name

    def _do(self) -> None:
        self._library.create_list(self._name)

    def _undo(self) -> None:
        self._library.delete_list(self._name)


class RenameListCommand(_LibraryCommand):
    def __init__(self, library: Library, list_id: int, new_name: str) -> None:
        super().__init__(library, f"Rename list to “{new_name}”")
        self._list_id = list_id
        self._old = library.reading_list(list_id).name
        self._new = new_name

    def _do(self) -> None:
        self._library.rename_list(_current_list(self._library, self._list_id), self._new)

    def _undo(self) -> None:
        self._library.rename_list(_current_list(self._library, self._list_id), self._old)


class DeleteListCommand(_LibraryCommand):
    """Delete a list (its papers stay); undo re-creates it with its papers in order."""

    def __init__(self, library: Library, list_id: int) -> None:
        found = library.reading_list(list_id)
        super().__init__(library, f"Delete list “{found.name}”")
        self._list_id = list_id
        self._name = found.name
        self._description = found.description
        self._order = _list_order(library, list_id)

    def _do(self) -> None:
        self._library.delete_list(self._name)

    def _undo(self) -> None:
        again = self._library.create_list(self._name, self._description)
        if again.id is not None:
            _moved_list(self._library, self._list_id, again.id)
        if self._order:
            self._library.add_to_list(self._name, self._order)


class TagCommand(_LibraryCommand):
    """Tag papers (or untag them, `add=False`); undo changes only the papers it changed."""

    def __init__(self, library: Library, tag: str, paper_ids: list[int], *, add: bool) -> None:
        super().__init__(library, f"Tag “{tag}”" if add else f"Remove tag “{tag}”")
        self._tag = tag
        self._add = add
        tag_id = next((t.id for t, _ in library.tags() if t.name == tag), None)
        carrying = set(library.view_ids(View("tag", tag_id))) if tag_id is not None else set()
        self._ids = [i for i in paper_ids if (i in carrying) != add]

    def _do(self) -> None:
        if self._ids:
            (self._library.tag_papers if self._add else self._library.untag_papers)(
                self._tag, self._ids
            )

    def _undo(self) -> None:
        if self._ids:
            (self._library.untag_papers if self._add else self._library.tag_papers)(
                self._tag, self._ids
            )


class AnnotateCommand(_LibraryCommand):
    """Annotate a span of an abstract; undo deletes that annotation."""

    def __init__(self, library: Library, paper_id: int, start: int, end: int, note: str) -> None:
        super().__init__(library, "Annotate")
        self._args = (paper_id, start, end, note)
        self.annotation_id: int | None = None

    def _do(self) -> None:
        self.annotation_id = self._library.annotate(*self._args).id

    def _undo(self) -> None:
        if self.annotation_id is not None:
            self._library.delete_annotation(self.annotation_id)
            self.annotation_id = None


class DeleteAnnotationCommand(_LibraryCommand):
    """Delete an annotation; undo writes it again (same span, same note)."""

    def __init__(self, library: Library, annotation: Annotation) -> None:
        super().__init__(library, "Delete annotation")
        assert annotation.id is not None
        self._id = annotation.id
        self._args = (annotation.paper_id, annotation.start, annotation.end, annotation.note)

    def _do(self) -> None:
        self._library.delete_annotation(self._id)

    def _undo(self) -> None:
        created = self._library.annotate(*self._args)
        assert created.id is not None
        _moved(self._library, "annotation", self._id, created.id)
        self._id = created.id


class EditAnnotationCommand(_LibraryCommand):
    """Change an annotation's note; undo gives the old note back."""

    def __init__(self, library: Library, annotation: Annotation, note: str) -> None:
        super().__init__(library, "Edit annotation")
        assert annotation.id is not None
        self._id = annotation.id
        self._old, self._new = annotation.note, note

    def _do(self) -> None:
        self._library.edit_annotation(_current(self._library, "annotation", self._id), self._new)

    def _undo(self) -> None:
        self._library.edit_annotation(_current(self._library, "annotation", self._id), self._old)


# A list or annotation deleted and brought back by undo gets a new id; commands made
# earlier hold the old one. They look it up here at the time they run, so they act on the
# same list or annotation, never on another that took the old id meanwhile.
_moves: weakref.WeakKeyDictionary[Library, dict[tuple[str, int], int]] = weakref.WeakKeyDictionary()


def _moved(library: Library, kind: str, old_id: int, new_id: int) -> None:
    _moves.setdefault(library, {})[(kind, old_id)] = new_id


def _current(library: Library, kind: str, item_id: int) -> int:
    moves = _moves.get(library, {})
    seen = {item_id}
    while (kind, item_id) in moves and moves[(kind, item_id)] not in seen:
        item_id = moves[(kind, item_id)]
        seen.add(item_id)
    return item_id


def _moved_list(library: Library, old_id: int, new_id: int) -> None:
    _moved(library, "list", old_id, new_id)


def _current_list(library: Library, list_id: int) -> int:
    return _current(library, "list", list_id)


def _list_order(library: Library, list_id: int) -> list[int]:
    return [item.paper.id for item in library.list_items(list_id) if item.paper.id is not None]


class CreateTagCommand(_LibraryCommand):
    """Create a tag (on no paper yet); undo deletes it."""

    def __init__(self, library: Library, name: str, colour: str = "") -> None:
        super().__init__(library, f"Create tag “{name}”")
        self._name = name
        self._colour = colour

    def _do(self) -> None:
        self._library.create_tag(self._name, self._colour)

    def _undo(self) -> None:
        self._library.delete_tag(self._name)


class EditTagCommand(_LibraryCommand):
    """Rename a tag or change its colour; undo gives back the old name and colour."""

    def __init__(
        self, library: Library, name: str, *, new_name: str | None = None, colour: str | None = None
    ) -> None:
        super().__init__(library, f"Rename tag to “{new_name}”" if new_name else "Tag colour")
        found = next(tag for tag, _ in library.tags() if tag.name == name)
        self._old = (found.name, found.colour)
        self._new = (new_name or found.name, found.colour if colour is None else colour)

    def _set(self, current: str, name: str, colour: str) -> None:
        self._library.edit_tag(current, new_name=name if name != current else None, colour=colour)

    def _do(self) -> None:
        self._set(self._old[0], *self._new)

    def _undo(self) -> None:
        self._set(self._new[0], *self._old)


class DeleteTagCommand(_LibraryCommand):
    """Delete a tag from every paper; undo re-creates it on the same papers (those in the
    trash at the time do not get it back: the library lists a tag's papers outside it)."""

    def __init__(self, library: Library, name: str) -> None:
        super().__init__(library, f"Delete tag “{name}”")
        found = next(tag for tag, _ in library.tags() if tag.name == name)
        self._name = name
        self._colour = found.colour
        self._ids = library.view_ids(View("tag", found.id))

    def _do(self) -> None:
        self._library.delete_tag(self._name)

    def _undo(self) -> None:
        self._library.create_tag(self._name, self._colour)
        if self._ids:
            self._library.tag_papers(self._name, self._ids)
