"""a paper's keywords, kept apart from its tags

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-01

Imported keywords were made into tags before this revision. Those tags stay as they are:
nothing tells a tag made from a keyword from one the user made, and a tag the user relies
on must not go. Papers imported from now on keep their keywords here instead, and become
tags only when the user asks ("Turn keywords into tags").
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Not a batch: on SQLite that rebuilds `paper`, and a rebuilt table loses the full-text
    # triggers. SQLite adds a column with a constant default in place.
    op.add_column(
        "paper", sa.Column("keywords", sa.JSON(), nullable=False, server_default=sa.text("'[]'"))
    )


def downgrade() -> None:
    # Keywords are not lost going back: each becomes a tag, as older versions kept them.
    bind = op.get_bind()
    paper = sa.table("paper", sa.column("id", sa.Integer), sa.column("keywords", sa.JSON))
    tag = sa.table(
        "tag",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("colour", sa.String),
        sa.column("version", sa.Integer),
    )
    paper_tag = sa.table(
        "papertag", sa.column("paper_id", sa.Integer), sa.column("tag_id", sa.Integer)
    )
    kept = [(pid, words) for pid, words in bind.execute(sa.select(paper.c.id, paper.c.keywords))]
    names = {word for _pid, words in kept for word in (words or [])}
    known = {name: tid for tid, name in bind.execute(sa.select(tag.c.id, tag.c.name))}
    for name in sorted(names - set(known)):
        bind.execute(sa.insert(tag).values(name=name, colour="", version=1))
    known = {name: tid for tid, name in bind.execute(sa.select(tag.c.id, tag.c.name))}
    links = set(bind.execute(sa.select(paper_tag.c.paper_id, paper_tag.c.tag_id)))
    new = {(pid, known[w]) for pid, words in kept for w in (words or []) if w in known}
    rows = [{"paper_id": pid, "tag_id": tid} for pid, tid in sorted(new - links)]
    if rows:
        bind.execute(sa.insert(paper_tag), rows)
    op.drop_column("paper", "keywords")  # in place too (SQLite 3.35 and later)
