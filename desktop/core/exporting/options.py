"""What an export writes besides the papers asked for (the caller's choice)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ExportOptions:
    """Off by default: an export holds the papers asked for and nothing else, in UTF-8
    where LaTeX has no faithful spelling."""

    #: The @preamble and @comment blocks of the files these papers came from (metadata
    #: comments of other reference managers never).
    preambles: bool = False
    #: The crossref and xdata parents of these papers, from the library, written too.
    parents: bool = False
    #: BibTeX and BibLaTeX: LaTeX for every character it can spell, UTF-8 for the others
    #: (`Library.export_to_file` says which; see `WriteOptions.ascii_only`).
    ascii_only: bool = False
    #: BibTeX and BibLaTeX: also the fields only Papershelf reads (`topic`, `ris:n1`...;
    #: see `WriteOptions.our_fields`).
    our_fields: bool = False
