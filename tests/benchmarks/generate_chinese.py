"""A generated library that is half Chinese, for the CJK search benchmark: Chinese titles
built from research phrases and from the words of the GB/T 7714 examples (read from the
corpus at run time), Chinese names from its authors and common surnames, and an English
half from `generate_library`."""

from __future__ import annotations

import random
import re
from pathlib import Path

import generate_library

from desktop.core.search.document import SearchDocument

_RUN = re.compile(r"[\u4e00-\u9fff]{2,}")
# Phrases of Chinese research titles: topics, methods, and the words between them.
_TOPICS = (
    "深度学习 强化学习 机器学习 神经网络 图像识别 目标检测 语义分割 自然语言处理 知识图谱 推荐系统 "
    "路径规划 机器人 无人机 自动驾驶 智能电网 边缘计算 云计算 区块链 物联网 大数据 数据挖掘 "
    "时间序列 故障诊断 遥感影像 医学影像 蛋白质结构 基因表达 气候变化 碳排放 城市交通 "
    "供应链 金融风险 货币政策 乡村振兴 高等教育 人工智能 计算机视觉 语音识别 信息检索"
)
_METHODS = (
    "卷积神经网络 注意力机制 图神经网络 迁移学习 联邦学习 对比学习 多任务学习 生成对抗网络 "
    "遗传算法 粒子群优化 支持向量机 随机森林 贝叶斯网络 马尔可夫模型 有限元分析 模糊控制"
)
_PATTERNS = (
    "基于{m}的{t}方法研究",
    "{t}中的{m}应用",
    "面向{t}的{m}模型",
    "一种改进的{m}{t}算法",
    "{t}与{t2}的关系研究",
    "{m}在{t}中的应用与展望",
    "{t}{w}研究",
    "论{w}与{t}",
)
_SURNAMES = "王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 高 林 罗 欧阳 司马 诸葛 上官"
_GIVEN = "伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 秀英 华 平 建华 志强 海燕 晓明 文"
_VENUES = "计算机学报 软件学报 自动化学报 电子学报 中国科学 科学通报 管理世界 经济研究 清华大学学报"


def corpus_words(bib: Path) -> list[str]:
    """Runs of Chinese characters from the titles of the GB/T 7714 examples."""
    words = []
    for line in bib.read_text(encoding="utf-8").splitlines():
        if line.strip().startswith(("title", "booktitle")):
            words += _RUN.findall(line)
    return sorted(set(words))


def generate(count: int, bib: Path, seed: int = 11) -> list[generate_library.GeneratedPaper]:
    """`count` papers, every second one Chinese; the same for the same seed."""
    rng = random.Random(seed)
    english = generate_library.generate(count - count // 2, seed=seed)
    words, topics, methods = corpus_words(bib), _TOPICS.split(), _METHODS.split()
    surnames, given = _SURNAMES.split(), _GIVEN.split()
    people = [(rng.choice(given), rng.choice(surnames)) for _ in range(count // 4)]
    chinese = []
    for number in range(count // 2):
        pattern = rng.choice(_PATTERNS)
        title = pattern.format(
            t=rng.choice(topics), t2=rng.choice(topics), m=rng.choice(methods), w=rng.choice(words)
        )
        authors = rng.sample(people, k=rng.randint(1, 5))
        year = max(1980, 2025 - int(rng.expovariate(1 / 6)))
        chinese.append(
            generate_library.GeneratedPaper(
                count + number + 1, title, authors, year, rng.choice(_VENUES.split())
            )
        )
    return english + chinese


def search_documents(papers: list[generate_library.GeneratedPaper]) -> list[SearchDocument]:
    return generate_library.search_documents(papers)


def chinese_queries(
    papers: list[generate_library.GeneratedPaper], seed: int = 5
) -> list[tuple[str, str, int]]:
    """(kind, query, source paper id): runs of a title, names, pinyin, Traditional forms,
    a title with a character wrong, and the English benchmark's own queries."""
    import opencc
    from pypinyin import lazy_pinyin

    rng = random.Random(seed)
    to_traditional = opencc.OpenCC("s2t")
    chinese = [p for p in papers if not p.title.isascii()]
    queries: list[tuple[str, str, int]] = []
    for paper in rng.sample(chinese, 200):
        title = paper.title
        start = rng.randrange(0, len(title) - 3)
        run = title[start : start + rng.randint(2, 4)]
        given, family = paper.authors[0]
        wrong = rng.randrange(1, len(title) - 1)
        queries += [
            ("run", run, paper.id),
            ("run+name", f"{run} {family}{given}", paper.id),
            ("traditional", to_traditional.convert(run), paper.id),
            ("pinyin name", "".join(lazy_pinyin(family + given)), paper.id),
            ("one wrong", title[:wrong] + "错" + title[wrong + 1 :], paper.id),
            ("qualified", f"title:{run} -综述", paper.id),
        ]
    english = [p for p in papers if p.title.isascii()]
    queries += generate_library.benchmark_queries(english)[:300]
    return queries
