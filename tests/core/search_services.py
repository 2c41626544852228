"""arXiv's search API and Crossref's /works search, answered from papers of the shared corpus.

`CorpusPapers` reads real entries with abstracts from `../shared/corpus/bibliotex` at test time
(never copied into the repository): the papers a listing will hold, and the other papers of
the same first authors, which the services also know and which are the distractors a search
by author brings back. `SearchIndex` serves them through the loopback `FakeServices`: arXiv's
`search_query` (`au:`, `abs:`, AND, OR, parentheses) answered with an Atom feed, Crossref's
`query.bibliographic` / `query.author` with its JSON, as the real services shape them.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from html import escape
from pathlib import Path

from core.lookup_server import Answer, FakeServices

from desktop.core import folding
from desktop.core.formats import listing, registry
from desktop.core.formats.doi import is_doi
from desktop.core.formats.record import Record

_MIN_ABSTRACT = 300


@dataclass
class Known:
    """A paper the stub services know: its record, and how each service holds it."""

    record: Record
    arxiv_id: str = ""
    #: Whether Crossref's answer carries the abstract (most of its works do not).
    crossref_abstract: bool = True
    on_arxiv: bool = True
    on_crossref: bool = True


def corpus_records(corpus: Path) -> list[Record]:
    """Every bibliotex entry with a title, authors, a year, a DOI and a real abstract (and
    a title no other entry has)."""
    reader = registry.reader_for("bibtex")
    found = []
    for path in sorted((corpus / "bibliotex" / "references").rglob("*.bib")):
        for record in reader(path.read_text(encoding="utf-8", errors="replace"), path.name).records:
            if (
                len(record.abstract) >= _MIN_ABSTRACT
                and record.title
                and record.authors
                and record.year
                and is_doi(record.doi)
                and "\\" not in record.abstract
            ):
                found.append(record)
    # The corpus lists a few papers twice under two DOIs: which one is "right" is unknowable.
    titles = Counter(folding.for_duplicates(record.title) for record in found)
    return [record for record in found if titles[folding.for_duplicates(record.title)] == 1]


def listing_block(record: Record, *, topic: str = "") -> str:
    """The paper as a paper-search page's copy gives it: topic, authors, abstract; no title."""
    names = ", ".join(" ".join(f"{p.given} {p.von} {p.family}".split()) for p in record.authors)
    lines = [topic] if topic else []
    lines += [names, " ".join(record.abstract.split())]
    return "\n\n".join(lines)


def survives_listing(record: Record) -> bool:
    """Whether the listing importer reads the block back as one untitled paper with the same
    authors and abstract (some corpus bylines hold names no web page would write)."""
    parsed = listing.parse(listing_block(record))
    if len(parsed.records) != 1 or parsed.problems:
        return False
    back = parsed.records[0]
    return (
        not back.title
        and [p.family for p in back.authors] == [p.family for p in record.authors]
        and folding.for_search(back.abstract) == folding.for_search(record.abstract)
    )


@dataclass
class Collection:
    """The test collection: listing papers (by their true record) and everything served."""

    targets: list[Record]
    #: Listing papers the services do not know: any title applied to them is wrong.
    absent: list[Record]
    known: list[Known] = field(default_factory=list)

    @property
    def listed(self) -> list[Record]:
        """The listing's papers in its order (so in the order the import stores them)."""
        return self.targets + self.absent

    def listing(self) -> str:
        """The papers as a copied listing: titles gone, and abstracts as pages show them
        (every third cut short, every fourth with a sentence left out)."""
        blocks = ["论文检索"]
        for index, record in enumerate(self.listed):
            topic = "Physics · Materials" if index % 3 == 0 else ""
            shown = replace(record, abstract=_as_shown(record.abstract, index))
            blocks.append(listing_block(shown, topic=topic))
        return "\n\n".join(blocks) + "\n"


