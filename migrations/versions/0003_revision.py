"""the library's revision counter

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29

Every write transaction moves `setting.revision` on by one (desktop/core/storage/revisions.py), so a
window can notice another process's changes with one cheap read. The row exists from the
start so that concurrent first writers update it rather than race to insert it.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("INSERT INTO setting (key, value) VALUES ('revision', '0')")


def downgrade() -> None:
    op.execute("DELETE FROM setting WHERE key = 'revision'")
