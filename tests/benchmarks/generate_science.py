"""A second generated library, shaped like real science rather than like `generate_library`:
authors drawn from tens of thousands of names (the real names of the corpus's .bib files,
read at run time, and combinations of real given and family names), 1-20 per paper with a
mean near 5.5 and about one paper in ten with 12 or more, and abstracts of 100-200 words.

Issue 17 measured import, export and search on such a library and found them slower than on
the first one: many authors per paper and long abstracts are where the time goes.

Its words come from the corpus too (`WORDS_FROM_CORPUS`): titles draw the words of its real
titles as often as they are used there, and abstracts the words of its real abstracts, with
most of their own title's words, as real abstracts have them. Drawn instead from
`generate_library`'s 763 title words by Zipf's law (`WORDS_FROM_LIST`, the way this library
was first made), every word of every abstract is in thousands of others and the most common
in all of them, where a real title's word is in a few percent (see `word_shares`): kept as
a stress case for full-text search, not as the shape of real science."""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import generate_library
import wordlists

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
#: How many distinct people the papers' authors are drawn from.
PEOPLE = 40_000
#: A word of a plainly written name: a capitalised word or initial, or a particle.
_NAME_WORD = re.compile(r"(?:[^\W\d_][\w'-]*\.?|von|van|de|der|den|la|le|di|da|du|dos)")
_AUTHOR_FIELD = re.compile(r'\bauthor\s*=\s*[{"](.*?)[}"]\s*,?\s*\n', re.IGNORECASE | re.DOTALL)
_TITLE_FIELD = re.compile(r'\btitle\s*=\s*[{"](.*?)[}"]\s*,?\s*\n', re.IGNORECASE | re.DOTALL)
_ABSTRACT_FIELD = re.compile(r'\babstract\s*=\s*[{"](.*?)[}"]\s*,?\s*\n', re.IGNORECASE | re.DOTALL)
#: A LaTeX command, left out of the words (`\\emph`, `\\mu`).
_MACRO = re.compile(r"\\[a-zA-Z]+")
_WORD = re.compile(r"[a-z]+")
#: Shorter words of a title are its connectives, which `generate_library._title` adds.
_TITLE_WORD_AT_LEAST = 4
#: An abstract this short is a note, not an abstract.
_ABSTRACT_WORDS_AT_LEAST = 40
#: The share of a real title's words (of 4 letters or more) that its own abstract holds:
#: 0.72 over the corpus's 1,412 abstracts with a title (with `generate_library`'s words,
#: drawn at random, 0.42).
OWN_TITLE_WORDS_IN_ABSTRACT = 0.72
#: Where the words of titles and abstracts come from (see the module's docstring).
WORDS_FROM_CORPUS, WORDS_FROM_LIST = "corpus", "list"
#: What the benchmarks call this library made with `WORDS_FROM_LIST` (a stress case).
LISTED_WORDS_SHAPE = f"science-shaped, {len(generate_library._WORDS)} listed words"


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


@dataclass(frozen=True)
class CorpusWords:
    """The words of the corpus's real titles and abstracts, each with how often it is used."""

    title: Counter[str]
    abstract: Counter[str]


