"""Import problems told apart: entries that could not be read (errors) before warnings,
each with its file and line, for every format; fixed and retried or dismissed several at
once. On both backends."""

from __future__ import annotations

import json
from pathlib import Path

from desktop.core.library import Library


def corpus_ris_and_csl_json(corpus_dir: Path, into: Path) -> list[Path]:
    """Zotero's RIS test inputs (each a file) and its CSL-JSON one with an item that is no
    CSL-JSON object added: many warnings and one real failure, as the issue saw."""
    cases = json.loads((corpus_dir / "zotero-translators" / "RIS.testCases.json").read_text())
    paths = []
    for n, case in enumerate(cases):
        if case.get("type") == "import":
            path = into / f"zotero-{n}.ris"
            path.write_text(case["input"], encoding="utf-8")
            paths.append(path)
    (csl,) = json.loads((corpus_dir / "zotero-translators" / "CSL JSON.testCases.json").read_text())
    items = json.loads(csl["input"])
    items = items if isinstance(items, list) else [items]
    path = into / "zotero.json"
    path.write_text(json.dumps([*items, "not an item"], indent=1), encoding="utf-8")
    return [*paths, path]


def test_the_one_real_failure_comes_first_with_its_file_and_line(
    library: Library, corpus_dir: Path, tmp_path: Path
) -> None:
    paths = corpus_ris_and_csl_json(corpus_dir, tmp_path)
    report = library.import_files(paths)
    errors = [p for p in report.problems if p.error]
    assert len(errors) == 1 and len(report.problems) > 40  # the rest are warnings
    assert report.to_json()["problems"][0].keys() >= {"source", "line", "message", "error"}
    kept = library.import_problems()
    first, *rest = kept
    assert first.error and not any(p.error for p in rest)
    assert first.source == "zotero.json"  # the CSL-JSON file, by name
    text = paths[-1].read_text(encoding="utf-8")
    assert first.line == text[: text.index('"not an item"')].count("\n") + 1
    assert "not a CSL-JSON object" in first.message
    # Every row names the one file it came from (a value kept aside too), and a line.
    named = {p.name for p in paths}
    assert all(p.source in named for p in kept)
    assert all(p.line for p in rest)
    # Warnings in one file come in the order of its lines.
    for source in named:
        lines = [p.line for p in rest if p.source == source]
        assert lines == sorted(lines)


def test_several_entries_are_fixed_and_imported_at_once(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "two.bib"
    path.write_text(
        "@article{a, title = {First never closed\n\n@article{b title = {Second}}\n"
        "@article{ok, title = {Fine}, year = 2020}\n",
        encoding="utf-8",
    )
    report = library.import_file(path)
    errors = [p for p in library.import_problems() if p.error]
    assert len(errors) >= 1 and report.imported >= 1
    ids = [p.id for p in library.import_problems()]
    # Still broken: nothing is imported and every problem stays.
    still = library.retry_import_problems(ids, "@article{x, title = {Open")
    assert still.imported == 0 and still.problems and still.problems[0].error
    assert [p.id for p in library.import_problems()] == ids
    fixed = "@article{a, title = {First}, year = 2020}\n@article{b, title = {Second}}\n"
    done = library.retry_import_problems(ids, fixed)
    assert done.imported == 2
    assert library.import_problems() == []
    titles = {r.title for r in library.rows(library.view_ids()).values()}
    assert {"First", "Second", "Fine"} <= titles


def test_several_problems_are_dismissed_at_once(
    library: Library, corpus_dir: Path, tmp_path: Path
) -> None:
    library.import_files(corpus_ris_and_csl_json(corpus_dir, tmp_path))
    warnings = [p.id for p in library.import_problems() if not p.error]
    library.dismiss_import_problems(warnings)
    (left,) = library.import_problems()
    assert left.error
    library.dismiss_import_problems([left.id, left.id])  # asked twice: no mistake
    assert library.import_problems() == []
