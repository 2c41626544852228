"""`papershelf cite`, `papershelf autoexport` and `papershelf list from-aux`, run as a user
runs them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

DEEP_LEARNING = r"""@article{lecun2015,
  author = {LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey},
  title = {Deep learning},
  journal = {Nature}, volume = {521}, number = {7553}, pages = {436--444}, year = {2015},
  doi = {10.1038/nature14539},
}
@inproceedings{vaswani2017,
  author = {Vaswani, Ashish and Shazeer, Noam},
  title = {Attention is all you need},
  booktitle = {Advances in Neural Information Processing Systems},
  pages = {5998--6008}, year = {2017},
}
"""


def papershelf(db_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "desktop", *args, "--db", db_url],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )


def ok(db_url: str, *args: str) -> str:
    result = papershelf(db_url, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture
def shelf(tmp_path: Path) -> str:
    """A library holding the two papers of DEEP_LEARNING (ids 1 and 2) in the list Draft.
    SQLite only: the core's tests run these operations on both backends."""
    db_url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    bib = tmp_path / "in.bib"
    bib.write_text(DEEP_LEARNING, encoding="utf-8")
    ok(db_url, "import", str(bib), "--list", "Draft")
    return db_url


def test_cite_prints_a_bibliography_or_the_in_text_citation(shelf: str) -> None:
    apa = ok(shelf, "cite", "--list", "Draft", "--style", "apa")
    assert apa.splitlines()[0] == (
        "LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), "
        "436–444. https://doi.org/10.1038/nature14539"
    )
    assert len(apa.splitlines()) == 2
    html = ok(shelf, "cite", "--ids", "1", "--format", "html")
    assert html.startswith("<p>LeCun, Y., Bengio, Y., &amp; Hinton, G. (2015).")
    assert "<i>Nature</i>" in html
    inline = ok(shelf, "cite", "--ids", "2", "1", "--style", "ieee", "--inline")
    assert inline == "[1], [2]\n"
    bad = papershelf(shelf, "cite", "--ids", "1", "--style", "no-such-style")
    assert bad.returncode == 1 and "not a citation style" in bad.stderr


def test_a_synced_file_followed_through_cli_changes(shelf: str, tmp_path: Path) -> None:
    bib = tmp_path / "draft.bib"
    ok(shelf, "autoexport", "add", "--list", "Draft", str(bib))
    assert bib.read_text().count("@") == 2
    assert f"{bib}  <- “Draft” as bibtex" in ok(shelf, "autoexport", "list")

    ok(shelf, "list", "remove", "Draft", "2")
    assert "vaswani2017" not in bib.read_text() and "lecun2015" in bib.read_text()
    ok(shelf, "paper", "edit", "1", "--set", "title=Deep learning, revisited")
    assert "Deep learning, revisited" in bib.read_text()
    ok(shelf, "list", "add", "Draft", "2")
    assert "vaswani2017" in bib.read_text()

    bib.write_text(bib.read_text() + "% mine\n")
    edited = bib.read_text()
    changed = papershelf(shelf, "list", "remove", "Draft", "1")
    assert changed.returncode == 0 and "changed outside Papershelf" in changed.stderr
    assert bib.read_text() == edited
    assert "(stopped:" in ok(shelf, "autoexport", "list")
    assert "Your version was kept as" in ok(shelf, "autoexport", "resume", str(bib))
    assert "lecun2015" not in bib.read_text() and "% mine" not in bib.read_text()

    ok(shelf, "autoexport", "remove", str(bib))
    assert ok(shelf, "autoexport", "list") == ""
    refused = papershelf(shelf, "autoexport", "add", "--list", "Draft", str(bib))
    assert refused.returncode == 1 and "already exists" in refused.stderr


def test_list_from_aux_names_the_keys_the_library_lacks(shelf: str, tmp_path: Path) -> None:
    aux = tmp_path / "paper.aux"
    aux.write_text("\\relax\n\\citation{vaswani2017,knuth1984}\n\\citation{lecun2015}\n")
    out = ok(shelf, "list", "from-aux", str(aux), "--name", "Cited")
    assert "Created “Cited” with 2 cited paper(s)." in out
    assert "1 cited key(s) are not in the library:\n  knuth1984" in out
    shown = ok(shelf, "list", "show", "Cited")
    assert shown.index("Attention") < shown.index("Deep learning")


def test_cite_a_query_in_markdown(shelf: str) -> None:
    # The papers the search finds; APA 7 with the journal and volume in italics (*...*) and
    # the "&" before the last author escaped for Markdown.
    md = ok(shelf, "cite", "--query", "deep learning", "--format", "markdown")
    assert md == (
        r"LeCun, Y., Bengio, Y., \& Hinton, G. (2015). Deep learning. *Nature*, *521*(7553), "
        "436–444. https://doi.org/10.1038/nature14539\n"
    )
    both = ok(shelf, "cite", "--query", "year:2015 OR year:2017", "--style", "ieee", "--inline")
    assert both == "[1], [2]\n"


def test_a_file_synced_with_a_saved_search_through_cli_changes(shelf: str, tmp_path: Path) -> None:
    from desktop.core.library import Library

    with Library.open(shelf) as library:
        library.save_search("Attention", "attention")
    bib = tmp_path / "attention.bib"
    out = ok(shelf, "autoexport", "add", "--search", "Attention", str(bib))
    assert "kept in sync with the saved search “Attention”" in out
    assert "vaswani2017" in bib.read_text() and "lecun2015" not in bib.read_text()
    assert f"{bib}  <- search “Attention” as bibtex" in ok(shelf, "autoexport", "list")
    # The command that makes another paper match rewrites the file before it exits.
    ok(shelf, "paper", "edit", "1", "--set", "title=Attention to deep learning")
    assert "lecun2015" in bib.read_text() and "Attention to deep learning" in bib.read_text()
    ok(shelf, "paper", "edit", "2", "--set", "title=Transformers")
    assert "vaswani2017" not in bib.read_text()
    missing = papershelf(shelf, "autoexport", "add", "--search", "Nope", str(tmp_path / "x.bib"))
    assert missing.returncode == 1 and "no saved search called “Nope”" in missing.stderr


def test_cite_names_on_stderr_a_paper_the_style_writes_nothing_for(
    shelf: str, tmp_path: Path
) -> None:
    bib = tmp_path / "dates.bib"
    bib.write_text("@book{copyright-year-only,\n  date = {c1988},\n}\n", encoding="utf-8")
    ok(shelf, "import", str(bib), "--list", "Draft")
    cited = papershelf(shelf, "cite", "--list", "Draft", "--style", "modern-language-association")
    assert cited.returncode == 0, cited.stderr
    assert [line.split(",")[0] for line in cited.stdout.splitlines()] == ["LeCun", "Vaswani"]
    assert (
        "papershelf: The style modern-language-association writes nothing for "
        "copyright-year-only: it holds none of the fields"
    ) in cited.stderr
