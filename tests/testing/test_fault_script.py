"""Scripted faults keep each request's own entry: a slow answer the client gave up on steals nothing."""

from __future__ import annotations

import json

import pytest
from tests.agent.conftest import RecordingToolRunner, make_request

from fitcoach.agent.providers.openai_compat import OpenAICompatProvider
from fitcoach.errors import ProviderTimeout, ProviderUnavailable
from fitcoach.testing.openai_server import ChatReply, FakeOpenAIServer
from fitcoach.testing.server import Fault


def _answer(text: str) -> str:
    return json.dumps(
        {
            "message": text,
            "proposal": {"id": None, "type": "NONE", "target_day": None, "summary_diff": None, "data": None},
            "memory_mutations": [],
        }
    )


def test_a_timed_out_request_does_not_take_the_next_requests_entry() -> None:
    with FakeOpenAIServer() as server:
        provider = OpenAICompatProvider(api_key=None, base_url=server.openai_base_url, timeout_s=0.1)
        server.enqueue(Fault.delay(0.6), ChatReply(_answer("late")), ChatReply(_answer("second")))
        with pytest.raises(ProviderTimeout):
            provider.respond(make_request("first"), RecordingToolRunner())
        # The first handler is still asleep; the second request must get its own entry.
        text = provider.respond(make_request("second"), RecordingToolRunner()).text
    assert json.loads(text)["message"] == "second"


def test_a_fallback_that_always_delays_answers_once_after_the_delay() -> None:
    # Before: the handler slept, asked the fallback again, got another delay, and never answered.
    with FakeOpenAIServer(fallback=lambda body: Fault.delay(0.2)) as server:
        provider = OpenAICompatProvider(api_key=None, base_url=server.openai_base_url, timeout_s=3)
        with pytest.raises(ProviderUnavailable) as caught:
            provider.respond(make_request(), RecordingToolRunner())
    assert caught.value.details == {"status": 500}
