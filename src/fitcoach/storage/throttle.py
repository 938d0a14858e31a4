"""Sign-in failures per key, in the database so every worker sees them (the back-off of issue 17)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import ColumnElement, case, delete, select
from sqlalchemy.orm import Session

from fitcoach.auth.backoff import BackoffPolicy
from fitcoach.storage.auth_tables import AuthFailure
from fitcoach.storage.upsert import upsert


def retry_after(session: Session, *, keys: Iterable[str], now: datetime) -> int | None:
    """Seconds until every key may try again, or None when none is locked."""
    rows = session.execute(select(AuthFailure.locked_until).where(AuthFailure.key.in_(list(keys)))).scalars()
    waits = [(until - now).total_seconds() for until in rows if until is not None and until > now]
    return max(1, math.ceil(max(waits))) if waits else None


def record_failure(session: Session, *, key: str, policy: BackoffPolicy, now: datetime) -> None:
    """Count one failure (atomically, so parallel guesses all count) and lock the key as the policy says."""
    table = AuthFailure.__table__
    stale = now - policy.reset_after
    upsert(
        session,
        table,
        values={"key": key, "failures": 1, "last_failure_at": now, "locked_until": None},
        keys=["key"],
        update={
            # A key quiet for `reset_after` starts from one again.
            "failures": _restart_or_increment(stale),
            "last_failure_at": now,
        },
    )
    row = session.get(AuthFailure, key, populate_existing=True)
    assert row is not None
    row.locked_until = policy.locked_until(row.failures, now=now)


def _restart_or_increment(stale: datetime) -> ColumnElement[int]:
    return case((AuthFailure.last_failure_at <= stale, 1), else_=AuthFailure.failures + 1)


def clear_failures(session: Session, *, key: str) -> None:
    session.execute(delete(AuthFailure).where(AuthFailure.key == key))


def prune(session: Session, *, older_than: datetime) -> None:
    """Forget keys with no failure since `older_than`, so probing random names cannot grow the table."""
    session.execute(delete(AuthFailure).where(AuthFailure.last_failure_at < older_than))
