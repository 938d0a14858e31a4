"""SQLAlchemy tables for everything fitcoach stores; every user-owned row carries `user_id`.

Migration `0001_initial` creates these tables; `0002_memory_facts` adds `memory_items.facts`;
`0005_program` adds `proposals.roll_week`.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from fitcoach.facts.model import StructuredFact
from fitcoach.storage.types import JsonDocument, StructuredFactColumn, UTCDateTime

# SQLite only autoincrements INTEGER PRIMARY KEY; PostgreSQL needs BIGINT for ten-million-row tables.
RowId = BigInteger().with_variant(Integer(), "sqlite")


def _user_fk() -> ForeignKey:
    return ForeignKey("users.id", ondelete="CASCADE")


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {datetime: UTCDateTime(), dict[str, Any]: JsonDocument}


class User(Base):
    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    created_at: Mapped[datetime]
    settings: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # Sign-in by password (issue 17); users made before it, or without a password, use tokens only.
    username: Mapped[str | None] = mapped_column(String(64), unique=True, index=True)
    """Case-folded (NFKC) so `Ana` and `ana` are one account; `name` keeps the spelling shown."""
    email: Mapped[str | None] = mapped_column(String(254), unique=True, index=True)
    password_hash: Mapped[str | None] = mapped_column(String(255))
    disabled_at: Mapped[datetime | None]


class ApiToken(Base):
    """One signed-in device: only the token's SHA-256 is stored; `id` names it for listing and revoking."""

    __tablename__ = "api_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    id: Mapped[str] = mapped_column(String(40), unique=True, index=True)
    user_id: Mapped[str] = mapped_column(_user_fk(), index=True)
    name: Mapped[str] = mapped_column(String(120), default="")
    created_at: Mapped[datetime]
    last_used_at: Mapped[datetime | None]
    expires_at: Mapped[datetime]


class PlanVersion(Base):
    __tablename__ = "plan_versions"
    __table_args__ = (UniqueConstraint("user_id", "version", name="uq_plan_versions_user_version"),)

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    version: Mapped[int]
    week_start_date: Mapped[date] = mapped_column(Date)
    plan: Mapped[dict[str, Any]]
    created_at: Mapped[datetime]
    reason: Mapped[str] = mapped_column(String(20))
    proposal_id: Mapped[str | None] = mapped_column(String(40))


class ProposalRow(Base):
    __tablename__ = "proposals"
    __table_args__ = (
        Index("ix_proposals_user_status", "user_id", "status", "created_at"),
        UniqueConstraint("user_id", "roll_week", name="uq_proposals_user_roll_week"),
    )

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    turn_id: Mapped[str | None] = mapped_column(String(40))
    type: Mapped[str] = mapped_column(String(20))
    target_day: Mapped[str | None] = mapped_column(String(10))
    summary_diff: Mapped[str | None] = mapped_column(Text)
    data: Mapped[dict[str, Any] | None]
    status: Mapped[str] = mapped_column(String(12))
    base_version: Mapped[int | None]
    created_at: Mapped[datetime]
    decided_at: Mapped[datetime | None]
    result_version: Mapped[int | None]
    roll_week: Mapped[date | None] = mapped_column(Date, nullable=True)
    """The week a program roll proposes (migration 0005): one roll per user and week (issue 18)."""


class MemoryItemRow(Base):
    __tablename__ = "memory_items"
    __table_args__ = (Index("ix_memory_items_active", "user_id", "deleted_at", "expires_at"),)

    user_id: Mapped[str] = mapped_column(_user_fk(), primary_key=True)
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    tier: Mapped[str] = mapped_column(String(24))
    entry: Mapped[dict[str, Any]]
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
    expires_at: Mapped[datetime | None]
    deleted_at: Mapped[datetime | None]
    facts: Mapped[StructuredFact | None] = mapped_column(StructuredFactColumn(), nullable=True)
    """What the entry means as data (migration 0002): the source of truth for equipment."""


