"""A correction to citeproc-py's suppression of substituted variables, applied once before
formatting.

CSL: when a `cs:names` is empty, the first child of its `cs:substitute` that writes
something stands in for it, and the variables it wrote are suppressed in the rest of the
entry. citeproc-py (0.11) suppresses only a variable named on that child itself, so a
substitute that calls a macro suppresses nothing: APA, Chicago, Harvard and MLA write the
title of a paper without authors twice ("A report. (2020). A report. CERN.").

The correction records the variables (text and names) each substitute child writes,
through any macro, and suppresses those that the chosen child wrote; variables only tested
by a condition are not suppressed. Entries whose names are not substituted are untouched.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: The variables written so far by each substitute child being rendered (innermost last).
_recording = threading.local()
#: citeproc-py's own methods replaced here, by (class name, method name), kept so that tests
#: can compare with them.
uncorrected: dict[tuple[str, str], Any] = {}


def install() -> None:
    """Put the correction into citeproc-py's `Text`, `Names` and `Substitute` (`citing`
    does it once per process)."""
    from citeproc import model

    written = model.Text._variable
    named = model.Names.process
    uncorrected.update(
        {
            ("Text", "_variable"): written,
            ("Names", "process"): named,
            ("Substitute", "render"): model.Substitute.render,
        }
    )

    def variable(self: Any, item: Any, context: Any) -> Any:
        text = written(self, item, context)
        stack = getattr(_recording, "stack", None)
        if text and stack:
            stack[-1].add((self.tag, self.get("variable")))
        return text

    def names(self: Any, item: Any, names_context: Any = None, **kwargs: Any) -> Any:
        roles = self.get("variable").split()
        hidden = [role for role in roles if role in _repressed_names(self, kwargs)]
        seen = _Hiding(item, hidden) if hidden else item
        text = named(self, seen, names_context=names_context, **kwargs)
        stack = getattr(_recording, "stack", None)
        if text and stack:
            stack[-1].update(("names", r) for r in roles if r in seen.reference)
        return text

    model.Text._variable = variable
    model.Names.process = names
    model.Substitute.render = _render


def _repressed_names(names: Any, kwargs: dict[str, Any]) -> set[str]:
    """The name variables suppressed so far in the entry being written (none when the
    names are rendered outside a layout, as a sort key is)."""
    context = kwargs.get("context")
    if context is None:  # not `or`: an element without children is false
        context = names
    try:
        layout = context.get_layout()
    except IndexError:
        return set()
    return set(getattr(layout, "repressed", {}).get("names", ()))


class _Hiding:
    """A citation item whose reference lacks the name variables a substitute wrote."""

    def __init__(self, item: Any, hidden: list[str]) -> None:
        from citeproc.source import Reference

        self._item = item
        self.reference = Reference.__new__(Reference)
        dict.update(self.reference, {k: v for k, v in item.reference.items() if k not in hidden})

    def __getattr__(self, name: str) -> Any:
        return getattr(self._item, name)

    # The item is a dict of its own (locator, prefix...), tested and read as one.
    def __contains__(self, key: object) -> bool:
        return key in self._item

    def __getitem__(self, key: str) -> Any:
        return self._item[key]


def _render(substitute: Any, item: Any, context: Any = None, **kwargs: Any) -> Any:
    """The first child of `substitute` that writes something, its variables suppressed."""
    from citeproc import model

    for child in substitute.getchildren():
        with _recorded() as variables:
            try:
                if isinstance(child, model.Names) and child.name is None:
                    # A bare `cs:names` takes its options from the names it stands in for.
                    names = substitute.xpath_search("./parent::cs:names[1]")[0]
                    text = child.render(item, names_context=names, context=context, **kwargs)
                else:
                    text = child.render(item, context=context, **kwargs)
            except model.VariableError:
                continue
        if text:
            if child.get("variable"):
                variables.add((child.tag, child.get("variable")))
            repressed = context.get_layout().repressed
            for tag, name in variables:
                repressed.setdefault(tag, []).append(name)
            return text
    return None


@contextmanager
def _recorded() -> Iterator[set[tuple[str, str]]]:
    """Collect the variables written inside the block (and tell an enclosing one too)."""
    stack: list[set[tuple[str, str]]] = _recording.__dict__.setdefault("stack", [])
    variables: set[tuple[str, str]] = set()
    stack.append(variables)
    try:
        yield variables
    finally:
        stack.pop()
        if stack:
            stack[-1] |= variables
