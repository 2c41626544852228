"""PDFs become papers (both backends): the DOI or arXiv id a PDF names is looked up (a
local stand-in for Crossref and arXiv); without one, title and authors are guessed from the
PDF and the paper is tagged for checking. The PDF is attached as a copy, its text indexed."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from core.importing.test_lookup import ATOM, ATTENTION_FEED, DEEP_LEARNING, _crossref_answer
from core.lookup_server import FakeServices, running_services
from pdf_maker import write_cjk_pdf, write_pdf

from desktop.core.errors import KnownError
from desktop.core.importing.pdf_papers import GUESSED_FIELD, GUESSED_TAG
from desktop.core.library import Library
from desktop.core.storage import db


@pytest.fixture
def services(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServices]:
    with running_services() as running:
        monkeypatch.setenv("PAPERSHELF_CROSSREF_URL", running.url)
        monkeypatch.setenv("PAPERSHELF_ARXIV_URL", running.url)
        yield running


@pytest.fixture
def shelf(library: Library, tmp_path: Path) -> Library:
    if db.sqlite_path(library.url) is None:
        library.set_files_folder(tmp_path / "group files")
    return library


def _with_doi(tmp_path: Path) -> Path:
    return write_pdf(
        tmp_path / "download.pdf",
        [[(16, "Deep learning"), (9, "Nature 521, 436-444 (2015) doi:10.1038/nature14539")]],
    )


def test_a_pdf_naming_a_doi_is_looked_up(
    shelf: Library, tmp_path: Path, services: FakeServices
) -> None:
    services.answer("/works/10.1038/nature14539", _crossref_answer(DEEP_LEARNING))
    report = shelf.import_files([_with_doi(tmp_path)])
    (paper_id,) = report.paper_ids
    details = shelf.paper(paper_id)
    assert details.paper.title == "Deep learning"
    assert details.paper.doi == "10.1038/nature14539"
    assert [p.family for p in details.authors][:1] == ["LeCun"]
    assert GUESSED_TAG not in [t.name for t in details.tags]
    (attached,) = shelf.attached_files(paper_id)
    assert attached.copied and attached.present and attached.text_indexed
    assert [h.paper_id for h in shelf.search("fulltext:nature")] == [paper_id]
    assert report.format == "pdf" and report.problems == []


def test_an_arxiv_id_on_the_first_page_is_looked_up(
    shelf: Library, tmp_path: Path, services: FakeServices
) -> None:
    services.answer("/api/query", ATTENTION_FEED, content_type=ATOM)
    pdf = write_pdf(
        tmp_path / "1706.pdf",
        [[(16, "Attention"), (9, "arXiv:1706.03762v7 [cs.CL] 2 Aug 2023")], [(9, "More")]],
    )
    (paper_id,) = shelf.import_files([pdf], format="pdf").paper_ids
    assert shelf.paper(paper_id).paper.title == "Attention Is All You Need"


def test_without_an_identifier_title_and_authors_are_guessed(
    shelf: Library, tmp_path: Path
) -> None:
    pdf = write_pdf(
        tmp_path / "scan.pdf",
        [[(9, "Preprint"), (20, "Tidal Locking of"), (20, "Small Moons"), (10, "body text")]],
        author="Ada Lovelace; Alan Turing",
    )
    (paper_id,) = shelf.import_files([pdf]).paper_ids
    details = shelf.paper(paper_id)
    assert details.paper.title == "Tidal Locking of Small Moons"  # the largest letters
    assert [(p.given, p.family) for p in details.authors] == [
        ("Ada", "Lovelace"),
        ("Alan", "Turing"),
    ]
    assert [t.name for t in details.tags] == [GUESSED_TAG]
    assert details.paper.extra[GUESSED_FIELD] == "title, authors"


def test_without_metadata_the_authors_are_read_from_the_line_under_the_title(
    shelf: Library, tmp_path: Path
) -> None:
    pdf = write_pdf(
        tmp_path / "no metadata.pdf",
        [
            [
                (20, "Tidal Locking of Small Moons"),
                (12, "Ada Lovelace1, Alan M. Turing2* and Ludwig van Beethoven"),
                (12, "Mary Somerville"),
                (10, "University of Edinburgh"),
                (10, "Abstract. Moons lock."),
            ]
        ],
    )
    (paper_id,) = shelf.import_files([pdf]).paper_ids
    details = shelf.paper(paper_id)
    assert [(p.given, p.family) for p in details.authors] == [
        ("Ada", "Lovelace"),
        ("Alan M.", "Turing"),
        ("Ludwig", "Beethoven"),
        ("Mary", "Somerville"),
    ]
    assert details.authors[2].von == "van"
    assert details.paper.extra[GUESSED_FIELD] == "title, authors"
    assert [t.name for t in details.tags] == [GUESSED_TAG]


@pytest.mark.parametrize(
    "under_the_title",
    ["In this paper we study how small moons lock.", "Stanford University", "Abstract"],
)
def test_a_line_under_the_title_that_names_no_one_gives_no_authors(
    shelf: Library, tmp_path: Path, under_the_title: str
) -> None:
    pdf = write_pdf(
        tmp_path / "plain.pdf", [[(20, "Tidal Locking"), (11, under_the_title), (10, "Body.")]]
    )
    (paper_id,) = shelf.import_files([pdf]).paper_ids
    details = shelf.paper(paper_id)
    assert details.authors == []
    assert details.paper.title == "Tidal Locking"
    assert details.paper.extra[GUESSED_FIELD] == "title"


def test_the_metadata_title_is_taken_when_it_is_one(shelf: Library, tmp_path: Path) -> None:
    named = write_pdf(tmp_path / "a.pdf", [[(20, "Big")]], title="A Real Title Here")
    word = write_pdf(tmp_path / "b.pdf", [[(20, "Largest Words")]], title="Microsoft Word - x.docx")
    first, second = shelf.import_files([named, word]).paper_ids
    assert shelf.paper(first).paper.title == "A Real Title Here"
    assert shelf.paper(second).paper.title == "Largest Words"


def test_a_cjk_pdf_gets_its_title_and_searchable_text(
    shelf: Library, tmp_path: Path, qapp: object
) -> None:
    pdf = write_cjk_pdf(
        tmp_path / "zh.pdf",
        [[(22, "深度强化学习综述"), (12, "张伟，李娜"), (10, "本文讨论等离子体约束。")]],
    )
    (paper_id,) = shelf.import_files([pdf]).paper_ids
    details = shelf.paper(paper_id)
    assert details.paper.title == "深度强化学习综述"
    assert [p.family + p.given for p in details.authors] == ["张伟", "李娜"]
    assert [h.paper_id for h in shelf.search("等离子体")] == [paper_id]


def test_a_failed_lookup_falls_back_to_a_guess_and_says_so(
    shelf: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}"
    monkeypatch.setenv("PAPERSHELF_CROSSREF_URL", closed)
    report = shelf.import_files([_with_doi(tmp_path)])
    (paper_id,) = report.paper_ids
    details = shelf.paper(paper_id)
    assert details.paper.doi == "10.1038/nature14539"
    assert details.paper.title == "Deep learning"
    assert [t.name for t in details.tags] == [GUESSED_TAG]
    (problem,) = report.problems
    assert "10.1038/nature14539" in problem.message and "check them" in problem.message
    assert not problem.error  # the paper was made, from a guess to check


def _closed_lookup(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}"
    monkeypatch.setenv("PAPERSHELF_CROSSREF_URL", closed)


def test_pdf_import_problems_are_kept_once_each_to_be_found_again(
    shelf: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # They were told in the report only, gone once it was closed; a file that is not a
    # PDF was even counted as a warning.
    _closed_lookup(monkeypatch)
    fake = tmp_path / "fake.pdf"
    fake.write_text("not a pdf")
    damaged = tmp_path / "damaged.pdf"
    damaged.write_bytes(b"%PDF-1.4\n" + b"garbage " * 40)
    files = [fake, damaged, _with_doi(tmp_path)]
    report = shelf.import_files(files, format="pdf")
    kept = shelf.import_problems()
    told = sorted((p.source, p.message, p.error) for p in report.problems)
    assert sorted((p.source, p.message, p.error) for p in kept) == told
    assert [(Path(p.source).name, p.error, p.line, p.raw) for p in kept] == [
        ("damaged.pdf", True, None, ""),
        ("fake.pdf", True, None, ""),
        ("download.pdf", False, None, ""),
    ]
    assert "fake.pdf is not a PDF" in kept[1].message
    assert "damaged.pdf could not be read as a PDF" in kept[0].message
    assert "download.pdf names 10.1038/nature14539" in kept[2].message
    # The same files again (the guessed paper's PDF is held already): nothing kept twice.
    shelf.import_files(files[:2], format="pdf")
    assert shelf.import_problems() == kept


def test_a_pdf_problem_has_no_text_to_correct_and_retry(shelf: Library, tmp_path: Path) -> None:
    fake = tmp_path / "fake.pdf"
    fake.write_text("not a pdf")
    shelf.import_files([fake], format="pdf")
    (problem,) = shelf.import_problems()
    entry = "@article{k, title = {Typed In}, year = 2020}"
    with pytest.raises(KnownError, match=r"fake\.pdf kept no text to correct"):
        shelf.retry_import_problem(problem.id, entry)
    assert shelf.import_problems() == [problem] and shelf.count() == 0


def test_a_pdf_of_a_paper_already_there_is_attached_to_it(
    shelf: Library, tmp_path: Path, services: FakeServices
) -> None:
    services.answer("/works/10.1038/nature14539", _crossref_answer(DEEP_LEARNING))
    (first,) = shelf.import_files([_with_doi(tmp_path)]).paper_ids
    journal_copy = write_pdf(
        tmp_path / "journal copy.pdf",
        [[(16, "Deep learning"), (9, "doi:10.1038/nature14539 (publisher's version)")]],
    )
    again = shelf.import_files([journal_copy])
    assert again.paper_ids == []
    assert shelf.count() == 1
    assert len(shelf.attached_files(first)) == 2
    # What the import did, not a problem to fix: said apart, and not kept as one.
    assert again.attached_to == [first] and again.problems == []
    assert shelf.import_problems() == []
    assert again.to_json()["attached_to_papers"] == [first]


def test_the_same_pdf_brought_in_again_is_said_to_be_held_and_not_attached_twice(
    shelf: Library, tmp_path: Path
) -> None:
    pdf = write_pdf(tmp_path / "guess me.pdf", [[(20, "Tidal Locking of Small Moons")]])
    (first,) = shelf.import_files([pdf]).paper_ids
    renamed = tmp_path / "elsewhere" / "moons (1).pdf"
    renamed.parent.mkdir()
    renamed.write_bytes(pdf.read_bytes())
    again = shelf.import_files([pdf, renamed], list_name="Moons")
    assert again.paper_ids == [] and again.already_held == [first]
    assert again.problems == []
    assert shelf.count() == 1
    assert len(shelf.attached_files(first)) == 1
    assert len([f for f in shelf.files_folder().iterdir() if f.suffix == ".pdf"]) == 1
    # As with a .bib imported again: the paper joins the list the import was asked for.
    assert [item.paper.id for item in shelf.list_items("Moons")] == [first]


def test_one_pdf_twice_in_one_drop_makes_one_paper(shelf: Library, tmp_path: Path) -> None:
    pdf = write_pdf(tmp_path / "a.pdf", [[(20, "Tidal Locking of Small Moons")]])
    twin = tmp_path / "sub" / "a.pdf"
    twin.parent.mkdir()
    twin.write_bytes(pdf.read_bytes())
    other = write_pdf(tmp_path / "b.pdf", [[(20, "Rings of Ice Giants")]])
    report = shelf.import_files([pdf, twin, other])
    first, _other = report.paper_ids
    assert report.already_held == [first]
    assert shelf.count() == 2
    assert len(shelf.attached_files(first)) == 1


def test_a_pdf_whose_paper_is_in_the_trash_makes_a_paper_again(
    shelf: Library, tmp_path: Path
) -> None:
    pdf = write_pdf(tmp_path / "a.pdf", [[(20, "Tidal Locking of Small Moons")]])
    (first,) = shelf.import_files([pdf]).paper_ids
    shelf.delete_papers([first])
    again = shelf.import_files([pdf])
    assert again.already_held == [] and len(again.paper_ids) == 1


def test_two_pdfs_of_one_paper_are_both_kept_and_reported_as_alike(
    shelf: Library, tmp_path: Path
) -> None:
    preprint = write_pdf(
        tmp_path / "preprint.pdf", [[(20, "Tidal")]], title="Tidal Locking of Small Moons",
        author="Ada Lovelace",
    )  # fmt: skip
    journal = write_pdf(
        tmp_path / "moons.pdf", [[(20, "Tidal locking of small moons")]], author="Lovelace, Ada"
    )
    report = shelf.import_files([preprint, journal])
    first, second = report.paper_ids
    (alike,) = report.duplicates  # for the report, and the summary, to say
    assert (alike.paper_id, alike.other_id) == (second, first)
    assert "title 100% alike" in alike.evidence[0]


def test_pdfs_and_bibtex_in_one_import(shelf: Library, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text("@article{knuth1984, title={Literate Programming}, year={1984}}\n")
    pdf = write_pdf(tmp_path / "x.pdf", [[(20, "Some Title")]])
    report = shelf.import_files([bib, pdf], list_name="To read")
    assert len(report.paper_ids) == 2
    assert len(shelf.list_items("To read")) == 2


def test_bibtex_imported_again_beside_pdfs_is_said_to_be_held_already(
    shelf: Library, tmp_path: Path
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text("@article{knuth1984, title={Literate Programming}, year={1984}}\n")
    (held,) = shelf.import_files([bib]).paper_ids
    report = shelf.import_files([bib, write_pdf(tmp_path / "x.pdf", [[(20, "Some Title")]])])
    assert report.already_held == [held]  # not lost when the two reports are joined
    assert len(report.paper_ids) == 1 and shelf.count() == 2


def test_a_file_that_is_not_a_pdf_is_a_problem_not_a_paper(shelf: Library, tmp_path: Path) -> None:
    fake = tmp_path / "fake.pdf"
    fake.write_text("not a pdf")
    report = shelf.import_files([fake], format="pdf")
    assert report.paper_ids == []
    assert "is not a PDF" in report.problems[0].message


def test_a_server_library_without_a_files_folder_is_told(library: Library, tmp_path: Path) -> None:
    if db.sqlite_path(library.url) is not None:
        pytest.skip("a SQLite library has a folder of its own")
    with pytest.raises(KnownError, match="files folder"):
        library.import_files([write_pdf(tmp_path / "x.pdf", [[(20, "T")]])])
    assert library.count() == 0


def test_a_cancelled_pdf_import_leaves_the_library_as_it_was(
    shelf: Library, tmp_path: Path
) -> None:
    from desktop.core.importing.storing import ImportCancelled

    pdfs = [write_pdf(tmp_path / f"{n}.pdf", [[(20, f"Paper {n}")]]) for n in range(3)]
    asked: list[int] = []

    def cancel() -> bool:
        asked.append(1)
        return len(asked) > 2  # after two PDFs are made into papers

    with pytest.raises(ImportCancelled):
        shelf.import_files(pdfs, cancel=cancel)
    assert shelf.count() == 0
    folder = shelf.files_folder()
    assert not folder.exists() or list(folder.iterdir()) == []
    assert shelf.search("fulltext:paper") == []
