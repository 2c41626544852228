"""Loading the sample library (`resources/sample/sample.bib`) into an empty library."""

from __future__ import annotations

from desktop.core.library import Library
from desktop.ui import resources


def load(library: Library) -> int:
    """Add the sample papers to `library`; returns how many were added."""
    # Until Library.import_file exists, the BibTeX reader is called directly.
    from desktop.core.formats import bibtex

    text = resources.SAMPLE_BIB.read_text(encoding="utf-8")
    result = bibtex.parse(text, source=resources.SAMPLE_BIB.name)
    return len(library.add_records(result.records))
