"""BibTeX and BibLaTeX writing: exact entries checked by hand against BibTeX's syntax rules."""

from __future__ import annotations

import re
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from desktop.core.formats import registry
from desktop.core.formats.bibtex import writer
from desktop.core.formats.bibtex.writer import format_name, write_biblatex, write_bibtex
from desktop.core.formats.record import Person, Record, WriteOptions


def vaswani() -> Record:
    return Record(
        entry_type="inproceedings",
        citekey="vaswani2017attention",
        title="Attention Is All You Need",
        authors=[Person(given="Ashish", family="Vaswani"), Person(given="Noam", family="Shazeer")],
        booktitle="Advances in Neural Information Processing Systems 30",
        year=2017,
        month=12,
        pages="5998–6008",
        arxiv_id="1706.03762",
        url="https://arxiv.org/abs/1706.03762",
    )


def test_bibtex_entry_exactly() -> None:
    assert write_bibtex([vaswani()]) == (
        "@inproceedings{vaswani2017attention,\n"
        "  author = {Vaswani, Ashish and Shazeer, Noam},\n"
        "  title = {Attention Is All You Need},\n"
        "  booktitle = {Advances in Neural Information Processing Systems 30},\n"
        "  year = {2017},\n"
        "  month = dec,\n"  # the bare macro, defined by every standard style
        "  pages = {5998--6008},\n"
        "  eprint = {1706.03762},\n"
        "  archiveprefix = {arXiv},\n"
        "  url = {https://arxiv.org/abs/1706.03762},\n"
        "}\n"
    )


def test_biblatex_entry_exactly() -> None:
    record = vaswani()
    record.entry_type, record.journal, record.booktitle = "article", "Nature & Co", ""
    record.title = "Über ImageNet"
    assert write_biblatex([record]) == (
        "@article{vaswani2017attention,\n"
        "  author = {Vaswani, Ashish and Shazeer, Noam},\n"
        "  title = {Über {ImageNet}},\n"
        "  journaltitle = {Nature \\& Co},\n"
        "  date = {2017-12},\n"
        "  pages = {5998–6008},\n"
        "  eprint = {1706.03762},\n"
        "  eprinttype = {arxiv},\n"
        "  url = {https://arxiv.org/abs/1706.03762},\n"
        "}\n"
    )


def test_same_records_give_the_same_bytes_in_the_given_order() -> None:
    first = Record(citekey="b", title="B", extra={"zz": "1", "aa": "2"})
    second = Record(citekey="a", title="A")
    once = write_bibtex([first, second])
    assert once == write_bibtex([first, second])
    assert once.index("@article{b,") < once.index("@article{a,")
    # Unmodelled fields come after the modelled ones, sorted, whatever the dict order.
    shuffled = Record(citekey="b", title="B", extra={"aa": "2", "zz": "1"})
    assert write_bibtex([shuffled, second]) == once


def test_extra_fields_come_back_verbatim() -> None:
    record = Record(
        citekey="k",
        title="T",
        extra={"note": r"See {\em this} \cite{x}", "title": "ignored", "Bad Name": "v", "x": "{"},
    )
    text = write_bibtex([record])
    assert "  note = {See {\\em this} \\cite{x}},\n" in text
    assert "ignored" not in text  # a repeated field makes BibTeX skip the entry
    assert "  bad-name = {v},\n" in text
    assert "  x = {{\\textbraceleft}},\n" in text  # unbalanced: written as text instead


def test_latex_original_is_written_back_unchanged() -> None:
    record = Record(citekey="k", title="Über \\input", latex={"title": r"{\"U}ber \input"})
    assert '  title = {{\\"U}ber \\input},\n' in write_bibtex([record])
    broken = Record(citekey="k", title="Über", latex={"title": '{\\"U}ber}'})
    assert '  title = {{\\"U}ber},\n' in write_bibtex([broken])


