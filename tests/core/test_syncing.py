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


def test_two_papershelfs_writing_one_file_at_once_do_not_pause_it(
    db_url: str, tmp_path: Path
) -> None:
    """A window and a command on one library both rewrite a synced file: the one that finds
    the other's version on disk reads the list again and writes it, instead of taking that
    version for the user's own edit."""
    bib = tmp_path / "shared.bib"
    with Library.open(db_url) as window, Library.open(db_url) as command:
        ids = _papers(window)
        window.create_list("Shared")
        window.add_synced_file("Shared", bib)
        exporting = command.export
        interleaved: list[bool] = []

        def export_while_the_window_writes(*args: object, **kwargs: object) -> str:
            if not interleaved:  # between the command's read of the file's record and its write
                interleaved.append(True)
                window.add_to_list("Shared", [ids["beta"]])
            return exporting(*args, **kwargs)  # type: ignore[arg-type]

        command.export = export_while_the_window_writes  # type: ignore[method-assign]
        command.add_to_list("Shared", [ids["alpha"]])
        assert interleaved == [True]
        assert command.take_sync_reports() == []
        assert window.synced_files()[0].paused == ""
        assert sorted(bibtex_keys(bib)) == ["alpha", "beta"]


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


def test_a_file_bound_to_a_saved_search_follows_what_it_finds(
    library: Library, tmp_path: Path
) -> None:
    ids = _papers(library)
    library.save_search("Betas", "title:beta")
    bib = tmp_path / "search.bib"
    assert library.add_synced_search("Betas", bib).outcome is Outcome.WRITTEN
    assert bibtex_keys(bib) == ["beta"]
    [synced] = library.synced_files()
    assert (synced.search_name, synced.list_name) == ("Betas", "")

    # An edit that makes another paper match: it joins the file.
    library.update_paper(ids["gamma"], expected_version=None, title="On beta again")
    assert sorted(bibtex_keys(bib)) == ["beta", "gamma"]
    # One that makes a paper stop matching: it leaves.
    library.update_paper(ids["beta"], expected_version=None, title="On something else")
    assert bibtex_keys(bib) == ["gamma"]
    # A change that leaves the results alone does not touch the file.
    untouched = bib.stat().st_ino
    library.update_paper(ids["alpha"], expected_version=None, title="On alpha, revised")
    assert bib.stat().st_ino == untouched
    library.delete_papers([ids["gamma"]])
    assert "@" not in bib.read_text()
    assert library.take_sync_reports() == []

    with pytest.raises(NotFoundError):
        library.add_synced_search("No such search", tmp_path / "other.bib")
    with pytest.raises(ConflictError, match="already exists"):
        library.add_synced_search("Betas", bib)


def test_deferred_syncing_rewrites_each_file_once_for_a_burst(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desktop.core.exporting import files

    ids = _papers(library)
    library.create_list("Burst")
    bib = tmp_path / "burst.bib"
    library.add_synced_file("Burst", bib)
    writes: list[Path] = []
    original = files.write_whole

    def counting(path: Path, text: str) -> None:
        writes.append(path)
        original(path, text)

    monkeypatch.setattr(files, "write_whole", counting)
    library.defer_syncing()
    for key in ("alpha", "beta", "gamma"):
        library.add_to_list("Burst", [ids[key]])
    assert writes == [] and "@" not in bib.read_text()  # nothing yet: the burst goes on
    library.sync_pending()
    assert writes == [bib] and sorted(bibtex_keys(bib)) == ["alpha", "beta", "gamma"]
    library.sync_pending()  # nothing new: nothing written
    assert writes == [bib]


def test_a_change_naming_40_000_papers_finds_the_list_holding_one(
    library: Library, tmp_path: Path
) -> None:
    from desktop.core import syncing
    from desktop.core.changes import Change, ChangeKind

    ids = _papers(library)
    library.create_list("Thesis")
    library.add_to_list("Thesis", [ids["gamma"]])
    library.add_synced_file("Thesis", tmp_path / "thesis.bib")
    # An import of 40,000 papers names them all (asked about in slices).
    named = (*range(10_000, 50_000), ids["gamma"])
    with library._read() as session:
        due = syncing.due(session, Change(ChangeKind.PAPERS, named))
    assert [target.path.name for target in due] == ["thesis.bib"]
