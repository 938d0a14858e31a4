"""Under forced function calling with `coach_reply` declared, the fake Gemini answers like the real
model must: with a function call, never text. Raw REST here, so the wire shape itself is checked."""

from __future__ import annotations

from typing import Any

import httpx

from fitcoach.agent.providers.gemini.support import REPLY_FUNCTION
from fitcoach.testing.gemini_server import FakeGeminiServer, GeminiReply

ANSWER = '{"message": "ok", "proposal": {"type": "NONE"}}'
REPLY_DECLARATION = {
    "name": REPLY_FUNCTION,
    "description": "answer",
    "parametersJsonSchema": {"type": "object"},
}
FORCED = {"functionCallingConfig": {"mode": "ANY"}}


def _parts(server: FakeGeminiServer, body: dict[str, Any]) -> list[dict[str, Any]]:
    body = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}], **body}
    response = httpx.post(
        f"{server.base_url}/v1beta/models/gemini-3-flash-preview:generateContent", json=body
    )
    assert response.status_code == 200, response.text
    parts: list[dict[str, Any]] = response.json()["candidates"][0]["content"]["parts"]
    return parts


def test_forced_calls_turn_a_json_answer_into_the_reply_call_inline_and_cached() -> None:
    with FakeGeminiServer(min_cache_tokens=1) as server:
        tools = [{"functionDeclarations": [REPLY_DECLARATION]}]
        server.enqueue(GeminiReply(ANSWER))
        inline = _parts(server, {"tools": tools, "toolConfig": FORCED})
        cache = httpx.post(
            f"{server.base_url}/v1beta/cachedContents",
            json={"model": "models/x", "tools": tools, "toolConfig": FORCED},
        ).json()
        server.enqueue(GeminiReply(ANSWER))
        cached = _parts(server, {"cachedContent": cache["name"]})
    expected = [
        {"functionCall": {"name": REPLY_FUNCTION, "args": {"message": "ok", "proposal": {"type": "NONE"}}}}
    ]
    assert inline == cached == expected


def test_text_stays_text_without_forcing_or_when_it_is_not_a_json_object() -> None:
    with FakeGeminiServer() as server:
        tools = [{"functionDeclarations": [REPLY_DECLARATION]}]
        server.enqueue(GeminiReply(ANSWER), GeminiReply("Here is your plan!"))
        assert _parts(server, {"tools": tools}) == [{"text": ANSWER}]
        assert _parts(server, {"tools": tools, "toolConfig": FORCED}) == [{"text": "Here is your plan!"}]
