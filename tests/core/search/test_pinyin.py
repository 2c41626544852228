"""`search.pinyin`: readings of Chinese text, and typed words cut into syllables."""

from __future__ import annotations

from pypinyin import lazy_pinyin

from desktop.core.search import pinyin


def test_readings_come_from_pypinyin_with_neighbours_joined() -> None:
    assert pinyin.reading("人工智能 and 重庆") == ["ren", "gong", "zhi", "neng", "chong", "qing"]
    assert pinyin.reading("重庆") == lazy_pinyin("重庆")
    assert pinyin.name_words("张", "三") == ("zhang", "san", "zhangsan")


def test_typed_words_are_cut_into_the_fewest_syllables() -> None:
    assert pinyin.split_syllables("rengongzhineng") == ["ren", "gong", "zhi", "neng"]
    assert pinyin.split_syllables("xian") == ["xian"]
    assert pinyin.split_syllables("zhangsan") == ["zhang", "san"]
    assert pinyin.split_syllables("qwerty") is None
    assert pinyin.split_syllables("zhang3") is None


def test_query_words_are_the_joined_pairs() -> None:
    assert pinyin.query_words("rengongzhineng") == ("rengong", "gongzhi", "zhineng")
    assert pinyin.query_words("zhang") == ("zhang",)
    assert pinyin.query_words("xyz") is None


def test_every_common_syllable_is_known() -> None:
    known = pinyin.syllables()
    for syllable in ("a", "zhuang", "shuang", "lv", "er", "ng", "yue", "jiong"):
        assert syllable in known, syllable
    assert len(known) > 400
