"""Tables of the security counters (issue 17): sign-in failures for back-off, and rate-limit hits.

Both live in the database so every server process counts against one limit; neither holds user data
beyond a user id or a client address, and stale rows are deleted as new ones are written.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, String
from sqlalchemy.orm import Mapped, mapped_column

from fitcoach.storage.tables import Base, RowId


class AuthFailure(Base):
    """Consecutive failed sign-ins for one key (`user:<id>`, `login:<name>` or `addr:<ip>`)."""

    __tablename__ = "auth_failures"
    __table_args__ = (Index("ix_auth_failures_last", "last_failure_at"),)

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    failures: Mapped[int]
    last_failure_at: Mapped[datetime]
    locked_until: Mapped[datetime | None]


class RateLimitBucket(Base):
    """One row per limited (scope, key): writing it first serialises that key's checkers, on SQLite
    (the write lock) and PostgreSQL (the row lock) alike, so count-then-insert cannot overshoot."""

    __tablename__ = "rate_limit_buckets"

    scope: Mapped[str] = mapped_column(String(32), primary_key=True)
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    touched_at: Mapped[datetime]


class RateLimitHit(Base):
    __tablename__ = "rate_limit_hits"
    __table_args__ = (Index("ix_rate_limit_hits_key_at", "scope", "key", "at"),)

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    scope: Mapped[str] = mapped_column(String(32))
    key: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime]
