"""Sliding-window rate limits counted in the database, so N server processes enforce one limit.

Each check runs in a short transaction of its own: it first upserts the key's bucket row, which
serialises every checker of that key (SQLite's single write lock; a row lock on PostgreSQL), then
forgets hits that left the window, counts the rest and records the new hit only when there is room.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session, sessionmaker

from fitcoach.errors import RateLimited
from fitcoach.storage.auth_tables import RateLimitBucket, RateLimitHit
from fitcoach.storage.upsert import upsert


class DatabaseRateLimiter:
    """At most `limit` hits per key in any `window`, across every process sharing the database.
    `limit` 0 disables it."""

    def __init__(
        self, sessions: sessionmaker[Session], *, scope: str, limit: int, window: timedelta, what: str
    ) -> None:
        self.sessions = sessions
        self.scope = scope
        self.limit = limit
        self.window = window
        self.what = what
        """How the refusal names what was limited ("messages", "facts")."""

    def hit(self, key: str, *, now: datetime) -> None:
        """Count one hit for `key` at `now`, or raise `RateLimited` (nothing counted) when full."""
        if self.limit <= 0:
            return
        with self.sessions() as session, session.begin():
            upsert(
                session,
                RateLimitBucket.__table__,
                values={"scope": self.scope, "key": key, "touched_at": now},
                keys=["scope", "key"],
                update={"touched_at": now},
            )
            mine = (RateLimitHit.scope == self.scope, RateLimitHit.key == key)
            session.execute(delete(RateLimitHit).where(*mine, RateLimitHit.at <= now - self.window))
            times = list(
                session.execute(
                    select(RateLimitHit.at).where(*mine).order_by(RateLimitHit.at).limit(self.limit)
                ).scalars()
            )
            if len(times) >= self.limit:
                wait = (times[0] + self.window - now).total_seconds()
                window_s = int(self.window.total_seconds())
                raise RateLimited(
                    f"too many {self.what}: at most {self.limit} per {window_s} s",
                    retry_after_s=max(1, math.ceil(wait)),
                    details={"limit": self.limit, "window_s": window_s},
                )
            session.add(RateLimitHit(scope=self.scope, key=key, at=now))
