"""The registry of provider context caches (Gemini `cachedContents`), shared by every worker.

Not user data: the cached prefix is the same for all users, so rows are keyed by a hash of model,
prefix and tools. The agent's `CacheRegistry` adapter calls these functions.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from fitcoach.storage.tables import ProviderCacheEntry

RETIRED_AT = datetime(1970, 1, 1, tzinfo=UTC)
"""The expiry of a retired entry: in the past for any clock, frozen test clocks included."""


def get_cache_entry(session: Session, *, key: str) -> ProviderCacheEntry | None:
    return session.get(ProviderCacheEntry, key)


def put_cache_entry(
    session: Session,
    *,
    key: str,
    provider: str,
    model: str,
    cache_name: str | None,
    expires_at: datetime,
    now: datetime,
) -> ProviderCacheEntry:
    """Insert or replace the entry for `key`, keeping its counters (two workers may race: last wins)."""
    row = session.get(ProviderCacheEntry, key)
    if row is None:
        row = ProviderCacheEntry(
            key=key,
            provider=provider,
            model=model,
            cache_name=cache_name,
            expires_at=expires_at,
            created_at=now,
            hits=0,
            misses=0,
        )
        try:
            with session.begin_nested():
                session.add(row)
            return row
        except IntegrityError:
            row = session.get(ProviderCacheEntry, key, populate_existing=True)
            assert row is not None
    row.provider, row.model, row.cache_name = provider, model, cache_name
    row.expires_at, row.created_at = expires_at, now
    session.flush()
    return row


def invalidate_cache_entry(session: Session, *, key: str, cache_name: str | None) -> bool:
    """Retire `key` only if it still names `cache_name` (another worker may have replaced it).

    The row stays, expired at `RETIRED_AT`, so its hit/miss counters survive into the next cache.
    """
    condition = (
        ProviderCacheEntry.cache_name.is_(None)
        if cache_name is None
        else ProviderCacheEntry.cache_name == cache_name
    )
    result = session.execute(
        update(ProviderCacheEntry)
        .where(ProviderCacheEntry.key == key, condition, ProviderCacheEntry.expires_at != RETIRED_AT)
        .values(expires_at=RETIRED_AT)
    )
    return bool(getattr(result, "rowcount", 0))


def count_cache_use(session: Session, *, key: str, hit: bool) -> None:
    """Atomic counter bump in SQL, so concurrent workers never lose an increment."""
    column = ProviderCacheEntry.hits if hit else ProviderCacheEntry.misses
    session.execute(
        update(ProviderCacheEntry).where(ProviderCacheEntry.key == key).values({column: column + 1})
    )


def cache_totals(session: Session) -> tuple[int, int]:
    """(hits, misses) over every entry, for the R39 hit rate."""
    hits, misses = session.execute(
        select(
            func.coalesce(func.sum(ProviderCacheEntry.hits), 0),
            func.coalesce(func.sum(ProviderCacheEntry.misses), 0),
        )
    ).one()
    return int(hits), int(misses)
