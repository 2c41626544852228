"""Listings pasted from paper-search pages: the seed file, checked by hand, and made-up variants."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.core.formats import listing, registry
from desktop.core.formats.record import Person


@pytest.fixture(scope="module")
def seed_lines(seed_listing: Path) -> list[str]:
    return seed_listing.read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def seed_result(seed_listing: Path) -> listing.ParseResult:
    return registry.read(seed_listing.read_bytes(), source=seed_listing.name, format="listing")[1]


def registry_read(text: str) -> listing.ParseResult:
    return registry.read(text.encode("utf-8"), source="pasted", format="listing")[1]


def _names(record: listing.Record) -> list[tuple[str, str]]:
    return [(person.given, person.family) for person in record.authors]


def test_seed_has_twenty_papers_eighteen_with_a_topic(seed_result):
    assert len(seed_result.records) == 20
    assert sum(1 for record in seed_result.records if record.topic) == 18
    assert seed_result.problems == []
    # The page heading ("paper search") is kept, not turned into a paper.
    assert seed_result.preambles == ["论文检索"]


def test_seed_papers_are_untitled_misc_entries(seed_result):
    assert all(record.title == "" for record in seed_result.records)
    assert all(record.entry_type == "misc" for record in seed_result.records)


def test_seed_papers_without_topic_are_the_second_and_sixth(seed_result):
    # Read off the file: blocks starting "Zijie Zhao" (line 9) and "Xu Wan" (line 31) have no topic.
    untopical = [record for record in seed_result.records if not record.topic]
    assert [record.line for record in untopical] == [9, 31]
    assert [record.authors[0].as_written for record in untopical] == ["Zijie Zhao", "Xu Wan"]


def test_seed_topics_as_written(seed_result):
    records = seed_result.records
    assert records[0].topic == "Reinforcement Learning · Planning"
    assert records[2].topic == "Computer Vision · Everything Else"
    assert records[8].topic == "Reinforcement Learning · Batch/Offline"
    assert records[19].topic == "Computer Vision · Vision Models & Multimodal"


def test_seed_author_lists_checked_by_hand(seed_result):
    records = seed_result.records
    assert _names(records[0]) == [
        ("Rohin", "Manvi"),
        ("Joey", "Hong"),
        ("Tim", "Seyde"),
        ("Maxime", "Labonne"),
        ("Mathias", "Lechner"),
        ("Sergey", "Levine"),
    ]
    assert _names(records[10]) == [("Filippo", "Lazzati"), ("Alberto Maria", "Metelli")]
    assert _names(records[12]) == [
        ("Y. Isabel", "Liu"),
        ("Bowen", "Li"),
        ("Benjamin", "Eysenbach"),
        ("Tom", "Silver"),
    ]
    assert _names(records[15]) == [("Haolin", "Liu"), ("Chen-Yu", "Wei"), ("Julian", "Zimmert")]
    assert _names(records[16]) == [("Narjes", "Nourzad"), ("Carlee", "Joe-Wong")]
    assert _names(records[18]) == [("Shenghua", "Wan"), ("Le", "Gan"), ("De-Chuan", "Zhan")]
    assert _names(records[19]) == [
        ("Weicheng", "Zheng"),
        ("Xiaofei", "Mao"),
        ("Nanfei", "Ye"),
        ("Pengxiang", "Li"),
        ("Kun", "Zhan"),
        ("XianPeng", "Lang"),
        ("Hang", "Zhao"),
    ]


def test_seed_author_counts(seed_result):
    # Counted in the file, paper by paper.
    expected = [6, 7, 6, 3, 9, 4, 8, 5, 4, 6, 2, 3, 4, 3, 2, 3, 2, 2, 3, 7]
    assert [len(record.authors) for record in seed_result.records] == expected


def test_seed_abstracts_are_the_lines_as_written(seed_result, seed_lines):
    records = seed_result.records
    # Abstract line numbers read off the file (1-based).
    for index, line_number in [(0, 7), (1, 11), (5, 33), (15, 93), (19, 117)]:
        assert records[index].abstract == seed_lines[line_number - 1]
    assert records[0].abstract.startswith("Large language models excel at reasoning but lack")
    assert records[3].abstract.startswith("We study the _active sequential hypothesis testing_")


def test_seed_markup_in_abstracts_is_kept(seed_result):
    records = seed_result.records
    assert "(**SeqWM**)" in records[1].abstract
    assert "12.5\\% improvement over GRPO" in records[5].abstract
    assert "$T^{\\frac{2}{3}}$and $T^{\\frac{7}{9}}$" in records[15].abstract
    assert "**H**orizon-c**A**librated" in records[18].abstract
    assert "learn *shortcuts* in the abstract" in records[12].abstract


def test_titled_listing_reads_title_before_authors():
    text = (
        "Machine Learning · Theory\n"
        "Deep Residual Learning for Image Recognition\n"
        "Kaiming He, Xiangyu Zhang, Shaoqing Ren, Jian Sun\n"
        "Deeper neural networks are more difficult to train.\n"
        "\n"
        "Attention Is All You Need\n"
        "\n"
        "Ashish Vaswani, Noam Shazeer, et al.\n"
        "\n"
        "The dominant sequence transduction models are based on recurrent networks.\n"
    )
    result = listing.parse(text)
    assert [record.title for record in result.records] == [
        "Deep Residual Learning for Image Recognition",
        "Attention Is All You Need",
    ]
    first, second = result.records
    assert first.topic == "Machine Learning · Theory"
    assert _names(first)[-1] == ("Jian", "Sun")
    assert first.abstract == "Deeper neural networks are more difficult to train."
    assert _names(second) == [("Ashish", "Vaswani"), ("Noam", "Shazeer"), ("", "others")]
    assert second.authors[-1].as_written == "et al."
    assert second.line == 6
    assert result.problems == []


def test_topic_line_after_the_authors_belongs_to_that_paper():
    text = (
        "Attention Is All You Need\n"
        "Ashish Vaswani, Noam Shazeer\n"
        "NeurIPS · 2017\n"
        "The dominant sequence transduction models.\n\n"
        "Deep Residual Learning for Image Recognition\n"
        "Kaiming He, Xiangyu Zhang\n"
        "CVPR · 2016\n"
        "Deeper neural networks are more difficult to train.\n"
    )
    result = listing.parse(text)
    assert [(r.title, r.topic) for r in result.records] == [
        ("Attention Is All You Need", "NeurIPS · 2017"),
        ("Deep Residual Learning for Image Recognition", "CVPR · 2016"),
    ]
    assert result.records[1].abstract == "Deeper neural networks are more difficult to train."


def test_abstract_spanning_lines_and_paragraphs_is_kept_with_its_breaks():
    text = (
        "Ada Lovelace, Charles Babbage\n\n"
        "First line of the abstract\ncontinues here.\n\nA second paragraph.\n\n"
        "Alan Turing, Alonzo Church\n\nShort.\n"
    )
    first, second = listing.parse(text).records
    assert first.abstract == "First line of the abstract\ncontinues here.\n\nA second paragraph."
    assert second.abstract == "Short."


def test_wrapped_abstract_line_is_not_taken_for_a_title():
    text = (
        "Ada Lovelace, Charles Babbage\n"
        "An abstract wrapped at a short width, whose last line has no full stop\n"
        "code: github.com/example\n"
        "Alan Turing, Alonzo Church\n"
        "Another abstract.\n"
    )
    first, second = listing.parse(text).records
    assert first.abstract.endswith("code: github.com/example")
    assert second.title == ""


def test_topic_without_author_line_is_reported_not_dropped():
    text = "Theory · Bandits\n\nWe study something without saying who did.\n"
    result = listing.parse(text, source="paste")
    (record,) = result.records
    assert record.topic == "Theory · Bandits"
    assert record.abstract == "We study something without saying who did."
    (problem,) = result.problems
    assert (problem.source, problem.line) == ("paste", 1)
    assert "no author line" in problem.message


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Ludwig van Beethoven", Person("Ludwig", "Beethoven", "van", "", "Ludwig van Beethoven")),
        ("Martin Luther King Jr.", Person("Martin Luther", "King", "", "Jr.", "")),
        ("Jean-Paul Sartre", Person("Jean-Paul", "Sartre", "", "", "")),
        ("J. R. R. Tolkien", Person("J. R. R.", "Tolkien", "", "", "")),
    ],
)
def test_display_names_split_like_bibtex_first_von_last(written, expected):
    person = listing.person_from_display_name(written)
    assert (person.given, person.von, person.family, person.jr) == (
        expected.given,
        expected.von,
        expected.family,
        expected.jr,
    )
    assert person.as_written == written


@pytest.mark.parametrize(
    "line",
    [
        "Large language models excel at reasoning, planning, and coding.",
        "Introduction",
        "We study the bandit problem",
        "Transformers, Attention, and Memory in the wild",
    ],
)
def test_prose_after_an_author_line_is_abstract(line):
    (record,) = listing.parse(f"Ada Lovelace, Charles Babbage\n\n{line}\n").records
    assert record.abstract == line


def test_names_in_chinese_characters_form_an_author_line():
    result = listing.parse("论文检索\n\n理论 · 强化学习\n\n张三, 李四\n\n我们研究了一个问题。\n")
    assert result.preambles == ["论文检索"]
    (record,) = result.records
    assert record.topic == "理论 · 强化学习"
    assert [person.as_written for person in record.authors] == ["张三", "李四"]
    assert record.abstract == "我们研究了一个问题。"


def test_empty_input_gives_nothing():
    result = listing.parse("\n\n  \n")
    assert (result.records, result.problems, result.preambles) == ([], [], [])


def test_latin1_bytes_are_read_and_the_guess_reported():
    result = registry.read(
        "Zoë Müller, Ana Peña\n\nÉtude.\n".encode("latin-1"), source="old.txt", format="listing"
    )[1]
    assert _names(result.records[0]) == [("Zoë", "Müller"), ("Ana", "Peña")]
    assert result.encoding == "cp1252"
    assert result.problems[0].source == "old.txt"


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_text_is_read_without_raising(text):
    result = listing.parse(text)
    # Nothing disappears: every word ends up in a record or in the preamble.
    kept = "\n".join(
        [*result.preambles]
        + [
            "\n".join((r.topic, r.title, *(p.as_written for p in r.authors), r.abstract))
            for r in result.records
        ]
    )
    for word in re.findall(r"\w+", text):
        if word.lower() not in {"et", "al", "and", "others"}:
            assert word in kept


# --- listings pasted from Chinese pages ----------------------------------------------------

_CHINESE_LISTING = """论文检索

