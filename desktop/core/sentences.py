"""Sentences for a person, made from a template with named placeholders.

A `Sentence` is the English text (what `str()`, the command line and the tests see) that
also remembers its template and the values put into it, so that a window in another
language can translate the template and put the same values back in. The templates are
found in the source by `desktop/ui/ts_files.py` (each `sentence("...")` call with a
literal template) and handed to translators under the context `core`.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

#: The context the templates are translated under.
CONTEXT = "core"


class Sentence(str):
    """English text that keeps the `template` it was made from and the `values` (each a
    string already formatted, or a `Sentence` of its own) put into it."""

    __slots__ = ("template", "values")

    template: str
    values: Mapping[str, str]

    def __new__(cls, template: str, values: Mapping[str, str]) -> Sentence:
        text = super().__new__(cls, template.format_map(values))
        text.template = template
        text.values = dict(values)
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled across processes (a helper's problems and errors) as what it was made of.
        return (Sentence, (self.template, dict(self.values)))


def sentence(template: str, /, **values: object) -> Sentence:
    """The sentence `template` says with `values`, each formatted as an f-string would
    (`format(value)`); give a value its `!r` or `:,` before, so the template holds bare
    `{name}`s only (a translator keeps them, and nothing else, from the English)."""
    names = placeholders(template)
    if names is None or names != frozenset(values):
        raise ValueError(f"{template!r} needs exactly the values {sorted(names or ())}")
    return Sentence(template, {name: _formatted(value) for name, value in values.items()})


def _formatted(value: object) -> str:
    return value if isinstance(value, str) else format(value)


@lru_cache(maxsize=4096)
def placeholders(template: str) -> frozenset[str] | None:
    """The names `template` puts values in for, or None when it is not a template of bare
    `{name}`s (a conversion, a format, a position, an attribute, or a stray brace)."""
    names = set()
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        return None
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            return None
        names.add(name)
    return frozenset(names)


def as_json(text: str) -> str:
    """`text` as it is kept beside its English (an import problem's), "" for plain text."""
    return json.dumps(_parts(text), ensure_ascii=False) if isinstance(text, Sentence) else ""


def _parts(text: str) -> object:
    if not isinstance(text, Sentence):
        return text
    return {"template": text.template, "values": {k: _parts(v) for k, v in text.values.items()}}


def from_json(kept: str, english: str) -> str:
    """The sentence `as_json` kept, or `english` as plain text when nothing (or something
    that no longer makes the same English) was kept."""
    if not kept:
        return english
    try:
        made = _made(json.loads(kept))
    except (ValueError, TypeError, KeyError, AttributeError):
        return english
    return made if made == english else english


def _made(parts: object) -> str:
    if isinstance(parts, str):
        return parts
    if not isinstance(parts, dict):
        raise TypeError("neither text nor a sentence")
    template, values = parts["template"], parts["values"]
    if not isinstance(template, str) or placeholders(template) != frozenset(values):
        raise ValueError("not a template for these values")
    return Sentence(template, {name: _made(value) for name, value in values.items()})
