"""CSL-JSON in both directions, judged by the CSL schema and by citation-js's and Zotero's data."""

from __future__ import annotations

import dataclasses
import functools
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft7Validator
from referencing import Registry, Resource

from desktop.core.formats import csljson, registry
from desktop.core.formats.record import Person, Record


@functools.cache
def _validator_for(folder: Path) -> Draft7Validator:
    """The CSL input schema, with every schema of the folder registered locally (no network)."""
    schemas = [json.loads(path.read_text(encoding="utf-8")) for path in folder.glob("*.json")]
    registry: Registry = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in schemas
    )
    data_schema = next(schema for schema in schemas if schema["$id"].endswith("/csl-data.json"))
    return Draft7Validator(data_schema, registry=registry)


@pytest.fixture(scope="module")
def schema_dir(corpus_dir: Path) -> Path:
    return corpus_dir / "csl-schema"


@pytest.fixture(scope="module")
def validator(schema_dir: Path) -> Draft7Validator:
    return _validator_for(schema_dir)


@pytest.fixture(scope="module")
def citation_js(corpus_dir: Path) -> Path:
    return corpus_dir / "citation-js" / "plugin-bibtex" / "test"


def _errors(validator: Draft7Validator, text: str) -> list[str]:
    return [error.message for error in validator.iter_errors(json.loads(text))]


# ------------------------------------------------------------------ citation-js mapping files


def test_bibtex_mapping_items_round_trip_exactly(citation_js, validator):
    text = (citation_js / "mapping" / "bibtex-csl.json").read_text(encoding="utf-8")
    result = csljson.parse(text, "bibtex-csl.json")
    assert result.problems == []
    written = csljson.write(result.records)
    assert json.loads(written) == json.loads(text)
    assert _errors(validator, written) == []


def test_biblatex_mapping_items_round_trip_exactly(citation_js, validator):
    text = (citation_js / "mapping" / "biblatex-csl.json").read_text(encoding="utf-8")
    result = csljson.parse(text, "biblatex-csl.json")
    assert result.problems == []
    written = csljson.write(result.records)
    assert json.loads(written) == json.loads(text)
    assert _errors(validator, written) == []


# What `bibtex-input.bib` says each item of `bibtex-csl.json` is, as our BibTeX-style types.
# CSL cannot tell some BibTeX types apart: booklet and proceedings are CSL books, inbook is a
# chapter like incollection, and a manual is a report.
EXPECTED_TYPES = {
    "Article": "article",
    "Book": "book",
    "Booklet": "book",
    "InBook": "incollection",
    "InCollection": "incollection",
    "InProceedings": "inproceedings",
    "Manual": "techreport",
    "MastersThesis": "mastersthesis",
    "Misc": "misc",
    "PhdThesis": "phdthesis",
    "Proceedings": "book",
    "TechReport": "techreport",
    "Unpublished": "unpublished",
    "MastersThesis2": "mastersthesis",
    "PhdThesis2": "phdthesis",
    "loir:B6": "article",
}


def test_types_mean_what_the_bibtex_source_says(citation_js):
    text = (citation_js / "mapping" / "bibtex-csl.json").read_text(encoding="utf-8")
    records = csljson.parse(text).records
    assert {record.citekey: record.entry_type for record in records} == EXPECTED_TYPES


def test_fields_mean_what_the_bibtex_source_says(citation_js):
    text = (citation_js / "mapping" / "bibtex-csl.json").read_text(encoding="utf-8")
    records = {record.citekey: record for record in csljson.parse(text).records}
    # @article{Article, ... journal = {The BibTeX Journal}, year = 2020, volume = 5,
    #   number = 6, pages = {200--210}, month = feb, note = {This is a note.}}
    # Page ranges are stored as the BibTeX reader stores them: Unicode, with an en dash.
    article = records["Article"]
    assert [(p.family, p.given) for p in article.authors] == [("Adams", "Alice"), ("Brody", "Bob")]
    assert (article.title, article.journal) == ("Lorem Ipsum", "The BibTeX Journal")
    assert (article.year, article.month, article.volume, article.number) == (2020, 2, "5", "6")
    assert article.pages == "200–210"
    assert article.extra == {"note": "This is a note."}
    # @inproceedings{InProceedings, booktitle = {Dolor Sit Amet}, editor = {Coburn, Carol},
    #   series = {Good Series}, address = {Goodville}, publisher = {BibTeX Publishers}}
    paper = records["InProceedings"]
    assert (paper.booktitle, paper.journal) == ("Dolor Sit Amet", "")
    assert [(p.family, p.given) for p in paper.editors] == [("Coburn", "Carol")]
    assert (paper.extra["series"], paper.extra["address"]) == ("Good Series", "Goodville")
    assert paper.publisher == "BibTeX Publishers"
    # @book{Book, number = 6, series = {Good Series}}: a book's number is its series number.
    assert (records["Book"].number, records["Book"].extra["series"]) == ("6", "Good Series")
    # @phdthesis{PhdThesis, type = {Doctoral Thesis}}: CSL's genre is BibTeX's type field.
    assert records["PhdThesis"].extra["type"] == "Doctoral Thesis"
    # @inbook{InBook, chapter = 3}
    assert records["InBook"].extra["chapter"] == "3"
    # loir:B6 is dated 2012-05-14: the day is kept for the CSL export.
    assert (records["loir:B6"].year, records["loir:B6"].month) == (2012, 5)