def test_classic_bibtex_spells_what_it_can_and_escapes_injection() -> None:
    record = Record(citekey="k", title="\\write18{rm} 中文 ü", abstract="100% & $x$")
    text = write_bibtex([record])
    # The accent in LaTeX, the Chinese as UTF-8: no placeholder, nothing lost.
    title = '{\\textbackslash}write18{\\textbraceleft}rm{\\textbraceright} 中文 {\\"u}'
    assert f"  title = {{{title}}},\n" in text
    assert "\\write18" not in text.replace("{\\textbackslash}write18", "")
    assert "  abstract = {100\\% \\& {$x$}},\n" in text


def test_classic_bibtex_writes_utf8_for_what_latex_would_change() -> None:
    """Characters whose only spelling reads back as another text stay as they are."""
    record = Record(citekey="k", title="ﬁne Ⅻ Α ‐ ， ［張三］ Жизнь 😀", url="https://例.jp/é")
    text = write_bibtex([record])
    assert "  title = {ﬁne {Ⅻ} {Α} ‐ ， ［張三］ Жизнь 😀},\n" in text  # capitals protected
    assert "  url = {https://例.jp/é},\n" in text
    assert "U+" not in text


def test_ascii_only_spells_near_forms_and_keeps_the_rest_as_utf8() -> None:
    record = Record(citekey="k", title="ﬁne Ⅻ ü 中文", url="https://例.jp/é")
    text = write_bibtex([record], ascii_only=True)
    assert '  title = {fine {XII} {\\"u} 中文},\n' in text
    assert "  url = {https://\\%E4\\%BE\\%8B.jp/\\%C3\\%A9},\n" in text
    assert [char for char in text if not char.isascii()] == ["中", "文"]


def test_entry_types_map_to_what_each_tool_defines() -> None:
    assert write_bibtex([Record(entry_type="online", citekey="k")]).startswith("@misc{k,")
    assert write_bibtex([Record(entry_type="Report", citekey="k")]).startswith("@techreport{k,")
    thesis = write_biblatex([Record(entry_type="phdthesis", citekey="k")])
    assert thesis == "@thesis{k,\n  type = {phdthesis},\n}\n"


def test_names_in_bibtex_form() -> None:
    assert (
        format_name(Person(given="Ludwig", von="van", family="Beethoven"))
        == "van Beethoven, Ludwig"
    )
    assert format_name(Person(given="Henry", family="Ford", jr="Jr.")) == "Ford, Jr., Henry"
    assert format_name(Person(family="World Health Organization")) == "{World Health Organization}"
    assert format_name(Person(given="Émile", family="Zola")) == "Zola, {\\'E}mile"
    assert format_name(Person(given="Jean", family="de la Fontaine")) == "{de la Fontaine}, Jean"
    assert format_name(Person(family="others")) == "others"
    # BibTeX splits at hyphens too: "al" would become a particle.
    assert format_name(Person(given="Ali", family="al-Hasan")) == "{al-Hasan}, Ali"
    # A comma or a bare "and" would split the name or the list.
    assert format_name(Person(given="A, B", family="C")) == "C, {A, B}"
    assert format_name(Person(given="X", family="Smith and Wesson")) == "{Smith and Wesson}, X"
    assert format_name(Person(family="Ford", jr="Jr.")) == "Ford, Jr., {}"
    assert format_name(Person(given="--", family="Ford")) == "Ford, {--}"  # not a separator
    assert format_name(Person(as_written="Plato")) == "{Plato}"
    assert format_name(Person()) == ""


def test_preambles_come_first() -> None:
    text = write_bibtex([Record(citekey="k")], preambles=["\\newcommand{\\x}{y}", "@comment{c}"])
    # Bare LaTeX is braced: BibTeX reads a preamble's value as it reads a field's.
    assert text.startswith("@preamble{ {\\newcommand{\\x}{y}} }\n\n@comment{c}\n\n@article{k,")


def test_keys_folded_to_ascii_never_repeat() -> None:
    records = [Record(citekey="testŠ"), Record(citekey="tests"), Record(citekey=None, title="X")]
    keys = re.findall(r"@article\{([^,]*),", write_bibtex(records))
    assert keys == ["testS", "testsa", "anonx"]


def test_biblatex_gives_back_an_imported_date_to_the_day() -> None:
    record = Record(citekey="k", year=2003, month=10, extra={"date": "2003-10-01"})
    assert write_biblatex([record]) == "@article{k,\n  date = {2003-10-01},\n}\n"
    assert "  year = {2003},\n  month = oct,\n" in write_bibtex([record])


