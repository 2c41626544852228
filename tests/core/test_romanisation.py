"""Romanisation: pinyin by words, surnames read as surnames, romaji, Cyrillic and Greek;
pypinyin, jieba and cutlet are the references where our own code decides."""

from __future__ import annotations

import jieba
import pytest
from pypinyin import lazy_pinyin

from desktop.core import romanisation


def test_chinese_is_pinyin_joined_within_words() -> None:
    title = "基于深度强化学习的机器人路径规划方法研究"
    assert romanisation.romanised(title) == (
        "jiyu shendu qianghua xuexi de jiqiren lujing guihua fangfa yanjiu"
    )
    # The words are jieba's, the syllables pypinyin's.
    words = [w for w in jieba.cut(title) if w.strip()]
    expected = " ".join("".join(lazy_pinyin(word)) for word in words)
    assert romanisation.romanised(title) == expected


def test_mixed_text_keeps_its_latin_words() -> None:
    assert romanisation.romanised("CNKI中的BERT模型") == "CNKI zhong de BERT moxing"


@pytest.mark.parametrize(
    ("family", "reading"),
    [
        ("张", "zhang"),
        ("曾", "zeng"),  # as a word, ceng
        ("单", "shan"),
        ("解", "xie"),
        ("仇", "qiu"),
        ("朴", "piao"),
        ("欧阳", "ouyang"),
        ("尉迟", "yuchi"),
        ("长孙", "zhangsun"),
    ],
)
def test_a_surname_is_read_as_a_surname(family: str, reading: str) -> None:
    assert romanisation.romanised_surname(family) == reading


def test_japanese_is_romaji() -> None:
    assert romanisation.romanised("注意機構に基づく").lower() == "chuui kikou ni motozuku"
    assert romanisation.romanised_surname("丸山", japanese=True).lower() == "maruyama"
    assert romanisation.romanised_surname("田中", japanese=True).lower() == "tanaka"
    assert romanisation.romanised("丸山") == "wanshan"  # Han alone is read as Chinese


@pytest.mark.parametrize(
    ("written", "latin"),
    [
        ("Кочетков", "Kochetkov"),
        ("Щукин", "Shchukin"),
        ("Юрий Гагарин", "Yuriy Gagarin"),  # BGN/PCGN: й is y
        ("Παπαδόπουλος", "Papadopoulos"),  # ELOT 743: ου is ou
        ("Ευαγγελία", "Evaggelia"),
        ("Schrödinger", "Schrödinger"),  # Latin letters are the caller's to fold
    ],
)
def test_other_scripts_are_transliterated(written: str, latin: str) -> None:
    assert romanisation.romanised(written) == latin


def test_only_text_that_needs_it_is_romanised() -> None:
    assert not romanisation.needs_romanising("Müller–Lyer “quoted”")
    assert romanisation.needs_romanising("Müller 张")
    assert romanisation.romanised("Attention Is All You Need") == "Attention Is All You Need"
