"""Full-text search over abstracts, notes and the text of attached files (PDFs): FTS5 on
SQLite, tsvector on PostgreSQL.

A note on a span of an abstract (an annotation) counts as a note: its words are looked for
in the annotation table itself, read whole, as a library holds few annotations beside its
papers (no index to keep in step).

The schema side (FTS5 tables and triggers, GIN indexes) lives in migrations 0002, 0005,
0010 (files: one row per page, `FilePage`) and 0015 (SQLite's triggers queue what changed,
`storage/fulltext_pending.py` indexes it); this module only queries it, reading the text
of papers still queued instead of their full-text rows. Raw user text never reaches
either engine's query syntax: it is cut into plain word tokens first, and each token is
quoted (FTS5) or passed as a bound lexeme (PostgreSQL), so `NEAR(`, `"`, `*`, `:` or `&`
are just characters.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from sqlalchemy import Connection, func, select, text
from sqlmodel import col

from desktop.core import cjk, folding
from desktop.core.search.held import HeldIds
from desktop.core.storage import db, fulltext_pending
from desktop.core.storage.models import Annotation, FilePage, Note, Paper

#: The FTS5 table of migration 0002 (its name starts with `schema.UNMODELLED_PREFIX`).
SQLITE_TABLE = "fts_paper"
#: The FTS5 table of the pages of attached files (migration 0010).
SQLITE_FILES_TABLE = "fts_filepage"
#: The FTS5 column a field's words are looked for in (otherwise the whole table: abstract
#: and notes).
_SQLITE_COLUMNS = {"abstract": "abstract", "note": "notes"}
#: What a search without a field looks through.
ALL_KINDS = ("abstract", "note", "fulltext")

# Letters and digits, as FTS5's unicode61 tokenizer sees words ("_" separates).
_TOKEN = re.compile(r"[^\W_]+")
#: The SQL function (SQLite: registered by `storage.db`; PostgreSQL: migration 0005) that
#: gives the form of a text the engines index (`folding.fulltext_form`).
FORM_FUNCTION = db.FULLTEXT_FUNCTION
#: A query word this short matches too much to be a useful prefix.
MIN_PREFIX = 2


def tokens(text_: str) -> list[str]:
    """The word tokens of user text, lower-cased, CJK runs as their bigrams (the form the
    engines index, `folding.fulltext_form`); everything else is dropped."""
    return [t.casefold() for t in _TOKEN.findall(folding.fulltext_form(text_))]


def _prefixed(word: str) -> bool:
    """Whether the last word of a query is matched as a prefix: one CJK character is (it
    stands for the bigrams it begins), one letter is not."""
    return len(word) >= MIN_PREFIX or cjk.is_run(word)


#: Ends the text of a phrase whose closing quote is typed (`closed`): its last word is then
#: matched whole, as every other, where a word still being typed may be a prefix.
_CLOSED = '"'


def closed(text_: str) -> str:
    """The text full text is asked about for a phrase whose closing quote is typed:
    `"due present"` finds "due present", not "due presently"."""
    return text_ + _CLOSED


def is_closed(text_: str) -> bool:
    """Whether `text_` is a `closed` phrase's (its last word matched whole)."""
    return text_.endswith(_CLOSED)


def prefix_indexed(text_: str) -> bool:
    """Whether the last word of `text_`, asked as a prefix, is answered on SQLite from the
    FTS5 table's own index of prefixes (two or three ASCII letters, migration 0005): as
    cheaply as a whole word, where a longer prefix merges the lists of every word it
    begins."""
    words = tokens(text_)
    if not words or is_closed(text_):
        return False
    return words[-1].isascii() and MIN_PREFIX <= len(words[-1]) < _SPELLED_OUT_FROM


def fts5_query(words: list[str], *, prefix: bool = True) -> str:
    """An FTS5 MATCH expression: the words in order as a phrase, the last one a prefix
    (unless not `prefix`)."""
    expression = " + ".join('"' + w.replace('"', '""') + '"' for w in words)
    if prefix and words and _prefixed(words[-1]):
        expression += " *"
    return expression