@given(st.text(st.sampled_from("aZ09_:.+/-é ,{}()\"#%'=\\~"), min_size=1, max_size=8))
def test_plain_keys_are_written_as_the_cleaning_would_write_them(key: str) -> None:
    record = Record(citekey=key, title="Title", year=2000)
    with mock.patch.object(writer, "_PLAIN_KEY", re.compile("(?!)")):  # never matches
        cleaned = writer._key(record)
    assert writer._key(record) == cleaned


def test_people_shared_between_records_are_written_as_each_record_alone() -> None:
    knuth = Person(given="Donald E.", family="Knuth", as_written="Knuth, Donald E.")
    berg = Person(given="Anna", von="van der", family="Berg", as_written="van der Berg, Anna")
    records = [
        Record(citekey="a", title="A", authors=[knuth, berg]),
        Record(citekey="b", title="B", authors=[berg], editors=[knuth]),
        Record(citekey="c", title="C", authors=[Person(family="Knuth", given="D.")]),
        Record(citekey="d", title="D", authors=[knuth, Person(family="Berg")]),
        Record(citekey="e", title="E", authors=[Person(), knuth]),  # nothing to write: left out
    ]
    alone = "\n".join(write_bibtex([record]) for record in records)
    assert write_bibtex(records) == alone
    assert "author = {Knuth, Donald E. and van der Berg, Anna}" in alone
    assert "author = {Knuth, Donald E. and Berg}" in alone
    assert "author = {Knuth, Donald E.}" in alone


def test_keys_differing_only_in_case_are_made_distinct() -> None:
    # BibTeX compares keys without case: `Smith2020` and `smith2020` are one to it.
    records = [Record(citekey=key, title="T") for key in ("Smith2020", "smith2020", "SMITH2020")]
    written = re.findall(r"@article\{([^,]+),", write_bibtex(records))
    assert written == ["Smith2020", "smith2020a", "SMITH2020b"]


def test_plain_text_fields_from_ris_and_csl_json_are_escaped_not_run() -> None:
    record = Record(
        citekey="k",
        title="T",
        extra={"ris:N1": r"\input{/etc/hostname} 50% off", "csl:note": "{x}", "note": r"\emph{y}"},
    )
    text = write_bibtex([record], our_fields=True)
    assert "\\input" not in text
    # Escaped as text ({\\textbackslash}input...), whichever spelling the text escaper uses.
    assert "  ris:n1 = {{\\textbackslash}input" in text and " 50\\% off},\n" in text
    assert "  csl:note = {x}" not in text and "csl:note = {{x}}" not in text
    assert "  note = {\\emph{y}},\n" in text  # a BibTeX field is LaTeX: given back as it came


def test_plain_text_fields_read_back_as_the_same_text() -> None:
    # (Braces are left out: the LaTeX decoder reads `{\\textbraceleft}` as nothing today.)
    record = Record(citekey="k", title="T", extra={"ris:N1": r"\input x 50% off & $1 #2"})
    text = write_bibtex([record], our_fields=True)
    read = registry.read(text.encode(), source="x.bib", format="bibtex")[1]
    assert read.records[0].extra["ris:n1"] == r"\input x 50% off & $1 #2"


def test_an_unknown_file_field_is_written_like_a_url() -> None:
    record = Record(citekey="k", title="T", extra={"file": "^^5cinput{x}.pdf"})
    assert "  file = {\\%5E\\%5E5cinput\\%7Bx\\%7D.pdf},\n" in write_bibtex([record])
    assert "  file = {%5E%5E5cinput%7Bx%7D.pdf},\n" in write_biblatex([record])


# ------------------------------------------------------------------ faithful BibLaTeX


