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
    replaceable_until: datetime,
) -> ProviderCacheEntry:
    """Insert the entry for `key`, or replace one expiring by `replaceable_until` (stale or retired);
    an entry still good after that is kept and returned instead. Two workers whose first turns race
    both create a cache; the first one registered wins and the other worker uses it. Counters
    always survive."""
    values = {
        "provider": provider,
        "model": model,
        "cache_name": cache_name,
        "expires_at": expires_at,
        "created_at": now,
    }
    # One conditional UPDATE: on PostgreSQL a concurrent winner's committed row is re-checked
    # against the condition, on SQLite writers are serialised; either way a live entry is kept.
    replaced = session.execute(
        update(ProviderCacheEntry)
        .where(ProviderCacheEntry.key == key, ProviderCacheEntry.expires_at <= replaceable_until)
        .values(values)
    )
    row = session.get(ProviderCacheEntry, key, populate_existing=True)
    if getattr(replaced, "rowcount", 0) or row is not None:
        assert row is not None
        return row
    row = ProviderCacheEntry(key=key, hits=0, misses=0, **values)
    try:
        with session.begin_nested():
            session.add(row)
        return row
    except IntegrityError:
        # Another worker inserted the key since our UPDATE: theirs is fresh, so it wins.
        winner = session.get(ProviderCacheEntry, key, populate_existing=True)
        assert winner is not None
        return winner


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
