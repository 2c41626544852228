"""A file kept in sync with a reading list, followed through a sequence of changes; each
version is read by the real `bibtex` (outside CI a missing bibtex skips those checks)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.syncing import Outcome

IN_CI = os.environ.get("CI") == "true"


def bibtex_keys(bib: Path) -> list[str]:
    """The keys `bibtex` reads from `bib` (citing everything), after checking it reports
    no error."""
    if shutil.which("bibtex") is None:
        if IN_CI:
            pytest.fail("bibtex is not installed (texlive-binaries, .ci/debian-packages)")
        pytest.skip("bibtex is not installed")
    folder = bib.parent / "bibtex-run"
    folder.mkdir(exist_ok=True)
    shutil.copy(bib, folder / "refs.bib")
    (folder / "doc.aux").write_text("\\citation{*}\n\\bibstyle{alpha}\n\\bibdata{refs}\n")
    subprocess.run(["bibtex", "-terse", "doc"], cwd=folder, capture_output=True, timeout=60)
    log = (folder / "doc.blg").read_text(errors="replace")
    assert "error" not in log.lower(), log
    bbl = (folder / "doc.bbl").read_text(errors="replace")
    return re.findall(r"\\bibitem\[[^\]]*\]\{([^}]*)\}", bbl)


def _papers(library: Library) -> dict[str, int]:
    records = [
        Record(
            citekey=key,
            title=f"On {key}",
            year=2020,
            journal="Journal",
            authors=[Person(given="Ada", family=key.capitalize())],
        )
        for key in ("alpha", "beta", "gamma")
    ]
    return dict(zip(("alpha", "beta", "gamma"), library.add_records(records), strict=True))


def test_a_synced_file_follows_every_change_of_the_list(library: Library, tmp_path: Path) -> None:
    ids = _papers(library)
    library.create_list("Thesis")
    library.add_to_list("Thesis", [ids["alpha"]])
    bib = tmp_path / "thesis.bib"
    first = library.add_synced_file("Thesis", bib)
    assert first.outcome is Outcome.WRITTEN
    assert bibtex_keys(bib) == ["alpha"]

    library.add_to_list("Thesis", [ids["beta"]])
    assert sorted(bibtex_keys(bib)) == ["alpha", "beta"]

    library.update_paper(ids["beta"], expected_version=None, title="A better title")
    assert "A better title" in bib.read_text()

    # A paper outside the list changes: the file is not touched at all.
    untouched = bib.stat().st_ino
    library.update_paper(ids["gamma"], expected_version=None, title="Elsewhere")
    assert bib.stat().st_ino == untouched

    library.remove_from_list("Thesis", [ids["alpha"]])
    assert bibtex_keys(bib) == ["beta"]
    library.delete_papers([ids["beta"]])  # the trash is not in the list's export
    assert "@" not in bib.read_text()
    library.restore_papers([ids["beta"]])
    assert bibtex_keys(bib) == ["beta"]
    assert library.take_sync_reports() == []


def test_the_binding_survives_a_restart(db_url: str, tmp_path: Path) -> None:
    bib = tmp_path / "list.bib"
    with Library.open(db_url) as library:
        ids = _papers(library)
        library.create_list("Kept")
        library.add_synced_file("Kept", bib, format="biblatex")
    with Library.open(db_url) as library:
        [synced] = library.synced_files()
        assert (synced.path, synced.list_name, synced.format) == (bib, "Kept", "biblatex")
        library.add_to_list("Kept", [ids["gamma"]])
    assert "@article{gamma," in bib.read_text()


def test_a_file_edited_by_the_user_is_left_alone_until_resumed(
    library: Library, tmp_path: Path
) -> None:
    ids = _papers(library)
    library.create_list("Mine")
    bib = tmp_path / "mine.bib"
    library.add_synced_file("Mine", bib)
    edited = "% my own notes, kept\n" + bib.read_text()
    bib.write_text(edited)

    library.add_to_list("Mine", [ids["alpha"]])
    assert bib.read_text() == edited  # the user's edits are kept
    [report] = library.take_sync_reports()
    assert report.outcome is Outcome.PAUSED and "changed outside Papershelf" in report.message
    assert library.synced_files()[0].paused

    library.add_to_list("Mine", [ids["beta"]])  # stopped: no more writes, no more reports
    assert bib.read_text() == edited and library.take_sync_reports() == []

    resumed, kept = library.resume_synced_file(bib)
    assert resumed.outcome is Outcome.WRITTEN
    assert kept is not None and kept.read_text() == edited
    assert sorted(bibtex_keys(bib)) == ["alpha", "beta"]
    assert not library.synced_files()[0].paused


def test_an_existing_file_is_replaced_only_when_asked(library: Library, tmp_path: Path) -> None:
    library.create_list("L")
    bib = tmp_path / "taken.bib"
    bib.write_text("@misc{theirs, title={Theirs}}\n")
    with pytest.raises(ConflictError, match="already exists"):
        library.add_synced_file("L", bib)
    assert library.synced_files() == [] and "theirs" in bib.read_text()
    library.add_synced_file("L", bib, replace=True)
    assert "theirs" not in bib.read_text()
    with pytest.raises(ConflictError, match="already kept in sync"):
        library.add_synced_file("L", bib, replace=True)


def test_a_file_that_cannot_be_written_is_reported_and_retried(
    library: Library, tmp_path: Path
) -> None:
    ids = _papers(library)
    library.create_list("L")
    folder = tmp_path / "gone"
    folder.mkdir()
    bib = folder / "l.bib"
    library.add_synced_file("L", bib)
    shutil.rmtree(folder)
    library.add_to_list("L", [ids["alpha"]])
    [report] = library.take_sync_reports()
    assert report.outcome is Outcome.FAILED and "could not write" in report.message
    folder.mkdir()
    library.add_to_list("L", [ids["beta"]])
    assert sorted(bibtex_keys(bib)) == ["alpha", "beta"]


def test_removing_and_bad_requests(library: Library, tmp_path: Path) -> None:
    library.create_list("L")
    bib = tmp_path / "l.bib"
    with pytest.raises(InvalidInputError, match="not an export format"):
        library.add_synced_file("L", bib, format="pdf")
    with pytest.raises(NotFoundError):
        library.add_synced_file("No such list", bib)
    library.add_synced_file("L", bib)
    library.remove_synced_file(bib)
    assert library.synced_files() == [] and bib.exists()  # the file stays
    with pytest.raises(NotFoundError, match="not kept in sync"):
        library.remove_synced_file(bib)
    library.add_synced_file("L", tmp_path / "other.bib")
    library.delete_list("L")
    assert library.synced_files() == []
