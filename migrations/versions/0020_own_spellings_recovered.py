"""each paper's own spelling of a person, recovered for the links stored before 0019

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-07

Links stored before revision 0019 have no `own_parts`: a paper whose source spelled a
person another way than the stored row (`LEVINE, SERGEY` where the row is `Levine, Sergey`)
exported the row's spelling. Each link's `as_written` still holds what the source wrote.
Where that text, split by BibTeX's rules, gives the stored person's parts spelled otherwise
(every part the same once case, spacing and Unicode composition are folded, as the
person's match key folds them), the link gets those parts, as an import does now. Any
other difference (LaTeX markup still in the text, a particle read another way, a Chinese
name written family name first) is left as it is: the paper keeps the stored spelling.
"""

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from desktop.core.folding import for_identity
from desktop.core.formats.names import split_name

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_LINKS = sa.text(
    "SELECT pp.paper_id, pp.role, pp.position, pp.as_written, "
    "p.given, p.family, p.von, p.jr "
    "FROM paperperson pp JOIN person p ON p.id = pp.person_id "
    "WHERE pp.own_parts IS NULL AND pp.as_written != ''"
)
_SET = sa.text(
    "UPDATE paperperson SET own_parts = :own "
    "WHERE paper_id = :paper_id AND role = :role AND position = :position"
)
#: Links updated a statement at a time (most libraries have none to update).
_AT_ONCE = 1_000


def upgrade() -> None:
    connection = op.get_bind()
    recovered = []
    for paper_id, role, position, written, given, family, von, jr in connection.execute(_LINKS):
        own = _own_spelling(written, (given, family, von, jr))
        if own is not None:
            recovered.append({"own": own, "paper_id": paper_id, "role": role, "position": position})
    for start in range(0, len(recovered), _AT_ONCE):
        connection.execute(_SET, recovered[start : start + _AT_ONCE])


def _own_spelling(written: str, stored: tuple[str, str, str, str]) -> str | None:
    """The parts `written` gives (given, family, von, jr, as `own_parts` holds them) when
    they are the stored ones spelled otherwise; None when they are the same or differ in
    more than spelling."""
    person = split_name(written)
    parts = (person.given, person.family, person.von, person.jr)
    if parts == stored:
        return None
    if tuple(map(for_identity, parts)) != tuple(map(for_identity, stored)):
        return None
    return json.dumps(parts, ensure_ascii=False)


def downgrade() -> None:
    pass  # the parts recovered go with the column, when 0019 is undone
