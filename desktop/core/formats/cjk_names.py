"""Chinese, Japanese and Korean names: which part is the family name, read family first.

A CJK name is written family name first, usually without a space (`张三`: family 张, given
三; `欧阳修`: family 欧阳). Parsers built for "Given Family" read `张三` as one family name
and `田中 太郎` as given 田中, family 太郎. `family_first` gives the reading a CJK reader
expects; it works from the stored parts and the name as written, so nothing stored is
rewritten: a library imported before this reading gets it when its names are shown or
exported, and search and the people's identity keys see the parts as they were parsed.

An unbroken run is split only when it starts with a surname from the tables below and
looks like a person: two to four characters (a Japanese surname may be followed by up to
three), without the middle dot of a transliterated foreign name (`阿尔伯特·爱因斯坦`) and
without the ending of an organisation (`中国造纸学会`, `教育部`). A braced BibTeX name
(`{国务院}`) is never split. What cannot be told stays whole, the family name being the
whole run: a transliterated foreign name such as `马克思` is read as 马 / 克思, which is
unavoidable without a dictionary of people, and shows the same family first.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Han (with the iteration mark 々 and the extension planes), kana, Hangul.
_CJK_LETTER = (
    "\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\uac00-\ud7af\u1100-\u11ff\u3130-\u318f\U00020000-\U0003134f"
)
_CJK_ONLY = re.compile(f"[{_CJK_LETTER}]+")
_HAS_CJK = re.compile(f"[{_CJK_LETTER}]")
_KANA = re.compile("[\u3040-\u30ff]")

#: Common single-character Chinese surnames, simplified and traditional forms. Characters
#: that mostly begin transliterated foreign names (哈, 斯, 阿) or organisations (国) are left
#: out on purpose: such a run then stays whole.
SINGLE_SURNAMES = frozenset(
    """王 李 张 張 刘 劉 陈 陳 杨 楊 黄 黃 赵 趙 吴 吳 周 徐 孙 孫 马 馬 朱 胡 郭 何 高
    林 罗 羅 郑 鄭 梁 谢 謝 宋 唐 许 許 韩 韓 冯 馮 邓 鄧 曹 彭 曾 肖 蕭 田 董 袁 潘 于 蒋 蔣
    蔡 余 杜 叶 葉 萧 程 苏 蘇 魏 吕 呂 丁 任 沈 姚 卢 盧 姜 崔 钟 鍾 谭 譚 陆 陸 汪 范 金 石 廖
    贾 賈 夏 韦 韋 付 傅 方 白 邹 鄒 孟 熊 秦 邱 江 尹 薛 闫 閆 段 雷 侯 龙 龍 史 陶 黎 贺 賀
    顾 顧 毛 郝 龚 龔 邵 万 萬 钱 錢 严 嚴 覃 武 戴 莫 孔 向 汤 湯 常 温 溫 康 施 文 牛 樊 葛
    邢 安 齐 齊 易 乔 喬 伍 庞 龐 颜 顏 倪 庄 莊 聂 聶 章 鲁 魯 岳 翟 殷 詹 申 欧 歐 耿 关 關
    兰 蘭 焦 俞 左 柳 甘 祝 包 宁 寧 尚 符 舒 阮 柯 纪 紀 梅 童 凌 毕 畢 单 單 季 裴 霍 涂 成
    苗 谷 盛 曲 翁 冉 骆 駱 蓝 藍 路 游 辛 靳 管 柴 蒙 鲍 鮑 华 華 喻 祁 蒲 房 滕 屈 饶 饒 解
    牟 艾 尤 阳 陽 时 時 穆 农 農 司 卓 古 吉 缪 繆 简 簡 车 車 项 項 连 連 芦 蘆 麦 麥 褚 娄
    婁 窦 竇 戚 岑 景 党 黨 宫 宮 费 費 卜 冷 晏 席 卫 衛 米 柏 宗 瞿 桂 全 佟 应 應 臧 闵 閔
    苟 邬 鄔 边 邊 卞 姬 师 師 仇 栾 欒 隋 商 刁 沙 荣 榮 巫 寇 桑 郎 甄 丛 叢 仲 虞 敖 巩 鞏
    佘 池 查 麻 苑 迟 遲 邝 鄺 官 封 谈 談 匡 鞠 惠 荆 荊 乐 樂 冀 郁 胥 南 班 储 儲 原 栗 燕
    楚 鄢 劳 勞 谌 諶 奚 皮 粟 冼 蔺 藺 楼 樓 盘 盤 满 滿 闻 聞 位 厉 厲 伊 仝 区 區 郜 阚 闞
    权 權 强 強 帅 帥 屠 豆 朴 盖 蓋 练 練 廉 禹 井 祖 漆 巴 丰 豐 支 卿 狄 计 計 索 宣 晋 晉
    门 門 容 敬 扈 晁 芮 浦 戈 伏 鹿 薄 邸 雍 辜 羊 乌 烏 母 裘 亓 修 邰 赫 杭 况 況 宿 鲜 鮮
    印 逯 隆 茹 诸 諸 战 戰 慕 危 银 銀 亢 嵇 湛 宾 賓 戎 勾 茅 利 於 呼 居 揭 干 但 尉 冶 元
    束 檀 衣 信 展 阴 陰 昝 智 幸 奉 植 衡 富 尧 堯 闭 閉 由""".split()
)

#: Two-character Chinese surnames (复姓), simplified and traditional forms.
COMPOUND_SURNAMES = frozenset(
    """欧阳 歐陽 司马 司馬 诸葛 諸葛 上官 皇甫 司徒 东方 東方 夏侯 令狐 慕容 尉迟 尉遲 宇文
    长孙 長孫 公孙 公孫 轩辕 軒轅 端木 独孤 獨孤 南宫 南宮 西门 西門 万俟 萬俟 闻人 聞人
    澹台 公羊 濮阳 濮陽 淳于 单于 單于 太叔 申屠 钟离 鍾離 宗政 呼延 百里 东郭 東郭 赫连
    赫連 拓跋 左丘 第五 公冶 亓官 司空 巫马 巫馬 乐正 樂正 壤驷 壤駟 段干 仲孙 仲孫
    남궁 황보 제갈 선우 독고 사공 서문""".split()
)

#: Common Japanese surnames of two or three characters (a single-kanji one, such as 林 or
#: 森, is read by the Chinese table: the same character is a Chinese surname).
JAPANESE_SURNAMES = frozenset(
    """佐藤 鈴木 高橋 田中 伊藤 渡辺 渡邊 渡邉 山本 中村 小林 加藤 吉田 山田 佐々木 山口
    松本 井上 木村 清水 山崎 阿部 池田 橋本 山下 石川 中島 前田 藤田 後藤 小川 岡田 村上
    長谷川 近藤 石井 斎藤 斉藤 齋藤 坂本 遠藤 藤井 青木 福田 三浦 西村 藤原 太田 松田 原田
    岡本 中野 中川 小野 田村 竹内 金子 和田 中山 石田 上田 森田 小島 柴田 宮崎 酒井 工藤
    横山 宮本 内田 高木 安藤 島田 谷口 大野 高田 丸山 今井 河野 藤本 村田 武田 上野 杉山
    増田 小山 大塚 平野 菅原 久保 松井 千葉 岩崎 桜井 木下 野口 松尾 菊地 野村 新井 渡部
    夏目 芥川 湯川 朝永 川端 大江 村山 吉川 山内 北村 西田 望月 服部 杉本 小松 石原 大西
    本田 荒木 秋山 水野 飯田 浅野 市川 片山 土屋 桑原 永井 黒田 北川 平田 樋口 福島 小池
    森本 宮田 川口 中田 吉村 大橋 松下 松岡 佐野 坂口 大久保 小西 高野 辻本 星野 森下""".split()
)

#: Korean surnames (Hangul syllables).
KOREAN_SURNAMES = frozenset(
    """김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 류 유 전 홍 고 문 양 손 배 백
    허 노 남 심 하 곽 성 차 주 우 구 민 진 나 지 엄 채 원 천 방 공 현 함 변 염 여 추 도 소
    석 선 설 마 길 연 위 표 명 기 반 왕 금 옥 육 인 맹 제 모 탁 국 어 은 편 용 예 경 봉""".split()
)

#: Endings that make a run an organisation rather than a person (`教育部`, `北京大学`).
_ORGANISATION_ENDINGS = (
    "部 院 局 社 委 署 厅 廳 馆 館 校 报 報 所 府 办 辦 室 组 組 团 團 队 隊 会 會 厂 廠 "
    "中心 大学 大學 学会 學會 协会 協會 公司 集团 集團 银行 銀行 医院 醫院 出版 研究 课题 課題"
).split()
_MIDDLE_DOTS = "·・‧•"
_LONGEST_PERSON = 4


def has_cjk(text: str) -> bool:
    """Whether `text` holds a Han, kana or Hangul letter."""
    return not text.isascii() and _HAS_CJK.search(text) is not None


def joined(names: list[str]) -> str:
    """Names shown together: with the ideographic comma (`张三、李四`) when every one is in
    CJK letters, as Chinese and Japanese write lists; else with `, `."""
    if names and all(has_cjk(name) for name in names):
        return "、".join(names)
    return ", ".join(names)


def has_kana(text: str) -> bool:
    """Whether `text` holds hiragana or katakana (so is Japanese)."""
    return _KANA.search(text) is not None


def is_cjk(text: str) -> bool:
    """Whether `text` (spaces aside) is only Han, kana or Hangul letters."""
    return not text.isascii() and _CJK_ONLY.fullmatch("".join(text.split())) is not None


def family_first(*, given: str, family: str, as_written: str) -> tuple[str, str] | None:
    """(family, given) of a CJK name as a CJK reader reads it, or None when the name is not
    one written in CJK letters (a Latin name, or one mixing scripts: `昂温, S.`)."""
    if family.isascii() and given.isascii():
        return None
    return _family_first(given, family, as_written)


@lru_cache(maxsize=65536)  # a library names the same people again and again
def _family_first(given: str, family: str, as_written: str) -> tuple[str, str] | None:
    if not is_cjk(family) or (given and not is_cjk(given)):
        return None
    if not given:
        if as_written.startswith("{") or " " in family:
            return family, ""  # braced: the writer asked for one unbroken name
        return split_run(family) or (family, "")
    if "," not in as_written and as_written.split() == [*given.split(), *family.split()]:
        # Written "田中 太郎" and parsed as given-first: the first word is the family name.
        return given, family
    return family, given


def split_run(run: str) -> tuple[str, str] | None:
    """(family, given) of a name written as one run (`张三`, `欧阳修`, `田中太郎`), or None when
    it does not look like a person's name (an organisation, a foreign name, no surname)."""
    if any(dot in run for dot in _MIDDLE_DOTS) or run.endswith(tuple(_ORGANISATION_ENDINGS)):
        return None
    for length in (3, 2):  # a Japanese surname, then two or three of a given name
        rest = len(run) - length
        if run[:length] in JAPANESE_SURNAMES and (2 <= rest <= 3 or (rest and has_kana(run))):
            return run[:length], run[length:]
    if not 2 <= len(run) <= _LONGEST_PERSON:
        return None
    if run[:2] in COMPOUND_SURNAMES and len(run) > 2:
        return run[:2], run[2:]
    if run[0] in SINGLE_SURNAMES or run[0] in KOREAN_SURNAMES:
        return run[0], run[1:]
    return None


def is_japanese_family(family: str) -> bool:
    """Whether a family name is read as Japanese (a Japanese surname, or written in kana)."""
    return family in JAPANESE_SURNAMES or _KANA.search(family) is not None
