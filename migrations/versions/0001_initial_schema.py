"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "importproblem",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("source", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("line", sa.Integer(), nullable=True),
        sa.Column("message", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("raw", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_importproblem")),
    )
    op.create_table(
        "paper",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("entry_type", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("citekey", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("title", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("abstract", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=True),
        sa.Column("month", sa.Integer(), nullable=True),
        sa.Column("journal", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("booktitle", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("publisher", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("volume", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("number", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("pages", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("doi", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("arxiv_id", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("url", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("topic", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("priority", sa.Integer(), nullable=False),
        sa.Column("extra", sa.JSON(), nullable=False),
        sa.Column("latex", sa.JSON(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("deleted_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_paper")),
        sa.UniqueConstraint("citekey", name=op.f("uq_paper_citekey")),
    )
    with op.batch_alter_table("paper", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_paper_arxiv_id"), ["arxiv_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_paper_created_at"), ["created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_paper_deleted_at"), ["deleted_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_paper_doi"), ["doi"], unique=False)
        batch_op.create_index(batch_op.f("ix_paper_status"), ["status"], unique=False)
        batch_op.create_index(batch_op.f("ix_paper_year"), ["year"], unique=False)

    op.create_table(
        "person",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("given", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("family", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("von", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("jr", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("match_key", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_person")),
        sa.UniqueConstraint("match_key", name=op.f("uq_person_match_key")),
    )
    op.create_table(
        "readinglist",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("description", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_readinglist")),
        sa.UniqueConstraint("name", name=op.f("uq_readinglist_name")),
    )
    op.create_table(
        "savedsearch",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("query", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_savedsearch")),
        sa.UniqueConstraint("name", name=op.f("uq_savedsearch_name")),
    )
    op.create_table(
        "setting",
        sa.Column("key", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("value", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_setting")),
    )
    op.create_table(
        "tag",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("colour", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tag")),
        sa.UniqueConstraint("name", name=op.f("uq_tag_name")),
    )
    op.create_table(
        "annotation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("paper_id", sa.Integer(), nullable=False),
        sa.Column("start", sa.Integer(), nullable=False),
        sa.Column("end", sa.Integer(), nullable=False),
        sa.Column("quote", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("note", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["paper_id"],
            ["paper.id"],
            name=op.f("fk_annotation_paper_id_paper"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_annotation")),
    )
    with op.batch_alter_table("annotation", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_annotation_paper_id"), ["paper_id"], unique=False)

    op.create_table(
        "attachment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("paper_id", sa.Integer(), nullable=False),
        sa.Column("target", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("label", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["paper_id"],
            ["paper.id"],
            name=op.f("fk_attachment_paper_id_paper"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_attachment")),
    )
    with op.batch_alter_table("attachment", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_attachment_paper_id"), ["paper_id"], unique=False)

    op.create_table(
        "listentry",
        sa.Column("list_id", sa.Integer(), nullable=False),
        sa.Column("paper_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("added_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["list_id"],
            ["readinglist.id"],
            name=op.f("fk_listentry_list_id_readinglist"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["paper.id"], name=op.f("fk_listentry_paper_id_paper"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("list_id", "paper_id", name=op.f("pk_listentry")),
    )
    with op.batch_alter_table("listentry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_listentry_paper_id"), ["paper_id"], unique=False)

    op.create_table(
        "notduplicate",
        sa.Column("paper_a", sa.Integer(), nullable=False),
        sa.Column("paper_b", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["paper_a"],
            ["paper.id"],
            name=op.f("fk_notduplicate_paper_a_paper"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["paper_b"],
            ["paper.id"],
            name=op.f("fk_notduplicate_paper_b_paper"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("paper_a", "paper_b", name=op.f("pk_notduplicate")),
    )
    op.create_table(
        "note",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("paper_id", sa.Integer(), nullable=False),
        sa.Column("body", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["paper.id"], name=op.f("fk_note_paper_id_paper"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_note")),
    )
    with op.batch_alter_table("note", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_note_paper_id"), ["paper_id"], unique=False)

    op.create_table(
        "paperperson",
        sa.Column("paper_id", sa.Integer(), nullable=False),
        sa.Column("role", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("as_written", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.ForeignKeyConstraint(
            ["paper_id"],
            ["paper.id"],
            name=op.f("fk_paperperson_paper_id_paper"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["person_id"], ["person.id"], name=op.f("fk_paperperson_person_id_person")
        ),
        sa.PrimaryKeyConstraint("paper_id", "role", "position", name=op.f("pk_paperperson")),
    )
    with op.batch_alter_table("paperperson", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_paperperson_person_id"), ["person_id"], unique=False)

    op.create_table(
        "papertag",
        sa.Column("paper_id", sa.Integer(), nullable=False),
        sa.Column("tag_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["paper.id"], name=op.f("fk_papertag_paper_id_paper"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tag_id"], ["tag.id"], name=op.f("fk_papertag_tag_id_tag"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("paper_id", "tag_id", name=op.f("pk_papertag")),
    )
    with op.batch_alter_table("papertag", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_papertag_tag_id"), ["tag_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("papertag", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_papertag_tag_id"))

    op.drop_table("papertag")
    with op.batch_alter_table("paperperson", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_paperperson_person_id"))

    op.drop_table("paperperson")
    with op.batch_alter_table("note", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_note_paper_id"))

    op.drop_table("note")
    op.drop_table("notduplicate")
    with op.batch_alter_table("listentry", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_listentry_paper_id"))

    op.drop_table("listentry")
    with op.batch_alter_table("attachment", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_attachment_paper_id"))

    op.drop_table("attachment")
    with op.batch_alter_table("annotation", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_annotation_paper_id"))

    op.drop_table("annotation")
    op.drop_table("tag")
    op.drop_table("setting")
    op.drop_table("savedsearch")
    op.drop_table("readinglist")
    op.drop_table("person")
    with op.batch_alter_table("paper", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_paper_year"))
        batch_op.drop_index(batch_op.f("ix_paper_status"))
        batch_op.drop_index(batch_op.f("ix_paper_doi"))
        batch_op.drop_index(batch_op.f("ix_paper_deleted_at"))
        batch_op.drop_index(batch_op.f("ix_paper_created_at"))
        batch_op.drop_index(batch_op.f("ix_paper_arxiv_id"))

    op.drop_table("paper")
    op.drop_table("importproblem")
