"""The Gemini provider through the real `google-genai` SDK against the local fake REST server, in
both contract modes: the default `function` (the contract is the cached, forced `coach_reply`
declaration) and `response_schema` (the contract travels with each call as the response schema)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from tests.agent.conftest import NONE_ANSWER, RecordingToolRunner, make_request

from fitcoach.agent.prompt import estimate_tokens
from fitcoach.agent.providers.gemini.cache import REFRESH_MARGIN
from fitcoach.agent.providers.gemini.provider import (
    FINAL_ANSWER_NUDGE,
    FINAL_CALL_NUDGE,
    GeminiContract,
    GeminiProvider,
)
from fitcoach.agent.providers.gemini.support import REPLY_FUNCTION
from fitcoach.agent.tools import TOOL_DECLARATIONS
from fitcoach.clock import FrozenClock
from fitcoach.contract.wire_schema import lean_response_schema
from fitcoach.errors import (
    ModelOutputInvalid,
    ProviderError,
    ProviderMisconfigured,
    ProviderRateLimited,
    ProviderTimeout,
    ProviderUnavailable,
    ToolLoopExceeded,
)
from fitcoach.library import get_library
from fitcoach.testing.gemini_server import FakeGeminiServer, GeminiReply
from fitcoach.testing.server import Fault

TIMEOUT_S = 2.0
"""Long enough that a loaded CI machine never times out a healthy call; fault delays are multiples."""
INLINE_TIMEOUT_S = 5.0
"""Uncached turns send the whole prefix each call; on a loaded machine they need more than TIMEOUT_S."""
MODEL = "gemini-3-flash-preview"
CONFIG_KEYS = ("systemInstruction", "tools", "toolConfig")


@pytest.fixture
def server() -> Iterator[FakeGeminiServer]:
    with FakeGeminiServer() as fake:
        yield fake


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock(datetime(2026, 9, 14, 10, tzinfo=UTC))


@pytest.fixture(params=["function", "response_schema"])
def contract(request: pytest.FixtureRequest) -> GeminiContract:
    mode: GeminiContract = request.param
    return mode


@pytest.fixture
def provider(server: FakeGeminiServer, clock: FrozenClock, contract: GeminiContract) -> GeminiProvider:
    return GeminiProvider(
        model=MODEL,
        api_key="test-key",
        base_url=server.base_url,
        timeout_s=TIMEOUT_S,
        clock=clock,
        contract=contract,
    )


def _analytics_tools(body: dict[str, object]) -> list[str]:
    tools = body["tools"]
    assert isinstance(tools, list)
    names = [d["name"] for tool in tools for d in tool["functionDeclarations"]]
    return [name for name in names if name != REPLY_FUNCTION]


def test_one_cache_serves_every_turn_and_user(
    server: FakeGeminiServer, provider: GeminiProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(*[GeminiReply(NONE_ANSWER)] * 3)
    responses = [provider.respond(make_request(user=user), runner) for user in ("alice", "bob", "alice")]
    caches = server.bodies("cache")
    assert len(caches) == 1
    assert caches[0]["systemInstruction"]["parts"][0]["text"] == make_request().prefix
    assert _analytics_tools(caches[0]) == [
        "get_historical_exercise_logs",
        "get_volume_trends",
        "get_pr_records",
    ]
    generates = server.bodies("generate")
    assert len(generates) == 3
    for body in generates:
        assert body["cachedContent"] == "cachedContents/fake1"
        assert not any(key in body for key in CONFIG_KEYS)
        schema_sent = "responseJsonSchema" in body.get("generationConfig", {})
        assert schema_sent == (provider.contract == "response_schema")
    assert "alice" in str(generates[0]["contents"]) and "bob" in str(generates[1]["contents"])
    stats = provider.registry.stats()
    assert (stats.hits, stats.misses) == (2, 1)
    assert all(r.cache_hit for r in responses)
    assert responses[0].usage.cached_tokens is not None and responses[0].usage.cached_tokens >= 4096


def test_the_compact_schema_goes_with_every_turn_byte_identical(
    server: FakeGeminiServer, clock: FrozenClock
) -> None:
    provider = GeminiProvider(
        model=MODEL, api_key="k", base_url=server.base_url, timeout_s=TIMEOUT_S, contract="response_schema"
    )
    server.enqueue(*[GeminiReply(NONE_ANSWER)] * 3)
    usages = [provider.respond(make_request(user=u), RecordingToolRunner()).usage for u in ("al", "bo", "al")]
    configs = [body["generationConfig"] for body in server.bodies("generate")]
    assert all("responseSchema" not in config for config in configs)
    sent = [json.dumps(config["responseJsonSchema"]) for config in configs]
    assert sent[0] == sent[1] == sent[2] == json.dumps(lean_response_schema(get_library().slugs))
    schema = configs[0]["responseJsonSchema"]
    assert {"DayPlan", "Block", "PlannedExercise", "WeeklyPlan"} <= set(schema["$defs"])
    exercise = schema["$defs"]["PlannedExercise"]["properties"]["exercise_id"]
    assert exercise["enum"] == sorted(get_library().slugs)
    # Billed as uncached input on every turn: a CachedContent cannot hold generation config.
    schema_tokens = estimate_tokens(sent[0])
    for usage in usages:
        assert usage.prompt_tokens is not None and usage.cached_tokens is not None
        assert usage.prompt_tokens - usage.cached_tokens > schema_tokens


def test_a_model_before_2_5_gets_the_legacy_inlined_schema(server: FakeGeminiServer) -> None:
    old = GeminiProvider(
        model="gemini-2.0-flash",
        api_key="k",
        base_url=server.base_url,
        timeout_s=TIMEOUT_S,
        contract="response_schema",
    )
    # Split mode: the tool phase answers prose, so the structured call follows.
    server.enqueue(GeminiReply("Let me think."), GeminiReply(NONE_ANSWER))
    old.respond(make_request(), RecordingToolRunner())
    config = server.bodies("generate")[-1]["generationConfig"]
    assert "responseJsonSchema" not in config
    data = config["responseSchema"]["properties"]["proposal"]["properties"]["data"]
    exercise = data["properties"]["blocks"]["items"]["properties"]["exercises"]["items"]["properties"]
    assert exercise["exercise_id"]["enum"] == sorted(get_library().slugs)


def test_function_call_round_trip(
    server: FakeGeminiServer, provider: GeminiProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(
        GeminiReply.calling("get_historical_exercise_logs", exercise_slug="push-up", limit=2),
        GeminiReply(NONE_ANSWER),
    )
    response = provider.respond(make_request(), runner)
    assert runner.calls == [
        ("get_historical_exercise_logs", {"exercise_slug": "push-up", "limit_sessions": 2})
    ]
    second = server.bodies("generate")[1]
    assert not any(key in second for key in CONFIG_KEYS)
    call, answer = second["contents"][1:]
    assert call["parts"][0]["functionCall"]["name"] == "get_historical_exercise_logs"
    returned = answer["parts"][0]["functionResponse"]
    assert returned["name"] == "get_historical_exercise_logs"
    assert returned["response"]["sessions"][0]["log_id"] == "log_7"
    assert response.usage.output_tokens == 100


def test_an_expired_cache_is_recreated_once(
    server: FakeGeminiServer, provider: GeminiProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(GeminiReply(NONE_ANSWER), GeminiReply(NONE_ANSWER))
    provider.respond(make_request(), runner)
    server.expire_caches()
    provider.respond(make_request(), runner)
    assert len(server.bodies("cache")) == 2
    assert server.bodies("generate")[-1]["cachedContent"] == "cachedContents/fake2"


def test_a_cache_lost_twice_in_one_turn_is_a_provider_error(
    server: FakeGeminiServer, provider: GeminiProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(Fault.http(404), Fault.http(404), GeminiReply(NONE_ANSWER))
    with pytest.raises(ProviderUnavailable):
        provider.respond(make_request(), runner)
    assert len(server.bodies("cache")) == 2


def test_a_cache_is_replaced_shortly_before_it_expires(
    server: FakeGeminiServer, provider: GeminiProvider, clock: FrozenClock, runner: RecordingToolRunner
) -> None:
    server.enqueue(*[GeminiReply(NONE_ANSWER)] * 3)
    provider.respond(make_request(), runner)
    key = provider.cache_key(make_request().prefix, TOOL_DECLARATIONS, slugs=tuple(get_library().slugs))
    entry = provider.registry.usable(key, clock.now())
    assert entry is not None
    clock.set(entry.expire_time - REFRESH_MARGIN - timedelta(seconds=30))
    provider.respond(make_request(), runner)
    assert len(server.bodies("cache")) == 1
    clock.advance(timedelta(seconds=31))
    provider.respond(make_request(), runner)
    assert len(server.bodies("cache")) == 2


def test_too_small_to_cache_runs_inline(
    runner: RecordingToolRunner, clock: FrozenClock, contract: GeminiContract
) -> None:
    with FakeGeminiServer(min_cache_tokens=10**7) as server:
        provider = GeminiProvider(
            model=MODEL,
            api_key="k",
            base_url=server.base_url,
            timeout_s=INLINE_TIMEOUT_S,
            clock=clock,
            contract=contract,
        )
        server.enqueue(GeminiReply(NONE_ANSWER), GeminiReply(NONE_ANSWER))
        first = provider.respond(make_request(), runner)
        provider.respond(make_request(), runner)
        assert len(server.bodies("cache")) == 1  # the refusal is remembered
        for body in server.bodies("generate"):
            assert "cachedContent" not in body
            assert body["systemInstruction"]["parts"][0]["text"] == make_request().prefix
            assert body["tools"][0]["functionDeclarations"]
        assert first.cache_hit is False


def test_an_endless_tool_loop_stops_after_three_rounds(
    server: FakeGeminiServer, provider: GeminiProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(*[GeminiReply.calling("get_pr_records", exercise_slug="push-up")] * 10)
    with pytest.raises(ToolLoopExceeded):
        provider.respond(make_request(), runner)
    generates = server.bodies("generate")
    assert len(generates) == 4 and len(runner.calls) == 3
    nudge = FINAL_CALL_NUDGE if provider.contract == "function" else FINAL_ANSWER_NUDGE
    assert generates[-1]["contents"][-1]["parts"][0]["text"] == nudge


def test_uncached_last_round_offers_no_analytics_tool(
    runner: RecordingToolRunner, contract: GeminiContract
) -> None:
    with FakeGeminiServer(min_cache_tokens=10**7) as server:
        provider = GeminiProvider(
            model=MODEL, api_key="k", base_url=server.base_url, timeout_s=INLINE_TIMEOUT_S, contract=contract
        )
        server.enqueue(
            *[GeminiReply.calling("get_pr_records", exercise_slug="push-up")] * 3, GeminiReply(NONE_ANSWER)
        )
        provider.respond(make_request(), runner)
        offered = [_analytics_tools(body) if "tools" in body else [] for body in server.bodies("generate")]
        assert [len(names) for names in offered] == [3, 3, 3, 0]
        if contract == "function":  # `coach_reply` stays: an answer is still a forced call
            assert (
                server.bodies("generate")[-1]["tools"][-1]["functionDeclarations"][0]["name"]
                == REPLY_FUNCTION
            )


def test_a_missing_key_is_refused() -> None:
    with pytest.raises(ProviderMisconfigured, match="GEMINI_API_KEY"):
        GeminiProvider(model=MODEL, api_key=None)


@pytest.mark.parametrize(
    ("script", "error"),
    [
        ([Fault.delay(TIMEOUT_S * 4), GeminiReply(NONE_ANSWER)], ProviderTimeout),
        ([Fault.http(500)], ProviderUnavailable),
        ([Fault.http(429)], ProviderRateLimited),
        ([Fault.malformed()], ProviderUnavailable),
        ([Fault.truncated(), GeminiReply(NONE_ANSWER)], ProviderUnavailable),
        ([GeminiReply('{"message": "cut', finish_reason="MAX_TOKENS")], ModelOutputInvalid),
        ([GeminiReply("Here is your plan!")], ModelOutputInvalid),
    ],
    ids=["timeout", "http500", "http429", "malformed-body", "truncated-body", "max-tokens", "prose"],
)
def test_faults_surface_quickly_as_provider_errors(
    server: FakeGeminiServer,
    provider: GeminiProvider,
    runner: RecordingToolRunner,
    script: list[object],
    error: type[ProviderError],
) -> None:
    server.enqueue(*script)
    with pytest.raises(error):
        provider.respond(make_request(), runner)
    assert len(server.bodies("generate")) == 1  # no hidden retries


def test_the_timeout_bounds_the_whole_turn_not_each_call(
    server: FakeGeminiServer, provider: GeminiProvider, runner: RecordingToolRunner
) -> None:
    """Two calls of 0.6 × the timeout each fit a per-call timeout but not the turn's budget."""
    server.enqueue(
        Fault.delay(TIMEOUT_S * 0.6),
        GeminiReply.calling("get_pr_records", exercise_slug="push-up"),
        Fault.delay(TIMEOUT_S * 0.6),
        GeminiReply(NONE_ANSWER),
    )
    with pytest.raises(ProviderTimeout):
        provider.respond(make_request(), runner)


def test_concurrent_first_turns_create_one_cache(
    server: FakeGeminiServer, provider: GeminiProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(*[GeminiReply(NONE_ANSWER)] * 6)
    with ThreadPoolExecutor(max_workers=6) as pool:
        list(pool.map(lambda i: provider.respond(make_request(user=f"user{i}"), runner), range(6)))
    assert len(server.bodies("cache")) == 1
    stats = provider.registry.stats()
    assert (stats.hits, stats.misses) == (5, 1)
