"""The fakes run standalone (no script) answer every turn with a valid NONE reply."""

from __future__ import annotations

import json

import pytest
from tests.agent.conftest import RecordingToolRunner, make_request

from fitcoach.agent.providers.gemini.provider import GeminiProvider
from fitcoach.agent.providers.openai_compat import OpenAICompatProvider
from fitcoach.contract.models import CoachReply, ProposalType
from fitcoach.errors import ProviderUnavailable
from fitcoach.testing.__main__ import echo_answer
from fitcoach.testing.gemini_server import FakeGeminiServer, GeminiReply
from fitcoach.testing.openai_server import ChatReply, FakeOpenAIServer


def test_unscripted_gemini_fake_echoes_valid_answers() -> None:
    with FakeGeminiServer(fallback=lambda body: GeminiReply(echo_answer(body))) as server:
        provider = GeminiProvider(api_key="fake", base_url=server.base_url, timeout_s=5)
        texts = [provider.respond(make_request(f"hello {i}"), RecordingToolRunner()).text for i in range(2)]
    replies = [CoachReply.model_validate(json.loads(text)) for text in texts]
    assert [r.proposal.type for r in replies] == [ProposalType.NONE, ProposalType.NONE]
    assert '"hello 1"' in replies[1].message


def test_unscripted_openai_fake_echoes_valid_answers() -> None:
    with FakeOpenAIServer(fallback=lambda body: ChatReply(echo_answer(body))) as server:
        provider = OpenAICompatProvider(api_key=None, base_url=server.openai_base_url, timeout_s=5)
        text = provider.respond(make_request("bonjour"), RecordingToolRunner()).text
    assert '"bonjour"' in CoachReply.model_validate(json.loads(text)).message


def test_without_a_fallback_an_empty_script_is_a_server_error() -> None:
    with FakeOpenAIServer() as server:
        provider = OpenAICompatProvider(api_key=None, base_url=server.openai_base_url, timeout_s=5)
        with pytest.raises(ProviderUnavailable) as caught:
            provider.respond(make_request(), RecordingToolRunner())
    assert caught.value.details == {"status": 500}