@functools.cache
def corpus_texts(folder: Path = CORPUS) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The distinct titles and abstracts of the corpus's .bib files (an abstract of fewer
    than 40 words is a note, and left out); read once, as generating, making queries and
    printing the shares all ask."""
    titles: dict[str, None] = {}
    abstracts: dict[str, None] = {}
    for path in sorted(folder.rglob("*.bib")):
        text = path.read_text(encoding="utf-8", errors="replace")
        titles.update(dict.fromkeys(field.group(1) for field in _TITLE_FIELD.finditer(text)))
        for field in _ABSTRACT_FIELD.finditer(text):
            if len(field.group(1).split()) >= _ABSTRACT_WORDS_AT_LEAST:
                abstracts[field.group(1)] = None
    return tuple(titles), tuple(abstracts)


def corpus_words(folder: Path = CORPUS) -> CorpusWords:
    """The words (lower case, ASCII letters) of the corpus's titles (4 letters or more: the
    shorter ones are connectives, which `generate_library._title` adds) and abstracts."""
    titles, abstracts = corpus_texts(folder)
    title_words = Counter(w for title in titles for w in _title_words(title))
    return CorpusWords(title_words, Counter(w for body in abstracts for w in _words(body)))


def word_shares(titles: Sequence[str], abstracts: Sequence[str]) -> str:
    """How common the words of titles are, said in a line: for every word (of 4 letters or
    more) of every title, the share of the titles holding it, and of the abstracts; the
    median and the 90th percentile of each.

    When this was written: the corpus's 6,832 titles and 1,570 abstracts, 0.5% (p90 4.0%)
    and 2.3% (p90 13.6%); 20k papers of this library, 0.8% (p90 14.7%) and 4.0% (p90 25.1%)
    (longer titles than the corpus's draw its common words more often), and made with
    `generate_library`'s words, 3.3% (p90 37.6%) and 26.0% (p90 99.9%)."""
    in_titles = Counter(w for title in titles for w in set(_title_words(title)))
    in_abstracts = Counter(w for body in abstracts for w in set(_words(body)))
    used = [w for title in titles for w in _title_words(title)]

    def middle_and_p90(shares: list[float]) -> str:
        shares.sort()
        if not shares:
            return "none"
        return f"{shares[len(shares) // 2]:.1%} (p90 {shares[len(shares) * 9 // 10]:.1%})"

    of_titles = middle_and_p90([in_titles[w] / max(len(titles), 1) for w in used])
    of_abstracts = middle_and_p90([in_abstracts[w] / max(len(abstracts), 1) for w in used])
    return (
        f"a title's word (4 letters or more) is in a median {of_titles} of the"
        f" {len(titles):,} titles and {of_abstracts} of the {len(abstracts):,} abstracts"
    )


def _title_words(title: str) -> list[str]:
    return [w for w in _words(title) if len(w) >= _TITLE_WORD_AT_LEAST]


def _words(text: str) -> list[str]:
    return _WORD.findall(_MACRO.sub(" ", text).lower())


def title_vocabulary(words: str = WORDS_FROM_CORPUS) -> set[str]:
    """The content words titles are made of (their connectives and function words aside, as
    `generate_library.benchmark_queries` leaves out its connectives): what queries are made
    of."""
    if words == WORDS_FROM_LIST:
        return set(generate_library._WORDS)
    return set(corpus_words().title).difference(wordlists.FUNCTION_WORDS)


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


def generate(
    count: int, seed: int = 11, words: str = WORDS_FROM_CORPUS
) -> list[generate_library.GeneratedPaper]:
    """`count` papers with abstracts, the same for the same seed and `words`."""
    rng = random.Random(seed)
    if words == WORDS_FROM_LIST:
        listed = generate_library._WORDS
        title_words = rng.sample(listed, len(listed))
        title_weights = generate_library._cumulative(
            [1.0 / (rank + 1) ** 0.9 for rank in range(len(listed))]
        )
        abstract_words, abstract_weights = title_words, title_weights
    else:
        used = corpus_words()
        title_words = sorted(used.title)
        title_weights = generate_library._cumulative([used.title[w] for w in title_words])
        abstract_words = sorted(used.abstract)
        abstract_weights = generate_library._cumulative([used.abstract[w] for w in abstract_words])
    people = _people(rng)
    person_weights = generate_library._cumulative(
        [1.0 / (rank + 1) ** 0.6 for rank in range(len(people))]
    )
    venues = generate_library._VENUES
    papers = []
    for paper_id in range(1, count + 1):
        drawn = rng.choices(title_words, cum_weights=title_weights, k=rng.randint(4, 14))
        in_title = list(dict.fromkeys(drawn))
        title = generate_library._title(rng, in_title)
        authors = list(
            dict.fromkeys(rng.choices(people, cum_weights=person_weights, k=author_count(rng)))
        )
        year = max(1950, 2025 - int(rng.expovariate(1 / 8)))
        length = rng.randint(100, 200)
        if words == WORDS_FROM_LIST:
            body = rng.choices(abstract_words, cum_weights=abstract_weights, k=length)
        else:
            body = [w for w in in_title if rng.random() < OWN_TITLE_WORDS_IN_ABSTRACT]
            body += rng.choices(abstract_words, cum_weights=abstract_weights, k=length - len(body))
            rng.shuffle(body)
        papers.append(
            generate_library.GeneratedPaper(
                paper_id, title, authors, year, rng.choice(venues), " ".join(body)
            )
        )
    return papers