#: The annotation notes there are (built once: building a statement and keying it anew
#: cost twice what SQLite takes to answer it, at every keystroke).
_ANNOTATION_NOTES = select(col(Annotation.paper_id), col(Annotation.note)).where(
    col(Annotation.note) != ""
)
#: The highest paper id (built once, as `_ANNOTATION_NOTES`).
_HIGHEST_ID = select(func.max(col(Paper.id)))


@dataclass(frozen=True)
class Unindexed:
    """What the full-text rows cannot answer for, read once for the searches of one moment
    (a keystroke asks about several words): papers still queued for indexing, whose own
    text tells instead, and the annotation notes (paper id, folded note), kept in no index."""

    stale: frozenset[int]
    notes: tuple[tuple[int, str], ...]

    @classmethod
    def read(cls, connection: Connection) -> Unindexed:
        accents = connection.dialect.name != "sqlite"
        rows = connection.execute(_ANNOTATION_NOTES)
        notes = tuple(
            (paper_id, folding.for_fulltext(note, accents=accents)) for paper_id, note in rows
        )
        return cls(frozenset(fulltext_pending.stale_papers(connection)), notes)


def match(  # noqa: PLR0913 -- what to read (limit, prefix) and what is known already
    connection: Connection,
    text_: str,
    field: str | None = None,
    *,
    limit: int | None = None,
    prefix: bool = True,
    unindexed: Unindexed | None = None,
    among: HeldIds | None = None,
) -> set[int]:
    """Ids of papers (trash included) whose abstract, notes or attached files contain `text_`.

    `field` limits the search to "abstract", "note" or "fulltext" (the files); several words
    must appear together (on one page of a file).
    With `limit`, at most that many ids are read from each of abstracts and notes (so an
    answer of `limit` ids or more may be incomplete). Without `prefix`, the last word is
    matched whole too (a lower bound of the answer, cheaper to read: FTS5 merges the lists
    of every word a prefix stands for before giving the first id). `unindexed` is what
    an earlier call of the same moment read (`Unindexed.read`), else it is read here.
    With `among` (the search index's papers), only those ids are returned.
    """
    words = tokens(text_)
    if not words:
        return set()
    prefix = prefix and not is_closed(text_)
    if unindexed is None:
        unindexed = Unindexed.read(connection)
    if connection.dialect.name == "sqlite":
        found = _match_sqlite(connection, words, field, limit=limit, prefix=prefix, among=among)
        # Rows another program wrote that are not indexed yet: their own text tells.
        stale = set(unindexed.stale)
        if stale:
            found = (found - stale) | _among(
                match_within(connection, text_, field, paper_ids=stale), among
            )
    else:
        found = _among(
            _match_postgresql(connection, words, field, limit=limit, prefix=prefix), among
        )
    if field in (None, "note") and unindexed.notes:
        accents = connection.dialect.name != "sqlite"
        annotated = _annotated(
            unindexed.notes, folding.fulltext_tokens(text_, accents=accents), prefix
        )
        found |= _among(annotated, among)
    return found


def _among(ids: Iterable[int], among: HeldIds | None) -> set[int]:
    """`ids` as a set, only those `among` when given."""
    return set(ids) if among is None else among.narrow(ids)


def _annotated(notes: tuple[tuple[int, str], ...], words: list[str], prefix: bool) -> set[int]:
    """Papers with an annotation whose (folded) note holds the words, as `match_within`
    matches."""
    if not words:
        return set()
    pattern = _phrase_pattern(words, prefix=prefix)
    return {paper_id for paper_id, note in notes if pattern.search(note)}


def match_within(
    connection: Connection, text_: str, field: str | None, *, paper_ids: set[int]
) -> set[int]:
    """Those of `paper_ids` whose abstract or notes contain `text_`, checked paper by paper.

    Gives the same answer as `match` restricted to `paper_ids`, but reads only those
    papers: cheaper than `match` for a common word when few papers are in question.
    """
    return match_within_many(connection, [(text_, field)], paper_ids)[0]