class MemoryEventRow(Base):
    __tablename__ = "memory_events"
    __table_args__ = (
        ForeignKeyConstraint(
            ["user_id", "item_id"], ["memory_items.user_id", "memory_items.id"], ondelete="CASCADE"
        ),
        Index("ix_memory_events_item", "user_id", "item_id", "at"),
    )

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    item_id: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(12))
    actor: Mapped[str] = mapped_column(String(8))
    turn_id: Mapped[str | None] = mapped_column(String(40))
    reason: Mapped[str] = mapped_column(Text, default="")
    at: Mapped[datetime]
    snapshot: Mapped[dict[str, Any] | None]


class ChatTurn(Base):
    __tablename__ = "chat_turns"
    __table_args__ = (Index("ix_chat_turns_user_created", "user_id", "created_at"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    created_at: Mapped[datetime]
    message: Mapped[str] = mapped_column(Text)
    active_tab: Mapped[str | None] = mapped_column(String(12))
    selected_day: Mapped[str | None] = mapped_column(String(10))
    reply: Mapped[dict[str, Any] | None]
    meta: Mapped[dict[str, Any] | None]
    proposal_id: Mapped[str | None] = mapped_column(String(40))


class ProviderCacheEntry(Base):
    """Gemini context caches shared by all workers; not user data (the prefix is the same for all)."""

    __tablename__ = "provider_cache"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    provider: Mapped[str] = mapped_column(String(20))
    model: Mapped[str] = mapped_column(String(80))
    cache_name: Mapped[str | None] = mapped_column(String(200))
    """`cachedContents/…`; NULL when the API called the prefix too small to cache (send it inline)."""
    expires_at: Mapped[datetime]
    created_at: Mapped[datetime]
    hits: Mapped[int] = mapped_column(default=0)
    misses: Mapped[int] = mapped_column(default=0)


class ExerciseImport(Base):
    """Admin-imported library entries; global like the packaged library (R20)."""

    __tablename__ = "exercise_imports"

    slug: Mapped[str] = mapped_column(String(80), primary_key=True)
    entry: Mapped[dict[str, Any]]
    imported_at: Mapped[datetime]


class WorkoutLog(Base):
    __tablename__ = "workout_logs"
    __table_args__ = (
        UniqueConstraint("user_id", "idempotency_key", name="uq_workout_logs_idempotency"),
        Index("ix_workout_logs_user_completed", "user_id", "completed_at"),
    )

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    plan_day: Mapped[str] = mapped_column(String(10))
    completed_at: Mapped[datetime]
    created_at: Mapped[datetime]
    week_start_date: Mapped[date] = mapped_column(Date)
    idempotency_key: Mapped[str | None] = mapped_column(String(200))
    request_hash: Mapped[str | None] = mapped_column(String(64))
    notes: Mapped[str | None] = mapped_column(Text)


class WorkoutSet(Base):
    """One set as a row, so analytics read ranges of an index instead of parsing documents."""

    __tablename__ = "workout_sets"
    __table_args__ = (
        Index("ix_workout_sets_user_exercise_time", "user_id", "exercise_id", "completed_at"),
        Index("ix_workout_sets_user_time", "user_id", "completed_at"),
        Index("ix_workout_sets_log", "log_id"),
    )

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    log_id: Mapped[str] = mapped_column(ForeignKey("workout_logs.id", ondelete="CASCADE"))
    user_id: Mapped[str] = mapped_column(_user_fk())
    exercise_id: Mapped[str] = mapped_column(String(80))
    exercise_index: Mapped[int]
    set_index: Mapped[int]
    weight: Mapped[float] = mapped_column(Float)
    unit: Mapped[str] = mapped_column(String(2))
    weight_lb: Mapped[float] = mapped_column(Float)
    reps: Mapped[int]
    rpe: Mapped[float | None] = mapped_column(Float)
    duration_seconds: Mapped[int | None]
    is_warmup: Mapped[bool] = mapped_column(Boolean, default=False)
    completed_at: Mapped[datetime]


class PersonalRecord(Base):
    __tablename__ = "personal_records"

    user_id: Mapped[str] = mapped_column(_user_fk(), primary_key=True)
    exercise_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    records: Mapped[dict[str, Any]]
    updated_at: Mapped[datetime]
