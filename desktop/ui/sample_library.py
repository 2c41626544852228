"""Loading the sample library (`resources/sample/sample.bib`) into a library."""

from __future__ import annotations

from desktop.core.api import ImportReport
from desktop.core.library import Library
from desktop.ui import resources


def load(library: Library) -> ImportReport:
    """Import the sample papers; the report says how many came in."""
    return library.import_file(resources.SAMPLE_BIB, format="bibtex")
