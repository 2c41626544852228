"""Full-text search over abstracts and notes: FTS5 on SQLite, tsvector on PostgreSQL.

The schema side (FTS5 table and triggers, GIN indexes) lives in migration 0002; this module
only queries it. Raw user text never reaches either engine's query syntax: it is cut into
plain word tokens first, and each token is quoted (FTS5) or passed as a bound lexeme
(PostgreSQL), so `NEAR(`, `"`, `*`, `:` or `&` are just characters.
"""

from __future__ import annotations

import re

from sqlalchemy import Connection, text

#: The FTS5 table of migration 0002 (its name starts with `schema.UNMODELLED_PREFIX`).
SQLITE_TABLE = "fts_paper"

_TOKEN = re.compile(r"\w+", re.UNICODE)
#: A query word this short matches too much to be a useful prefix.
MIN_PREFIX = 2


def tokens(text_: str) -> list[str]:
    """The word tokens of user text, lower-cased; everything else is dropped."""
    return [t.casefold() for t in _TOKEN.findall(text_)]


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
