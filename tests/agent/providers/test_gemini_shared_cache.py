"""Two Gemini workers sharing one database-backed cache registry: the real `google-genai` SDK against
the fake Gemini server, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import Engine
from tests.agent.conftest import NONE_ANSWER, RecordingToolRunner, make_request

from fitcoach.agent.providers import make_provider
from fitcoach.agent.providers.gemini.cache_db import DatabaseCacheRegistry
from fitcoach.agent.providers.gemini.provider import GeminiProvider
from fitcoach.agent.tools import TOOL_DECLARATIONS
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.library import get_library
from fitcoach.storage.db import make_engine, make_sessionmaker
from fitcoach.storage.provider_cache import get_cache_entry
from fitcoach.storage.tables import ProviderCacheEntry
from fitcoach.testing.gemini_server import FakeGeminiServer, GeminiReply

MODEL = "gemini-3-flash-preview"
KEY = GeminiProvider(model=MODEL, api_key="k").cache_key(
    make_request().prefix, TOOL_DECLARATIONS, slugs=tuple(get_library().slugs)
)
"""The registry key the default (function contract) mode files its cache under."""


@pytest.fixture
def server() -> Iterator[FakeGeminiServer]:
    with FakeGeminiServer() as fake:
        yield fake


@pytest.fixture
def workers(
    server: FakeGeminiServer, database_url: str, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[GeminiProvider, GeminiProvider]]:
    """Two providers as two worker processes would build them: own engine, own client, one database."""
    monkeypatch.setenv("GEMINI_API_KEY", "test-key")
    settings = Settings(provider="gemini", model=MODEL, gemini_base_url=server.base_url, llm_timeout_s=5)
    engines = [make_engine(database_url) for _ in range(2)]
    providers = [make_provider(settings, sessions=make_sessionmaker(e), clock=clock) for e in engines]
    first, second = providers
    assert isinstance(first, GeminiProvider) and isinstance(second, GeminiProvider)
    yield first, second
    for engine in engines:
        engine.dispose()


def _row(engine: Engine) -> ProviderCacheEntry:
    with make_sessionmaker(engine)() as session:
        row = get_cache_entry(session, key=KEY)
    assert row is not None
    return row


def test_the_factory_gives_gemini_the_database_registry(
    workers: tuple[GeminiProvider, GeminiProvider],
) -> None:
    assert all(isinstance(worker.registry, DatabaseCacheRegistry) for worker in workers)


def test_two_workers_create_the_cache_once_and_both_reuse_it(
    server: FakeGeminiServer,
    workers: tuple[GeminiProvider, GeminiProvider],
    runner: RecordingToolRunner,
    engine: Engine,
) -> None:
    first, second = workers
    server.enqueue(*[GeminiReply(NONE_ANSWER)] * 4)
    responses = [w.respond(make_request(user=f"u{i}"), runner) for i, w in enumerate([first, second] * 2)]
    assert len(server.bodies("cache")) == 1
    assert [b["cachedContent"] for b in server.bodies("generate")] == ["cachedContents/fake1"] * 4
    assert all(response.cache_hit for response in responses)
    for worker in workers:
        stats = worker.registry.stats()
        assert (stats.hits, stats.misses) == (3, 1)
    row = _row(engine)
    assert (row.provider, row.model, row.cache_name) == ("gemini", MODEL, "cachedContents/fake1")
    assert (row.hits, row.misses) == (3, 1)


def test_racing_first_turns_share_one_cache_and_drop_the_surplus(
    database_url: str, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch, engine: Engine
) -> None:
    """Both workers are creating the cache at once (the fake holds each creation until both have
    asked): the first registered wins, both turns run on it, and the loser deletes its own."""
    with FakeGeminiServer(cache_rendezvous=2) as server:
        monkeypatch.setenv("GEMINI_API_KEY", "test-key")
        settings = Settings(provider="gemini", model=MODEL, gemini_base_url=server.base_url, llm_timeout_s=9)
        engines = [make_engine(database_url) for _ in range(2)]
        workers = [make_provider(settings, sessions=make_sessionmaker(e), clock=clock) for e in engines]
        server.enqueue(*[GeminiReply(NONE_ANSWER)] * 2)
        try:
            with ThreadPoolExecutor(max_workers=2) as pool:
                turns = [
                    pool.submit(w.respond, make_request(user=f"u{i}"), RecordingToolRunner())
                    for i, w in enumerate(workers)
                ]
                responses = [turn.result() for turn in turns]
        finally:
            for each in engines:
                each.dispose()
        assert len(server.bodies("cache")) == 2
        (survivor,) = server.caches
        assert [b["cachedContent"] for b in server.bodies("generate")] == [survivor] * 2
        deleted = [r.path for r in server.requests if r.method == "DELETE"]
        assert len(deleted) == 1 and not deleted[0].endswith(survivor.removeprefix("cachedContents/"))
        assert _row(engine).cache_name == survivor
        assert all(response.cache_hit for response in responses)


def test_concurrent_turns_on_two_workers_lose_no_count(
    server: FakeGeminiServer, workers: tuple[GeminiProvider, GeminiProvider], runner: RecordingToolRunner
) -> None:
    first, second = workers
    server.enqueue(*[GeminiReply(NONE_ANSWER)] * 13)
    first.respond(make_request(), runner)
    with ThreadPoolExecutor(max_workers=6) as pool:
        turns = [
            pool.submit(w.respond, make_request(user=f"u{i}"), runner) for i, w in enumerate(workers * 6)
        ]
        for turn in turns:
            turn.result()
    assert len(server.bodies("cache")) == 1
    stats = second.registry.stats()
    assert (stats.hits, stats.misses) == (12, 1)


@pytest.mark.parametrize("loss", ["expired", "deleted"])
def test_a_lost_cache_is_recreated_once_and_the_row_updated(
    server: FakeGeminiServer,
    workers: tuple[GeminiProvider, GeminiProvider],
    runner: RecordingToolRunner,
    engine: Engine,
    loss: str,
) -> None:
    first, second = workers
    server.enqueue(*[GeminiReply(NONE_ANSWER)] * 3)
    first.respond(make_request(), runner)
    before = _row(engine)
    if loss == "expired":
        server.expire_caches()
    else:
        first.client.caches.delete(name="cachedContents/fake1")
    second.respond(make_request(), runner)
    assert len(server.bodies("cache")) == 2
    after = _row(engine)
    assert after.cache_name == "cachedContents/fake2"
    assert after.expires_at >= before.expires_at
    # The first worker never saw the loss: it reads the new cache from the row instead of recreating.
    first.respond(make_request(), runner)
    assert len(server.bodies("cache")) == 2
    assert [b["cachedContent"] for b in server.bodies("generate")] == [
        "cachedContents/fake1",
        "cachedContents/fake1",
        "cachedContents/fake2",
        "cachedContents/fake2",
    ]
    # One counted miss per creation; the second worker's reuse of the lost cache counted as a hit.
    assert (_row(engine).hits, _row(engine).misses) == (2, 2)


def test_the_hit_rate_over_twenty_turns_is_above_ninety_percent(
    server: FakeGeminiServer, workers: tuple[GeminiProvider, GeminiProvider], runner: RecordingToolRunner
) -> None:
    """R39: the shared prefix is paid for once; every later turn on any worker reuses it."""
    server.enqueue(*[GeminiReply(NONE_ANSWER)] * 20)
    for turn in range(20):
        workers[turn % 2].respond(make_request(user=f"user{turn % 5}"), runner)
    stats = workers[0].registry.stats()
    assert (stats.hits, stats.misses) == (19, 1)
    assert stats.hit_rate is not None and stats.hit_rate > 0.9
