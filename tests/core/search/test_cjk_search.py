"""Chinese and Japanese through `Library.search` on both backends: bigrams in the index and
in full text, Simplified and Traditional, full-width forms, pinyin, near matches, and real
GB/T 7714 entries imported through the library."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from desktop.core.formats.record import Person, Record
from desktop.core.library import Library

TITLE = "基于深度强化学习的机器人路径规划方法研究"


def _ids(library: Library, query: str) -> list[int]:
    return [hit.paper_id for hit in library.search(query)]


@pytest.fixture
def papers(library: Library) -> dict[str, int]:
    """A small mixed library: the issue's Chinese paper, a Traditional one, a Japanese
    one, an English one."""
    robot = library.add_paper(
        Record(
            title=TITLE,
            year=2021,
            journal="计算机学报",
            abstract="针对复杂环境下机器人路径规划问题，提出一种方法。",
            authors=[Person(family="张三"), Person(family="李四")],
        )
    ).id
    medical = library.add_paper(
        Record(
            title="人工智能在醫學影像中的應用",
            year=2020,
            journal="中國科學",
            abstract="本文綜述深度學習於醫學影像之進展。",
            authors=[Person(family="王", given="伟")],
        )
    ).id
    attention = library.add_paper(
        Record(
            title="Transformerにおける注意機構の解析",
            year=2019,
            journal="情報処理学会論文誌",
            abstract="自己注意機構の計算量を削減する。",
            authors=[Person(family="田中", given="太郎")],
        )
    ).id
    english = library.add_paper(
        Record(
            title="Deep reinforcement learning for robot path planning",
            year=2018,
            journal="ICRA",
            abstract="We plan paths in complex environments.",
            authors=[Person(given="Sergey", family="Levine")],
        )
    ).id
    library.add_note(english, "与中文论文對照閱讀")
    return {"robot": robot, "medical": medical, "attention": attention, "english": english}


def test_any_run_of_characters_finds_the_title(library: Library, papers: dict[str, int]) -> None:
    for query in ("强化学习", "路径规划", "机器人", "深度强化", "方法研究", "规划方法"):
        assert _ids(library, query) == [papers["robot"]], query
    assert _ids(library, "注意機構") == [papers["attention"]]
    # A run is a phrase of its bigrams: 化学 and 学习 are both in the title, 化学习 is not.
    assert _ids(library, "人路径规") == [papers["robot"]]
    assert _ids(library, "习化学") == []


def test_a_single_character_matches_by_prefix(library: Library, papers: dict[str, int]) -> None:
    assert set(_ids(library, "规")) == {papers["robot"]}
    assert set(_ids(library, "影")) == {papers["medical"]}


def test_several_words_qualifiers_exclusion_and_phrases(
    library: Library, papers: dict[str, int]
) -> None:
    robot, english = papers["robot"], papers["english"]
    assert _ids(library, "强化学习 机器人") == [robot]
    assert _ids(library, "title:路径规划") == [robot]
    assert _ids(library, "author:张三") == [robot]
    assert _ids(library, "author:李四 机器人") == [robot]
    assert _ids(library, "venue:计算机学报") == [robot]
    assert _ids(library, '"强化学习"') == [robot]
    assert _ids(library, "title:机器人 -张三") == []
    # `abstract:` goes through full text (FTS5 or PostgreSQL), cut into bigrams there too.
    assert _ids(library, "abstract:复杂环境") == [robot]
    assert _ids(library, "abstract:机器人路径规划") == [robot]
    assert _ids(library, "abstract:自己注意") == [papers["attention"]]
    assert _ids(library, "abstract:环境复杂") == []
    assert _ids(library, "note:对照阅读") == [english]
    assert _ids(library, "abstract:复杂环境 -张三") == []


def test_simplified_and_traditional_find_each_other(
    library: Library, papers: dict[str, int]
) -> None:
    medical, robot = papers["medical"], papers["robot"]
    assert _ids(library, "医学影像") == [medical]  # typed Simplified, stored Traditional
    assert _ids(library, "強化學習") == [robot]  # typed Traditional, stored Simplified
    assert _ids(library, "venue:中国科学") == [medical]
    assert _ids(library, "abstract:深度学习") == [medical]
    assert _ids(library, "abstract:復雜環境") == [robot]


def test_full_width_letters_digits_and_punctuation_fold(library: Library) -> None:
    paper = library.add_paper(
        Record(
            title="ＧＰＴ－４模型的评测（２０２３）",
            year=2023,
            abstract="我们评测了ＬＬａＭＡ模型。",
        )
    ).id
    assert _ids(library, "gpt 4") == [paper]
    assert _ids(library, "2023 模型") == [paper]
    assert _ids(library, "abstract:llama") == [paper]
    assert _ids(library, "abstract:ＬＬａＭＡ模型") == [paper]


def test_pinyin_finds_names_and_titles(library: Library, papers: dict[str, int]) -> None:
    library.add_paper(Record(title="人工智能导论", year=2015))
    ai = {papers["medical"], *(h.paper_id for h in library.search("人工智能"))}
    assert len(ai) == 2
    for query in ("zhang san", "zhangsan", "author:zhangsan"):
        assert _ids(library, query) == [papers["robot"]], query
    for query in ("rengongzhineng", "rengong zhineng", "title:rengongzhineng"):
        assert set(_ids(library, query)) == ai, query
    assert _ids(library, "wangwei") == [papers["medical"]]
    assert _ids(library, "title:zhangsan") == []


def test_pinyin_being_typed_keeps_finding_the_paper(
    library: Library, papers: dict[str, int]
) -> None:
    """Typing a name or title in pinyin finds the paper at every keystroke: a word still
    being typed may begin a syllable of the reading ("zhang s" on the way to "zhang san"),
    as it may begin any other word. A word typed whole must be a syllable, or pinyin."""
    robot = papers["robot"]
    for typed in ("z", "zh", "zha", "zhan", "zhang", "zhang s", "zhang sa", "zhangs", "li s"):
        assert robot in _ids(library, typed), typed
    assert papers["medical"] in _ids(library, "wang w")
    assert _ids(library, "title:jiy") == [robot]  # 基于: ji yu, jiyu
    assert robot not in _ids(library, "zhang sx")  # begins no syllable of the reading
    assert robot not in _ids(library, "zhang s ")  # typed whole: "s" is not pinyin
    assert robot not in _ids(library, "title:zha")  # the name is not in the title


def test_pinyin_being_typed_among_many_words_that_begin_alike(
    library: Library, papers: dict[str, int]
) -> None:
    """In a library whose other words begin with the letters typed far more often than the
    readings do, the readings are still the ones gone through: the same papers are found
    as in a small library, and a prefix no reading begins finds none by its reading."""
    letters = [chr(ord("a") + n) for n in range(26)]
    library.add_records(
        [Record(title=f"Sab{a}{b} study", year=2000) for a in letters for b in letters]
    )
    robot = papers["robot"]

    def found(query: str) -> set[int]:
        return {hit.paper_id for hit in library.search(query, limit=1000)}

    for typed in ("sa", "s", "zhang sa", "li s", "zhangs"):
        assert robot in found(typed), typed
    assert papers["medical"] in found("we")
    assert robot not in found("sab")  # 676 words begin so; no reading does


def test_exact_characters_rank_before_pinyin_before_fuzzy(library: Library) -> None:
    pinyin_only = library.add_paper(Record(title="张伞的故事", year=2020)).id
    exact = library.add_paper(Record(title="Zhangsan: a system for tracing", year=2020)).id
    fuzzy = library.add_paper(Record(title="Zhangsen revisited", year=2020)).id
    assert _ids(library, "zhangsan") == [exact, pinyin_only, fuzzy]


def test_a_chinese_name_typed_whole_in_pinyin_ranks_before_people_matched_apart(
    library: Library,
) -> None:
    """Seen in the window: `chen deng` listed a paper by Wenjie Chen and Xuying Meng ("deng"
    one letter from "meng") before both books by 陈登原 (Chen Dengyuan), whom it names."""
    books = library.add_records(
        [
            Record(title="国史旧闻", year=2000, authors=[Person(family="陈登原")]),
            Record(title="中国文化史", year=1935, authors=[Person(family="陈登原")]),
        ]
    )
    apart = library.add_paper(
        Record(
            title="Tool planning with large language models",
            year=2025,
            authors=[Person(given="Wenjie", family="Chen"), Person(given="Xuying", family="Meng")],
        )
    ).id
    assert _ids(library, "chen deng") == [*sorted(books), apart]
    assert _ids(library, "chen dengyuan") == sorted(books)
    # Typed in letters, a name in letters still comes first.
    assert _ids(library, "wenjie chen")[0] == apart


def test_a_title_with_a_character_wrong_or_missing_still_ranks_first(
    library: Library, papers: dict[str, int]
) -> None:
    library.add_paper(Record(title="基于深度学习的图像识别方法研究", year=2022))
    wrong = "基于深度强化学习的机器人路径规化方法研究"  # 划 typed as 化
    missing = "基于深度强化学习的机器路径规划方法研究"  # 人 left out
    for query in (wrong, missing):
        hits = _ids(library, query)
        assert hits and hits[0] == papers["robot"], query
    assert _ids(library, f'"{wrong}"') == []  # a quoted run stays exact


def test_korean_and_russian_are_found_by_their_words(library: Library) -> None:
    """Written with spaces, they were found before bigrams came: they must stay so, beside
    Chinese, in the index and in full text."""
    korean = library.add_paper(
        Record(
            title="강화 학습 기반 로봇 경로 계획",
            abstract="복잡한 환경에서 로봇의 경로를 계획한다.",
            authors=[Person(family="김", given="철수")],
        )
    ).id
    russian = library.add_paper(
        Record(
            title="Обучение с подкреплением для планирования пути",
            abstract="Роботы в сложной среде.",
            authors=[Person(family="Кочетков", given="А. Я.")],
        )
    ).id
    library.add_paper(Record(title=TITLE, abstract="针对复杂环境下机器人路径规划问题。"))
    assert _ids(library, "경로 계획") == [korean]
    assert _ids(library, "title:로봇") == [korean]
    assert _ids(library, "abstract:환경에서") == [korean]
    assert _ids(library, "подкреплением") == [russian]
    assert _ids(library, "author:кочетков") == [russian]
    assert _ids(library, "abstract:среде") == [russian]
    assert _ids(library, "планирования -кочетков") == []


def test_full_text_of_a_library_from_before_bigrams_is_cut_by_the_migration(db_url: str) -> None:
    from desktop.core.storage import db, schema

    with Library.open(db_url) as library:
        paper = library.add_paper(Record(title="旧论文", abstract="复杂环境下的路径规划")).id
    engine = db.make_engine(db_url)
    schema.downgrade(engine, "0004")  # as a library from before this migration stored it
    with engine.connect() as connection:
        if connection.dialect.name == "sqlite":
            rows = connection.execute(text("SELECT abstract FROM fts_paper")).scalars()
            assert list(rows) == ["复杂环境下的路径规划"]
    engine.dispose()
    with Library.open(db_url) as library:
        assert _ids(library, "abstract:路径规划") == [paper]
        assert _ids(library, "abstract:环境") == [paper]


@pytest.fixture
def gbt7714(library: Library, corpus_dir: Path) -> Library:
    report = library.import_files([corpus_dir / "gbt7714" / "gbt7714-2015-biblatex.bib"])
    assert len(report.paper_ids) >= 200
    return library


def _titles(library: Library, query: str) -> list[str]:
    return [library.paper(hit.paper_id).paper.title for hit in library.search(query)]


def test_real_gbt7714_entries_are_found_by_parts_of_their_titles(gbt7714: Library) -> None:
    # Titles of the GB/T 7714-2015 examples, looked for by a run from their middle.
    assert _titles(gbt7714, "王朝")[0] == "历代王朝与民族宗教"
    assert "综合湿地管理国际研讨会论文集" in _titles(gbt7714, "湿地管理")
    assert _titles(gbt7714, "地震灾害")[0] == "汶川地震灾害研究"
    assert "汶川地震灾害研究" in _titles(gbt7714, "汶川 研究")
    assert _titles(gbt7714, "author:徐光宪")[0] == "物质结构"
    assert _titles(gbt7714, "xuguangxian")[0] == "物质结构"
    assert _titles(gbt7714, "汶川地震災害")[0] == "汶川地震灾害研究"  # Traditional 災
    assert _titles(gbt7714, "综合湿地管理国际研讨论文集")[0] == "综合湿地管理国际研讨会论文集"


def test_the_database_function_gives_the_programs_full_text_form(db_url: str) -> None:
    from desktop.core import folding
    from desktop.core.storage import db, schema

    engine = db.make_engine(db_url)
    schema.upgrade(engine)
    samples = [
        "plain text",
        "基于GPT的強化學習，复杂环境。",
        "ＬＬａＭＡ模型",
        "単",
        "自己注意機構の計算量",
        "한국어 텍스트",
        "Müller–Lyer 错觉",
    ]
    with engine.connect() as connection:
        for sample in samples:
            stored = connection.execute(text("SELECT papershelf_fulltext(:t)"), {"t": sample})
            assert stored.scalar() == folding.fulltext_form(sample), sample
    engine.dispose()
