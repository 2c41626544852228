"""CJK names go out split (CSL-JSON family/given, RIS and BibTeX "family, given"), shown
family first in Markdown, and read back as the same name."""

from __future__ import annotations

import json

from desktop.core.formats import csljson, markdown, ris
from desktop.core.formats.bibtex import reader, writer
from desktop.core.formats.record import Entry, Person, Record

_PEOPLE = [
    Person(family="张三", as_written="张三"),
    Person(family="欧阳修", as_written="欧阳修"),
    Person(given="田中", family="太郎", as_written="田中 太郎"),
    Person(family="全国信息与文献标准化技术委员会", as_written="{全国信息与文献标准化技术委员会}"),
    Person(given="Sergey", family="Levine", as_written="Levine, Sergey"),
]


def _record() -> Record:
    return Record(title="基于深度学习", year=2021, authors=list(_PEOPLE), citekey="zhang2021")


def test_csl_json_carries_the_split() -> None:
    (item,) = json.loads(csljson.write([_record()]))
    assert item["author"] == [
        {"family": "张", "given": "三"},
        {"family": "欧阳", "given": "修"},
        {"family": "田中", "given": "太郎"},
        {"family": "全国信息与文献标准化技术委员会"},
        {"family": "Levine", "given": "Sergey"},
    ]


def test_ris_carries_the_split() -> None:
    lines = [line for line in ris.write([_record()]).splitlines() if line.startswith("AU")]
    assert lines == [
        "AU  - 张, 三",
        "AU  - 欧阳, 修",
        "AU  - 田中, 太郎",
        "AU  - 全国信息与文献标准化技术委员会",
        "AU  - Levine, Sergey",
    ]


def test_biblatex_carries_the_split_and_reads_back_the_same_names() -> None:
    text = writer.write_biblatex([_record()])
    assert "author = {张, 三 and 欧阳, 修 and 田中, 太郎 and 全国信息与文献标准化技术委员会" in text
    (again,) = reader.parse(text).records
    assert [p.display() for p in again.authors] == [p.display() for p in _PEOPLE]
    assert [(p.family, p.given) for p in again.authors[:3]] == [
        ("张", "三"),
        ("欧阳", "修"),
        ("田中", "太郎"),
    ]


def test_markdown_shows_cjk_names_family_first() -> None:
    entry: Entry = (_record(), [])
    text = markdown.write([entry])
    assert "张三, 欧阳修, 田中太郎" in text