def match_within_many(
    connection: Connection, queries: list[tuple[str, str | None]], paper_ids: set[int]
) -> list[set[int]]:
    """`match_within` for several (text, field) queries, reading each paper's text once."""
    accents = connection.dialect.name != "sqlite"
    patterns: list[tuple[re.Pattern[str] | None, tuple[str, ...]]] = []
    for text_, field in queries:
        words = folding.fulltext_tokens(text_, accents=accents)
        kinds: tuple[str, ...] = ALL_KINDS if field is None else (field,)
        pattern = _phrase_pattern(words, prefix=not is_closed(text_)) if words else None
        patterns.append((pattern, kinds))
    found: list[set[int]] = [set() for _ in queries]
    needed = {kind for pattern, kinds in patterns if pattern is not None for kind in kinds}
    if not paper_ids or not needed:
        return found
    # Kind by kind, each text tried only against the queries asking about its kind, with no
    # bookkeeping per text: checking 2,400 abstracts for one word took 12.6 ms with it and
    # 10.8 without (most of the rest is SQLite reading the rows).
    for kind, rows in _texts(connection, needed, sorted(paper_ids)):
        asking = [
            (pattern.search, ids)
            for (pattern, kinds), ids in zip(patterns, found, strict=True)
            if pattern is not None and kind in kinds
        ]
        if len(asking) == 1:
            [(search, ids)] = asking
            ids.update(
                paper_id
                for paper_id, body in rows
                if search(folding.for_fulltext(body, accents=accents))
            )
            continue
        for paper_id, body in rows:
            folded = folding.for_fulltext(body, accents=accents)
            for search, ids in asking:
                if search(folded):
                    ids.add(paper_id)
    return found


def _texts(
    connection: Connection, kinds: set[str], ids: list[int]
) -> Iterator[tuple[str, Iterable[tuple[int, str]]]]:
    """For each of `kinds` ("abstract", "note", "fulltext"), the (paper id, text) rows of
    the given papers (a paper may have several notes and pages)."""
    if connection.dialect.name == "sqlite":
        # One statement over a JSON list of ids, read by the driver's own cursor: checking
        # a few thousand abstracts costs little more than reading them.
        driver = connection.connection.driver_connection
        assert driver is not None  # an open connection
        listed = (json.dumps(ids),)
        among = "IN (SELECT value FROM json_each(?))"
        if "abstract" in kinds:
            yield (
                "abstract",
                driver.execute(f"SELECT id, abstract FROM paper WHERE id {among}", listed),
            )
        if "note" in kinds:
            yield (
                "note",
                itertools.chain(
                    driver.execute(
                        f"SELECT paper_id, body FROM note WHERE paper_id {among}", listed
                    ),
                    driver.execute(
                        "SELECT paper_id, note FROM annotation WHERE note != '' "
                        f"AND paper_id {among}",
                        listed,
                    ),
                ),
            )
        if "fulltext" in kinds:
            yield (
                "fulltext",
                driver.execute(
                    f"SELECT paper_id, text FROM filepage WHERE paper_id {among}", listed
                ),
            )
        return
    for kind in ALL_KINDS:
        if kind in kinds:
            yield kind, _postgresql_texts(connection, kind, ids)


def _postgresql_texts(
    connection: Connection, kind: str, ids: list[int]
) -> Iterator[tuple[int, str]]:
    """`_texts` of one kind on PostgreSQL, 500 papers a statement."""
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        if kind == "abstract":
            rows = connection.execute(
                select(col(Paper.id), col(Paper.abstract)).where(col(Paper.id).in_(chunk))
            )
            yield from ((paper_id or 0, abstract) for paper_id, abstract in rows)
        elif kind == "note":
            yield from connection.execute(
                select(col(Note.paper_id), col(Note.body)).where(col(Note.paper_id).in_(chunk))
            )
            yield from connection.execute(
                select(col(Annotation.paper_id), col(Annotation.note)).where(
                    col(Annotation.paper_id).in_(chunk), col(Annotation.note) != ""
                )
            )
        else:
            yield from connection.execute(
                select(col(FilePage.paper_id), col(FilePage.text)).where(
                    col(FilePage.paper_id).in_(chunk)
                )
            )


