"""Errors a user can cause or meet (shown as a sentence) versus bugs (everything else)."""

from __future__ import annotations

from desktop.core.sentences import Sentence, sentence


class KnownError(Exception):
    """A problem the user can understand and act on; `str(error)` is a complete sentence."""

    @property
    def sentence(self) -> str:
        """The sentence as it was made: a `Sentence` (which a window in another language
        translates) when it was made as one, else the text `str()` gives."""
        said = self.args[0] if len(self.args) == 1 else None
        return said if isinstance(said, Sentence) else str(self)


class NotFoundError(KnownError):
    """Something named by the user (a paper, a list, a tag) does not exist."""


class InvalidInputError(KnownError):
    """A value the user gave cannot be used as it is."""


class ConflictError(KnownError):
    """The change collides with the library's current state (a name taken, a stale edit)."""


class StaleEditError(ConflictError):
    """The paper changed since the caller read it; saving would overwrite someone's work."""


class DatabaseError(KnownError):
    """The database cannot be reached, read or upgraded."""


class ExportCancelled(KnownError):
    """The user stopped an export before its file was written."""

    def __init__(self) -> None:
        super().__init__(sentence("The export was cancelled; no file was written."))
