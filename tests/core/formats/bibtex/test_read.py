"""Reading BibTeX/BibLaTeX: field mapping, BibTeX's value rules, quirks, problems, the corpus."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core.formats import registry
from desktop.core.formats.bibtex import reader
from desktop.core.formats.record import ParseResult, Person, Record


def _one(text: str) -> tuple[Record, ParseResult]:
    result = reader.parse(text, "test.bib")
    assert len(result.records) == 1, result
    return result.records[0], result


# --- Field mapping ------------------------------------------------------------------------

FULL_ENTRY = r"""
@Article{Vaswani2017,
  Author    = {Ashish Vaswani and Shazeer, Noam and {Google Brain}},
  Editor    = {van der Berg, Jan},
  Title     = {Attention Is All You {N}eed},
  Journal   = {Advances in Neural Information Processing Systems},
  Year      = 2017,
  Month     = dec,
  Volume    = {30},
  Number    = "4",
  Pages     = {5998--6008},
  Publisher = {Curran},
  DOI       = {10.48550/arXiv.1706.03762},
  URL       = {https://arxiv.org/abs/1706.03762},
  Eprint    = {1706.03762},
  ArchivePrefix = {arXiv},
  Keywords  = {transformers, attention; deep learning},
  Abstract  = {The dominant sequence transduction models \ldots},
  Note      = {Some \emph{note}},
}
"""


def test_every_modelled_field_lands_on_the_record() -> None:
    record, result = _one(FULL_ENTRY)
    assert result.problems == []
    assert (record.entry_type, record.citekey, record.line) == ("article", "Vaswani2017", 2)
    assert record.title == "Attention Is All You Need"
    assert record.journal == "Advances in Neural Information Processing Systems"
    assert (record.year, record.month) == (2017, 12)
    assert (record.volume, record.number, record.pages) == ("30", "4", "5998–6008")
    assert record.publisher == "Curran"
    assert record.doi == "10.48550/arXiv.1706.03762"
    assert record.url == "https://arxiv.org/abs/1706.03762"
    assert record.arxiv_id == "1706.03762"
    # Semicolons separate this list: the comma belongs to a keyword (issue 16).
    assert record.keywords == ["transformers, attention", "deep learning"]
    assert record.abstract == "The dominant sequence transduction models …"


def test_names_are_split_and_kept_as_written() -> None:
    record, _ = _one(FULL_ENTRY)
    assert record.authors == [
        Person(given="Ashish", family="Vaswani", as_written="Ashish Vaswani"),
        Person(given="Noam", family="Shazeer", as_written="Shazeer, Noam"),
        Person(family="Google Brain", as_written="{Google Brain}"),
    ]
    assert record.editors == [
        Person(given="Jan", von="van der", family="Berg", as_written="van der Berg, Jan")
    ]


def test_unmodelled_fields_go_to_extra_verbatim_with_lower_case_names() -> None:
    record, _ = _one(FULL_ENTRY)
    # eprint became arxiv_id; the archive's spelling stays for the exporter.
    assert record.extra == {"archiveprefix": "arXiv", "note": "Some \\emph{note}"}


def test_original_latex_is_kept_only_where_decoding_changed_the_text() -> None:
    record, _ = _one(FULL_ENTRY)
    assert record.latex == {
        "title": "Attention Is All You {N}eed",
        "pages": "5998--6008",
        "abstract": "The dominant sequence transduction models \\ldots",
        "author": "Ashish Vaswani and Shazeer, Noam and {Google Brain}",
    }


def test_accented_names_are_decoded_but_as_written_keeps_latex() -> None:
    record, _ = _one("@misc{k, author = {Schr{\\\"o}dinger, Erwin and Erd\\H{o}s, P{\\'a}l}}")
    assert [(p.given, p.family) for p in record.authors] == [
        ("Erwin", "Schrödinger"),
        ("Pál", "Erdős"),
    ]
    assert record.authors[1].as_written == "Erd\\H{o}s, P{\\'a}l"


def test_biblatex_journaltitle_date_and_eprinttype() -> None:
    record, result = _one(
        "@article{k, journaltitle = {Nature}, date = {2019-04-02}, "
        "eprint = {2101.00001}, eprinttype = {arxiv}}"
    )
    assert result.problems == []
    assert (record.journal, record.year, record.month) == ("Nature", 2019, 4)
    assert record.arxiv_id == "2101.00001"
    assert record.extra == {"date": "2019-04-02", "eprinttype": "arxiv"}


def test_an_eprint_from_another_archive_is_not_an_arxiv_id() -> None:
    record, _ = _one("@article{k, eprint = {12345}, eprinttype = {pubmed}}")
    assert record.arxiv_id == ""
    assert record.extra["eprint"] == "12345"


def test_date_wins_over_year_as_in_biber_and_the_year_is_kept() -> None:
    record, _ = _one("@a{b, date = {2016-12-13}, year = 2017, month = 8}")
    assert (record.year, record.month) == (2016, 12)
    assert record.extra["year"] == "2017"


@pytest.mark.parametrize(
    ("month", "number"),
    [("sep", 9), ("{sep}", 9), ('"September"', 9), ("{Sept.}", 9), ("2", 2), ("{02}", 2)],
)
def test_month_forms(month: str, number: int) -> None:
    record, result = _one(f"@misc{{k, month = {month}}}")
    assert record.month == number
    assert result.problems == []


def test_a_non_numeric_year_is_a_problem_and_kept_in_extra() -> None:
    record, result = _one("@misc{k, year = {in press}, month = {Spring}}")
    assert record.year is None and record.month is None
    assert record.extra == {"year": "in press", "month": "Spring"}
    messages = [problem.message for problem in result.problems]
    assert messages == [
        "In entry 'k': The year 'in press' is not a number; it was kept as written.",
        "In entry 'k': The month 'Spring' is not a month name or number; it was kept as written.",
    ]
    assert all(problem.line == 1 for problem in result.problems)


def test_noopsort_in_a_year_is_a_sorting_trick() -> None:
    record, result = _one("@book{k, year = {{\\noopsort{1973b}}1973}}")
    assert record.year == 1973
    assert result.problems == []


def test_and_others_is_kept() -> None:
    record, _ = _one("@misc{k, author = {Ada Lovelace and others}}")
    assert [p.as_written for p in record.authors] == ["Ada Lovelace", "others"]


def test_biblatex_extended_names() -> None:
    field = "family=Silva, given=Rafael, prefix=da, useprefix=false"
    record, _ = _one(f"@misc{{k, author = {{{field}}}}}")
    assert record.latex["author"] == field  # the options are only in the original
    assert (record.authors[0].given, record.authors[0].von, record.authors[0].family) == (
        "Rafael",
        "da",
        "Silva",
    )


# --- BibTeX's value syntax ----------------------------------------------------------------


def test_string_macros_concatenation_and_month_macros() -> None:
    text = r"""
@STRING{ acm = "Association for Computing Machinery" }
@string(jacm = "Journal of the " # ACM)
@article{k,
  journal = jacm,
  publisher = acm # { Press},
  note = "Seen " # jan # "~1",
  volume = 12,
}
"""
    record, result = _one(text)
    assert result.problems == []
    assert record.journal == "Journal of the Association for Computing Machinery"
    assert record.publisher == "Association for Computing Machinery Press"
    assert record.extra["note"] == "Seen January~1"
    assert record.volume == "12"


def test_an_undefined_macro_is_a_problem_and_its_name_is_kept() -> None:
    record, result = _one("@article{k, journal = tpami}")
    assert record.journal == "tpami"
    assert len(result.problems) == 1
    assert "'tpami'" in result.problems[0].message
    assert result.problems[0].raw == "@article{k, journal = tpami}"


def test_braces_protect_case_and_are_removed_for_display() -> None:
    record, _ = _one('@misc{k, title = "The {DNA} of {\\LaTeX} -- {a {nested} group}"}')
    assert record.title == "The DNA of LaTeX – a nested group"
    assert record.latex["title"] == "The {DNA} of {\\LaTeX} -- {a {nested} group}"


def test_quoted_values_may_hold_braced_quotes_and_commas() -> None:
    record, _ = _one('@misc{k, title = "Say {"}hi{"}, then go", year = 2001}')
    assert record.title == 'Say "hi", then go'
    assert record.year == 2001


def test_preambles_and_comments_are_kept_verbatim() -> None:
    text = (
        '@preamble{ "\\newcommand{\\noopsort}[1]{}" }\n'
        "@Comment{jabref-meta: databaseType:bibtex;}\n"
        "@misc{k, title = {T}}\n"
    )
    result = reader.parse(text)
    assert result.preambles == [
        '@preamble{ "\\newcommand{\\noopsort}[1]{}" }',
        "@Comment{jabref-meta: databaseType:bibtex;}",
    ]
    assert [r.citekey for r in result.records] == ["k"]


# --- Crossref and xdata -------------------------------------------------------------------

CROSSREF = r"""
@inproceedings{paper,
  author = {A. Author},
  title = {A Paper},
  crossref = {conf},
}
@proceedings{conf,
  title = {Proceedings of the Conference},
  editor = {E. Editor},
  year = 1999,
  publisher = {ACM},
}
"""


def test_crossref_fills_missing_fields_and_title_becomes_booktitle() -> None:
    result = reader.parse(CROSSREF)
    paper, conf = result.records
    assert result.problems == []
    assert (paper.title, paper.booktitle) == ("A Paper", "Proceedings of the Conference")
    assert (paper.year, paper.publisher) == (1999, "ACM")
    assert [p.family for p in paper.editors] == ["Editor"]
    assert paper.extra["crossref"] == "conf"
    assert conf.title == "Proceedings of the Conference"  # the parent is a paper too


def test_xdata_fields_are_copied_and_xdata_entries_are_not_papers() -> None:
    text = r"""
@xdata{acm, publisher = {ACM}, location = {New York}}
@book{b, title = {B}, xdata = {acm}, location = {Boston}}
"""
    result = reader.parse(text)
    (record,) = result.records
    assert record.publisher == "ACM"
    assert record.extra["location"] == "Boston"  # the entry's own field wins


def test_missing_crossref_and_xdata_targets_are_problems() -> None:
    result = reader.parse("@misc{a, crossref = {nowhere}, xdata = {gone}}")
    assert len(result.records) == 1
    messages = sorted(p.message for p in result.problems)
    assert len(messages) == 2
    assert "'gone' (xdata)" in messages[0] and "'nowhere' (crossref)" in messages[1]


def test_crossref_cycles_are_problems_not_crashes() -> None:
    text = "@misc{a, crossref = {b}, title = {A}}\n@misc{b, crossref = {a}, note = {B}}"
    result = reader.parse(text)
    assert [r.title for r in result.records] == ["A", ""]
    assert len(result.problems) == 1
    assert "circle" in result.problems[0].message
    assert "a -> b -> a" in result.problems[0].message


def test_a_self_reference_does_not_stop_others_from_inheriting() -> None:
    result = reader.parse("@book{a, crossref = {b}}\n@book{b, author = {X Y}, crossref = {b}}")
    assert [p.family for p in result.records[0].authors] == ["Y"]
    assert ["b -> b" in p.message for p in result.problems] == [True]


# --- Quirks and broken input --------------------------------------------------------------


def test_jabref_and_mendeley_quirks() -> None:
    text = """% Encoding: UTF-8

@Article{first
, author = {Ann Smith}
, title = {Comma first}
, year = {2020}
}

@article{second,
  title = {Missing comma}
  year = {2021},
  % note = {commented out, with a comma and a "quote},
  month = {sep},
  % a comment between fields
  journal = {J}  % a trailing comment
}

@Comment{jabref-meta: databaseType:bibtex;}
"""
    result = reader.parse(text)
    assert result.problems == []
    first, second = result.records
    assert (first.citekey, first.title, first.year, first.line) == ("first", "Comma first", 2020, 3)
    assert [p.family for p in first.authors] == ["Smith"]
    assert (second.title, second.year, second.month, second.journal) == (
        "Missing comma",
        2021,
        9,
        "J",
    )
    assert "note" not in second.extra


def test_a_percent_inside_a_value_is_text() -> None:
    record, _ = _one('@misc{k, title = {50% of {cases}}, note = "10% more"}')
    assert record.title == "50% of cases"
    assert record.extra["note"] == "10% more"


def test_a_malformed_entry_never_aborts_the_file() -> None:
    text = """@article{good1, title = {One}}

@article{broken, title = {Never closed
  year = 2000,

@article{good2, title = {Two}}
@article nobrace, title = {lost?}}
@article{good3, title = {Three}}
"""
    result = reader.parse(text, "mixed.bib")
    assert [r.citekey for r in result.records] == ["good1", "good2", "good3"]
    assert [r.line for r in result.records] == [1, 6, 8]
    broken, stray = result.problems
    assert (broken.source, broken.line) == ("mixed.bib", 3)
    assert "not closed" in broken.message
    assert broken.raw.startswith("@article{broken, title = {Never closed")
    assert stray.line == 7
    assert stray.raw.startswith("@article nobrace")


def test_the_raw_text_of_a_broken_entry_keeps_its_comments() -> None:
    text = "@article{x, title = {A}, % why, oh why\n  author = {B} junk}\n@misc{ok}\n"
    result = reader.parse(text)
    assert any("% why, oh why" in problem.raw for problem in result.problems)


def test_duplicate_keys_are_both_kept_and_reported() -> None:
    text = "@misc{dup, title = {A}}\n@misc{other}\n@misc{Dup, title = {B}}\n"
    result = reader.parse(text)
    assert [(r.citekey, r.title) for r in result.records] == [
        ("dup", "A"),
        ("other", ""),
        ("Dup", "B"),
    ]
    (problem,) = result.problems
    assert problem.line == 3 and "line 1" in problem.message and "both" in problem.message


def test_a_repeated_field_keeps_the_first_value_and_is_reported() -> None:
    record, result = _one("@misc{k, title = {First}, TITLE = {Second}}")
    assert record.title == "First"
    assert "title appear more than once" in result.problems[0].message


def test_a_type_that_merely_starts_with_comment_is_an_entry() -> None:
    record, _ = _one("@commentary{k, editor = {Julius von Staudinger}}")
    assert (record.entry_type, record.citekey) == ("commentary", "k")


def test_empty_and_whitespace_input() -> None:
    for text in ("", "   \n\n", "% only a comment\n"):
        result = reader.parse(text)
        assert (result.records, result.problems) == ([], [])


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('@{}(),="#%\\ \nabAB1=')), max_size=120))
def test_random_text_never_raises(text: str) -> None:
    result = reader.parse(text)
    assert isinstance(result, ParseResult)


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=len(FULL_ENTRY)), st.integers(0, 40), st.text(max_size=5))
def test_mangled_entries_never_raise(cut: int, length: int, junk: str) -> None:
    text = FULL_ENTRY[:cut] + junk + FULL_ENTRY[cut + length :]
    result = reader.parse(text)
    if text.lstrip().startswith("@Article{Vaswani2017,"):
        # Whatever the damage after the header, the entry is read or reported, never lost.
        assert result.records or result.problems


# --- Encodings and several files ----------------------------------------------------------


def test_parse_bytes_reports_a_guessed_encoding_as_a_problem() -> None:
    data = "@misc{k, author = {Jürgen Müller}}".encode("cp1252")
    result = registry.read(data, source="old.bib", format="bibtex")[1]
    assert result.encoding == "cp1252"
    assert [p.family for p in result.records[0].authors] == ["Müller"]
    assert (
        result.problems[0].source == "old.bib" and "not valid UTF-8" in result.problems[0].message
    )


def test_parse_bytes_of_utf8_with_bom_has_no_problem() -> None:
    result = registry.read(
        b"\xef\xbb\xbf@misc{k, title = {Caf\xc3\xa9}}", source="bom.bib", format="bibtex"
    )[1]
    assert (result.records[0].title, result.problems) == ("Café", [])


def test_parse_many_shares_macros_and_crossref_targets() -> None:
    result = reader.parse_many(
        [
            ("abbrev.bib", '@string{tcs = "Theoretical Computer Science"}\n@string{me = "X"}'),
            (
                "local.bib",
                '@string{me = "Local Me"}\n@article{a, journal = tcs, note = me, crossref = {p}}',
            ),
            ("crossref.bib", "@proceedings{p, title = {Parent}, year = 2000}"),
        ]
    )
    assert result.problems == []
    paper = result.records[0]
    assert (paper.journal, paper.extra["note"]) == ("Theoretical Computer Science", "Local Me")
    assert (paper.booktitle, paper.year) == ("Parent", 2000)


def test_parse_many_later_files_override_shared_macros() -> None:
    result = reader.parse_many(
        [
            ("abbrev.bib", '@string{ejor = "European Journal of Operational Research"}'),
            ("abbrevshort.bib", '@string{ejor = "EJOR"}'),
            ("articles.bib", "@article{a, journal = ejor}"),
        ]
    )
    assert result.records[0].journal == "EJOR"


# --- The corpus ---------------------------------------------------------------------------

_ENTRY_START = re.compile(r"^[ \t]*@[ \t]*(\w+)[ \t]*[{(]", re.MULTILINE)
_NOT_ENTRIES = {"string", "preamble", "comment", "xdata"}


def _all_bib_files(corpus_dir: Path) -> list[Path]:
    files = sorted(corpus_dir.rglob("*.bib"))
    assert len(files) > 700
    return files


def _entry_lines(text: str) -> list[int]:
    """1-based lines where an entry (not @string/@preamble/@comment/@xdata) starts."""
    lines, line, counted = [], 1, 0
    for match in _ENTRY_START.finditer(text):
        line += text.count("\n", counted, match.start())
        counted = match.start()
        if match.group(1).lower() not in _NOT_ENTRIES:
            lines.append(line)
    return lines


def test_every_corpus_file_parses_and_every_entry_is_stored_or_reported(
    corpus_dir: Path,
) -> None:
    """Each `@type{` that starts a line becomes a record or a problem on that line."""
    unaccounted = {}
    for path in _all_bib_files(corpus_dir):
        data = path.read_bytes()
        result = registry.read(data, source=path.name, format="bibtex")[1]
        assert not any("could not be read at all" in p.message for p in result.problems)
        text = re.sub(r"^[ \t]*%.*$", "", data.decode("utf-8", "replace"), flags=re.MULTILINE)
        seen = {r.line for r in result.records} | {p.line for p in result.problems}
        missing = [line for line in _entry_lines(text) if line not in seen]
        if missing:
            unaccounted[path.name] = missing
    assert unaccounted == {}


def test_iridia_references_read_as_one_bibliography(corpus_dir: Path) -> None:
    folder = corpus_dir / "iridia-references"
    sources = [(p.name, p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.bib"))]
    result = reader.parse_many(sources)
    assert len(result.records) == 3305
    # Read alone, articles.bib would miss hundreds of abbreviations; together, none is missing.
    assert not any("abbreviation" in p.message for p in result.problems)
    by_key = {r.citekey: r for r in result.records}
    paper = by_key["AbrAmoDan1999"]  # author = Abramson_D #and# {Amoorthy, ... and Dang, Henry}
    assert [p.family for p in paper.authors] == ["Abramson", "Amoorthy", "Dang"]
    assert paper.journal == "Asia-Pacific Journal of Operational Research"


def _citation_js_cases(corpus_dir: Path) -> dict[str, tuple[str, list[dict]]]:
    base = corpus_dir / "citation-js/plugin-bibtex/test"
    table = json.loads((base / "input.json").read_text(encoding="utf-8"))["@biblatex/text"]
    cases = {}
    for name, (inline, expected) in table.items():
        path = base / "input" / (name.removeprefix("with ") + ".bib")
        cases[name] = (inline if inline is not None else path.read_text(encoding="utf-8"), expected)
    return cases


def _csl_names(people: list[dict]) -> list[tuple[str, str, str]]:
    return [
        (
            p.get("non-dropping-particle", ""),
            p.get("family", p.get("literal", "")),
            p.get("given", ""),
        )
        for p in people
    ]


#: citation-js cases where we differ on purpose or do not support the input, and why.
CITATION_JS_DIFFERENCES = {
    "with escaped characters": "a tie (~) is an ordinary space for us, not U+00A0",
    "with commands": "\\href, \\ElsevierGlyph and unknown macros; math stays as written",
    "with math": "math is kept as written ($e=mc^2$), not rendered",
    "with rich text": "formatting is dropped for display, not turned into HTML",
    "with orcid": "formatting is dropped for display, not turned into HTML",
    "with nameparts": "'given=A=B' keeps 'A=B' as the given name",
    "with string and preamble": "an undefined abbreviation keeps its name (and is reported)",
    "with crossref": "BibLaTeX's rule: a parent's title becomes the child's booktitle",
    "with different delimiters": "'@book{b, ... )' has mismatched delimiters: reported",
    "with escaped and": "\\begin{center}...\\end{center} does not hide an 'and'",
}


def test_citation_js_expected_titles_names_and_years(corpus_dir: Path) -> None:
    differing = set()
    for name, (text, expected) in _citation_js_cases(corpus_dir).items():
        records = reader.parse(text, name).records
        ok = len(records) == len(expected)
        for record, item in zip(records, expected, strict=False):
            ok &= "title" not in item or record.title == item["title"]
            ours = [(p.von, p.family, p.given) for p in record.authors]
            ok &= ours == _csl_names(item.get("author", []))
            year = item.get("issued", {}).get("date-parts", [[None]])[0][0]
            ok &= record.year == year
        if not ok:
            differing.add(name)
    assert differing == set(CITATION_JS_DIFFERENCES)
    assert len(_citation_js_cases(corpus_dir)) - len(differing) == 27


def _normalised_title(title: str) -> str:
    """Pandoc sentence-cases English titles and writes Markdown/HTML; compare the words."""
    title = re.sub(r"<[^>]+>|[*\\~^]", "", str(title))
    for curly, straight in (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("\xa0", " ")):
        title = title.replace(curly, straight)
    return " ".join(title.casefold().split())


#: Titles pandoc-citeproc builds differently from the title field, on purpose.
PANDOC_DIFFERENCES = {
    "bibstring-resolution",  # \\bibstring{newseries} -> "new series"
    # CSL puts maintitle / the periodical's issue title in the title:
    "book-coleridge", "coleridge", "book-title-maintitle-series", "crossref-nested",
    "jcg", "periodical", "nietzsche-ksa1",
    "knuth-ct-a", "knuth-ct-b", "knuth-ct-c", "knuth-ct-d", "knuth-ct-e",
}  # fmt: skip


def test_pandoc_citeproc_expected_titles_and_names(corpus_dir: Path) -> None:
    titles_ok, names_ok, names_total, title_misses = 0, 0, 0, set()
    for path in sorted((corpus_dir / "pandoc-citeproc/biblio2yaml").rglob("*.biblatex")):
        source, _, expected_yaml = path.read_text(encoding="utf-8").partition("\n---\n")
        expected = yaml.safe_load(expected_yaml.split("\n...")[0]) or {}
        records = {r.citekey: r for r in reader.parse(source, path.name).records}
        for item in expected.get("references", []):
            record = records[item["id"]]
            if "title" in item:
                ours, theirs = _normalised_title(record.title), _normalised_title(item["title"])
                if theirs == ours or theirs.startswith((ours + ": ", ours + ". ")):
                    titles_ok += 1
                else:
                    title_misses.add(path.stem)
            if "author" in item:
                names_total += 1
                theirs_names = [
                    (a.get("family", a.get("literal")), a.get("given")) for a in item["author"]
                ]
                names_ok += [(p.family, p.given or None) for p in record.authors] == theirs_names
    assert title_misses == PANDOC_DIFFERENCES
    assert titles_ok == 151
    assert (names_ok, names_total) == (135, 135)


def test_a_value_without_a_field_name_is_reported() -> None:
    record, result = _one("@misc{k, title = {T}, = {orphan}}")
    assert record.title == "T"
    (problem,) = result.problems
    assert "no field name" in problem.message and "{orphan}" in problem.raw


def test_a_broken_string_definition_is_named_as_such() -> None:
    result = reader.parse('@string{ broken "no equals sign" }\n@misc{k}')
    assert [r.citekey for r in result.records] == ["k"]
    assert result.problems[0].message.startswith("This @string block could not be read")


def test_crossref_may_use_an_alias_from_ids() -> None:
    result = reader.parse(
        "@misc{child, crossref = {old}}\n@book{parent, ids = {old, older}, year = 1990}"
    )
    assert result.records[0].year == 1990
    assert result.problems == []


#: Zotero import cases (by position in the table) where Zotero's conventions differ from ours.
ZOTERO_DIFFERENCES = {
    2: "Zotero does not inherit the year through crossref; we do",
    3: "Zotero appends 'III' to the given name; BibTeX makes it the Jr part",
    5: "a lone \\~ : we give a combining tilde, Zotero the operator ∼",
    6: "formatting becomes HTML and math is rendered in Zotero; we keep math as written",
    7: "'American Rights at Work': BibTeX puts the lower-case 'at' in the von part",
    9: "the table's input lost the 't' of \\textbackslash to a tab character",
    17: "'Corporation for Digital Scholarship': BibTeX puts 'for' in the von part",
    18: "the input's '\\\\' is a TeX line break, which Zotero reads differently",
    19: "Zotero expands the initials 'KC' to 'K. C.'",
    20: "'sudhin jacob' is all lower case: BibTeX gives von 'sudhin', last 'jacob'",
    21: "Zotero splits D'aspremont at the apostrophe",
    22: "math ($\\Sigma^{0}$) is kept as written, not rendered",
}


def test_zotero_bibtex_import_cases(corpus_dir: Path) -> None:
    table = corpus_dir / "zotero-translators/BibTeX.testCases.json"
    cases = json.loads(table.read_text(encoding="utf-8"))
    differing = set()
    for index, case in enumerate(cases):
        assert case["type"] == "import"
        records = reader.parse(case["input"]).records
        items = case["items"] if isinstance(case["items"], list) else []
        ok = len(records) == len(items)
        for record, item in zip(records, items, strict=False):
            ok &= record.title == item.get("title", "")
            theirs = [
                (person.get("lastName", person.get("name")), person.get("firstName", ""))
                for person in item.get("creators", [])
                if person["creatorType"] == "author"
            ]
            ours = [(" ".join(filter(None, (p.von, p.family))), p.given) for p in record.authors]
            ok &= ours == theirs
            year = re.search(r"\d{4}", item.get("date", ""))
            ok &= record.year == (int(year.group()) if year else None)
        if not ok:
            differing.add(index)
    assert len(cases) == 24
    assert differing == set(ZOTERO_DIFFERENCES)


def test_bibtexparser_v1_writer_pairs_read_alike(corpus_dir: Path) -> None:
    """`X.bib` and bibtexparser v1's rewrite `X_output.bib` hold the same entries (key order)."""

    def summary(path: Path) -> list[tuple]:
        records = reader.parse(path.read_text(encoding="utf-8"), path.name).records
        return sorted(
            (
                *(r.citekey, r.entry_type, r.title, [p.display() for p in r.authors], r.year),
                *(r.month, r.journal, r.pages, sorted(r.extra.items()), r.keywords, r.abstract),
            )
            for r in records
        )

    pairs = 0
    for output in sorted((corpus_dir / "bibtexparser-v1").rglob("*_output.bib")):
        source = output.with_name(output.name.replace("_output.bib", ".bib"))
        if source.exists():
            pairs += 1
            assert summary(source) == summary(output), source.name
    assert pairs == 8


def test_parse_many_bytes_reports_each_guessed_encoding() -> None:
    result = reader.parse_many_bytes(
        [
            ("abbrev.bib", '@string{j = "Revue d\xe9taill\xe9e"}'.encode("latin-1")),
            ("main.bib", "@article{a, journal = j, title = {Caf\u00e9}}".encode()),
        ]
    )
    assert (result.records[0].journal, result.records[0].title) == ("Revue détaillée", "Café")
    assert [(p.source, p.line) for p in result.problems] == [("abbrev.bib", None)]
    assert result.encoding == "cp1252, utf-8"


def test_the_raw_text_of_an_unreadable_block_keeps_its_comments() -> None:
    text = "@article{x, % left out, for now\n  title = {never closed\n@misc{ok, title = {T}}\n"
    result = reader.parse(text)
    (problem,) = result.problems
    assert problem.line == 1 and "not closed" in problem.message
    assert problem.raw.startswith("@article{x, % left out, for now\n  title = {never closed")