def _phrase_pattern(words: list[str], *, prefix: bool = True) -> re.Pattern[str]:
    """`words` as whole tokens, in order and adjacent, in folded text (the last one
    possibly a prefix): one regular-expression search per text instead of tokenizing it."""
    first = re.escape(words[0])
    # The word comes first and the check that no letter precedes it after, so that the
    # search scans for the word's letters at C speed rather than trying every position.
    pattern = first + rf"(?<![^\W_]{first})"
    pattern += "".join(r"[\W_]+" + re.escape(w) for w in words[1:])
    if not (prefix and _prefixed(words[-1])):
        pattern += r"(?![^\W_])"
    return re.compile(pattern)


def _match_sqlite(
    connection: Connection,
    words: list[str],
    field: str | None,
    *,
    limit: int | None,
    prefix: bool,
    among: HeldIds | None,
) -> set[int]:
    expression = fts5_query(words, prefix=prefix)
    cap = "" if limit is None else f" LIMIT {int(limit)}"
    found: set[int] = set()
    if field != "fulltext":
        column = _SQLITE_COLUMNS.get(field or "", SQLITE_TABLE)
        found = _paper_rows(
            connection,
            f"SELECT rowid AS id FROM {SQLITE_TABLE} WHERE {column} MATCH ?{cap}",
            _spelled_out(connection, words, prefix=prefix) or expression,
            among=among,
        )
    if field in (None, "fulltext"):
        listed = _json_ids(
            connection,
            "SELECT DISTINCT paper_id AS id FROM filepage WHERE id IN (SELECT rowid FROM "
            f"{SQLITE_FILES_TABLE} WHERE {SQLITE_FILES_TABLE} MATCH ?){cap}",
            expression,
        )
        found |= _among(listed, among)
    return found


#: A prefix this long is past the lengths the papers' FTS5 table keeps a prefix index for
#: (migration 0005: 2 and 3): FTS5 merges the lists of every word it begins, positions and
#: all, before giving the first id.
_SPELLED_OUT_FROM = 4
#: A prefix beginning more indexed words than this is left to FTS5.
_SPELLED_OUT_AT_MOST = 8
#: The words of the papers' FTS5 table, one row for each time one occurs (made by
#: `storage.db` as each connection opens), read only to find where a word begins.
_SQLITE_WORDS = db.FULLTEXT_WORDS_TABLE


def _spelled_out(connection: Connection, words: list[str], *, prefix: bool) -> str | None:
    """For one word asked as a prefix, the FTS5 expression asking for the few indexed words
    it begins instead, one OR another (None when that does not apply). The answer is the
    same; at 100k papers, `climate*` (one word, 28,861 abstracts) took 4.6 ms to read
    whole and `climate` 1.8; `model*` 38 ms and its four words 11, and its first 501 ids
    33 ms against 0.15."""
    # ASCII only: FTS5 reads the word through its tokenizer, which leaves ASCII letters and
    # digits as they are but folds others its own way (the words it keeps would not begin
    # with the word as typed).
    word = words[0] if len(words) == 1 else ""
    if not (prefix and word.isascii() and len(word) >= _SPELLED_OUT_FROM):
        return None
    begun = _words_beginning(connection, word, _SPELLED_OUT_AT_MOST)
    if not begun or len(begun) > _SPELLED_OUT_AT_MOST:
        return None
    return " OR ".join('"' + one.replace('"', '""') + '"' for one in begun)


def _words_beginning(connection: Connection, start: str, most: int) -> list[str]:
    """The indexed words of the papers' full text that begin with `start`, in order, up to
    one more than `most`: each found by seeking past the one before, which reads only its
    first occurrence (FTS5's table of words with counts reads every one: 1-11 ms)."""
    driver = connection.connection.driver_connection
    assert driver is not None  # an open connection
    found: list[str] = []
    after = start
    while len(found) <= most:
        row = driver.execute(
            f"SELECT term FROM {_SQLITE_WORDS} WHERE term >= ? LIMIT 1", (after,)
        ).fetchone()
        if row is None or not row[0].startswith(start):
            break
        found.append(row[0])
        after = row[0] + "\x00"  # the first text ordered after it
    return found