def test_output_json_cases_read_as_their_expected_bibtex(citation_js):
    """`output.json` pairs CSL items with the .bib citation-js writes for them."""
    cases = json.loads((citation_js / "output.json").read_text(encoding="utf-8"))["bibtex"]
    # plain text.bib: @article{Hall1957Correlation, author = {Hall, H. K.}, journal = {Journal of
    # the American Chemical Society}, doi, number = {20}, year = {1957}, month = {jan 1},
    # pages = {5441--5444}, volume = {79}}
    (hall,) = csljson.parse(json.dumps(cases["plain text"][0])).records
    assert hall.entry_type == "article"
    assert [(p.family, p.given) for p in hall.authors] == [("Hall", "H. K.")]
    assert hall.journal == "Journal of the American Chemical Society"
    assert (hall.doi, hall.number, hall.volume) == ("10.1021/ja01577a030", "20", "79")
    assert (hall.year, hall.month, hall.pages) == (1957, 1, "5441–5444")
    # editor.bib: editor = {Hendler, James and Simperl, Elena}
    (wikidata,) = csljson.parse(json.dumps(cases["editor"][0])).records
    assert [(p.family, p.given) for p in wikidata.editors] == [
        ("Hendler", "James"),
        ("Simperl", "Elena"),
    ]
    assert [p.family for p in wikidata.authors] == ["Vrandečić"]
    # list with and.bib: author = {{Organizations and Institutions}} (one undivided name)
    (organisation,) = csljson.parse(json.dumps(cases["list with and"][0])).records
    assert organisation.entry_type == "book"
    assert [(p.family, p.given) for p in organisation.authors] == [
        ("Organizations and Institutions", "")
    ]
    # label.bib: the first item's key is its citation-key "foo", not its id "b".
    first_label = csljson.parse(json.dumps(cases["label"][0][:1])).records[0]
    assert first_label.citekey == "foo"
    assert first_label.extra["csl:id"] == "b"


def test_zotero_csl_case(corpus_dir, validator):
    path = corpus_dir / "zotero-translators" / "CSL JSON.testCases.json"
    (case,) = json.loads(path.read_text(encoding="utf-8"))
    (expected,) = case["items"]
    (record,) = csljson.parse(case["input"]).records
    assert record.title == expected["title"]
    assert [(p.family, p.given) for p in record.authors] == [
        (c["lastName"], c["firstName"]) for c in expected["creators"]
    ]
    assert (record.year, record.month) == (2013, 1)  # Zotero: "January 1, 2013"
    assert (record.publisher, record.volume) == (expected["publisher"], expected["volume"])
    assert record.extra["series"] == expected["series"]
    assert record.extra["isbn"] == expected["ISBN"]
    # A Zotero URI is an id, not a citation key: kept, and given back on export.
    assert record.citekey is None
    (item,) = json.loads(csljson.write([record]))
    assert item["id"] == expected["itemID"]
    assert item["issued"] == {"date-parts": [["2013", 1, 1]]}
    assert _errors(validator, csljson.write([record])) == []


# ------------------------------------------------------------------ names, extras, problems


def test_name_parts_particles_suffix_and_literal():
    text = json.dumps(
        [
            {
                "id": "x",
                "type": "book",
                "author": [
                    {"family": "Beethoven", "given": "Ludwig", "non-dropping-particle": "van"},
                    {"family": "King", "given": "Martin Luther", "suffix": "Jr."},
                    {"family": "Humboldt", "given": "Alexander", "dropping-particle": "von"},
                    {"literal": "World Health Organization"},
                ],
            }
        ]
    )
    (record,) = csljson.parse(text).records
    people = [(p.given, p.von, p.family, p.jr) for p in record.authors]
    assert people == [
        ("Ludwig", "van", "Beethoven", ""),
        ("Martin Luther", "", "King", "Jr."),
        ("Alexander", "von", "Humboldt", ""),
        ("", "", "World Health Organization", ""),
    ]
    (item,) = json.loads(csljson.write([record]))
    assert item["author"][0] == {
        "family": "Beethoven",
        "given": "Ludwig",
        "non-dropping-particle": "van",
    }
    assert item["author"][1]["suffix"] == "Jr."
    # One undivided name is written as a family name alone, as citation-js does.
    assert item["author"][3] == {"family": "World Health Organization"}


