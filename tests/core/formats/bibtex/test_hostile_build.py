"""Hostile records built with the BibTeX styles people use, under `pdflatex -shell-escape`:
whatever an importer let into a paper, the exported .bib reads no file and writes none.

TeX's `^^5c` spells a backslash, so a url or doi holding `^^5cinput` runs `\\input` when a
style prints the field as ordinary text (the natbib styles without the url package do).
pdflatex's `-recorder` lists every file it opened; a marker file must not be among them,
and a `\\write18` command must not have made its file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from core.formats.bibtex.test_tools import require, run

from desktop.core.formats.bibtex.writer import write_bibtex
from desktop.core.formats.record import Record

STYLES = (
    "plain",
    "abbrv",
    "unsrt",
    "alpha",
    "plainnat",
    "unsrtnat",
    "abbrvnat",
    "ieeetr",
    "apalike",
)
NATBIB = {"plainnat", "unsrtnat", "abbrvnat", "apalike"}
SECRET = "papershelf-secret-7d1f"


def hostile_records(secret: Path, made: Path) -> list[Record]:
    """Records whose verbatim and unknown fields try to read `secret` and create `made`."""
    read = f"^^5cinput^^20{secret}"
    read_braced = f"^^5cinput{{{secret}}}"
    write = f"^^5cimmediate^^5cwrite18{{touch {made}}}"
    raw_read = f"\\input{{{secret}}}"
    raw_write = f"\\immediate\\write18{{touch {made}}}"
    records = [
        Record(citekey="url", title="A", year=2020, url=read, doi=f"10.1000/{read_braced}"),
        Record(citekey="doi", title="B", year=2020, doi=f"10.1000/{write}", arxiv_id=read),
        Record(citekey="raw", title="C", year=2020, url=raw_write, doi=raw_read, arxiv_id=write),
        Record(
            citekey="unknown",
            title="D",
            year=2020,
            entry_type="misc",
            extra={
                "ris:n1": raw_read,
                "ris:N2": read_braced,
                "csl:note": raw_write,
                "csl-json:annote": f'["{raw_read}"]',
                "file": raw_read,
                "eprint": read,
            },
        ),
    ]
    # natbib prints `note`-like fields and `howpublished`: the plain-text ones land there.
    note = Record(citekey="note", entry_type="misc", title="E", extra={"ris:note": raw_read})
    records.append(note)
    return records


@pytest.mark.slow
@pytest.mark.parametrize("style", STYLES)
def test_hostile_records_read_and_write_no_file(style: str, tmp_path: Path) -> None:
    require("bibtex", "pdflatex")
    secret = tmp_path / "secret.tex"
    secret.write_text(SECRET + "\n", encoding="utf-8")
    made = tmp_path / "pwned"
    work = tmp_path / "build"
    work.mkdir()
    # Our own fields too (`our_fields`): they are written escaped like any other.
    bib = write_bibtex(hostile_records(secret, made), our_fields=True)
    (work / "refs.bib").write_text(bib, encoding="utf-8")
    package = "\\usepackage{natbib}\n" if style in NATBIB else ""
    (work / "doc.tex").write_text(
        f"\\documentclass{{article}}\n{package}\\begin{{document}}\n\\nocite{{*}}\n"
        f"\\bibliographystyle{{{style}}}\n\\bibliography{{refs}}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    latex = ["pdflatex", "-shell-escape", "-recorder", "-interaction=nonstopmode", "doc.tex"]
    run(latex, work)
    bibtex = run(["bibtex", "doc"], work)
    assert "error message" not in bibtex.stdout, bibtex.stdout
    run(latex, work)
    bbl = (work / "doc.bbl").read_text(encoding="utf-8", errors="replace")
    assert "\\bibitem" in bbl  # the entries were typeset, so the test saw them
    opened = (work / "doc.fls").read_text(encoding="utf-8", errors="replace")
    assert str(secret) not in opened and "secret" not in opened, opened
    assert not made.exists()
    log = (work / "doc.log").read_text(encoding="utf-8", errors="replace")
    assert not re.search(r"runsystem\(touch", log), log