def _paper_rows(
    connection: Connection, statement: str, expression: str, *, among: HeldIds | None
) -> set[int]:
    """The ids `statement` selects from the papers' full-text rows, those `among` only.

    The highest row there is comes with them, read in the same statement (so at the same
    moment): while it is at most the index's highest id, as it is unless another program
    added papers, the ids are narrowed by taking away the index's few gaps. Asking FTS5
    for `rowid <= highest` instead cost 0.3 ms more for a word in 28k abstracts.
    """
    if among is None:
        return set(_json_ids(connection, statement, expression))
    listed, top = _json_ids_and_top(connection, statement, expression)
    if top > among.highest:
        listed = [doc_id for doc_id in listed if doc_id <= among.highest]
    return among.narrow_at_most_highest(listed)


def _json_ids(connection: Connection, statement: str, expression: str) -> list[int]:
    """The ids `statement` (given `expression`) selects, as one JSON list."""
    # A common word is in tens of thousands of abstracts: the ids come back as one JSON
    # list, which is read in C, two to three times faster than one result row per id.
    driver = connection.connection.driver_connection
    assert driver is not None  # an open connection
    cursor = driver.execute(f"SELECT json_group_array(id) FROM ({statement})", (expression,))
    listed: list[int] = json.loads(cursor.fetchone()[0])
    return listed


def _json_ids_and_top(
    connection: Connection, statement: str, expression: str
) -> tuple[list[int], int]:
    """`_json_ids` of the papers' full-text rows, and the highest rowid of those rows (0 when
    there is none)."""
    driver = connection.connection.driver_connection
    assert driver is not None  # an open connection
    cursor = driver.execute(
        f"SELECT json_group_array(id), (SELECT rowid FROM {SQLITE_TABLE} ORDER BY rowid DESC "
        f"LIMIT 1) FROM ({statement})",
        (expression,),
    )
    listed, top = cursor.fetchone()
    return json.loads(listed), int(top or 0)


#: The fewest ids `match_every` reads at a time.
_EVERY_BATCH_AT_LEAST = 64


def match_every(
    connection: Connection,
    groups: list[list[tuple[str, str | None]]],
    *,
    wanted: int,
    usable: Callable[[list[int]], list[int]],
    unindexed: Unindexed,
) -> list[int]:
    """Up to `wanted` papers, in id order, whose indexed abstract (or, on SQLite, notes) holds
    for every group one of its (text, field) queries; `usable` keeps, of each batch read,
    the ids the caller can take (say, papers it holds and has not checked yet).

    Some such papers, not all: matches in attached files or annotation notes are not looked
    for, nor papers still queued for indexing (their indexed text may be out of date). What
    it saves is reading a common word's every paper: the engine walks the words' lists side
    by side and stops at the limit (at 100k, the first 50 papers holding four common words
    took 0.05 ms, where reading one such word's 37k ids took 8 ms).
    """
    sqlite = connection.dialect.name == "sqlite"
    expression = _fts5_every(connection, groups) if sqlite else _tsquery_every(groups)
    if expression is None:
        return []
    read = _fts5_batch if sqlite else _tsquery_batch
    found: list[int] = []
    after, batch = 0, max(2 * wanted, _EVERY_BATCH_AT_LEAST)
    while len(found) < wanted:
        ids = read(connection, expression, after=after, limit=batch)
        found += usable([i for i in ids if i not in unindexed.stale])
        if len(ids) < batch:
            break  # no more
        after, batch = ids[-1], batch * 4  # fewer usable than hoped: read on in larger steps
    return found[:wanted]


def _fts5_every(connection: Connection, groups: list[list[tuple[str, str | None]]]) -> str | None:
    """The FTS5 expression for `match_every`, or None when some group has nothing FTS5 can
    look for (only words of attached files, or none at all). A long prefix is spelled out
    as the words it begins (`_spelled_out`): walking the words' lists side by side, FTS5
    still merges a prefix's every list first."""
    clauses = []
    for group in groups:
        alternatives = []
        for text_, field in group:
            words = tokens(text_)
            if not words or field == "fulltext":
                continue
            prefix = not is_closed(text_)
            phrase = _spelled_out(connection, words, prefix=prefix) or fts5_query(
                words, prefix=prefix
            )
            column = _SQLITE_COLUMNS.get(field or "")
            alternatives.append(f"{column} : ({phrase})" if column else f"({phrase})")
        if not alternatives:
            return None
        clauses.append("(" + " OR ".join(alternatives) + ")")
    return " AND ".join(clauses) if clauses else None


