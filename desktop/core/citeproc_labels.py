"""A correction to citeproc-py's text case of labels, applied once before formatting.

CSL applies `text-case="title"` to text in English: an item whose language says English,
or, with no language, one formatted by a style whose default locale is English.
citeproc-py (0.11) hands a label's term to its case rule without any language, which
therefore never title-cases it: APA wrote "Editor, A. (ed.)." where it asks for "(Ed.)".

The correction gives a label the same language citeproc-py gives a `cs:text`: the item's
own, else the style's default locale. Labels of items in other languages are left as
they are, as CSL asks.
"""

from __future__ import annotations

from typing import Any

#: citeproc-py's own `Label.render`, kept so that tests can compare with it.
uncorrected: Any = None


def install() -> None:
    """Put the correction into citeproc-py's `Label` (`citing` does it once per process)."""
    global uncorrected
    from citeproc import model

    uncorrected = model.Label.render
    model.Label.render = _render


def _render(label: Any, item: Any, *args: Any, **kwargs: Any) -> Any:
    """The label's term, cased in the language of `item` (as its `markup`, with one)."""
    text = label.process(item, *args, **kwargs)
    if not text:
        return None
    return label.wrap(label.format(label.case(label.strip_periods(text), _language(label, item))))


def _language(label: Any, item: Any) -> str:
    """The first two letters of the item's language, else of the style's default locale."""
    from citeproc.source import VariableError

    try:
        return str(item.reference.language)[:2]
    except VariableError:
        return str(label.get_root().get("default-locale", "en"))[:2]
