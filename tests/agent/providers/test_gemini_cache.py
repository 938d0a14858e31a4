"""The `CacheRegistry` contract, held by the in-memory registry and the database one alike."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine

from fitcoach.agent.providers.gemini.cache import (
    REFRESH_MARGIN,
    CacheEntry,
    CacheRegistry,
    InMemoryCacheRegistry,
)
from fitcoach.agent.providers.gemini.cache_db import DatabaseCacheRegistry
from fitcoach.clock import FrozenClock
from fitcoach.storage.db import make_engine, make_sessionmaker

NOW = datetime(2026, 9, 14, 10, tzinfo=UTC)
EXPIRES = NOW + timedelta(hours=1)


def _entry(key: str = "k1", name: str | None = "cachedContents/a", expires: datetime = EXPIRES) -> CacheEntry:
    return CacheEntry(key=key, model="gemini-3-flash-preview", name=name, expire_time=expires)


def check_an_entry_is_usable_until_the_margin_before_expiry(registry: CacheRegistry) -> None:
    assert registry.usable("k1", NOW) is None
    registry.put(_entry(), NOW)
    assert registry.usable("k1", NOW) == _entry()
    last_good = EXPIRES - REFRESH_MARGIN - timedelta(microseconds=1)
    assert registry.usable("k1", last_good) == _entry()
    assert registry.usable("k1", EXPIRES - REFRESH_MARGIN) is None
    assert registry.usable("k2", NOW) is None


def check_put_keeps_a_live_entry_and_replaces_a_stale_one(registry: CacheRegistry) -> None:
    assert registry.put(_entry(), NOW) == _entry()
    # A second creator of the same cache (another worker's racing first turn) gets the first one.
    assert registry.put(_entry(name="cachedContents/late"), NOW) == _entry()
    assert registry.usable("k1", NOW) == _entry()
    stale = EXPIRES - REFRESH_MARGIN
    inline = _entry(name=None, expires=EXPIRES + timedelta(hours=1))
    assert registry.put(inline, stale) == inline
    entry = registry.usable("k1", stale)
    assert entry is not None and not entry.cacheable
    assert entry.expire_time == EXPIRES + timedelta(hours=1)


def check_invalidate_forgets_only_the_cache_it_names(registry: CacheRegistry) -> None:
    registry.put(_entry(name="cachedContents/b"), NOW)
    registry.invalidate("k1", "cachedContents/a")  # another worker already replaced a with b
    assert registry.usable("k1", NOW) == _entry(name="cachedContents/b")
    registry.invalidate("k1", "cachedContents/b")
    assert registry.usable("k1", NOW) is None
    registry.put(_entry(name="cachedContents/c"), NOW)
    assert registry.usable("k1", NOW) == _entry(name="cachedContents/c")


def check_counts_sum_over_keys_and_survive_a_replaced_cache(registry: CacheRegistry) -> None:
    assert registry.stats().hit_rate is None
    registry.put(_entry("k1"), NOW)
    registry.put(_entry("k2", name="cachedContents/z"), NOW)
    registry.count("k1", hit=False)
    registry.count("k2", hit=False)
    for _ in range(6):
        registry.count("k1", hit=True)
    registry.invalidate("k1", "cachedContents/a")
    registry.put(_entry("k1", name="cachedContents/b"), NOW)
    registry.count("k1", hit=False)
    registry.count("k1", hit=True)
    stats = registry.stats()
    assert (stats.hits, stats.misses) == (7, 3)
    assert stats.hit_rate == pytest.approx(0.7)


Check = Callable[[CacheRegistry], None]
CHECKS: list[Check] = [
    check_an_entry_is_usable_until_the_margin_before_expiry,
    check_put_keeps_a_live_entry_and_replaces_a_stale_one,
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


def test_racing_workers_register_one_entry_on_the_database(engine: Engine, database_url: str) -> None:
    """Each worker has its own engine; all put their own cache for the key at once and all get the
    same one back, the one the table holds."""
    engines = [make_engine(database_url) for _ in range(4)]
    registries = [DatabaseCacheRegistry(make_sessionmaker(e), clock=FrozenClock(NOW)) for e in engines]
    start = threading.Barrier(len(registries))

    def put(index: int) -> CacheEntry:
        start.wait()
        return registries[index].put(_entry(name=f"cachedContents/w{index}"), NOW)

    try:
        with ThreadPoolExecutor(max_workers=len(registries)) as pool:
            winners = list(pool.map(put, range(len(registries))))
    finally:
        for each in engines:
            each.dispose()
    assert len({winner.name for winner in winners}) == 1
    assert DatabaseCacheRegistry(make_sessionmaker(engine)).usable("k1", NOW) == winners[0]
