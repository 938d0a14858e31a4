"""The Gemini cache registry kept in the `provider_cache` table, so every worker process reuses one
context cache and adds to one set of hit/miss counters (R39)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session, sessionmaker

from fitcoach.agent.providers.gemini.cache import REFRESH_MARGIN, CacheEntry, CacheStats
from fitcoach.clock import Clock, SystemClock
from fitcoach.storage.provider_cache import (
    cache_totals,
    count_cache_use,
    get_cache_entry,
    invalidate_cache_entry,
    put_cache_entry,
)

PROVIDER = "gemini"


class DatabaseCacheRegistry:
    """A `CacheRegistry` over the storage functions; each call is its own short transaction, so no
    lock is held across a network call to Gemini."""

    def __init__(self, sessions: sessionmaker[Session], *, clock: Clock | None = None) -> None:
        self.sessions = sessions
        # Only stamps `created_at`; whether an entry is usable is judged at the caller's `now`.
        self.clock: Clock = clock or SystemClock()

    def usable(self, key: str, now: datetime) -> CacheEntry | None:
        with self.sessions() as session:
            row = get_cache_entry(session, key=key)
            if row is None or now >= row.expires_at - REFRESH_MARGIN:
                return None
            return CacheEntry(key=row.key, model=row.model, name=row.cache_name, expire_time=row.expires_at)

    def put(self, entry: CacheEntry, now: datetime) -> CacheEntry:
        with self.sessions.begin() as session:
            row = put_cache_entry(
                session,
                key=entry.key,
                provider=PROVIDER,
                model=entry.model,
                cache_name=entry.name,
                expires_at=entry.expire_time,
                now=self.clock.now(),
                replaceable_until=now + REFRESH_MARGIN,
            )
            return CacheEntry(key=row.key, model=row.model, name=row.cache_name, expire_time=row.expires_at)

    def invalidate(self, key: str, name: str | None) -> None:
        with self.sessions.begin() as session:
            invalidate_cache_entry(session, key=key, cache_name=name)

    def count(self, key: str, *, hit: bool) -> None:
        with self.sessions.begin() as session:
            count_cache_use(session, key=key, hit=hit)

    def stats(self) -> CacheStats:
        with self.sessions() as session:
            hits, misses = cache_totals(session)
        return CacheStats(hits=hits, misses=misses)
