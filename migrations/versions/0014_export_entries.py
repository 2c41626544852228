"""each paper's written entry kept per export style

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-01

An export of the whole library reads the entries kept here instead of writing each paper
again (desktop/core/exporting/kept_entries.py). An entry must never outlive what it was
written from, so on SQLite triggers delete a paper's entries whenever its row, its people
(or a person's name), or its tags (or a tag's name) change, in whichever program or
statement changes them. (Kept entries are BibTeX's, which hold no notes or annotations.)

People added to a paper need no trigger: a new paper has no entry yet, and the only way
people are added to a paper that has one (`people.set_people`) forgets its entries. A
trigger there would cost an import a second per 500k names (measured: 2-5 us per row).
PostgreSQL gets the table but no triggers: the export reads kept entries on SQLite only
(see `kept_entries.usable`).
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_FORGET = "DELETE FROM exportentry WHERE paper_id"
#: (name, when and on what, which papers' entries go).
_TRIGGERS = (
    ("export_paper_update", "AFTER UPDATE ON paper", "IN (old.id, new.id)"),
    ("export_paper_delete", "AFTER DELETE ON paper", "= old.id"),
    ("export_people_update", "AFTER UPDATE ON paperperson", "IN (old.paper_id, new.paper_id)"),
    ("export_people_delete", "AFTER DELETE ON paperperson", "= old.paper_id"),
    (
        "export_person_update",
        "AFTER UPDATE ON person",
        "IN (SELECT paper_id FROM paperperson WHERE person_id IN (old.id, new.id))",
    ),
    ("export_tags_insert", "AFTER INSERT ON papertag", "= new.paper_id"),
    ("export_tags_update", "AFTER UPDATE ON papertag", "IN (old.paper_id, new.paper_id)"),
    ("export_tags_delete", "AFTER DELETE ON papertag", "= old.paper_id"),
    (
        "export_tag_update",
        "AFTER UPDATE ON tag",
        "IN (SELECT paper_id FROM papertag WHERE tag_id IN (old.id, new.id))",
    ),
    # Before: the tag's papers are still known (the cascade takes its papertag rows).
    (
        "export_tag_delete",
        "BEFORE DELETE ON tag",
        "IN (SELECT paper_id FROM papertag WHERE tag_id = old.id)",
    ),
)


def upgrade() -> None:
    op.create_table(
        "exportentry",
        sa.Column("paper_id", sa.Integer(), nullable=False),
        sa.Column("style", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("citekey", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("entry_type", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("body", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.ForeignKeyConstraint(
            ["paper_id"],
            ["paper.id"],
            name=op.f("fk_exportentry_paper_id_paper"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("paper_id", "style", name=op.f("pk_exportentry")),
    )
    if op.get_bind().dialect.name == "sqlite":
        for name, event, papers in _TRIGGERS:
            op.execute(f"CREATE TRIGGER {name} {event} BEGIN {_FORGET} {papers}; END")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for name, _event, _papers in _TRIGGERS:
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
    op.drop_table("exportentry")
