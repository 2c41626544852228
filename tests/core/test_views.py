"""Sidebar views and table rows: ids sorted in SQL, rows fetched by id."""

from __future__ import annotations

import re
from pathlib import Path

from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.views import View, short_authors


def _add(library: Library, title: str, year: int | None, family: str, venue: str = "") -> int:
    return library.add_paper(
        Record(title=title, year=year, journal=venue, authors=[Person(given="A", family=family)])
    ).id


def test_views_sort_in_sql_and_filter(library: Library) -> None:
    a = _add(library, "beta", 2019, "Zhang", "Nature")
    b = _add(library, "Alpha", None, "adams", "Science")
    c = _add(library, "gamma", 2001, "Müller")
    assert library.view_ids(sort="title") == [b, a, c]  # case-insensitive
    assert library.view_ids(sort="title", descending=True) == [c, a, b]
    assert library.view_ids(sort="year") == [c, a, b]  # no year goes last
    assert library.view_ids(sort="year", descending=True) == [a, c, b]
    assert library.view_ids(sort="authors") == [b, c, a]
    assert library.view_ids(sort="added") == [a, b, c]
    library.set_status([c], "reading")
    assert library.view_ids(View("status", "reading")) == [c]
    assert library.view_ids(View("recent")) == [a, b, c]
    library.create_list("L")
    library.add_to_list("L", [c, a])
    list_id = library.reading_list("L").id
    assert library.view_ids(View("list", list_id), sort="position") == [c, a]
    tag = library.create_tag("t")
    library.tag_papers("t", [b])
    assert library.view_ids(View("tag", tag.id)) == [b]
    library.delete_papers([a])
    assert library.view_ids(View("trash")) == [a]
    assert a not in library.view_ids()


def test_rows_carry_what_the_table_shows(library: Library) -> None:
    paper_id = library.add_paper(
        Record(
            title="",
            abstract="We study tokamaks.",
            year=2024,
            booktitle="ICML",
            authors=[
                Person(given="Sergey", family="Levine"),
                Person(given="C", family="Finn"),
                Person(given="P", family="Abbeel"),
            ],
        )
    ).id
    row = library.rows([paper_id, 999])[paper_id]
    assert (row.title, row.abstract, row.authors, row.year, row.venue) == (
        "",
        "We study tokamaks.",
        "Levine et al.",
        2024,
        "ICML",
    )
    assert 999 not in library.rows([paper_id, 999])


def test_rows_carry_coloured_tags_by_name_and_only_their_own(library: Library) -> None:
    first = library.add_paper(Record(title="One")).id
    second = library.add_paper(Record(title="Two")).id
    library.create_tag("urgent", colour="#cc3333")
    library.create_tag("Aside", colour="#3366cc")
    library.create_tag("plain")  # no colour: no dot
    for name in ("urgent", "Aside", "plain"):
        library.tag_papers(name, [first])
    library.tag_papers("urgent", [second])
    rows = library.rows([first, second])
    # By name whatever its case, as the sidebar lists tags.
    assert rows[first].coloured_tags == (("Aside", "#3366cc"), ("urgent", "#cc3333"))
    assert rows[second].coloured_tags == (("urgent", "#cc3333"),)


def test_short_authors_of_chinese_names_are_joined_as_chinese_is_written() -> None:
    zhang, li, wang = (Person(family=name) for name in ("张三", "李四", "王伟"))
    assert short_authors([zhang, li]) == "张三、李四"
    assert short_authors([zhang, li, wang]) == "张三等"  # as GB/T 7714 writes et al.
    assert short_authors([Person(family="Levine"), zhang]) == "Levine and 张三"


def test_short_authors() -> None:
    assert short_authors([]) == ""
    assert short_authors([Person(family="Levine")]) == "Levine"
    assert short_authors([Person(family="Levine"), Person(family="Finn")]) == "Levine and Finn"
    assert short_authors([Person(as_written="OpenAI")]) == "OpenAI"


def test_imported_times_compare_in_sql_with_times_written_later(library: Library) -> None:
    # Papers are inserted in bulk, past SQLAlchemy's conversions; a paper moved to the
    # trash gets its time through SQLAlchemy. SQLite compares times as text: both must be
    # written alike, or a paper could seem trashed before it came.
    imported = library.import_text("@misc{a, title={A}}\n@misc{b, title={B}}").paper_ids
    library.delete_papers(imported)
    with library.engine.connect() as connection:
        (out_of_order,) = connection.exec_driver_sql(
            "SELECT count(*) FROM paper WHERE deleted_at < created_at OR updated_at < created_at"
        ).one()
        (trashed,) = connection.exec_driver_sql(
            "SELECT count(*) FROM paper WHERE deleted_at IS NOT NULL"
        ).one()
        times = connection.exec_driver_sql(
            "SELECT created_at, updated_at, deleted_at FROM paper"
        ).all()
    assert (trashed, out_of_order) == (2, 0)
    if library.engine.dialect.name == "sqlite":  # PostgreSQL has a type for times
        # Written alike: the same characters where the digits are not (no offset on some).
        assert len({re.sub(r"\d", "0", text) for row in times for text in row}) == 1


def test_short_authors_name_cjk_people_whole_and_family_first() -> None:
    zhang = Person(family="张三", as_written="张三")
    tanaka = Person(given="田中", family="太郎", as_written="田中 太郎")
    assert short_authors([zhang]) == "张三"
    assert short_authors([zhang, tanaka]) == "张三、田中太郎"
    assert short_authors([zhang, tanaka, Person(family="Levine")]) == "张三等"


def test_the_files_column_counts_attached_files_and_sorts_in_sql(
    library: Library, tmp_path: Path
) -> None:
    none = _add(library, "No files", 2001, "A")
    one = _add(library, "One file", 2002, "B")
    two = _add(library, "Two files", 2003, "C")
    pdf = tmp_path / "a.pdf"
    pdf.write_bytes(b"%PDF-1.4\n")
    library.attach(none, "https://example.org/only-a-page")  # a web page is no file
    library.attach_file(one, pdf, link=True)
    library.attach(two, f"file://{pdf}")
    library.attach(two, str(pdf))
    assert {i: r.files for i, r in library.rows([none, one, two]).items()} == {
        none: 0,
        one: 1,
        two: 2,
    }
    assert library.view_ids(sort="files") == [none, one, two]
    assert library.view_ids(sort="files", descending=True) == [two, one, none]


def test_citekeys_by_id_leave_out_papers_that_are_gone(library: Library) -> None:
    first = library.add_paper(Record(title="One", citekey="first2020one")).id
    second = library.add_paper(Record(title="Two", citekey="second2021two")).id
    assert library.citekeys([second, 999, first]) == {
        second: "second2021two",
        first: "first2020one",
    }
    assert library.citekeys([]) == {}
