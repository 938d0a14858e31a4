"""Where Gemini context caches are remembered: one cache per hash of model + prefix + tools, shared by
every user, with hit/miss counters for the R39 hit rate.

`InMemoryCacheRegistry` serves one process. A database-backed registry (the foundation's
`provider_cache` table, so all workers share one cache) implements the same protocol; it is not here
because that table has not landed on main yet.
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

    def put(self, entry: CacheEntry) -> None: ...

    def invalidate(self, key: str, name: str | None) -> None:
        """Forget `key` if it still points at `name` (another worker may have replaced it already)."""
        ...

    def count(self, *, hit: bool) -> None: ...

    def stats(self) -> CacheStats: ...


class InMemoryCacheRegistry:
    def __init__(self) -> None:
        self._entries: dict[str, CacheEntry] = {}
        self._stats = CacheStats()
        self._lock = threading.Lock()

    def usable(self, key: str, now: datetime) -> CacheEntry | None:
        with self._lock:
            entry = self._entries.get(key)
        if entry is None or now >= entry.expire_time - REFRESH_MARGIN:
            return None
        return entry

    def put(self, entry: CacheEntry) -> None:
        with self._lock:
            self._entries[entry.key] = entry

    def invalidate(self, key: str, name: str | None) -> None:
        with self._lock:
            current = self._entries.get(key)
            if current is not None and current.name == name:
                del self._entries[key]

    def count(self, *, hit: bool) -> None:
        with self._lock:
            if hit:
                self._stats = replace(self._stats, hits=self._stats.hits + 1)
            else:
                self._stats = replace(self._stats, misses=self._stats.misses + 1)

    def stats(self) -> CacheStats:
        with self._lock:
            return self._stats