def test_unknown_variables_are_kept_and_non_csl_ones_go_to_custom(validator):
    text = json.dumps(
        [
            {
                "id": "k",
                "type": "webpage",
                "medium": "online",
                "accessed": {"date-parts": [[2024, 1, 2]]},
                "translator": [{"family": "Doe", "given": "J."}],
                "_private": {"anything": [1, 2]},
                "custom": {"S2ID": "202004462", "arxiv_id": "2101.00001", "topic": "AI · NLP"},
            }
        ]
    )
    (record,) = csljson.parse(text).records
    assert record.entry_type == "misc"
    assert record.extra["csl:type"] == "webpage"
    assert record.extra["csl:medium"] == "online"
    assert (record.arxiv_id, record.topic) == ("2101.00001", "AI · NLP")
    written = csljson.write([record])
    assert _errors(validator, written) == []
    (item,) = json.loads(written)
    assert item["type"] == "webpage"
    assert item["accessed"] == {"date-parts": [[2024, 1, 2]]}
    assert item["translator"] == [{"family": "Doe", "given": "J."}]
    assert item["custom"] == {
        "S2ID": "202004462",
        "_private": {"anything": [1, 2]},
        "arxiv_id": "2101.00001",
        "topic": "AI · NLP",
    }
    assert item["URL"] == "https://arxiv.org/abs/2101.00001"


def test_misshapen_variables_are_kept_not_dropped(validator):
    text = json.dumps([{"id": "m", "type": "book", "title": ["two", "parts"], "author": "Doe"}])
    result = csljson.parse(text)
    (record,) = result.records
    assert record.title == ""
    assert json.loads(record.extra["csl-json:title"]) == ["two", "parts"]
    assert record.extra["csl:author"] == "Doe"
    assert "'author' list is not a list of CSL names" in result.problems[0].message
    written = csljson.write([record])
    assert _errors(validator, written) == []
    (item,) = json.loads(written)
    assert item["custom"] == {"title": ["two", "parts"], "author": "Doe"}


def test_bibtex_extras_are_written_as_their_csl_variables(validator):
    record = Record(
        entry_type="phdthesis",
        citekey="doe2020",
        title="A thesis",
        year=2020,
        authors=[Person(given="Jane", family="Doe")],
        extra={"school": "Some University", "address": "Paris", "note": "Hello", "isbn": "123"},
    )
    (item,) = json.loads(csljson.write([record]))
    assert (item["type"], item["id"], item["citation-key"]) == ("thesis", "doe2020", "doe2020")
    assert (item["publisher"], item["publisher-place"]) == ("Some University", "Paris")
    assert (item["note"], item["ISBN"]) == ("Hello", "123")
    assert _errors(validator, csljson.write([record])) == []


def test_bibtex_named_extras_are_latex_so_a_bibtex_export_stays_buildable():
    text = json.dumps([{"id": "n", "type": "book", "note": "50% off & more_x"}])
    (record,) = csljson.parse(text).records
    assert record.extra["note"] == "50\\% off \\& more\\_x"
    (item,) = json.loads(csljson.write([record]))
    assert item["note"] == "50% off & more_x"


def test_invalid_json_is_one_problem_with_its_line_and_the_text_kept():
    text = '[\n  {"id": "a", "type": "book"},\n  {"id": "b" "type": "book"}\n]'
    result = csljson.parse(text, source="bad.json")
    assert result.records == []
    (problem,) = result.problems
    assert (problem.source, problem.line, problem.raw) == ("bad.json", 3, text)
    assert "not valid JSON" in problem.message


def test_items_that_are_not_objects_are_reported_with_their_line():
    text = (
        '[\n  {"id": "a", "type": "book", "title": "A"},\n'
        '  "stray",\n'
        '  {"id": "c", "type": "book"}\n]'
    )
    result = csljson.parse(text, source="odd.json")
    assert [record.line for record in result.records] == [2, 4]
    (problem,) = result.problems
    assert (problem.line, problem.raw) == (3, '"stray"')

    # Brackets, commas and escaped quotes inside strings do not confuse the line count.
    tricky = '[\n  "a\\"[,{",\n  {"id": "x", "type": "book", "title": "]},["}\n]'
    result = csljson.parse(tricky)
    assert ([p.line for p in result.problems], [r.line for r in result.records]) == ([2], [3])


