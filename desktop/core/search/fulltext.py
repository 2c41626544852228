"""Full-text search over abstracts and notes: FTS5 on SQLite, tsvector on PostgreSQL.

The schema side (FTS5 table and triggers, GIN indexes) lives in migration 0002; this module
only queries it. Raw user text never reaches either engine's query syntax: it is cut into
plain word tokens first, and each token is quoted (FTS5) or passed as a bound lexeme
(PostgreSQL), so `NEAR(`, `"`, `*`, `:` or `&` are just characters.
"""

from __future__ import annotations

import re
import unicodedata

from sqlalchemy import Connection, select, text
from sqlmodel import col

from desktop.core.models import Note, Paper

#: The FTS5 table of migration 0002 (its name starts with `schema.UNMODELLED_PREFIX`).
SQLITE_TABLE = "fts_paper"

# Letters and digits, as FTS5's unicode61 tokenizer sees words ("_" separates).
_TOKEN = re.compile(r"[^\W_]+")
#: A query word this short matches too much to be a useful prefix.
MIN_PREFIX = 2


def tokens(text_: str) -> list[str]:
    """The word tokens of user text, lower-cased; everything else is dropped."""
    return [t.casefold() for t in _TOKEN.findall(text_)]


def folded_tokens(text_: str, *, accents: bool = False) -> list[str]:
    """Tokens as the engines index them: lower case; without accents (FTS5's
    remove_diacritics) unless `accents` (PostgreSQL's 'simple' configuration keeps them)."""
    if accents:
        return _TOKEN.findall(text_.casefold())
    decomposed = unicodedata.normalize("NFKD", text_.casefold())
    return _TOKEN.findall("".join(c for c in decomposed if not unicodedata.combining(c)))


def fts5_query(words: list[str]) -> str:
    """An FTS5 MATCH expression: the words in order as a phrase, the last one a prefix."""
    expression = " + ".join('"' + w.replace('"', '""') + '"' for w in words)
    if words and len(words[-1]) >= MIN_PREFIX:
        expression += " *"
    return expression


def match(connection: Connection, text_: str, field: str | None = None) -> set[int]:
    """Ids of papers (trash included) whose abstract or notes contain `text_`.

    `field` limits the search to "abstract" or "note"; several words must appear together.
    """
    words = tokens(text_)
    if not words:
        return set()
    if connection.dialect.name == "sqlite":
        return _match_sqlite(connection, words, field)
    return _match_postgresql(connection, words, field)


def match_within(
    connection: Connection, text_: str, field: str | None, paper_ids: set[int]
) -> set[int]:
    """Those of `paper_ids` whose abstract or notes contain `text_`, checked paper by paper.

    Gives the same answer as `match` restricted to `paper_ids`, but reads only those
    papers: cheaper than `match` for a common word when few papers are in question.
    """
    accents = connection.dialect.name != "sqlite"
    words = folded_tokens(text_, accents=accents)
    if not words or not paper_ids:
        return set()
    texts: dict[int, list[str]] = {}
    ids = sorted(paper_ids)
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        if field in (None, "abstract"):
            rows = connection.execute(
                select(col(Paper.id), col(Paper.abstract)).where(col(Paper.id).in_(chunk))
            )
            for paper_id, abstract in rows:
                texts.setdefault(paper_id or 0, []).append(abstract)
        if field in (None, "note"):
            rows = connection.execute(
                select(col(Note.paper_id), col(Note.body)).where(col(Note.paper_id).in_(chunk))
            )
            for paper_id, body in rows:
                texts.setdefault(paper_id or 0, []).append(body)
    return {
        pid
        for pid, bodies in texts.items()
        if any(_has_phrase(folded_tokens(b, accents=accents), words) for b in bodies)
    }


def _has_phrase(tokens: list[str], words: list[str]) -> bool:
    """`words` in order and adjacent among `tokens`, the last one possibly a prefix."""
    last_is_prefix = len(words[-1]) >= MIN_PREFIX
    span = len(words)
    for start in range(len(tokens) - span + 1):
        if tokens[start : start + span - 1] == words[:-1]:
            token = tokens[start + span - 1]
            if token == words[-1] or (last_is_prefix and token.startswith(words[-1])):
                return True
    return False


def _match_sqlite(connection: Connection, words: list[str], field: str | None) -> set[int]:
    column = {"abstract": "abstract", "note": "notes"}.get(field or "", SQLITE_TABLE)
    rows = connection.execute(
        text(f"SELECT rowid FROM {SQLITE_TABLE} WHERE {column} MATCH :q"),
        {"q": fts5_query(words)},
    )
    return {row[0] for row in rows}


def _match_postgresql(connection: Connection, words: list[str], field: str | None) -> set[int]:
    # Each token becomes a quoted lexeme with a prefix marker, joined as a phrase (<->).
    lexemes = ["'" + w.replace("'", "''") + "'" for w in words]
    if len(words[-1]) >= MIN_PREFIX:
        lexemes[-1] += ":*"
    tsquery = " <-> ".join(lexemes)
    found: set[int] = set()
    if field in (None, "abstract"):
        rows = connection.execute(
            text(
                "SELECT id FROM paper WHERE to_tsvector('simple', abstract) "
                "@@ to_tsquery('simple', :q)"
            ),
            {"q": tsquery},
        )
        found.update(row[0] for row in rows)
    if field in (None, "note"):
        rows = connection.execute(
            text(
                "SELECT DISTINCT paper_id FROM note WHERE to_tsvector('simple', body) "
                "@@ to_tsquery('simple', :q)"
            ),
            {"q": tsquery},
        )
        found.update(row[0] for row in rows)
    return found
