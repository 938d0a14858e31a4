"""The OpenAI-compatible provider through the real `openai` SDK against the local fake server."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from tests.agent.conftest import NONE_ANSWER, RecordingToolRunner, make_request

from fitcoach.agent.prompt import estimate_tokens
from fitcoach.agent.providers.openai_compat import OpenAICompatProvider
from fitcoach.contract.wire_schema import openai_response_format
from fitcoach.errors import (
    ModelOutputInvalid,
    ProviderError,
    ProviderRateLimited,
    ProviderTimeout,
    ProviderUnavailable,
    ToolLoopExceeded,
)
from fitcoach.library import get_library
from fitcoach.testing.openai_server import ChatReply, FakeOpenAIServer, ToolCall
from fitcoach.testing.server import Fault

TIMEOUT_S = 2.0
"""Long enough that a loaded CI machine never times out a healthy call; fault delays are multiples."""


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


@pytest.fixture
def provider(server: FakeOpenAIServer) -> OpenAICompatProvider:
    return OpenAICompatProvider(
        model="local-model", api_key=None, base_url=server.openai_base_url, timeout_s=TIMEOUT_S
    )


def test_prefix_first_strict_schema_and_cached_tokens(
    server: FakeOpenAIServer, provider: OpenAICompatProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(ChatReply(NONE_ANSWER), ChatReply(NONE_ANSWER))
    first = provider.respond(make_request(user="alice"), runner)
    second = provider.respond(make_request(user="bob"), runner)
    assert json.loads(first.text)["proposal"]["type"] == "NONE"
    bodies = server.completions()
    assert [b["messages"][0]["role"] for b in bodies] == ["system", "system"]
    assert bodies[0]["messages"][0]["content"] == bodies[1]["messages"][0]["content"] == make_request().prefix
    assert bodies[0]["response_format"]["json_schema"]["strict"] is True
    assert all(tool["function"]["strict"] for tool in bodies[0]["tools"])
    assert (first.cache_hit, second.cache_hit) == (False, True)
    assert second.usage.cached_tokens is not None and second.usage.cached_tokens > 4096
    assert second.usage.output_tokens == 50


def test_the_compact_strict_schema_is_sent_byte_identical_and_cached_with_the_prefix(
    server: FakeOpenAIServer, provider: OpenAICompatProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(ChatReply(NONE_ANSWER), ChatReply(NONE_ANSWER))
    provider.respond(make_request(user="alice"), runner)
    second = provider.respond(make_request(user="bob"), runner)
    sent = [json.dumps(body["response_format"]) for body in server.completions()]
    assert sent[0] == sent[1] == json.dumps(openai_response_format(get_library().slugs))
    schema = server.completions()[0]["response_format"]["json_schema"]["schema"]
    assert schema["$defs"]["PlannedExercise"]["properties"]["exercise_id"]["enum"] == sorted(
        get_library().slugs
    )
    # OpenAI renders the schema ahead of the system message, so it is part of the cached prefix.
    prefix_tokens = estimate_tokens(make_request().prefix) + estimate_tokens(sent[0])
    assert second.usage.cached_tokens == prefix_tokens


def test_tool_call_round_trip_reaches_the_runner_and_the_model(
    server: FakeOpenAIServer, provider: OpenAICompatProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(
        ChatReply(
            tool_calls=[ToolCall("get_historical_exercise_logs", {"exercise_slug": "push-up", "limit": 2})]
        ),
        ChatReply(NONE_ANSWER),
    )
    response = provider.respond(make_request(), runner)
    assert runner.calls == [
        ("get_historical_exercise_logs", {"exercise_slug": "push-up", "limit_sessions": 2})
    ]
    follow_up = server.completions()[1]["messages"]
    assert follow_up[-2]["tool_calls"][0]["function"]["name"] == "get_historical_exercise_logs"
    assert follow_up[-1]["role"] == "tool"
    assert json.loads(follow_up[-1]["content"])["sessions"][0]["log_id"] == "log_7"
    assert follow_up[-1]["tool_call_id"] == follow_up[-2]["tool_calls"][0]["id"]
    # usage adds up both calls of the turn
    assert response.usage.prompt_tokens is not None
    assert response.usage.prompt_tokens > 2 * estimate_tokens(make_request().prefix)
    assert response.usage.output_tokens == 100


def test_bad_tool_arguments_come_back_to_the_model_as_an_error(
    server: FakeOpenAIServer, provider: OpenAICompatProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(ChatReply(tool_calls=[ToolCall("get_pr_records", "{not json")]), ChatReply(NONE_ANSWER))
    provider.respond(make_request(), runner)
    assert runner.calls == []
    assert "not valid JSON" in server.completions()[1]["messages"][-1]["content"]


def test_a_tool_loop_that_never_ends_stops_after_three_rounds(
    server: FakeOpenAIServer, provider: OpenAICompatProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(*[ChatReply.calling("get_historical_exercise_logs", exercise_slug="push-up")] * 10)
    with pytest.raises(ToolLoopExceeded):
        provider.respond(make_request(), runner)
    bodies = server.completions()
    assert len(bodies) == 4
    assert len(runner.calls) == 3
    assert [b["tool_choice"] for b in bodies] == ["auto", "auto", "auto", "none"]


def test_repair_round_sends_the_previous_answer_and_the_violations(
    server: FakeOpenAIServer, provider: OpenAICompatProvider, runner: RecordingToolRunner
) -> None:
    server.enqueue(ChatReply(NONE_ANSWER))
    request = make_request()
    repair = type(request)(
        prefix=request.prefix,
        runtime_block=request.runtime_block,
        turn=request.turn,
        repair_feedback="proposal.target_day is required for UPDATE_DAY",
        previous_answer='{"message": "x"}',
    )
    provider.respond(repair, runner)
    messages = server.completions()[0]["messages"]
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
    assert messages[-1]["content"] == "proposal.target_day is required for UPDATE_DAY"


@pytest.mark.parametrize(
    ("script", "error"),
    [
        ([Fault.delay(TIMEOUT_S * 4), ChatReply(NONE_ANSWER)], ProviderTimeout),
        ([Fault.http(500)], ProviderUnavailable),
        ([Fault.http(429)], ProviderRateLimited),
        ([Fault.malformed()], ProviderUnavailable),
        ([Fault.truncated(), ChatReply(NONE_ANSWER)], ProviderUnavailable),
        ([ChatReply('{"message": "cut', finish_reason="length")], ModelOutputInvalid),
        ([ChatReply("Sure! Here is your plan: ...")], ModelOutputInvalid),
        ([ChatReply("")], ModelOutputInvalid),
    ],
    ids=["timeout", "http500", "http429", "malformed-body", "truncated-body", "length", "prose", "empty"],
)
def test_faults_surface_quickly_as_provider_errors(
    server: FakeOpenAIServer,
    provider: OpenAICompatProvider,
    runner: RecordingToolRunner,
    script: list[object],
    error: type[ProviderError],
) -> None:
    server.enqueue(*script)
    with pytest.raises(error) as caught:
        provider.respond(make_request(), runner)
    assert isinstance(caught.value, ProviderError)
    assert len(server.completions()) == 1  # no hidden retries


def test_the_timeout_bounds_the_whole_turn_not_each_call(
    server: FakeOpenAIServer, provider: OpenAICompatProvider, runner: RecordingToolRunner
) -> None:
    """Two calls of 0.6 × the timeout each fit a per-call timeout but not the turn's budget."""
    server.enqueue(
        Fault.delay(TIMEOUT_S * 0.6),
        ChatReply.calling("get_pr_records", exercise_slug="push-up"),
        Fault.delay(TIMEOUT_S * 0.6),
        ChatReply(NONE_ANSWER),
    )
    with pytest.raises(ProviderTimeout):
        provider.respond(make_request(), runner)
