"""`FITCOACH_GEMINI_CONTRACT=response_schema` on models before Gemini 3: a tool phase without a
schema, then one structured call without tools. (The default function contract needs neither.)

The fake refuses tools + response schema for these models exactly as the API does, so a provider
that mixed them would fail here."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from tests.agent.conftest import NONE_ANSWER, RecordingToolRunner, make_request

from fitcoach.agent.providers.gemini.provider import FINAL_ANSWER_NUDGE, TOOL_RESULTS_HEADER, GeminiProvider
from fitcoach.agent.providers.gemini.support import takes_json_schema
from fitcoach.errors import ProviderUnavailable
from fitcoach.testing.gemini_server import FakeGeminiServer, GeminiReply

OLD_MODEL = "gemini-2.5-flash"


@pytest.fixture
def server() -> Iterator[FakeGeminiServer]:
    with FakeGeminiServer() as fake:
        yield fake


@pytest.fixture
def provider(server: FakeGeminiServer) -> GeminiProvider:
    return GeminiProvider(
        model=OLD_MODEL, api_key="k", base_url=server.base_url, timeout_s=2, contract="response_schema"
    )


def test_the_fake_refuses_tools_with_a_schema_for_old_models(server: FakeGeminiServer) -> None:
    """The premise: the single-call mode would fail on an old model."""
    combined = GeminiProvider(
        model="gemini-3-flash-preview",
        api_key="k",
        base_url=server.base_url,
        timeout_s=2,
        contract="response_schema",
    )
    combined.model = OLD_MODEL  # the same requests, addressed to an old model
    with pytest.raises(ProviderUnavailable, match="unsupported"):
        combined.respond(make_request(), RecordingToolRunner())


@pytest.mark.parametrize("answer", [NONE_ANSWER, f"```json\n{NONE_ANSWER}\n```"], ids=["bare", "fenced"])
def test_fast_path_is_one_call_when_the_tool_phase_answers_json(
    server: FakeGeminiServer, provider: GeminiProvider, runner: RecordingToolRunner, answer: str
) -> None:
    server.enqueue(GeminiReply(answer))
    response = provider.respond(make_request(), runner)
    assert response.text == NONE_ANSWER
    assert json.loads(response.text)["proposal"]["type"] == "NONE"
    (body,) = server.bodies("generate")
    assert not {"responseSchema", "responseJsonSchema"} & set(body.get("generationConfig", {}))
    assert len(server.bodies("cache")) == 1


def test_tool_results_reach_the_final_structured_call(
    server: FakeGeminiServer, provider: GeminiProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(
        GeminiReply.calling("get_historical_exercise_logs", exercise_slug="push-up"),
        GeminiReply("Let me think about that."),
        GeminiReply(NONE_ANSWER),
    )
    provider.respond(make_request(), runner)
    assert runner.calls == [("get_historical_exercise_logs", {"exercise_slug": "push-up"})]
    tool_cache, plain_cache = server.bodies("cache")
    assert "tools" in tool_cache and "tools" not in plain_cache
    generates = server.bodies("generate")
    assert [g["cachedContent"] for g in generates] == [
        "cachedContents/fake1",
        "cachedContents/fake1",
        "cachedContents/fake2",
    ]
    assert generates[1]["contents"][-1]["parts"][0]["functionResponse"]["response"]["sessions"]
    final = generates[-1]
    assert "$defs" in final["generationConfig"]["responseJsonSchema"]
    closing = final["contents"][-1]["parts"][0]["text"]
    assert closing.startswith(TOOL_RESULTS_HEADER) and closing.endswith(FINAL_ANSWER_NUDGE)
    assert "log_7" in closing


def test_an_endless_tool_phase_ends_in_the_structured_call(
    server: FakeGeminiServer, provider: GeminiProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(
        *[GeminiReply.calling("get_pr_records", exercise_slug="push-up")] * 3, GeminiReply(NONE_ANSWER)
    )
    provider.respond(make_request(), runner)
    assert len(runner.calls) == 3
    assert len(server.bodies("generate")) == 4


@pytest.mark.parametrize(
    ("model", "json_schema"),
    [
        ("gemini-1.5-pro", False),
        ("gemini-2.0-flash", False),
        ("models/gemini-2.0-flash-lite", False),
        ("gemini-2.5-flash", True),
        ("gemini-3-flash-preview", True),
        ("models/gemini-3.1-pro", True),
        ("tunedModels/my-coach", True),
    ],
)
def test_which_generations_get_the_compact_json_schema(model: str, json_schema: bool) -> None:
    assert takes_json_schema(model) is json_schema
