"""A generated library for benchmarks: 100k papers with titles of real English words, coined
method names, 1-20 authors drawn from a pool where some people are prolific, and years."""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass

import wordlists

from desktop.core.search.document import SearchDocument

_WORDS = wordlists.TITLE_WORDS.split()
_GIVEN = wordlists.GIVEN_NAMES.split()
_FAMILY = [name.replace("_", " ") for name in wordlists.FAMILY_NAMES.split()]
_VENUES = [v.strip() for v in wordlists.VENUES.replace("\n", "").split("|") if v.strip()]
_SYLLABLES = "ka lo ri ven tor sa mi nex ul bra qui zo fen dar mor lux tri pho gen vi".split()


@dataclass(frozen=True)
class GeneratedPaper:
    id: int
    title: str
    authors: list[tuple[str, str]]
    year: int
    venue: str
    abstract: str = ""


def generate(count: int, seed: int = 4, abstracts: bool = False) -> list[GeneratedPaper]:
    """`count` papers, the same for the same seed."""
    rng = random.Random(seed)
    # Word frequencies follow Zipf's law over a shuffled list (so that common words are not
    # all early in the alphabet); a few people write many papers, most write one or two.
    words_by_rank = rng.sample(_WORDS, len(_WORDS))
    word_weights = _cumulative([1.0 / (rank + 1) ** 0.9 for rank in range(len(_WORDS))])
    people = [(rng.choice(_GIVEN), rng.choice(_FAMILY)) for _ in range(max(count // 2, 10))]
    person_weights = _cumulative([1.0 / (rank + 1) ** 0.6 for rank in range(len(people))])
    papers = []
    for paper_id in range(1, count + 1):
        words = rng.choices(words_by_rank, cum_weights=word_weights, k=rng.randint(3, 11))
        title = _title(rng, list(dict.fromkeys(words)))
        size = min(20, max(1, int(rng.lognormvariate(1.2, 0.6))))
        authors = rng.choices(people, cum_weights=person_weights, k=size)
        year = max(1950, 2025 - int(rng.expovariate(1 / 8)))
        abstract = ""
        if abstracts:
            abstract = " ".join(rng.choices(words_by_rank, cum_weights=word_weights, k=150))
        papers.append(GeneratedPaper(paper_id, title, authors, year, rng.choice(_VENUES), abstract))
    return papers


def _cumulative(weights: list[float]) -> list[float]:
    total, running = 0.0, []
    for weight in weights:
        total += weight
        running.append(total)
    return running


def _title(rng: random.Random, words: list[str]) -> str:
    """Words with connectives between some of them, sometimes after a coined method name."""
    parts = [words[0].capitalize()]
    for word in words[1:]:
        if rng.random() < 0.3:
            parts.append(rng.choice(wordlists.CONNECTIVES))
        parts.append(word.capitalize() if rng.random() < 0.5 else word)
    title = " ".join(parts)
    if rng.random() < 0.35:
        name = "".join(rng.choices(_SYLLABLES, k=rng.randint(2, 3))).capitalize()
        title = f"{name}: {title}"
    return title


def search_documents(papers: list[GeneratedPaper]) -> list[SearchDocument]:
    return [
        SearchDocument(
            id=p.id,
            title=p.title,
            authors=p.authors,
            year=p.year,
            venue=p.venue,
            citekey=f"{p.authors[0][1].lower()}{p.year}{p.id}",
        )
        for p in papers
    ]


def misspell(rng: random.Random, word: str) -> str:
    """One typo: two letters swapped, one dropped, or one replaced."""
    if len(word) < 4:
        return word
    at = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(3)
    if kind == 0:
        return word[:at] + word[at + 1] + word[at] + word[at + 2 :]
    if kind == 1:
        return word[:at] + word[at + 1 :]
    return word[:at] + rng.choice("aeioulnrst") + word[at + 1 :]


def benchmark_queries(
    papers: list[GeneratedPaper], seed: int = 7, content: Collection[str] | None = None
) -> list[tuple[str, str, int]]:
    """300 (kind, query, id of the paper it was made from) of five kinds, 60 each, made of
    the titles' `content` words (by default `generate`'s: the connectives and coined method
    names aside)."""
    rng = random.Random(seed)
    queries: list[tuple[str, str, int]] = []
    content = set(_WORDS) if content is None else content

    def title_words(paper: GeneratedPaper) -> list[str]:
        return [w.lower() for w in paper.title.replace(":", "").split() if w.lower() in content]

    for _ in range(60):
        paper = rng.choice(papers)
        queries.append(("exact word", rng.choice(title_words(paper)), paper.id))
    typed: list[tuple[str, str, int]] = []
    while len(typed) < 60:
        paper = rng.choice(papers)
        text = " ".join(title_words(paper)[:3])
        typed += [("prefix typed", text[:end], paper.id) for end in range(1, len(text) + 1)]
    queries += typed[:60]
    for _ in range(60):
        paper = rng.choice(papers)
        words = title_words(paper)
        start = rng.randrange(max(1, len(words) - 3))
        chosen = words[start : start + 4]
        for _typo in range(rng.randint(1, 2)):
            at = rng.randrange(len(chosen))
            chosen[at] = misspell(rng, chosen[at])
        queries.append(("misspelt title", " ".join(chosen), paper.id))
    for _ in range(60):
        paper = rng.choice(papers)
        given, family = rng.choice(paper.authors)
        name = misspell(rng, family.split()[-1])
        text = f"{given[0]}. {name}" if rng.random() < 0.5 else name
        queries.append(("misspelt author", f"{text} {rng.choice(title_words(paper))}", paper.id))
    for _ in range(60):
        paper = rng.choice(papers)
        given, family = rng.choice(paper.authors)
        word = rng.choice(title_words(paper))
        forms = [
            f"author:{family.split()[-1]} year:{paper.year}",
            f"title:{word} year:>={paper.year - 2}",
            f'venue:"{paper.venue}" {word}',
            f"year:{paper.year - 1}..{paper.year + 1} {word} -{rng.choice(_WORDS)}",
        ]
        queries.append(("qualified", rng.choice(forms), paper.id))
    return queries
