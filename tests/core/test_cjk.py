"""`desktop.core.cjk`: runs, bigrams, and Traditional folded to Simplified (OpenCC is the
reference for the table)."""

from __future__ import annotations

import opencc

from desktop.core import cjk, folding


def test_runs_are_cut_into_overlapping_bigrams() -> None:
    assert cjk.bigrams("强化学习") == ["强化", "化学", "学习"]
    assert cjk.bigrams("学") == ["学"]
    assert cjk.with_bigrams(["gpt", "模型", "的", "カタカナ"]) == [
        "gpt", "模型", "的", "カタ", "タカ", "カナ",
    ]  # fmt: skip
    assert cjk.cut_runs("基于GPT的强化学习") == " 基于 GPT 的强 强化 化学 学习 "


def test_hangul_and_latin_are_not_runs() -> None:
    assert not cjk.is_run("한국어")
    assert not cjk.is_run("learning")
    assert cjk.is_run("ひらがな") and cjk.is_run("々")


def test_the_character_table_agrees_with_opencc_on_words() -> None:
    converter = opencc.OpenCC("t2s")
    for word in ("學習", "機器人", "醫學影像", "頭髮", "環境", "災害", "臺灣", "體驗"):
        assert cjk.to_simplified(word) == converter.convert(word), word
    assert cjk.to_simplified("学习 and English") == "学习 and English"


def test_search_folding_keeps_runs_apart_in_simplified() -> None:
    assert folding.search_words("基于GPT的強化學習") == ["基于", "gpt", "的强化学习"]
    assert folding.search_words("ＧＰＴ－４，（２０２３）") == ["gpt", "4", "2023"]
    assert folding.search_words("ﾃｽﾄ") == ["テスト"]  # half-width katakana


def test_full_text_form_folds_width_and_cuts_runs() -> None:
    assert folding.fulltext_form("plain ASCII stays") == "plain ASCII stays"
    assert folding.fulltext_form("ＬＬａＭＡ模型，很好") == "LLaMA 模型 , 很好 "
    assert folding.fulltext_tokens("學習ＡＢ") == ["学习", "ab"]