def test_unreadable_issued_date_is_reported_and_kept():
    text = json.dumps([{"id": "a", "type": "book", "issued": {"literal": "sometime"}}])
    result = csljson.parse(text)
    (record,) = result.records
    assert record.year is None
    assert json.loads(record.extra["csl-json:issued"]) == {"literal": "sometime"}
    assert "issued" in result.problems[0].message
    (item,) = json.loads(csljson.write([record]))
    assert item["issued"] == {"literal": "sometime"}


def test_single_item_object_and_byte_order_mark():
    data = "\ufeff" + json.dumps({"id": "solo", "type": "article-journal", "title": "Solo"})
    result = registry.read(data.encode("utf-8"), source="solo.json", format="csl-json")[1]
    assert [record.title for record in result.records] == ["Solo"]
    assert result.encoding == "utf-8-sig"


def test_page_and_keyword_spelling_survive_while_unchanged():
    text = json.dumps(
        [{"id": "p", "type": "book", "page": "1 - 10", "keyword": "Metadata,Ontologies"}]
    )
    (record,) = csljson.parse(text).records
    assert (record.pages, record.keywords) == ("1–10", ["Metadata", "Ontologies"])
    (item,) = json.loads(csljson.write([record]))
    assert (item["page"], item["keyword"]) == ("1 - 10", "Metadata,Ontologies")
    record.pages = "2--3"  # as LaTeX would write it
    record.keywords.append("New")
    (item,) = json.loads(csljson.write([record]))
    assert (item["page"], item["keyword"]) == ("2-3", "Metadata, Ontologies, New")


# ------------------------------------------------------------------ never raise, always valid

_TEXT = st.text(max_size=20)
_PEOPLE = st.lists(
    st.builds(Person, given=_TEXT, family=_TEXT, von=_TEXT, jr=_TEXT, as_written=_TEXT),
    max_size=3,
)


@settings(max_examples=100, deadline=None)
@given(
    st.builds(
        Record,
        entry_type=st.sampled_from(["article", "book", "inproceedings", "misc", "weird"]),
        citekey=st.none() | _TEXT,
        title=_TEXT,
        year=st.none() | st.integers(min_value=1, max_value=2100),
        month=st.none() | st.integers(min_value=1, max_value=12),
        pages=_TEXT,
        authors=_PEOPLE,
        editors=_PEOPLE,
        keywords=st.lists(_TEXT, max_size=3),
        extra=st.dictionaries(
            st.sampled_from(["note", "csl:medium", "csl:zzz", "csl-json:accessed", "school"]),
            _TEXT,
            max_size=3,
        ),
    )
)
def test_any_record_writes_valid_csl_json(schema_dir, record):
    assert _errors(_validator_for(schema_dir), csljson.write([record])) == []


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["id", "type", "author", "issued", "page", "title", "custom", "x"]),
            children,
            max_size=4,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(_JSON)
def test_any_json_is_read_without_raising_and_written_validly(schema_dir, data):
    result = csljson.parse(json.dumps(data))
    assert _errors(_validator_for(schema_dir), csljson.write(result.records)) == []


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_read_without_raising(text):
    csljson.parse(text)


def test_round_trip_of_a_full_record():
    record = Record(
        entry_type="article",
        citekey="doe2021",
        title="Title",
        abstract="Abstract.",
        year=2021,
        month=7,
        journal="Journal",
        volume="3",
        number="4",
        pages="5–9",
        doi="10.1/x",
        url="https://example.org",
        authors=[Person(given="Jane", family="Doe", as_written="Jane Doe")],
        keywords=["a", "b"],
        extra={"note": "n"},
    )
    (again,) = csljson.parse(csljson.write([record])).records
    assert dataclasses.replace(again, line=None) == record


# ------------------------------------------------------------------ BibTeX -> CSL, as citation-js

COMPLETE_ENTRIES = [
    "article",
    "book",
    "booklet",
    "inbook",
    "incollection",
    "inproceedings",
    "manual",
    "mastersthesis",
    "misc",
    "phdthesis",
    "proceedings",
    "techreport",
    "unpublished",
]


