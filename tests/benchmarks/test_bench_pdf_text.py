"""PDF text extraction per page, as the background reading of attached files does it:
a 40-page PDF of dense text, read through `Library.read_file_texts` into the full-text
index (extraction and storing), and PDFium's extraction alone.

Run by `make bench`; the normal suite does not collect this folder.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from desktop.core import pdfs
from desktop.core.formats.record import Record
from desktop.core.library import Library

sys.path.insert(0, str(Path(__file__).parents[1]))
from pdf_maker import write_pdf

PAGES = 40
LINES = 55  # a page of a two-column paper holds about this many lines of words
WORDS = (
    "plasma confinement tokamak magnetic field stability transport turbulence edge "
    "divertor heating current profile equilibrium reconnection"
).split()


def _dense_pdf(path: Path) -> Path:
    pages = []
    for page in range(PAGES):
        pages.append(
            [
                (9.0, " ".join(WORDS[(page * 7 + n * 3 + k) % len(WORDS)] for k in range(14)))
                for n in range(LINES)
            ]
        )
    return write_pdf(path, pages)


def test_pdf_text_extraction_per_page(tmp_path: Path) -> None:
    pdf = _dense_pdf(tmp_path / "dense.pdf")
    started = time.perf_counter()
    texts = pdfs.pages_text(pdf)
    alone = (time.perf_counter() - started) / PAGES
    assert len(texts) == PAGES and "tokamak" in texts[0]
    with Library.open(f"sqlite:///{tmp_path / 'bench.sqlite'}") as library:
        paper_id = library.add_paper(Record(title="Dense", citekey="dense")).id
        library.attach_file(paper_id, pdf)
        started = time.perf_counter()
        report = library.read_file_texts()
        indexed = (time.perf_counter() - started) / PAGES
        assert report.pages == PAGES
        started = time.perf_counter()
        hits = library.search("fulltext:divertor")
        search_ms = (time.perf_counter() - started) * 1e3
        assert [h.paper_id for h in hits] == [paper_id]
    characters = sum(len(t) for t in texts) // PAGES
    print(f"\nPDF text extraction: {PAGES} pages of ~{characters} characters")
    print(f"  PDFium extraction alone   {alone * 1e3:6.2f} ms per page")
    print(f"  read into the full text   {indexed * 1e3:6.2f} ms per page (extract + store)")
    print(f"  fulltext: search after it {search_ms:6.2f} ms")
    assert indexed < 0.05  # 50 ms a page: a 20-page paper is read in about a second
