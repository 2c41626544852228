"""Sentences made in the core (errors, import problems, reports) in the window's language.

The core makes each as an English `Sentence` that keeps its template and values; here the
template is translated under the context `core` (`make update-translations` extracts the
templates) and the values, translated too when they are sentences themselves, are put
back in. A translation that is missing or cannot take the values gives the English.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from desktop.core.api import SENTENCE_CONTEXT, Sentence, sentence_placeholders
from desktop.core.errors import KnownError


def translated(text: str) -> str:
    """`text` in the window's language: a core sentence translated, other text as it is."""
    if not isinstance(text, Sentence):
        return text
    template = QCoreApplication.translate(SENTENCE_CONTEXT, text.template)
    # A translator's slip (a placeholder renamed, dropped or added, a stray brace) must
    # neither crash the window nor lose a value: the English is shown instead.
    if template == text.template or sentence_placeholders(template) != frozenset(text.values):
        return str(text)
    values = {name: translated(value) for name, value in text.values.items()}
    return template.format_map(values)


def of_error(error: BaseException) -> str:
    """The sentence to show for `error`: a known error's, translated; another's text."""
    if isinstance(error, KnownError):
        return translated(error.sentence)
    return str(error)
