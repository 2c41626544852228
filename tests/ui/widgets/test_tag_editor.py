"""Tags typed with a Chinese input method: its commas separate them as ASCII ones do."""

from __future__ import annotations

from desktop.ui.widgets.tag_editor import parse_tags


def test_full_width_and_ideographic_commas_separate_tags() -> None:
    assert parse_tags("强化学习，机器人、路径规划, robotics") == [
        "强化学习",
        "机器人",
        "路径规划",
        "robotics",
    ]


def test_a_tag_keeps_its_other_full_width_characters() -> None:
    assert parse_tags("ＧＰＴ：综述") == ["ＧＰＴ：综述"]
