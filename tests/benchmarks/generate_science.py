"""A second generated library, shaped like real science rather than like `generate_library`:
authors drawn from tens of thousands of names (the real names of the corpus's .bib files,
read at run time, and combinations of real given and family names), 1-20 per paper with a
mean near 5.5 and about one paper in ten with 12 or more, and abstracts of 100-200 words.

Issue 17 measured import, export and search on such a library and found them slower than on
the first one: many authors per paper and long abstracts are where the time goes."""

from __future__ import annotations

import random
import re
from pathlib import Path

import generate_library
import wordlists

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
#: How many distinct people the papers' authors are drawn from.
PEOPLE = 40_000
#: A word of a plainly written name: a capitalised word or initial, or a particle.
_NAME_WORD = re.compile(r"(?:[^\W\d_][\w'-]*\.?|von|van|de|der|den|la|le|di|da|du|dos)")
_AUTHOR_FIELD = re.compile(r'\bauthor\s*=\s*[{"](.*?)[}"]\s*,?\s*\n', re.IGNORECASE | re.DOTALL)


def corpus_names(folder: Path = CORPUS) -> list[tuple[str, str]]:
    """(given, family) of every plainly written author name in the corpus's .bib files."""
    found: dict[tuple[str, str], None] = {}
    for path in sorted(folder.rglob("*.bib")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for field in _AUTHOR_FIELD.finditer(text):
            for name in re.split(r"\s+and\s+", field.group(1)):
                name = " ".join(name.split())
                if not 3 < len(name) < 60 or name.count(",") > 1 or not _plain(name):
                    continue
                if "," in name:
                    family, _, given = name.partition(",")
                else:
                    given, _, family = name.rpartition(" ")
                if family.strip() and given.strip():
                    found[(given.strip(), family.strip())] = None
    return list(found)


def _plain(name: str) -> bool:
    words = name.replace(",", " ").split()
    return all(_NAME_WORD.fullmatch(word) for word in words) and not any(
        word[0].islower() for word in words[-1:] + words[:1]
    )


def _people(rng: random.Random) -> list[tuple[str, str]]:
    real = corpus_names()
    given = wordlists.GIVEN_NAMES.split()
    family = [name.replace("_", " ") for name in wordlists.FAMILY_NAMES.split()]
    made: dict[tuple[str, str], None] = dict.fromkeys(real)
    while len(made) < PEOPLE:
        first = rng.choice(given)
        if rng.random() < 0.3:  # a middle initial, as many bylines have
            first = f"{first} {rng.choice('ABCDEFGHJKLMNPRSTW')}."
        made[(first, rng.choice(family))] = None
    return rng.sample(list(made), len(made))


def author_count(rng: random.Random) -> int:
    """1-20: mostly small groups, one paper in ten a large collaboration of 12 or more."""
    if rng.random() < 0.1:
        return rng.randint(12, 20)
    return min(11, max(1, round(rng.lognormvariate(1.35, 0.6))))


def generate(count: int, seed: int = 11) -> list[generate_library.GeneratedPaper]:
    """`count` papers with abstracts, the same for the same seed."""
    rng = random.Random(seed)
    words = generate_library._WORDS
    words_by_rank = rng.sample(words, len(words))
    word_weights = generate_library._cumulative(
        [1.0 / (rank + 1) ** 0.9 for rank in range(len(words))]
    )
    people = _people(rng)
    person_weights = generate_library._cumulative(
        [1.0 / (rank + 1) ** 0.6 for rank in range(len(people))]
    )
    venues = generate_library._VENUES
    papers = []
    for paper_id in range(1, count + 1):
        title_words = rng.choices(words_by_rank, cum_weights=word_weights, k=rng.randint(4, 14))
        title = generate_library._title(rng, list(dict.fromkeys(title_words)))
        authors = list(
            dict.fromkeys(rng.choices(people, cum_weights=person_weights, k=author_count(rng)))
        )
        year = max(1950, 2025 - int(rng.expovariate(1 / 8)))
        abstract = " ".join(
            rng.choices(words_by_rank, cum_weights=word_weights, k=rng.randint(100, 200))
        )
        papers.append(
            generate_library.GeneratedPaper(
                paper_id, title, authors, year, rng.choice(venues), abstract
            )
        )
    return papers
