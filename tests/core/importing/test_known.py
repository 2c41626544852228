"""A file imported again: the papers the library already holds are recognised, not added."""

from __future__ import annotations

import shutil
from pathlib import Path

from desktop.core.api import View
from desktop.core.library import Library

CSL = Path("citation-js/plugin-bibtex/test/mapping/biblatex-csl.json")


def _copy(corpus_dir: Path, relative: Path, into: Path) -> Path:
    """A copy to import (the corpus itself is read-only)."""
    target = into / relative.name
    shutil.copyfile(corpus_dir / relative, target)
    return target


def test_a_csl_json_file_imported_twice_adds_its_papers_once(
    library: Library, corpus_dir: Path, tmp_path: Path
) -> None:
    path = _copy(corpus_dir, CSL, tmp_path)
    first = library.import_file(path)
    assert first.imported >= 20
    held = library.count()
    second = library.import_file(path)
    assert second.imported == 0
    assert sorted(second.already_held) == sorted(first.paper_ids)
    assert second.papers == held == first.papers
    assert second.to_json()["already_in_library"] == first.imported
    # Nothing new to settle, and the problems of the first time are not kept twice.
    assert second.duplicates == []
    assert len(library.import_problems()) == len(first.problems)


def test_ris_without_keys_is_recognised_by_its_fields(
    library: Library, corpus_dir: Path, tmp_path: Path
) -> None:
    path = _copy(corpus_dir, Path("rispy/tests-data/example_full.ris"), tmp_path)
    first = library.import_file(path)
    assert first.imported >= 2
    second = library.import_file(path)
    assert (second.imported, len(second.already_held)) == (0, first.imported)


def test_a_paper_edited_since_is_imported_again_as_a_likely_duplicate(
    library: Library, tmp_path: Path
) -> None:
    path = tmp_path / "one.bib"
    path.write_text(
        "@article{levine2016, title={Deep Visuomotor Policies}, author={Levine, Sergey},"
        " year={2016}, pages={1--40}}\n",
        encoding="utf-8",
    )
    (paper_id,) = library.import_file(path).paper_ids
    path.write_text(path.read_text(encoding="utf-8").replace("1--40", "1--39"), encoding="utf-8")
    again = library.import_file(path)
    # Other fields: a new paper (the user chooses), with the old one's key taken.
    assert (again.imported, again.already_held) == (1, [])
    assert [(d.other_id, d.evidence[0]) for d in again.duplicates][:1] == [
        (paper_id, "same citation key levine2016")
    ]


def test_papers_held_already_still_go_into_the_import_s_list_and_tag(
    library: Library, corpus_dir: Path, tmp_path: Path
) -> None:
    path = _copy(corpus_dir, CSL, tmp_path)
    first = library.import_file(path)
    again = library.import_file(path, list_name="Thesis", tag="from-file")
    assert again.imported == 0
    (thesis,) = [rl for rl, _count in library.lists() if rl.name == "Thesis"]
    assert sorted(library.view_ids(View("list", thesis.id))) == sorted(first.paper_ids)
    (tag,) = [t for t, _count in library.tags() if t.name == "from-file"]
    assert sorted(library.view_ids(View("tag", tag.id))) == sorted(first.paper_ids)
    # Into the same list once more: each paper is in it once.
    library.import_file(path, list_name="Thesis")
    assert len(library.view_ids(View("list", thesis.id))) == first.imported
