"""`papershelf import`, `export`, `search` and `add` as a user runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from core.lookup_server import running_services

from desktop.core.formats.bibtex import reader

REPO = Path(__file__).resolve().parents[2]

BIB = r"""@article{vaswani2017attention,
  title = {Attention Is All You Need},
  author = {Vaswani, Ashish and Shazeer, Noam},
  booktitle = {Advances in Neural Information Processing Systems},
  year = {2017}
}
@article{broken, title = {No end
"""


def run(
    db_url: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "desktop", *args, "--db", db_url],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


def test_import_export_and_search(db_url: str, tmp_path: Path, seed_listing: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")
    result = run(db_url, "import", str(bib), str(seed_listing), "--list", "Reading", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["imported"] == 21
    assert summary["papers"] == 21
    assert summary["problems"] and summary["problems"][0]["source"] == "refs.bib"
    assert isinstance(summary["problems"][0]["line"], int)
    assert set(summary) >= {"imported", "duplicates", "problems", "papers"}

    hits = json.loads(run(db_url, "search", "atention vaswani", "--json").stdout)
    assert hits[0]["citekey"] == "vaswani2017attention"

    out = tmp_path / "reading.bib"
    result = run(db_url, "export", "--list", "Reading", "--format", "bibtex", "-o", str(out))
    assert result.returncode == 0, result.stderr
    exported = reader.parse(out.read_text(encoding="utf-8"), "reading.bib")
    assert len(exported.records) == 21 and not exported.problems
    markdown = run(db_url, "export", "--query", "vaswani", "--format", "markdown").stdout
    assert "Attention Is All You Need" in markdown and "Levine" not in markdown


def test_add_by_doi_from_a_local_crossref(db_url: str) -> None:
    message = {
        "DOI": "10.1038/nature14539",
        "type": "journal-article",
        "title": ["Deep learning"],
        "author": [
            {"given": "Yann", "family": "LeCun", "sequence": "first"},
            {"given": "Yoshua", "family": "Bengio", "sequence": "additional"},
            {"given": "Geoffrey", "family": "Hinton", "sequence": "additional"},
        ],
        "container-title": ["Nature"],
        "volume": "521",
        "issue": "7553",
        "page": "436-444",
        "issued": {"date-parts": [[2015, 5, 27]]},
    }
    with running_services() as services:
        services.answer(
            "/works/10.1038/nature14539", json.dumps({"status": "ok", "message": message})
        )
        env = {"PAPERSHELF_CROSSREF_URL": services.url, "PAPERSHELF_ARXIV_URL": services.url}
        result = run(db_url, "add", "https://doi.org/10.1038/nature14539", "--json", env=env)
        assert result.returncode == 0, result.stderr
        added = json.loads(result.stdout)["added"][0]
        assert added["title"] == "Deep learning"
        assert [a["family"] for a in added["authors"]] == ["LeCun", "Bengio", "Hinton"]
        assert (added["journal"], added["year"], added["pages"]) == ("Nature", 2015, "436-444")
        again = run(db_url, "add", "10.1038/NATURE14539", env=env)
        assert again.returncode == 1
        assert "already in your library" in again.stderr
    offline = run(
        db_url, "add", "10.1000/xyz123", env={"PAPERSHELF_CROSSREF_URL": "http://127.0.0.1:9"}
    )
    assert offline.returncode == 1
    assert "Traceback" not in offline.stderr and "could not reach" in offline.stderr.lower()
    nonsense = run(db_url, "add", "hello")
    assert nonsense.returncode == 1 and "not a DOI" in nonsense.stderr


def test_several_identifiers_pasted_as_one_argument_are_each_added(db_url: str) -> None:
    message = {"DOI": "10.1038/nature14539", "type": "journal-article", "title": ["Deep learning"]}
    with running_services() as services:
        services.answer(
            "/works/10.1038/nature14539", json.dumps({"status": "ok", "message": message})
        )
        env = {"PAPERSHELF_CROSSREF_URL": services.url, "PAPERSHELF_ARXIV_URL": services.url}
        result = run(db_url, "add", "doi: 10.1038/nature14539, hello", "--json", env=env)
    assert result.returncode == 1  # one of the two was no identifier
    report = json.loads(result.stdout)
    assert [paper["title"] for paper in report["added"]] == ["Deep learning"]
    assert len(report["failed"]) == 1 and report["failed"][0].startswith("hello:")
    assert "not a DOI" in result.stderr


def test_importing_a_csl_json_file_again_says_its_papers_are_already_there(
    db_url: str, tmp_path: Path, corpus_dir: Path
) -> None:
    source = corpus_dir / "citation-js/plugin-bibtex/test/mapping/biblatex-csl.json"
    path = tmp_path / "refs.json"
    path.write_bytes(source.read_bytes())
    first = run(db_url, "import", str(path), "--json")
    assert first.returncode == 0, first.stderr
    imported = json.loads(first.stdout)["imported"]
    again = run(db_url, "import", str(path))
    assert again.returncode == 0, again.stderr
    assert f"Imported 0 paper(s) (csl-json); {imported} already in your library" in again.stdout
    assert f"The library now holds {imported} paper(s)." in again.stdout


def test_import_output_tells_errors_from_warnings_worst_first(db_url: str, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    # A DOI that is none (a warning: the entry is imported), then an entry never closed.
    bib.write_text(
        "@article{a, title = {Fine}, doi = {not-a-doi}}\n"
        + BIB.split("@article{vaswani")[0]
        + "@article{broken, title = {No end\n",
        encoding="utf-8",
    )
    result = run(db_url, "import", str(bib))
    assert result.returncode == 0, result.stderr
    assert "1 entr(ies) could not be read, 1 warning(s)." in result.stdout
    listed = [line for line in result.stdout.splitlines() if line.startswith("  ")]
    assert listed[0].startswith("  error: refs.bib line 2:")
    assert listed[1].startswith("  warning: refs.bib line 1:")


def test_keywords_are_kept_apart_unless_keywords_as_tags_is_given(
    db_url: str, tmp_path: Path
) -> None:
    bib = tmp_path / "keywords.bib"
    bib.write_text(
        "@article{kuril, title = {Sea urchins}, keywords = {Kraternaya Bight (Yanluch Island, "
        "Kurile Islands), sea urchins}}\n",
        encoding="utf-8",
    )
    assert run(db_url, "import", str(bib)).returncode == 0
    shown = run(db_url, "paper", "show", "1", "--json")
    paper = json.loads(shown.stdout)
    assert paper["keywords"] == ["Kraternaya Bight (Yanluch Island, Kurile Islands)", "sea urchins"]
    assert paper["tags"] == []
    found = run(db_url, "search", "keyword:yanluch", "--json")
    assert [hit["id"] for hit in json.loads(found.stdout)] == [1]
    # Another key: the same entry again would be recognised as already in the library.
    bib.write_text(bib.read_text(encoding="utf-8").replace("{kuril,", "{kuril2,"), encoding="utf-8")
    assert run(db_url, "import", str(bib), "--keywords-as-tags").returncode == 0
    tagged = json.loads(run(db_url, "paper", "show", "2", "--json").stdout)
    assert sorted(tagged["tags"]) == [
        "Kraternaya Bight (Yanluch Island, Kurile Islands)",
        "sea urchins",
    ]


def test_export_ascii_writes_latex_and_tells_what_it_could_not_spell(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'lib.sqlite'}"
    bib = tmp_path / "mixed.bib"
    bib.write_text(
        "@article{a, author = {张三}, title = {Über Жук}, year = 2020}\n", encoding="utf-8"
    )
    assert run(db_url, "import", str(bib)).returncode == 0
    told = "papershelf: 5 characters have no LaTeX spelling"
    for where in ([], ["-o", str(tmp_path / "out.bib")]):
        result = run(db_url, "export", "--format", "bibtex", "--ascii", *where)
        assert result.returncode == 0, result.stderr
        text = result.stdout if not where else (tmp_path / "out.bib").read_text(encoding="utf-8")
        assert '{\\"U}ber' in text and "张, 三" in text and "Жук" in text  # kept, not dropped
        assert told in result.stderr and "张 三 Ж у к" in result.stderr, result.stderr
    # BibLaTeX writes UTF-8 unless asked for ASCII; classic BibTeX spells in LaTeX anyway.
    assert "Über" in run(db_url, "export", "--format", "biblatex").stdout
    ascii_only = run(db_url, "export", "--format", "biblatex", "--ascii")
    assert '{\\"U}ber' in ascii_only.stdout and told in ascii_only.stderr
    assert told not in run(db_url, "export", "--format", "bibtex").stderr