@pytest.mark.parametrize("entry_type", COMPLETE_ENTRIES)
def test_bibtex_entries_export_as_citation_js_expects(citation_js, validator, entry_type):
    """`input.json` gives the CSL citation-js makes of `input/a complete <type>.bib`."""
    bibtex = pytest.importorskip("desktop.core.formats.bibtex.reader")
    cases = json.loads((citation_js / "input.json").read_text(encoding="utf-8"))
    (expected,) = cases["@biblatex/text"][f"with a complete {entry_type}"][1]
    source = citation_js / "input" / f"a complete {entry_type}.bib"
    records = bibtex.parse(source.read_text(encoding="utf-8"), source.name).records
    written = csljson.write(records)
    assert _errors(validator, written) == []
    (item,) = json.loads(written)
    if entry_type == "booklet":
        # We differ on purpose: CSL has "pamphlet" for a booklet; citation-js says "book".
        assert (expected.pop("type"), item.pop("type")) == ("book", "pamphlet")
    assert item == expected


_WORD = st.text(alphabet=st.characters(categories=["L", "N"]), min_size=1, max_size=8)
_PHRASE = st.lists(_WORD, min_size=1, max_size=4).map(" ".join)


@st.composite
def _records(draw: st.DrawFn) -> Record:
    entry_type = draw(st.sampled_from(sorted(set(EXPECTED_TYPES.values()))))
    year = draw(st.none() | st.integers(min_value=1, max_value=9999))
    venue = draw(st.just("") | _PHRASE)
    in_container = entry_type in ("incollection", "inproceedings")
    return Record(
        entry_type=entry_type,
        # Library papers always have a key; without one the id "item-<n>" would read back as it.
        citekey=draw(_WORD),
        title=draw(st.just("") | _PHRASE),
        abstract=draw(st.just("") | _PHRASE),
        year=year,
        month=draw(st.none() | st.integers(min_value=1, max_value=12)) if year else None,
        journal="" if in_container or entry_type == "book" else venue,
        booktitle=venue if in_container else "",
        publisher=draw(st.just("") | _PHRASE),
        volume=draw(st.just("") | _WORD),
        number=draw(st.just("") | _WORD),
        pages=draw(st.just("") | _WORD | st.tuples(_WORD, _WORD).map("–".join)),
        doi=draw(st.just("") | _WORD.map("10.1/{}".format)),
        authors=draw(_PEOPLE_PARTS),
        editors=draw(_PEOPLE_PARTS),
        keywords=draw(st.lists(_PHRASE, max_size=3)),
    )


_PEOPLE_PARTS = st.lists(
    st.builds(Person, given=st.just("") | _PHRASE, family=_PHRASE, von=st.just("") | _WORD),
    max_size=3,
)


@settings(max_examples=150, deadline=None)
@given(_records())
def test_any_written_record_reads_back_the_same(record):
    (again,) = csljson.parse(csljson.write([record])).records
    for person in (*again.authors, *again.editors):
        person.as_written = ""
    assert dataclasses.replace(again, line=None) == record


def test_a_number_of_5000_digits_is_kept_as_written_not_called_nested() -> None:
    digits = "9" * 5000
    result = csljson.parse(
        f'[{{"type": "article-journal", "title": "Big", "volume": {digits}}},'
        f' {{"type": "article-journal", "title": "Dated",'
        f' "issued": {{"date-parts": [[{digits}]]}}}}]'
    )
    assert all("nested" not in problem.message for problem in result.problems)
    big, dated = result.records
    assert big.title == "Big" and big.volume == digits  # every digit kept
    assert dated.title == "Dated" and digits in str(dated.extra)


def test_json_nested_deeper_than_any_csl_json_is_refused_in_a_sentence_and_kept() -> None:
    # Python's json recurses: 5,000 levels were called "not valid JSON" (it is valid).
    text = '[{"id": "a", "title": "T", "note": ' + "[" * 5_000 + "]" * 5_000 + "}]"
    result = registry.read(text.encode(), source="deep.json", format="csl-json")[1]
    assert result.records == []
    (problem,) = result.problems
    assert problem.message == (
        "This JSON nests its lists and objects 5,002 levels deep, more than the 100 any "
        "CSL-JSON needs; nothing was imported from it, and its text is kept here."
    )
    assert problem.raw == text
    # Brackets inside strings are text, and real nesting is far below the limit.
    fine = '[{"id": "b", "title": "' + "[" * 500 + '", "x": ' + "[" * 90 + "]" * 90 + "}]"
    (record,) = registry.read(fine.encode(), source="ok.json", format="csl-json")[1].records
    assert record.title == "[" * 500


def test_no_csl_json_of_the_corpus_is_too_deep(corpus_dir: Path) -> None:
    for path in corpus_dir.rglob("*.json"):
        result = registry.read(path.read_bytes(), source=path.name, format="csl-json")[1]
        assert not [p for p in result.problems if "levels deep" in p.message], path
