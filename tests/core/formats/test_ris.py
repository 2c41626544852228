"""RIS in both directions, judged by rispy's and Zotero's test data and by the format's rules."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import rispy
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core.formats import registry, ris
from desktop.core.formats.record import Person, Record


@pytest.fixture(scope="module")
def rispy_data(corpus_dir: Path) -> Path:
    return corpus_dir / "rispy" / "tests-data"


@pytest.fixture(scope="module")
def zotero_cases(corpus_dir: Path) -> list[dict]:
    path = corpus_dir / "zotero-translators" / "RIS.testCases.json"
    return json.loads(path.read_text(encoding="utf-8"))


def _read(path: Path) -> ris.ParseResult:
    return registry.read(path.read_bytes(), source=path.name, format="ris")[1]


def _without_lines(records: list[Record]) -> list[Record]:
    return [dataclasses.replace(record, line=None) for record in records]


# ------------------------------------------------------------------ rispy's test files

RISPY_COUNTS = {
    "example_basic.ris": 1,
    "example_bom.ris": 1,
    "example_custom_list_tags.ris": 1,
    "example_empty_tag.ris": 1,
    "example_extraneous_data.ris": 2,
    "example_full.ris": 2,
    "example_full_without_whitespace.ris": 2,
    "example_full_write.ris": 2,
    "example_multi_unknown_tags.ris": 1,
    "example_multiline.ris": 3,
    "example_single_unknown_tag.ris": 1,
    "example_starting_newlines.ris": 1,
    "example_urls.ris": 4,
    "example_utf_chars.ris": 1,
    "example_wos.ris": 2,
}


def test_every_rispy_file_reads_with_the_expected_entry_count(rispy_data):
    found = {path.name: len(_read(path).records) for path in sorted(rispy_data.glob("*.ris"))}
    assert found == RISPY_COUNTS


@pytest.mark.parametrize("name", sorted(RISPY_COUNTS))
def test_rispy_reads_the_same_titles_authors_and_keywords(rispy_data, name):
    """rispy is the reference where it keeps everything (it drops what we report, see ris.py)."""
    path = rispy_data / name
    wos = name == "example_wos.ris"
    implementation = rispy.WokParser if wos else rispy.RisParser
    entries = rispy.load(path, encoding="utf-8-sig", implementation=implementation)
    records = _read(path).records
    assert len(records) == len(entries)
    for entry, record in zip(entries, records, strict=True):
        title = entry.get("document_title" if wos else "title") or entry.get("primary_title", "")
        assert record.title == " ".join(title.split())
        names = (
            entry.get("author_full_name", [])
            if wos
            else [
                *entry.get("first_authors", []),
                *entry.get("authors", []),
            ]
        )
        assert [person.as_written for person in record.authors] == names
        if not wos:
            assert record.keywords == entry.get("keywords", [])
            assert record.volume == entry.get("volume", "")
            abstract = entry.get("abstract") or entry.get("notes_abstract", "")
            assert " ".join(record.abstract.split()) == " ".join(abstract.split())


def test_basic_entry_fields(rispy_data):
    (record,) = _read(rispy_data / "example_basic.ris").records
    assert record.entry_type == "article"
    assert record.title == "A Mathematical Theory of Communication"
    assert [(p.family, p.given) for p in record.authors] == [("Shannon", "Claude E.")]
    assert (record.year, record.month) == (1948, 7)  # PY  - 1948/07//
    assert record.journal == "Bell System Technical Journal"
    assert (record.volume, record.pages) == ("27", "379–423")
    assert record.extra == {}
    assert record.line == 1


def test_byte_order_mark_is_not_part_of_the_first_tag(rispy_data):
    result = _read(rispy_data / "example_bom.ris")
    assert result.encoding == "utf-8-sig"
    assert result.records[0].doi == "10.1186/s40981-020-0316-0"
    assert result.problems == []


def test_unknown_tags_are_kept_in_order_and_written_back(rispy_data):
    (record,) = _read(rispy_data / "example_single_unknown_tag.ris").records
    assert record.extra == {"ris:JP": "CRISPR\nDirect Current"}
    written = ris.write([record])
    assert "JP  - CRISPR\nJP  - Direct Current\n" in written
    (multi,) = _read(rispy_data / "example_multi_unknown_tags.ris").records
    # No SP there: an end page alone is not a range, so it is kept as written.
    assert multi.extra == {"ris:EP": "423", "ris:JP": "CRISPR", "ris:DC": "Direct Current"}
    assert multi.pages == ""


def test_multiline_values_follow_rispy(rispy_data):
    records = _read(rispy_data / "example_multiline.ris").records
    for record in records:
        # rispy reads the same words; we keep the abstract's own line breaks.
        assert " ".join(record.abstract.split()) == (
            "first line, ER then second line and at the end the last line"
        )
        # N1 is a list tag: each continuation line is one more note, as in rispy.
        assert record.extra["ris:N1"] == "first line\n* second line\n* last line"


def test_empty_tags_say_nothing_and_doi_links_become_dois(rispy_data):
    (record,) = _read(rispy_data / "example_empty_tag.ris").records
    assert record.pages == ""
    assert "ris:SP" not in record.extra
    assert record.doi == "10.1177/2325967120950040"
    assert [(p.family, p.given) for p in record.authors] == [("Fanning E.", "")]
    assert record.year == 2020
    assert record.keywords == ["*athlete", "biomechanics", "bone remodeling"]
    assert record.abstract.splitlines()[1].startswith("Outcome measures are valuable")


def test_extraneous_text_is_kept_as_preamble_not_entries(rispy_data):
    result = _read(rispy_data / "example_extraneous_data.ris")
    assert "Record #1 of 2" in result.preambles
    assert [record.title for record in result.records] == [
        "Title of reference",
        "The title of the reference",
    ]


def test_unknown_reference_type_is_reported_and_kept(rispy_data):
    result = _read(rispy_data / "example_utf_chars.ris")
    (record,) = result.records
    assert record.entry_type == "misc"
    assert record.extra["ris:TY"] == "Journal Article"
    assert [(p.line, "not an RIS reference type" in p.message) for p in result.problems] == [
        (1, True)
    ]
    assert record.extra["ris:N1"] == "Ä,Ö,Ü,ä,ö,ü,ß"
    assert record.abstract.startswith("Состояние рецепторного аппарата")


def test_web_of_science_export(rispy_data):
    first, second = _read(rispy_data / "example_wos.ris").records
    assert first.title == (
        "Interactions stabilizing the structure of the core light-harvesting complex (LHl) "
        "of photosynthetic bacteria and its subunit (B820)"
    )
    assert [(p.family, p.given) for p in first.authors] == [
        ("Parkes-Loach", "PS"),
        ("Majeed", "AP"),
        ("Law", "CJ"),
        ("Loach", "PA"),
    ]
    assert (first.journal, first.year, first.volume, first.number) == (
        "BIOCHEMISTRY",
        2004,
        "43",
        "22",
    )
    assert (first.pages, first.doi) == ("7003–7016", "10.1021/bi049798f")
    assert first.month == 6  # PD JUN 8
    assert first.extra["wos:UT"] == "WOS:000221807500019"
    assert second.title.endswith(
        "ligand binding kinetics in microperoxidase and heme model compounds"
    )
    assert len(second.authors) == 9
    assert second.authors[-1].family == "Champion"
    # WoS-only fields are not RIS: the RIS writer leaves them out.
    assert "UT  -" not in ris.write([first])


def test_write_matches_rispys_own_layout(rispy_data):
    records = _read(rispy_data / "example_full.ris").records
    written = ris.write(records)
    assert written.startswith("1.\nTY  - JOUR\n")
    assert "ER  - \n\n2.\nTY  - JOUR\n" in written
    assert written.endswith("ER  - \n")


def test_full_example_round_trips(rispy_data):
    records = _read(rispy_data / "example_full.ris").records
    again = ris.parse(ris.write(records)).records
    assert _without_lines(again) == _without_lines(records)


def test_rispys_writer_expectation_reads_as_the_same_records(rispy_data):
    """`example_full_write.ris` is what rispy writes for `example_full.ris` minus ID, KW, JF."""
    original = _read(rispy_data / "example_full.ris").records
    rewritten = _read(rispy_data / "example_full_write.ris").records
    for record in original:
        record.keywords = []
        record.journal = ""
        del record.extra["ris:ID"]
    assert _without_lines(rewritten) == _without_lines(original)


# ------------------------------------------------------------------ Zotero's expectations

REALISTIC_ZOTERO_CASES = [0, 1, 3, 5, 6, 7, 8, 9, 10, 11]


def _zotero_authors(item: dict) -> list[tuple[str, str]]:
    author_roles = {"author", "inventor"}
    return [
        (creator["lastName"], creator.get("firstName", ""))
        for creator in item["creators"]
        if creator["creatorType"] in author_roles
    ]


@pytest.mark.parametrize("case", REALISTIC_ZOTERO_CASES)
def test_zotero_cases_titles_creators_and_years(zotero_cases, case):
    expected = zotero_cases[case]["items"]
    records = ris.parse(zotero_cases[case]["input"]).records
    assert len(records) == len(expected)
    for record, item in zip(records, expected, strict=True):
        assert record.title == item.get("title", "")
        people = [(" ".join(filter(None, (p.von, p.family))), p.given) for p in record.authors]
        assert people == _zotero_authors(item)
        date = item.get("date") or item.get("issueDate") or ""
        assert (str(record.year) if record.year else "") == date[:4]
        if record.pages:
            assert record.pages.replace("–", "-") == item["pages"]
        if "DOI" in item:
            assert record.doi == item["DOI"]


def test_zotero_prefers_da_over_the_deprecated_y1(zotero_cases):
    (record,) = ris.parse(zotero_cases[7]["input"]).records
    assert record.year == 1950  # DA 1950/01/01, not Y1 1900/01/01
    assert record.month == 1


def test_zotero_reference_templates_keep_every_entry(zotero_cases):
    for case in (2, 4):
        result = ris.parse(zotero_cases[case]["input"], source=f"case{case}")
        assert len(result.records) == len(zotero_cases[case]["items"])
        # "PY  - Year" is a placeholder: reported with its line, kept as written.
        placeholder = [p for p in result.problems if "No year could be read" in p.message]
        assert placeholder
        assert all(p.line and p.source == f"case{case}" for p in placeholder)
        assert all(
            any(key in record.extra for key in ("ris:PY", "ris:DA", "ris:Y1", "ris:Y2"))
            for record in result.records
            if record.year is None
        )


# ------------------------------------------------------------------ malformed input


def test_missing_er_keeps_the_entry_and_says_where():
    text = "TY  - JOUR\nTI  - First\nTY  - BOOK\nTI  - Second\n"
    result = ris.parse(text, source="broken.ris")
    assert [record.title for record in result.records] == ["First", "Second"]
    assert [(p.source, p.line) for p in result.problems] == [("broken.ris", 1), ("broken.ris", 3)]
    assert "before line 3" in result.problems[0].message
    assert "end of the file" in result.problems[1].message


def test_tags_before_any_ty_start_an_entry_and_are_reported():
    result = ris.parse("\nAU  - Doe, Jane\nTI  - Orphan\nER  - \n")
    (record,) = result.records
    assert (record.title, record.authors[0].family, record.entry_type) == ("Orphan", "Doe", "misc")
    assert result.problems[0].line == 2
    assert result.problems[0].raw == "AU  - Doe, Jane"


def test_single_space_tag_lines_are_read():
    (record,) = ris.parse("TY - JOUR\nTI - Spaced\nER -\n").records
    assert record.title == "Spaced"


def test_repeated_single_valued_tag_is_kept_not_overwritten():
    (record,) = ris.parse("TY  - JOUR\nTI  - One\nTI  - Two\nER  - \n").records
    assert record.title == "One"
    assert record.extra == {"ris:TI": "Two"}


# ------------------------------------------------------------------ writing


def _full_record() -> Record:
    return Record(
        entry_type="incollection",
        citekey="doe2020chapter",
        title="A chapter: with a colon",
        abstract="First paragraph.\nER  - looks like a tag\n\nSecond paragraph.",
        year=2020,
        month=3,
        booktitle="Collected Works",
        publisher="Press",
        volume="2",
        number="4",
        pages="12–34",
        doi="10.1000/xyz",
        url="https://example.org/x",
        authors=[
            Person(given="Jane", family="Doe"),
            Person(given="Ludwig", von="van", family="Beethoven"),
            Person(given="Martin Luther", family="King", jr="Jr."),
        ],
        editors=[Person(given="Ed", family="Itor")],
        keywords=["one", "two words"],
        extra={"ris:M1": "kept", "ris:Y2": "2021/01/02"},
    )


def test_written_tags_follow_the_ris_rules():
    written = ris.write([_full_record()])
    lines = written.splitlines()
    assert lines[:2] == ["1.", "TY  - CHAP"]
    for expected in [
        "AU  - Doe, Jane",
        "AU  - van Beethoven, Ludwig",
        "AU  - King, Martin Luther, Jr.",
        "A2  - Itor, Ed",
        "PY  - 2020",
        "DA  - 2020/03//",
        "T2  - Collected Works",
        "SP  - 12",
        "EP  - 34",
        "DO  - 10.1000/xyz",
        "KW  - two words",
        "ID  - doe2020chapter",
        "M1  - kept",
    ]:
        assert expected in lines
    # The abstract line that looks like a tag is indented, so it stays abstract text.
    assert " ER  - looks like a tag" in lines


def test_written_record_reads_back_the_same():
    record = _full_record()
    (again,) = ris.parse(ris.write([record])).records
    for person in (*record.authors, *record.editors, *again.authors, *again.editors):
        person.as_written = ""
    assert dataclasses.replace(again, line=None) == record


def test_latex_page_range_is_split_too():
    lines = ris.write([Record(pages="12--34")]).splitlines()
    assert ("SP  - 12" in lines, "EP  - 34" in lines) == (True, True)


def test_bibtex_fields_kept_as_latex_are_written_as_text():
    record = Record(extra={"note": "50\\% off", "address": 'M{\\"u}nchen', "isbn": "123"})
    lines = ris.write([record]).splitlines()
    assert {"N1  - 50% off", "CY  - München", "SN  - 123"} <= set(lines)


def test_empty_list_writes_nothing():
    assert ris.write([]) == ""


def test_utf16_bytes_are_decoded():
    data = "TY  - JOUR\nTI  - Über\nER  - \n".encode("utf-16")
    result = registry.read(data, source="u16.ris", format="ris")[1]
    assert result.records[0].title == "Über"
    assert result.encoding.startswith("utf-16")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("TYAUER -\n\r,./19abcÜ\t")), max_size=300))
def test_any_text_is_read_without_raising(text):
    result = ris.parse(text)
    # And what was read can always be written and read again.
    ris.parse(ris.write(result.records))


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=300))
def test_any_unicode_text_is_read_without_raising(text):
    ris.parse(text)


def test_line_numbers_count_only_real_line_breaks():
    text = "TY  - JOUR\r\nTI  - Form\x0cfeed\u2028here\r\nPY  - Year\r\nER  - \r\n"
    result = ris.parse(text)
    assert result.records[0].title == "Form feed here"  # single-line fields: spaces collapsed
    assert [problem.line for problem in result.problems] == [3]


_WORD = st.text(alphabet=st.characters(categories=["L", "N"]), min_size=1, max_size=8)
# Single-line fields have their runs of spaces collapsed (as Zotero does), so none here.
_LINE = st.lists(_WORD | st.sampled_from(["ER", "TY", "-", ":", "&"]), min_size=1, max_size=6).map(
    " ".join
)
# Abstract lines keep their spacing, and some look like tag lines.
_PROSE_LINE = (
    st.lists(_WORD | st.sampled_from(["ER  - ", "AU  -", "-"]), min_size=1, max_size=6)
    .map(" ".join)
    .map(str.strip)
)
# Lower-case words before a family name are its "von" part (BibTeX's rule): none here.
_CAPITALISED = _WORD.map(str.capitalize).filter(lambda word: not word[0].islower())
_NAME = st.lists(_CAPITALISED, min_size=1, max_size=2).map(" ".join)


@st.composite
def _records(draw: st.DrawFn) -> Record:
    entry_type = draw(st.sampled_from(["article", "book", "incollection", "inproceedings", "misc"]))
    venue = draw(st.just("") | _LINE)
    year = draw(st.none() | st.integers(min_value=1, max_value=9999))
    paragraphs = draw(st.lists(st.lists(_PROSE_LINE, min_size=1, max_size=3), max_size=3))
    return Record(
        entry_type=entry_type,
        title=draw(_LINE),
        abstract="\n\n".join("\n".join(lines) for lines in paragraphs),
        year=year,
        month=draw(st.none() | st.integers(min_value=1, max_value=12)) if year else None,
        journal=venue if entry_type in ("article", "misc") else "",
        booktitle=venue if entry_type in ("incollection", "inproceedings") else "",
        volume=draw(st.just("") | _WORD),
        pages=draw(st.just("") | _WORD | st.tuples(_WORD, _WORD).map("–".join)),
        authors=draw(st.lists(st.builds(Person, given=_NAME, family=_NAME), max_size=3)),
        keywords=draw(st.lists(_LINE, max_size=3)),
    )


@settings(max_examples=150, deadline=None)
@given(_records())
def test_any_written_record_reads_back_the_same(record):
    (again,) = ris.parse(ris.write([record])).records
    for person in again.authors:
        person.as_written = ""
    assert dataclasses.replace(again, line=None) == record