def _fts5_batch(connection: Connection, expression: str, *, after: int, limit: int) -> list[int]:
    driver = connection.connection.driver_connection
    assert driver is not None  # an open connection
    cursor = driver.execute(
        f"SELECT json_group_array(rowid) FROM (SELECT rowid FROM {SQLITE_TABLE} WHERE "
        f"{SQLITE_TABLE} MATCH ? AND rowid > ? ORDER BY rowid LIMIT ?)",
        (expression, after, limit),
    )
    listed: list[int] = json.loads(cursor.fetchone()[0])
    return listed


def _tsquery_every(groups: list[list[tuple[str, str | None]]]) -> str | None:
    """The tsquery for `match_every` (abstracts only: notes are rows of another table), or
    None when some group has no words an abstract can hold."""
    clauses = []
    for group in groups:
        alternatives = [
            _tsquery(words, prefix=not is_closed(text_))
            for text_, field in group
            if field in (None, "abstract")
            for words in [tokens(text_)]
            if words
        ]
        if not alternatives:
            return None
        clauses.append("(" + " | ".join(alternatives) + ")")
    return " & ".join(clauses) if clauses else None


def _tsquery_batch(connection: Connection, expression: str, *, after: int, limit: int) -> list[int]:
    rows = connection.execute(
        text(
            f"SELECT id FROM paper WHERE id > :after AND to_tsvector('simple', "
            f"{FORM_FUNCTION}(abstract)) @@ to_tsquery('simple', :q) ORDER BY id LIMIT :limit"
        ),
        {"after": after, "q": expression, "limit": limit},
    )
    return [row[0] for row in rows]


def highest_id(connection: Connection) -> int:
    """The highest paper id there is (0 in an empty library)."""
    return int(connection.execute(_HIGHEST_ID).scalar() or 0)


def extrapolated(sample: set[int], highest: int) -> int:
    """About how many papers match, from the first matches `match(..., limit=)` read.

    Those come in id order (FTS5 reads rowids in order; PostgreSQL's index scans return
    rows about in table order), so the share of ids they cover tells the density.
    """
    if not sample:
        return 0
    reached = max(sample)
    return len(sample) if reached >= highest else len(sample) * highest // max(reached, 1)


#: What each full-text field searches on PostgreSQL: (field, the ids selected, the text
#: column), written as the GIN indexes of migrations 0005 and 0010 are, so they are used.
_POSTGRESQL_SOURCES = (
    ("abstract", "SELECT id FROM paper", "abstract"),
    ("note", "SELECT DISTINCT paper_id FROM note", "body"),
    ("fulltext", "SELECT DISTINCT paper_id FROM filepage", "text"),
)


def _tsquery(words: list[str], *, prefix: bool = True) -> str:
    """The words as a tsquery phrase (<->) of quoted lexemes, the last one a prefix (unless
    not `prefix`): each token quoted, so no character of the user's is an operator."""
    lexemes = ["'" + w.replace("'", "''") + "'" for w in words]
    if prefix and _prefixed(words[-1]):
        lexemes[-1] += ":*"
    return " <-> ".join(lexemes)


def _match_postgresql(
    connection: Connection, words: list[str], field: str | None, *, limit: int | None, prefix: bool
) -> set[int]:
    tsquery = _tsquery(words, prefix=prefix)
    cap = "" if limit is None else f" LIMIT {int(limit)}"
    found: set[int] = set()
    for kind, selected, column in _POSTGRESQL_SOURCES:
        if field in (None, kind):
            rows = connection.execute(
                text(
                    f"{selected} WHERE to_tsvector('simple', {FORM_FUNCTION}({column})) "
                    "@@ to_tsquery('simple', :q)" + cap
                ),
                {"q": tsquery},
            )
            found.update(row[0] for row in rows)
    return found
