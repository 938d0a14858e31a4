"""History transfer (issue 16): import records and pending account deletions.

Revision ID: 0004_transfer
Revises: accounts_tokens_limits
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0004_transfer"
down_revision = "accounts_tokens_limits"
branch_labels = None
depends_on = None

JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "import_records",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("format", sa.String(length=24), nullable=False),
        sa.Column("file_sha256", sa.String(length=64), nullable=False),
        sa.Column("summary", JSON_DOC, nullable=False),
        sa.Column("unmatched", JSON_DOC, nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_import_records_user_created", "import_records", ["user_id", "created_at"])
    op.create_table(
        "deletion_requests",
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id"),
    )


def downgrade() -> None:
    op.drop_table("deletion_requests")
    op.drop_index("ix_import_records_user_created", table_name="import_records")
    op.drop_table("import_records")
