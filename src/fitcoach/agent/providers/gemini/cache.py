"""Where Gemini context caches are remembered: one cache per hash of model + prefix + tools, shared by
every user, with hit/miss counters for the R39 hit rate.

`InMemoryCacheRegistry` serves one process; `gemini_cache_db.DatabaseCacheRegistry` keeps the same
entries in the `provider_cache` table so every worker shares one cache and one set of counters.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Protocol

REFRESH_MARGIN = timedelta(seconds=60)
"""Stop using a cache this long before it expires, so a turn never starts on a cache that dies mid-way."""


@dataclass(frozen=True)
class CacheEntry:
    key: str
    model: str
    name: str | None
    """`cachedContents/…`; None when the API said the prefix is too small to cache (run inline)."""
    expire_time: datetime

    @property
    def cacheable(self) -> bool:
        return self.name is not None


@dataclass(frozen=True)
class CacheStats:
    hits: int = 0
    misses: int = 0

    @property
    def hit_rate(self) -> float | None:
        total = self.hits + self.misses
        return None if total == 0 else self.hits / total


class CacheRegistry(Protocol):
    def usable(self, key: str, now: datetime) -> CacheEntry | None:
        """The entry for `key` if it is still good for a whole turn (before expiry minus the margin)."""
        ...

    def put(self, entry: CacheEntry, now: datetime) -> CacheEntry:
        """Register `entry` unless `key` already has one usable at `now` (another worker won the race
        to create it); return the entry registered for `key` afterwards."""
        ...

    def invalidate(self, key: str, name: str | None) -> None:
        """Forget `key` if it still points at `name` (another worker may have replaced it already)."""
        ...

    def count(self, key: str, *, hit: bool) -> None:
        """Record one turn's use of `key`: a hit reused a live cache, a miss had to create one (or
        runs inline). Call it after `put`, so the entry being counted exists."""
        ...

    def stats(self) -> CacheStats: ...


class InMemoryCacheRegistry:
    def __init__(self) -> None:
        self._entries: dict[str, CacheEntry] = {}
        self._counts: dict[str, CacheStats] = {}
        self._lock = threading.Lock()

    def usable(self, key: str, now: datetime) -> CacheEntry | None:
        with self._lock:
            entry = self._entries.get(key)
        return entry if entry is not None and _live(entry, now) else None

    def put(self, entry: CacheEntry, now: datetime) -> CacheEntry:
        with self._lock:
            current = self._entries.get(entry.key)
            if current is not None and _live(current, now):
                return current
            self._entries[entry.key] = entry
            return entry

    def invalidate(self, key: str, name: str | None) -> None:
        with self._lock:
            current = self._entries.get(key)
            if current is not None and current.name == name:
                del self._entries[key]

    def count(self, key: str, *, hit: bool) -> None:
        with self._lock:
            current = self._counts.get(key, CacheStats())
            if hit:
                self._counts[key] = replace(current, hits=current.hits + 1)
            else:
                self._counts[key] = replace(current, misses=current.misses + 1)

    def stats(self) -> CacheStats:
        with self._lock:
            counts = list(self._counts.values())
        return CacheStats(hits=sum(c.hits for c in counts), misses=sum(c.misses for c in counts))


def _live(entry: CacheEntry, now: datetime) -> bool:
    return now < entry.expire_time - REFRESH_MARGIN
