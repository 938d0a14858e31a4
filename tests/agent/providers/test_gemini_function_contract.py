"""The default `contract="function"`: the answer contract declared as the cached `coach_reply`
function with forced calling, so no response schema travels (or is billed) with a turn. Real SDK,
fake server (which, like the API under forced calling, answers only with function calls)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from tests.agent.conftest import NONE_ANSWER, RecordingToolRunner, make_request

from fitcoach.agent.prompt import estimate_tokens
from fitcoach.agent.providers.gemini.provider import FINAL_CALL_NUDGE, GeminiProvider
from fitcoach.agent.providers.gemini.support import REPLY_FUNCTION
from fitcoach.agent.providers.registry import make_provider
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.contract.wire_schema import lean_response_schema
from fitcoach.errors import ToolLoopExceeded
from fitcoach.library import get_library
from fitcoach.testing.gemini_server import FakeGeminiServer, GeminiReply, parameters_json_schema

MODEL = "gemini-2.5-flash"
"""A generation that cannot pair tools with a response schema: the function contract needs neither."""


@pytest.fixture
def server() -> Iterator[FakeGeminiServer]:
    with FakeGeminiServer() as fake:
        yield fake


def _provider(server: FakeGeminiServer, *, model: str = MODEL) -> GeminiProvider:
    clock = FrozenClock(datetime(2026, 9, 14, 10, tzinfo=UTC))
    return GeminiProvider(
        model=model, api_key="k", base_url=server.base_url, timeout_s=5, clock=clock, contract="function"
    )


def _answer() -> GeminiReply:
    return GeminiReply.calling(REPLY_FUNCTION, **json.loads(NONE_ANSWER))


def test_the_contract_is_cached_as_a_forced_function_and_no_turn_carries_a_schema(
    server: FakeGeminiServer,
) -> None:
    server.enqueue(_answer(), _answer())
    provider = _provider(server)
    responses = [provider.respond(make_request(user=u), RecordingToolRunner()) for u in ("al", "bo")]
    assert [json.loads(r.text) for r in responses] == [json.loads(NONE_ANSWER)] * 2
    (cache,) = server.bodies("cache")
    assert cache["toolConfig"] == {"functionCallingConfig": {"mode": "ANY"}}
    declared = {d["name"]: d for tool in cache["tools"] for d in tool["functionDeclarations"]}
    assert set(declared) == {
        "get_historical_exercise_logs",
        "get_volume_trends",
        "get_pr_records",
        REPLY_FUNCTION,
    }
    contract = parameters_json_schema(declared[REPLY_FUNCTION])
    assert contract == lean_response_schema(get_library().slugs)
    assert contract["$defs"]["PlannedExercise"]["properties"]["exercise_id"]["enum"] == sorted(
        get_library().slugs
    )
    for body in server.bodies("generate"):
        assert body["cachedContent"] == "cachedContents/fake1"
        assert "responseJsonSchema" not in body.get("generationConfig", {})
        assert "responseSchema" not in body.get("generationConfig", {})
    # Per turn only the contents are uncached (a few dozen tokens here): the schema (~1,500) is
    # billed inside the cache.
    schema_tokens = estimate_tokens(json.dumps(contract, ensure_ascii=False))
    for body, response in zip(server.bodies("generate"), responses, strict=True):
        usage = response.usage
        assert usage.prompt_tokens is not None and usage.cached_tokens is not None
        contents_tokens = estimate_tokens(json.dumps(body["contents"], ensure_ascii=False))
        assert usage.prompt_tokens - usage.cached_tokens <= contents_tokens + 1 < schema_tokens / 10


def test_tool_rounds_run_before_the_reply_call_and_the_budget_ends_with_a_nudge(
    server: FakeGeminiServer,
) -> None:
    runner = RecordingToolRunner()
    lookup = GeminiReply.calling("get_historical_exercise_logs", exercise_slug="goblet-squat")
    server.enqueue(lookup, _answer())
    response = _provider(server).respond(make_request(), runner)
    assert json.loads(response.text)["proposal"]["type"] == "NONE"
    assert runner.calls == [("get_historical_exercise_logs", {"exercise_slug": "goblet-squat"})]
    returned = server.bodies("generate")[1]["contents"][-1]["parts"][0]["functionResponse"]
    assert returned["name"] == "get_historical_exercise_logs"
    server.enqueue(*[lookup] * 10)
    with pytest.raises(ToolLoopExceeded):
        _provider(server).respond(make_request(), RecordingToolRunner())
    assert FINAL_CALL_NUDGE in json.dumps(server.bodies("generate")[-1]["contents"])


def test_an_uncached_turn_declares_the_function_and_forces_calls_inline(server: FakeGeminiServer) -> None:
    server.min_cache_tokens = 10**9  # every cache is "too small": turns run with the prefix inline
    server.enqueue(_answer())
    response = _provider(server).respond(make_request(), RecordingToolRunner())
    assert json.loads(response.text) == json.loads(NONE_ANSWER)
    (body,) = server.bodies("generate")
    assert "cachedContent" not in body
    assert body["toolConfig"] == {"functionCallingConfig": {"mode": "ANY"}}
    names = [d["name"] for tool in body["tools"] for d in tool["functionDeclarations"]]
    assert names[-1] == REPLY_FUNCTION


def test_the_function_contract_has_its_own_cache(server: FakeGeminiServer) -> None:
    server.enqueue(GeminiReply(NONE_ANSWER), _answer())
    schema = GeminiProvider(
        model="gemini-3-flash-preview",
        api_key="k",
        base_url=server.base_url,
        timeout_s=5,
        contract="response_schema",
    )
    function = _provider(server, model="gemini-3-flash-preview")
    function.registry = schema.registry
    schema.respond(make_request(), RecordingToolRunner())
    function.respond(make_request(), RecordingToolRunner())
    caches = server.bodies("cache")
    assert len(caches) == 2 and "toolConfig" not in caches[0] and "toolConfig" in caches[1]


def test_the_function_contract_is_the_default_and_the_setting_selects_the_response_schema(
    server: FakeGeminiServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GEMINI_API_KEY", "k")
    monkeypatch.delenv("FITCOACH_GEMINI_CONTRACT", raising=False)
    settings = Settings(provider="gemini", model=MODEL, gemini_base_url=server.base_url)
    assert settings.gemini_contract == "function"
    server.enqueue(_answer())
    make_provider(settings).respond(make_request(), RecordingToolRunner())
    assert "toolConfig" in server.bodies("cache")[0]
    monkeypatch.setenv("FITCOACH_GEMINI_CONTRACT", "response_schema")
    chosen = Settings(provider="gemini", model="gemini-3-flash-preview", gemini_base_url=server.base_url)
    server.enqueue(GeminiReply(NONE_ANSWER))
    make_provider(chosen).respond(make_request(), RecordingToolRunner())
    assert "toolConfig" not in server.bodies("cache")[1]
    assert "responseJsonSchema" in server.bodies("generate")[-1]["generationConfig"]
