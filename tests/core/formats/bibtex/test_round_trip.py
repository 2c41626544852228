"""Import -> BibTeX export -> import over the whole corpus gives the same records.

The export writes LaTeX only where it reads back as the same character and UTF-8 for every
other one (Cyrillic, CJK, ﬁ...), so almost everything must come back as it was. Undone
below before comparing, on purpose:
- the Unicode minus and primes are written as today's LaTeX (`{\\ensuremath{-}}`), which
  reads back as `-` and `'`: as UTF-8 they would stop pdfLaTeX;
- url and doi are escaped where TeX needs it (`\\%`), which names the same resource.
The few records that still differ are corner cases listed in the issue notes (math holding
Unicode letters, an en dash written next to a hyphen, names with combining accents), and
the test fails if they grow beyond that handful.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

import pytest

from desktop.core.formats import registry
from desktop.core.formats.bibtex import reader, writer
from desktop.core.formats.record import Record

ASCII_FORMS = str.maketrans({"\u2212": "-", "\u2032": "'", "\u2033": "''"})
FIELDS = (
    "entry_type",
    "title",
    "journal",
    "booktitle",
    "publisher",
    "volume",
    "number",
    "pages",
    "doi",
    "year",
    "month",
    "abstract",
)
#: At most this share of corpus records may differ after the undoing above.
TOLERATED = 0.0085  # measured: 57 of 7968 (0.72%)


def _undone(value: object) -> object:
    if not isinstance(value, str):
        return value
    return value.translate(ASCII_FORMS)


def _differences(before: Record, after: Record) -> list[str]:
    fields = [f for f in FIELDS[1:] if _undone(getattr(before, f)) != _undone(getattr(after, f))]
    if unquote(before.url) != unquote(after.url):
        fields.append("url")
    for role in ("authors", "editors"):

        def parts(record: Record, role: str = role) -> list[tuple[object, ...]]:
            # A CJK name is written split (`陈登原` as `陈, 登原`): compared as read, family first.
            people = [p.with_cjk_split() for p in getattr(record, role)]
            return [tuple(_undone(x) for x in (p.given, p.family, p.von, p.jr)) for p in people]

        if parts(before) != parts(after):
            fields.append(role)
    return fields


def _in_order_of(first: list[Record], again: list[Record]) -> list[Record]:
    """`again` in the order of `first`, records matched by key (in turn, for a key met
    twice); a record whose key was made unique on the way is matched by position."""
    by_key: dict[str, list[Record]] = {}
    for record in again:
        by_key.setdefault((record.citekey or "").casefold(), []).append(record)
    unmatched = iter(
        [
            r
            for r in again
            if (r.citekey or "").casefold() not in {(b.citekey or "").casefold() for b in first}
        ]
    )
    ordered = []
    for record in first:
        same = by_key.get((record.citekey or "").casefold())
        ordered.append(same.pop(0) if same else next(unmatched))
    return ordered


@pytest.mark.slow
def test_the_corpus_survives_a_bibtex_round_trip(corpus_dir: Path) -> None:
    total, differing, examples = 0, 0, []
    for path in sorted(corpus_dir.rglob("*.bib")):
        first = registry.read(path.read_bytes(), source=path.name, format="bibtex")[1]
        again = reader.parse(writer.write_bibtex(first.records), "export.bib")
        # Every entry comes back, with no new problem (a crossref to a missing entry, say,
        # is reported again, as it should be), in the same order but for crossref
        # parents, which come after their children (BibTeX needs them there).
        assert len(again.records) == len(first.records), path
        assert len(again.problems) <= len(first.problems), (path, again.problems[:2])
        for before, after in zip(
            first.records, _in_order_of(first.records, again.records), strict=True
        ):
            total += 1
            fields = _differences(before, after)
            if fields:
                differing += 1
                examples.append(f"{path.name} {before.citekey}: {', '.join(fields)}")
    print(f"\nround trip: {total - differing} of {total} corpus records identical")
    assert total > 7000

    assert differing <= TOLERATED * total, "\n".join(examples[:20])
