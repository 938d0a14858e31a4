"""Initial schema: every table the foundation and later parts build on.

Revision ID: 0001_initial
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None

# Frozen copies of the app's column types, so later model changes never rewrite history.
JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "exercise_imports",
        sa.Column("slug", sa.String(length=80), nullable=False),
        sa.Column("entry", JSON_DOC, nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("slug"),
    )
    op.create_table(
        "provider_cache",
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("provider", sa.String(length=20), nullable=False),
        sa.Column("model", sa.String(length=80), nullable=False),
        sa.Column("cache_name", sa.String(length=200), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.Column("misses", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_table(
        "users",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("settings", JSON_DOC, nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "api_tokens",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("token_hash"),
    )
    with op.batch_alter_table("api_tokens", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_api_tokens_user_id"), ["user_id"], unique=False)

    op.create_table(
        "chat_turns",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("active_tab", sa.String(length=12), nullable=True),
        sa.Column("selected_day", sa.String(length=10), nullable=True),
        sa.Column("reply", JSON_DOC, nullable=True),
        sa.Column("meta", JSON_DOC, nullable=True),
        sa.Column("proposal_id", sa.String(length=40), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("chat_turns", schema=None) as batch_op:
        batch_op.create_index("ix_chat_turns_user_created", ["user_id", "created_at"], unique=False)

    op.create_table(
        "memory_items",
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("tier", sa.String(length=24), nullable=False),
        sa.Column("entry", JSON_DOC, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "id"),
    )
    with op.batch_alter_table("memory_items", schema=None) as batch_op:
        batch_op.create_index("ix_memory_items_active", ["user_id", "deleted_at", "expires_at"], unique=False)

    op.create_table(
        "personal_records",
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("exercise_id", sa.String(length=80), nullable=False),
        sa.Column("records", JSON_DOC, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "exercise_id"),
    )
    op.create_table(
        "plan_versions",
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("week_start_date", sa.Date(), nullable=False),
        sa.Column("plan", JSON_DOC, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reason", sa.String(length=20), nullable=False),
        sa.Column("proposal_id", sa.String(length=40), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "version", name="uq_plan_versions_user_version"),
    )
    op.create_table(
        "proposals",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("turn_id", sa.String(length=40), nullable=True),
        sa.Column("type", sa.String(length=20), nullable=False),
        sa.Column("target_day", sa.String(length=10), nullable=True),
        sa.Column("summary_diff", sa.Text(), nullable=True),
        sa.Column("data", JSON_DOC, nullable=True),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("base_version", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result_version", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("proposals", schema=None) as batch_op:
        batch_op.create_index("ix_proposals_user_status", ["user_id", "status", "created_at"], unique=False)

    op.create_table(
        "workout_logs",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("plan_day", sa.String(length=10), nullable=False),
        sa.Column("completed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("week_start_date", sa.Date(), nullable=False),
        sa.Column("idempotency_key", sa.String(length=200), nullable=True),
        sa.Column("request_hash", sa.String(length=64), nullable=True),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "idempotency_key", name="uq_workout_logs_idempotency"),
    )
    with op.batch_alter_table("workout_logs", schema=None) as batch_op:
        batch_op.create_index("ix_workout_logs_user_completed", ["user_id", "completed_at"], unique=False)

    op.create_table(
        "memory_events",
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("item_id", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("actor", sa.String(length=8), nullable=False),
        sa.Column("turn_id", sa.String(length=40), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("snapshot", JSON_DOC, nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id", "item_id"], ["memory_items.user_id", "memory_items.id"], ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("memory_events", schema=None) as batch_op:
        batch_op.create_index("ix_memory_events_item", ["user_id", "item_id", "at"], unique=False)

    op.create_table(
        "workout_sets",
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("log_id", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("exercise_id", sa.String(length=80), nullable=False),
        sa.Column("exercise_index", sa.Integer(), nullable=False),
        sa.Column("set_index", sa.Integer(), nullable=False),
        sa.Column("weight", sa.Float(), nullable=False),
        sa.Column("unit", sa.String(length=2), nullable=False),
        sa.Column("weight_lb", sa.Float(), nullable=False),
        sa.Column("reps", sa.Integer(), nullable=False),
        sa.Column("rpe", sa.Float(), nullable=True),
        sa.Column("duration_seconds", sa.Integer(), nullable=True),
        sa.Column("is_warmup", sa.Boolean(), nullable=False),
        sa.Column("completed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["log_id"], ["workout_logs.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("workout_sets", schema=None) as batch_op:
        batch_op.create_index("ix_workout_sets_log", ["log_id"], unique=False)
        batch_op.create_index(
            "ix_workout_sets_user_exercise_time", ["user_id", "exercise_id", "completed_at"], unique=False
        )
        batch_op.create_index("ix_workout_sets_user_time", ["user_id", "completed_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("workout_sets", schema=None) as batch_op:
        batch_op.drop_index("ix_workout_sets_user_time")
        batch_op.drop_index("ix_workout_sets_user_exercise_time")
        batch_op.drop_index("ix_workout_sets_log")

    op.drop_table("workout_sets")
    with op.batch_alter_table("memory_events", schema=None) as batch_op:
        batch_op.drop_index("ix_memory_events_item")

    op.drop_table("memory_events")
    with op.batch_alter_table("workout_logs", schema=None) as batch_op:
        batch_op.drop_index("ix_workout_logs_user_completed")

    op.drop_table("workout_logs")
    with op.batch_alter_table("proposals", schema=None) as batch_op:
        batch_op.drop_index("ix_proposals_user_status")

    op.drop_table("proposals")
    op.drop_table("plan_versions")
    op.drop_table("personal_records")
    with op.batch_alter_table("memory_items", schema=None) as batch_op:
        batch_op.drop_index("ix_memory_items_active")

    op.drop_table("memory_items")
    with op.batch_alter_table("chat_turns", schema=None) as batch_op:
        batch_op.drop_index("ix_chat_turns_user_created")

    op.drop_table("chat_turns")
    with op.batch_alter_table("api_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_api_tokens_user_id"))

    op.drop_table("api_tokens")
    op.drop_table("users")
    op.drop_table("provider_cache")
    op.drop_table("exercise_imports")
