"""The `CacheRegistry` contract, held by the in-memory registry and the database one alike."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine

from fitcoach.agent.providers.gemini_cache import (
    REFRESH_MARGIN,
    CacheEntry,
    CacheRegistry,
    InMemoryCacheRegistry,
)
from fitcoach.agent.providers.gemini_cache_db import DatabaseCacheRegistry
from fitcoach.clock import FrozenClock
from fitcoach.storage.db import make_sessionmaker

NOW = datetime(2026, 9, 14, 10, tzinfo=UTC)
EXPIRES = NOW + timedelta(hours=1)


def _entry(key: str = "k1", name: str | None = "cachedContents/a", expires: datetime = EXPIRES) -> CacheEntry:
    return CacheEntry(key=key, model="gemini-3-flash-preview", name=name, expire_time=expires)


def check_an_entry_is_usable_until_the_margin_before_expiry(registry: CacheRegistry) -> None:
    assert registry.usable("k1", NOW) is None
    registry.put(_entry())
    assert registry.usable("k1", NOW) == _entry()
    last_good = EXPIRES - REFRESH_MARGIN - timedelta(microseconds=1)
    assert registry.usable("k1", last_good) == _entry()
    assert registry.usable("k1", EXPIRES - REFRESH_MARGIN) is None
    assert registry.usable("k2", NOW) is None


def check_put_replaces_and_keeps_an_uncacheable_prefix(registry: CacheRegistry) -> None:
    registry.put(_entry())
    registry.put(_entry(name=None, expires=EXPIRES + timedelta(hours=1)))
    entry = registry.usable("k1", NOW)
    assert entry is not None and not entry.cacheable
    assert entry.expire_time == EXPIRES + timedelta(hours=1)


def check_invalidate_forgets_only_the_cache_it_names(registry: CacheRegistry) -> None:
    registry.put(_entry(name="cachedContents/b"))
    registry.invalidate("k1", "cachedContents/a")  # another worker already replaced a with b
    assert registry.usable("k1", NOW) == _entry(name="cachedContents/b")
    registry.invalidate("k1", "cachedContents/b")
    assert registry.usable("k1", NOW) is None
    registry.put(_entry(name="cachedContents/c"))
    assert registry.usable("k1", NOW) == _entry(name="cachedContents/c")


def check_counts_sum_over_keys_and_survive_a_replaced_cache(registry: CacheRegistry) -> None:
    assert registry.stats().hit_rate is None
    registry.put(_entry("k1"))
    registry.put(_entry("k2", name="cachedContents/z"))
    registry.count("k1", hit=False)
    registry.count("k2", hit=False)
    for _ in range(6):
        registry.count("k1", hit=True)
    registry.invalidate("k1", "cachedContents/a")
    registry.put(_entry("k1", name="cachedContents/b"))
    registry.count("k1", hit=False)
    registry.count("k1", hit=True)
    stats = registry.stats()
    assert (stats.hits, stats.misses) == (7, 3)
    assert stats.hit_rate == pytest.approx(0.7)


Check = Callable[[CacheRegistry], None]
CHECKS: list[Check] = [
    check_an_entry_is_usable_until_the_margin_before_expiry,
    check_put_replaces_and_keeps_an_uncacheable_prefix,
    check_invalidate_forgets_only_the_cache_it_names,
    check_counts_sum_over_keys_and_survive_a_replaced_cache,
]
IDS = [check.__name__.removeprefix("check_") for check in CHECKS]


@pytest.mark.parametrize("check", CHECKS, ids=IDS)
def test_in_memory_registry(check: Check) -> None:
    check(InMemoryCacheRegistry())


@pytest.mark.parametrize("check", CHECKS, ids=IDS)
def test_database_registry(check: Check, engine: Engine) -> None:
    check(DatabaseCacheRegistry(make_sessionmaker(engine), clock=FrozenClock(NOW)))