计算机科学 ・ 人工智能
基于深度强化学习的机器人路径规划方法研究
张三，李四、欧阳修；田中 太郎
本文研究了复杂环境中的路径规划。
"""


def test_full_width_separators_split_authors_and_topics() -> None:
    result = listing.parse(_CHINESE_LISTING)
    assert result.problems == []
    (record,) = result.records
    assert record.title == "基于深度强化学习的机器人路径规划方法研究"
    assert record.topic == "计算机科学 ・ 人工智能"  # kept as written
    assert [p.as_written for p in record.authors] == ["张三", "李四", "欧阳修", "田中 太郎"]
    assert [p.display() for p in record.authors] == ["张三", "李四", "欧阳修", "田中太郎"]
    assert record.abstract == "本文研究了复杂环境中的路径规划。"


@pytest.mark.parametrize("separator", ["，", "、", "；", "､"])
def test_each_full_width_separator_reads_as_its_ascii_form(separator: str) -> None:
    text = f"一篇论文的题目\n王伟{separator}李娜{separator}刘洋\n摘要。\n"
    (record,) = listing.parse(text).records
    assert [p.as_written for p in record.authors] == ["王伟", "李娜", "刘洋"]
    ascii_form = listing.parse(text.replace(separator, ",")).records[0]
    assert [p.as_written for p in ascii_form.authors] == ["王伟", "李娜", "刘洋"]


def test_a_full_width_full_stop_ends_a_sentence_as_a_full_stop_does() -> None:
    # "。" at the end: not a title, so the line stays the abstract of the paper before it.
    text = "题目一\n王伟，李娜\n第一段。\n这是一个完整的句子。\n"
    (record,) = listing.parse(text).records
    assert record.abstract == "第一段。\n这是一个完整的句子。"


def test_a_middle_dot_inside_a_name_is_part_of_it() -> None:
    (record,) = listing.parse("题目\n阿尔伯特·爱因斯坦，张三\n摘要。\n").records
    assert [p.as_written for p in record.authors] == ["阿尔伯特·爱因斯坦", "张三"]


def test_a_listing_in_utf16_without_a_mark_gives_its_papers() -> None:
    text = (
        "Attention Is All You Need\nAshish Vaswani, Noam Shazeer\n\n"
        "Deep Residual Learning\nKaiming He, Xiangyu Zhang\n"
    )
    result = registry.read(text.encode("utf-16-le"), source="l.txt", format="listing")[1]
    assert [r.title for r in result.records] == [
        "Attention Is All You Need",
        "Deep Residual Learning",
    ]


def test_a_non_empty_listing_never_gives_nothing_and_says_nothing() -> None:
    text = "just some words\nand more words here\n"
    result = listing.parse(text, source="l.txt")
    assert result.records == []
    assert len(result.problems) == 1
    assert result.problems[0].message.startswith("No paper was recognised in these 2 lines.")
    assert result.problems[0].raw == text
    assert listing.parse("  \n\n", source="l.txt").problems == []


def test_papers_without_blank_lines_between_them_are_split_by_their_shape() -> None:
    # A title after an abstract's last sentence, followed by authors, opens the next paper
    # (it was read as the abstract's last line: three papers became one title and two blanks).
    text = (
        "Attention Is All You Need\n"
        "Ashish Vaswani, Noam Shazeer, Niki Parmar\n"
        "The dominant sequence transduction models are based on recurrent networks.\n"
        "Deep Residual Learning for Image Recognition\n"
        "Kaiming He, Xiangyu Zhang, Shaoqing Ren, Jian Sun\n"
        "Deeper neural networks are more difficult to train.\n"
        "深度学习综述\n"
        "张三，李四，王五\n"
        "本文回顾了深度学习。\n"
        "Learning Without Blank Lines\n"
        "Ada Lovelace, Alan Turing\n"
        "Lines run on.\n"
    )
    result = registry_read(text)
    assert [(r.title, [p.family for p in r.authors], r.abstract) for r in result.records] == [
        (
            "Attention Is All You Need",
            ["Vaswani", "Shazeer", "Parmar"],
            "The dominant sequence transduction models are based on recurrent networks.",
        ),
        (
            "Deep Residual Learning for Image Recognition",
            ["He", "Zhang", "Ren", "Sun"],
            "Deeper neural networks are more difficult to train.",
        ),
        ("深度学习综述", ["张三", "李四", "王五"], "本文回顾了深度学习。"),
        ("Learning Without Blank Lines", ["Lovelace", "Turing"], "Lines run on."),
    ]
    assert result.problems == []


def test_the_seed_listing_reads_the_same_without_its_blank_lines(seed_listing: Path) -> None:
    text = seed_listing.read_text(encoding="utf-8")
    packed = re.sub(r"\n\s*\n", "\n", text)
    assert "\n\n" not in packed
    expected, got = registry_read(text), registry_read(packed)
    assert len(got.records) == len(expected.records) == 20
    assert [(r.title, r.authors, r.topic) for r in got.records] == [
        (r.title, r.authors, r.topic) for r in expected.records
    ]
    # Within an abstract, paragraphs lose only their blank lines.
    assert [r.abstract.replace("\n\n", "\n") for r in expected.records] == [
        r.abstract for r in got.records
    ]