def test_web_pages_become_online_in_biblatex_only() -> None:
    url = "https://example.org/page"
    howpublished = Record(
        entry_type="misc", citekey="a", title="A", year=2020,
        extra={"howpublished": f"\\url{{{url}}}"},
    )  # fmt: skip
    assert write_biblatex([howpublished]) == (
        "@online{a,\n  title = {A},\n  date = {2020},\n  url = {https://example.org/page},\n}\n"
    )
    # Classic BibTeX has no such type: the entry is written as it came.
    assert write_bibtex([howpublished]) == (
        "@misc{a,\n  title = {A},\n  year = {2020},\n"
        "  howpublished = {\\url{https://example.org/page}},\n}\n"
    )
    for entry_type in ("online", "www", "electronic", "webpage"):
        assert write_biblatex([Record(entry_type=entry_type, citekey="b")]) == "@online{b,\n}\n"
    report = Record(entry_type="misc", citekey="c", url=url, extra={"institution": "MIT"})
    assert write_biblatex([report]).startswith("@misc{c,\n")


def test_ris_and_csl_web_pages_from_files_exactly() -> None:
    ris = (
        b"TY  - ELEC\nTI  - Citation.js\nAU  - Willighagen, Lars\nDA  - 2016/08/18/\n"
        b"UR  - https://larsgw.blogspot.com/\nY2  - 2021/01/23/\nER  - \n"
    )
    csl = (
        b'[{"id": "w", "type": "webpage", "title": "Citation.js",'
        b' "author": [{"family": "Willighagen", "given": "Lars"}],'
        b' "issued": {"date-parts": [[2016, 8, 18]]}, "accessed": {"date-parts": [[2021, 1, 23]]},'
        b' "URL": "https://larsgw.blogspot.com/"}]'
    )
    expected = (
        "@online{w,\n  author = {Willighagen, Lars},\n  title = {Citation.js},\n"
        "  urldate = {2021-01-23},\n  date = {2016-08-18},\n"
        "  url = {https://larsgw.blogspot.com/},\n}\n"
    )
    for text, format in ((ris, "ris"), (csl, "csl-json")):
        (record,) = registry.read(text, source="x", format=format)[1].records
        record.citekey = "w"
        assert write_biblatex([record]) == expected, format


def test_a_date_range_from_csl_json_is_written_whole() -> None:
    issued = b'{"date-parts": [[2016, 6, 1], [2016, 6, 3]]}'
    item = b'[{"id": "k", "type": "speech", "issued": ' + issued + b"}]"
    (record,) = registry.read(item, source="x", format="csl-json")[1].records
    assert "  date = {2016-06-01/2016-06-03},\n" in write_biblatex([record])
    # Classic BibTeX keeps year and month, its only date fields.
    assert "  year = {2016},\n  month = jun,\n" in write_bibtex([record])


def test_our_own_fields_are_written_only_when_asked() -> None:
    record = Record(
        citekey="k", title="T", topic="Robotics",
        extra={"ris:N1": "a note", "csl:genre": "g", "csl-json:x": "[1]", "wos:UT": "W1",
               "papershelf-guessed": "title", "note": "kept"},
    )  # fmt: skip
    for write in (write_biblatex, write_bibtex):
        assert write([record]) == "@article{k,\n  title = {T},\n  note = {kept},\n}\n"
        asked = write([record], our_fields=True)
        ours = ("topic = {Robotics}", "ris:n1 = {a note}", "csl:genre = {g}", "wos:ut = {W1}",
                "papershelf-guessed = {title}")  # fmt: skip
        for field in ours:
            assert f"  {field},\n" in asked, (write, field)


def test_the_export_options_reach_the_writer() -> None:
    record = Record(citekey="k", topic="Robotics")
    options = WriteOptions(our_fields=True)
    assert "topic = {Robotics}" in registry.write("biblatex", [(record, [])], options)
    assert "topic" not in registry.write("biblatex", [(record, [])], WriteOptions())


def test_biblatex_keeps_the_types_of_its_data_model() -> None:
    # blx-dm.def defines these; writing them as misc made biber warn about their fields.
    for entry_type in ("standard", "legislation", "letter", "review", "artwork"):
        record = Record(entry_type=entry_type, citekey="k")
        assert write_biblatex([record]) == f"@{entry_type}{{k,\n}}\n"
    assert write_bibtex([Record(entry_type="standard", citekey="k")]) == "@misc{k,\n}\n"
