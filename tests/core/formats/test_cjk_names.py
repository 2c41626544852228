"""CJK names read family first: split by the surname tables, organisations kept whole,
and shown family first without a space; checked on the GB/T 7714 examples too."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.core.formats import cjk_names
from desktop.core.formats.bibtex import reader
from desktop.core.formats.record import Person, Record


@pytest.mark.parametrize(
    ("run", "split"),
    [
        ("张三", ("张", "三")),
        ("王伟", ("王", "伟")),
        ("陈登原", ("陈", "登原")),
        ("欧阳修", ("欧阳", "修")),
        ("司马迁", ("司马", "迁")),
        ("诸葛亮", ("诸葛", "亮")),
        ("上官婉儿", ("上官", "婉儿")),
        ("皇甫谧", ("皇甫", "谧")),
        ("歐陽詢", ("歐陽", "詢")),  # traditional characters
        ("田中太郎", ("田中", "太郎")),  # a Japanese surname, a given name of two
        ("佐々木太郎", ("佐々木", "太郎")),  # a three-letter one, with the iteration mark
        ("田中華", ("田", "中華")),  # one letter after 田中: read as Chinese, as documented
        ("高橋ゆき", ("高橋", "ゆき")),
        ("長谷川一郎", ("長谷川", "一郎")),
        ("김세훈", ("김", "세훈")),
        ("남궁민수", ("남궁", "민수")),
    ],
)
def test_a_run_is_split_at_its_surname(run: str, split: tuple[str, str]) -> None:
    assert cjk_names.split_run(run) == split


@pytest.mark.parametrize(
    "run",
    [
        "全国信息与文献标准化技术委员会",  # too long for a person
        "中国造纸学会",
        "教育部",  # an organisation's ending
        "国务院",
        "南京大学",
        "新华社",
        "阿尔伯特·爱因斯坦",  # a transliterated foreign name
        "哈里森",  # no known surname: kept whole
        "図書館用語辞典編集委員会",
    ],
)
def test_organisations_and_foreign_names_are_not_split(run: str) -> None:
    assert cjk_names.split_run(run) is None
    person = Person(family=run, as_written=run)
    assert person.family_first() in {(run, ""), None}  # None: the dot is no CJK letter
    assert person.display() == run
    assert person.with_cjk_split().family == run


@pytest.mark.parametrize(
    ("person", "reading", "shown"),
    [
        (Person(family="张三", as_written="张三"), ("张", "三"), "张三"),
        # "田中 太郎" as a given-first parser reads it: the first word is the family name.
        (
            Person(given="田中", family="太郎", as_written="田中 太郎"),
            ("田中", "太郎"),
            "田中太郎",
        ),
        (
            Person(given="太郎", family="田中", as_written="田中, 太郎"),
            ("田中", "太郎"),
            "田中太郎",
        ),
        # CSL-JSON's split, written back as one run by its reader: kept as split.
        (Person(given="里森", family="哈", as_written="哈里森"), ("哈", "里森"), "哈里森"),
        (Person(family="全国委员会", as_written="{全国委员会}"), ("全国委员会", ""), "全国委员会"),
        (Person(family="张三", as_written="{张三}"), ("张三", ""), "张三"),  # braced: whole
    ],
)
def test_a_cjk_name_is_read_and_shown_family_first(
    person: Person, reading: tuple[str, str], shown: str
) -> None:
    assert person.family_first() == reading
    assert person.display() == shown
    assert person.with_cjk_split().family == reading[0]
    assert person.with_cjk_split().given == reading[1]


def test_other_names_are_left_alone() -> None:
    latin = Person(given="Sergey", family="Levine", as_written="Levine, Sergey")
    assert latin.family_first() is None
    assert latin.with_cjk_split() is latin
    assert latin.display() == "Sergey Levine"
    assert latin.short() == "Levine"
    mixed = Person(given="S.", family="昂温", as_written="昂温, S.")
    assert mixed.family_first() is None
    assert mixed.display() == "昂温 S."  # a CJK family name still leads


def test_splitting_keeps_what_was_written() -> None:
    person = Person(family="张三", as_written="张三")
    split = person.with_cjk_split()
    assert (split.family, split.given, split.as_written) == ("张", "三", "张三")
    assert (person.family, person.given) == ("张三", "")  # the stored parts are not rewritten


# --- the GB/T 7714 examples ----------------------------------------------------------------

#: Every organisation named as an author or editor in the corpus, checked by hand.
CORPUS_ORGANISATIONS = {
    "北京市政协民族和宗教委员会",
    "北京联合大学民族与宗教研究所",
    "全国信息与文献标准化技术委员会",
    "中国第一历史档案馆",
    "辽宁省档案馆",
    "同济大学土木工程防灾国家重点实验室",
    "中国造纸学会",
    "中国图书馆学会",
    "中华医学会湖北分会",
    "中国互联网络信息中心",
    "北京市人民政府办公厅",
    "図書館用語辞典編集委員会",
    "上海市食品药品监督管理局课题组",
    "中国科学院物理研究所",
    "贵州省土穰普查办公室",
}


def _corpus_people(corpus_dir: Path) -> list[Person]:
    text = (corpus_dir / "gbt7714" / "gbt7714-2015-biblatex.bib").read_text(encoding="utf-8")
    records: list[Record] = reader.parse(text, "gbt7714-2015-biblatex.bib").records
    people = [p for r in records for p in (*r.authors, *r.editors)]
    # Names in CJK letters only; `昂温, S.` mixes scripts and keeps its parts.
    return [p for p in people if p.family_first() is not None]


def test_every_cjk_name_of_the_corpus_gets_a_sensible_reading(corpus_dir: Path) -> None:
    people = _corpus_people(corpus_dir)
    assert len(people) > 150
    organisations = {p.family for p in people if p.family_first() == (p.family, "")}
    assert organisations >= CORPUS_ORGANISATIONS
    for person in people:
        family, given = person.family_first() or ("", "")
        assert family + given == "".join(person.as_written.strip("{}").split()), person
        if person.family in CORPUS_ORGANISATIONS:
            assert given == "", person
        elif len(person.family) <= 4 and not person.given and given:
            # A person: a surname from the tables and a given name of one to three.
            known = (
                cjk_names.SINGLE_SURNAMES
                | cjk_names.COMPOUND_SURNAMES
                | cjk_names.JAPANESE_SURNAMES
                | cjk_names.KOREAN_SURNAMES
            )
            assert family in known and 1 <= len(given) <= 3, person
        assert person.display() == family + given


@pytest.mark.parametrize(
    ("written", "reading"),
    [
        ("陈登原", ("陈", "登原")),
        ("钱学森", ("钱", "学森")),
        ("丸山敏秋", ("丸山", "敏秋")),
        ("김세훈", ("김", "세훈")),
        ("이병목", ("이", "병목")),
        ("萧钰", ("萧", "钰")),
    ],
)
def test_people_of_the_corpus_are_split_as_a_reader_would(
    corpus_dir: Path, written: str, reading: tuple[str, str]
) -> None:
    found = [p for p in _corpus_people(corpus_dir) if p.as_written == written]
    assert found, written
    assert {p.family_first() for p in found} == {reading}


def test_names_in_cjk_letters_are_listed_with_the_ideographic_comma() -> None:
    assert cjk_names.joined(["张三", "李四"]) == "张三、李四"
    assert cjk_names.joined(["田中太郎", "鈴木花子"]) == "田中太郎、鈴木花子"
    assert cjk_names.joined(["张三", "Yann LeCun"]) == "张三, Yann LeCun"  # mixed: as before
    assert cjk_names.joined(["Yann LeCun", "Geoffrey Hinton"]) == "Yann LeCun, Geoffrey Hinton"
    assert cjk_names.joined([]) == ""
