"""Accounts, token lifecycle and shared limits (issue 17): passwords and disabling on users; an id, a
device name and a sliding expiry on tokens; sign-in failures and rate-limit hits counted in the database.

Revision ID: accounts_tokens_limits
Revises: 0001_initial
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

from fitcoach.storage.types import UTCDateTime

revision = "accounts_tokens_limits"
down_revision = "0002_memory_facts"
branch_labels = None
depends_on = None

GRACE = timedelta(days=30)
"""Tokens issued before expiry existed get this long from the upgrade, then slide like any other."""


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("username", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("email", sa.String(length=254), nullable=True))
        batch_op.add_column(sa.Column("password_hash", sa.String(length=255), nullable=True))
        batch_op.add_column(sa.Column("disabled_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index(batch_op.f("ix_users_username"), ["username"], unique=True)
        batch_op.create_index(batch_op.f("ix_users_email"), ["email"], unique=True)

    with op.batch_alter_table("api_tokens", schema=None) as batch_op:
        batch_op.add_column(sa.Column("id", sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column("name", sa.String(length=120), nullable=False, server_default=""))
        batch_op.add_column(sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True))
    tokens = sa.table(
        "api_tokens",
        sa.column("token_hash", sa.String),
        sa.column("id", sa.String),
        sa.column("expires_at", UTCDateTime()),
    )
    connection = op.get_bind()
    expires = datetime.now(UTC) + GRACE
    for (token_hash,) in connection.execute(sa.select(tokens.c.token_hash)).all():
        connection.execute(
            tokens.update()
            .where(tokens.c.token_hash == token_hash)
            .values(id=f"tok_{secrets.token_hex(8)}", expires_at=expires)
        )
    with op.batch_alter_table("api_tokens", schema=None) as batch_op:
        batch_op.alter_column("id", existing_type=sa.String(length=40), nullable=False)
        batch_op.alter_column("name", existing_type=sa.String(length=120), server_default=None)
        batch_op.alter_column("expires_at", existing_type=sa.DateTime(timezone=True), nullable=False)
        batch_op.create_index(batch_op.f("ix_api_tokens_id"), ["id"], unique=True)

    op.create_table(
        "auth_failures",
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("last_failure_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_index("ix_auth_failures_last", "auth_failures", ["last_failure_at"], unique=False)
    op.create_table(
        "rate_limit_buckets",
        sa.Column("scope", sa.String(length=32), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("touched_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("scope", "key"),
    )
    op.create_table(
        "rate_limit_hits",
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("scope", sa.String(length=32), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_rate_limit_hits_key_at", "rate_limit_hits", ["scope", "key", "at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_rate_limit_hits_key_at", table_name="rate_limit_hits")
    op.drop_table("rate_limit_hits")
    op.drop_table("rate_limit_buckets")
    op.drop_index("ix_auth_failures_last", table_name="auth_failures")
    op.drop_table("auth_failures")
    with op.batch_alter_table("api_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_api_tokens_id"))
        batch_op.drop_column("expires_at")
        batch_op.drop_column("name")
        batch_op.drop_column("id")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_users_email"))
        batch_op.drop_index(batch_op.f("ix_users_username"))
        batch_op.drop_column("disabled_at")
        batch_op.drop_column("password_hash")
        batch_op.drop_column("email")
        batch_op.drop_column("username")
