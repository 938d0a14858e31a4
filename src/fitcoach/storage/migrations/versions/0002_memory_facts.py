"""Structured facts stored with each memory item (issue 13), back-filled from the fact text.

Revision ID: 0002_memory_facts
Revises: 0001_initial
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0002_memory_facts"
down_revision = "0001_initial"
branch_labels = None
depends_on = None

JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def _structured(tier: str, entry: dict[str, Any]) -> dict[str, Any] | None:
    # The reader of today, on purpose: back-filling means reading the old text as the app now does.
    from fitcoach.contract.models import ENTRY_MODEL, Tier
    from fitcoach.memory.facts import structured

    try:
        typed = ENTRY_MODEL[Tier(tier)].model_validate(entry)
    except ValueError:
        return None  # an entry the app cannot read stays without facts; it is read again on load
    fact = structured(typed)  # type: ignore[arg-type]
    dumped: dict[str, Any] = fact.model_dump(mode="json", exclude_defaults=True)
    return dumped


def upgrade() -> None:
    with op.batch_alter_table("memory_items", schema=None) as batch_op:
        batch_op.add_column(sa.Column("facts", JSON_DOC, nullable=True))
    items = sa.table(
        "memory_items",
        sa.column("user_id", sa.String),
        sa.column("id", sa.String),
        sa.column("tier", sa.String),
        sa.column("entry", JSON_DOC),
        sa.column("facts", JSON_DOC),
    )
    connection = op.get_bind()
    rows = connection.execute(sa.select(items.c.user_id, items.c.id, items.c.tier, items.c.entry)).all()
    for user_id, item_id, tier, entry in rows:
        facts = _structured(tier, entry) if isinstance(entry, dict) else None
        if facts is not None:
            connection.execute(
                items.update().where(items.c.user_id == user_id, items.c.id == item_id).values(facts=facts)
            )


def downgrade() -> None:
    with op.batch_alter_table("memory_items", schema=None) as batch_op:
        batch_op.drop_column("facts")
