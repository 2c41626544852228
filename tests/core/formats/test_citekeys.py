"""Citation keys: the default pattern, its fallbacks, and deterministic disambiguation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from desktop.core.formats.bibtex import reader
from desktop.core.formats.citekeys import check_pattern, citekey_for, disambiguate, taken_in
from desktop.core.formats.record import Person, Record


def paper(
    title: str = "Attention Is All You Need", year: int | None = 2017, family: str = "Vaswani"
) -> Record:
    authors = [Person(given="A", family=family)] if family else []
    return Record(title=title, year=year, authors=authors)


@pytest.mark.parametrize(
    ("record", "key"),
    [
        (paper(), "vaswani2017attention"),
        (paper(title="On the Origin of Species"), "vaswani2017origin"),
        (paper(title="A Survey"), "vaswani2017survey"),
        (paper(family="Schrödinger"), "schrodinger2017attention"),
        (paper(family="Łukasiewicz-Żak"), "lukasiewiczzak2017attention"),
        (paper(title=""), "vaswani2017"),  # an untitled paper from a listing
        (paper(year=None), "vaswaniattention"),
        (paper(family=""), "anon2017attention"),
        (paper(family="王"), "wang2017attention"),  # pinyin, never anon
        (paper(title="The Of"), "vaswani2017the"),  # only stop words: the first one
        (paper(title="$\\alpha$-helices"), "vaswani2017helices"),
    ],
)
def test_default_pattern(record: Record, key: str) -> None:
    assert citekey_for(record) == key


def test_editor_when_no_author() -> None:
    record = Record(title="Handbook", year=2001, editors=[Person(family="Knuth")])
    assert citekey_for(record) == "knuth2001handbook"


def test_other_tokens() -> None:
    assert citekey_for(paper(), "[Auth]_[shortyear]-[Shorttitle]") == "Vaswani_17-Attention"


def test_unknown_token_is_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match=r"\[bogus\]"):
        check_pattern("[auth][bogus]")
    with pytest.raises(ValueError):
        citekey_for(paper(), "no tokens")


def test_keys_are_valid_bibtex_keys() -> None:
    record = paper(title='{Odd}, #title% "q"', family="O'Brien {x}")
    key = citekey_for(record, "[auth] [year], {[shorttitle]}")
    assert re.fullmatch(r"[A-Za-z0-9_:.-]+", key)
    assert key == "obrienx2017odd"


def test_disambiguate_counts_in_letters() -> None:
    assert disambiguate("smith2020", taken_in([])) == "smith2020"
    assert disambiguate("smith2020", taken_in(["smith2020"])) == "smith2020a"
    assert disambiguate("smith2020", taken_in(["smith2020", "smith2020a"])) == "smith2020b"
    taken = ["smith2020"] + [f"smith2020{chr(c)}" for c in range(ord("a"), ord("z") + 1)]
    assert disambiguate("smith2020", taken_in(taken)) == "smith2020aa"
    assert disambiguate("smith2020", taken_in([*taken, "smith2020aa"])) == "smith2020ab"


def test_disambiguate_ignores_case_as_bibtex_does() -> None:
    assert disambiguate("Smith2020", taken_in(["smith2020"])) == "Smith2020a"


# --- other scripts ---------------------------------------------------------------------------


def _cjk(title: str, *people: Person, year: int | None = 2021, **extra: str) -> Record:
    return Record(title=title, year=year, authors=list(people), extra=dict(extra))


@pytest.mark.parametrize(
    ("record", "key"),
    [
        (
            _cjk("基于深度强化学习的机器人路径规划方法研究", Person(family="张三")),
            "zhang2021jiyu",
        ),
        (_cjk("人工智能", Person(family="王伟", as_written="王伟")), "wang2021rengongzhineng"),
        # One word (a book's title) for jieba.
        (_cjk("资治通鉴", Person(family="司马光")), "sima2021zizhitongjian"),
        (_cjk("论文", Person(family="曾国藩", as_written="曾国藩")), "zeng2021lunwen"),
        (
            _cjk("注意機構に基づく深層学習", Person(family="丸山敏秋", as_written="丸山敏秋")),
            "maruyama2021chuui",
        ),
        (
            _cjk("深層学習", Person(given="田中", family="太郎", as_written="田中 太郎")),
            "tanaka2021shinsou",
        ),
        (
            _cjk("図書館", Person(family="丸山", as_written="丸山"), langid="japanese"),
            "maruyama2021toshokan",
        ),
        (
            _cjk("Введение в теорию", Person(given="А. Я.", family="Кочетков")),
            "kochetkov2021vvedenie",
        ),
        (_cjk("Θεωρία", Person(given="Γ.", family="Παπαδόπουλος")), "papadopoulos2021theoria"),
        (_cjk("도서관", Person(family="김세훈", as_written="김세훈")), "gim2021doseogwan"),
    ],
)
def test_keys_in_other_scripts_are_romanised(record: Record, key: str) -> None:
    assert citekey_for(record) == key


def test_an_organisation_in_chinese_is_keyed_by_its_whole_name() -> None:
    org = Person(family="中国造纸学会", as_written="中国造纸学会")
    assert citekey_for(_cjk("", org, year=1957)) == "zhongguozaozhixuehui1957"


def test_every_corpus_entry_with_a_person_gets_an_ascii_key(corpus_dir: Path) -> None:
    path = corpus_dir / "gbt7714" / "gbt7714-2015-biblatex.bib"
    records = reader.parse(path.read_text(encoding="utf-8"), path.name).records
    with_people = [r for r in records if r.authors or r.editors]
    assert len(with_people) > 150
    for record in records:
        key = citekey_for(record)
        assert key.isascii() and re.fullmatch(r"[A-Za-z0-9_:.-]+", key), (record.citekey, key)
        if record in with_people:
            assert not key.startswith("anon"), (record.citekey, key)
