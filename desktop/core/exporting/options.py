"""What an export writes besides the papers asked for (the caller's choice)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ExportOptions:
    """Off by default: an export holds the papers asked for and nothing else."""

    #: The @preamble and @comment blocks of the files these papers came from (metadata
    #: comments of other reference managers never).
    preambles: bool = False
    #: The crossref and xdata parents of these papers, from the library, written too.
    parents: bool = False