def _as_shown(abstract: str, index: int) -> str:
    words = abstract.split()
    if index % 3 == 1:
        return " ".join(words[: max(40, len(words) * 3 // 5)]) + " …"
    sentences = re.split(r"(?<=\.) (?=[A-Z])", " ".join(words))
    if index % 4 == 2 and len(sentences) > 3:
        del sentences[len(sentences) // 2]
    return " ".join(sentences)


def build_collection(records: list[Record], *, size: int = 36, absent: int = 6) -> Collection:
    """`size` listing papers whose first author has other papers in the corpus (the
    distractors), plus `absent` more that the services do not know at all."""
    by_author: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        by_author[folding.for_duplicates(record.authors[0].family)].append(record)
    targets: list[Record] = []
    missing: list[Record] = []
    distractors: list[Record] = []
    for group in sorted(by_author.values(), key=lambda g: g[0].doi):
        usable = [r for r in group if survives_listing(r)]
        if len(group) < 2 or not usable:
            continue
        if len(targets) < size:
            targets.append(usable[0])
        elif len(missing) < absent:
            missing.append(usable[0])
        else:
            break
        distractors += [r for r in group if r is not usable[0]]
    collection = Collection(targets, missing)
    for index, record in enumerate(targets + distractors):
        collection.known.append(
            Known(
                record,
                arxiv_id=f"21{(index % 12) + 1:02d}.{10000 + index:05d}",
                crossref_abstract=index % 2 == 0,
                on_arxiv=index % 5 != 4,  # some papers were never on arXiv
            )
        )
    # A near copy for some listing papers (known or not): same authors, the opening of the
    # abstract shared, a different continuation and title (a companion paper).
    for index, record in enumerate(targets[::4] + missing[::2]):
        other = distractors[index % len(distractors)].abstract
        half = record.abstract[: len(record.abstract) // 2]
        near = replace(
            record,
            title=f"Companion study: {record.title}",
            doi=f"{record.doi}.companion",
            abstract=f"{half} {other[len(other) // 2 :]}",
        )
        collection.known.append(Known(near, arxiv_id=f"2012.{20000 + index:05d}"))
    return collection


# -- serving ---------------------------------------------------------------------------------

_TERM = re.compile(r'\(|\)|"[^"]*"|[^\s()]+')


class SearchIndex:
    """Answers searches from `known` papers as arXiv and Crossref would."""

    def __init__(self, known: list[Known]) -> None:
        self.known = known

    def serve(self, services: FakeServices) -> None:
        services.route("/api/query", self.arxiv)
        services.route("/works", self.crossref)

    # arXiv ---------------------------------------------------------------------------------

    def arxiv(self, query: dict[str, str]) -> Answer:
        tokens = _TERM.findall(query.get("search_query", ""))
        limit = int(query.get("max_results", "10"))
        hits = []
        for known in self.known:
            if not known.on_arxiv:
                continue
            matched, weight = _evaluate(list(tokens), known.record)
            if matched:
                hits.append((weight, known))
        hits.sort(key=lambda hit: -hit[0])
        entries = "".join(_atom_entry(known) for _weight, known in hits[:limit])
        feed = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<feed xmlns="http://www.w3.org/2005/Atom" '
            'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" '
            'xmlns:arxiv="http://arxiv.org/schemas/atom">'
            f"<title>arXiv Query: {escape(query.get('search_query', ''))}</title>"
            f"<opensearch:totalResults>{len(hits)}</opensearch:totalResults>"
            f"{entries}</feed>"
        )
        return Answer(feed.encode("utf-8"), content_type="application/atom+xml")

    # Crossref ------------------------------------------------------------------------------

    def crossref(self, query: dict[str, str]) -> Answer:
        words = set(folding.search_words(query.get("query.bibliographic", "")))
        authors = set(folding.search_words(query.get("query.author", "")))
        rows = int(query.get("rows", "20"))
        scored = []
        for known in self.known:
            if not known.on_crossref:
                continue
            record = known.record
            text = set(folding.search_words(f"{record.title} {record.abstract}"))
            names = set(folding.search_words(" ".join(p.family for p in record.authors)))
            score = len(words & text) + 2 * len(authors & names)
            if score:
                scored.append((score, known))
        scored.sort(key=lambda hit: -hit[0])
        items = [_crossref_item(known) for _score, known in scored[:rows]]
        body = {
            "status": "ok",
            "message-type": "work-list",
            "message-version": "1.0.0",
            "message": {"total-results": len(scored), "items": items, "items-per-page": rows},
        }
        return Answer(json.dumps(body).encode("utf-8"))


def _evaluate(tokens: list[str], record: Record) -> tuple[bool, int]:
    """Whether the record matches arXiv's boolean query, and how many `abs:` terms it met."""
    words = set(folding.search_words(record.abstract))
    names = set(folding.search_words(" ".join(f"{p.given} {p.family}" for p in record.authors)))
    met = 0

    def term(token: str) -> bool:
        nonlocal met
        prefix, _, value = token.partition(":")
        wanted = folding.search_words(value.strip('"'))
        if prefix == "au":
            return bool(wanted) and all(w in names for w in wanted)
        if prefix == "abs":
            found = bool(wanted) and all(w in words for w in wanted)
            met += found
            return found
        raise ValueError(f"the stub does not know the field {prefix!r}")

    def expression() -> bool:
        value = operand()
        while tokens and tokens[0] in ("AND", "OR"):
            operator = tokens.pop(0)
            right = operand()
            value = (value and right) if operator == "AND" else (value or right)
        return value

    def operand() -> bool:
        token = tokens.pop(0)
        if token == "(":
            value = expression()
            tokens.pop(0)  # ")"
            return value
        return term(token)

    return expression(), met


def _atom_entry(known: Known) -> str:
    record = known.record
    authors = "".join(
        f"<author><name>{escape(f'{p.given} {p.family}'.strip())}</name></author>"
        for p in record.authors
    )
    return (
        f"<entry><id>http://arxiv.org/abs/{known.arxiv_id}v1</id>"
        f"<published>{record.year}-03-01T12:00:00Z</published>"
        f"<title>{escape(record.title)}</title>"
        f"<summary>  {escape(record.abstract)}\n</summary>{authors}"
        f"<arxiv:doi>{escape(record.doi)}</arxiv:doi>"
        '<arxiv:primary_category term="cond-mat.mtrl-sci"/></entry>'
    )


def _crossref_item(known: Known) -> dict[str, object]:
    record = known.record
    item: dict[str, object] = {
        "DOI": record.doi,
        "type": "journal-article",
        "title": [record.title],
        "container-title": [record.journal] if record.journal else [],
        "author": [
            {"given": p.given, "family": p.family, "sequence": "first" if i == 0 else "additional"}
            for i, p in enumerate(record.authors)
        ],
        "issued": {"date-parts": [[record.year]]},
        "score": 12.5,
    }
    if known.crossref_abstract:
        item["abstract"] = f"<jats:p>{escape(record.abstract)}</jats:p>"
    return item
