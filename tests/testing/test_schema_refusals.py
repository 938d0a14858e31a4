"""The fakes refuse the response schemas the real APIs refuse, so a provider sending one fails here."""

from __future__ import annotations

import copy
from typing import Any

import httpx
import pytest

from fitcoach.contract.wire_schema import lean_response_schema, openai_response_format
from fitcoach.library import get_library
from fitcoach.testing.gemini_server import FakeGeminiServer, GeminiReply
from fitcoach.testing.openai_server import ChatReply, FakeOpenAIServer

ANSWER = '{"message": "ok", "proposal": {"type": "NONE"}}'


def _lean() -> dict[str, Any]:
    return lean_response_schema(get_library().slugs)


def _ref_with_sibling(schema: dict[str, Any]) -> None:
    schema["properties"]["proposal"] = {"$ref": "#/$defs/Proposal", "description": "the proposal"}


def _null_in_enum(schema: dict[str, Any]) -> None:
    schema["$defs"]["Operation"]["enum"].append(None)


def _unsupported_keyword(schema: dict[str, Any]) -> None:
    schema["$defs"]["Block"]["properties"]["label"]["maxLength"] = 80


def _dangling_ref(schema: dict[str, Any]) -> None:
    schema["properties"]["proposal"] = {"$ref": "#/$defs/Nowhere"}


def _gemini_generate(server: FakeGeminiServer, generation: dict[str, Any]) -> httpx.Response:
    body = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}], "generationConfig": generation}
    url = f"{server.base_url}/v1beta/models/gemini-3-flash-preview:generateContent"
    return httpx.post(url, json=body, timeout=5)


@pytest.mark.parametrize(
    ("spoil", "says"),
    [
        (_ref_with_sibling, "sibling"),
        (_null_in_enum, "strings and numbers"),
        (_unsupported_keyword, "maxLength"),
        (_dangling_ref, "unresolvable"),
    ],
)
def test_gemini_fake_refuses_a_json_schema_the_api_refuses(spoil: Any, says: str) -> None:
    schema = _lean()
    spoil(schema)
    with FakeGeminiServer() as server:
        refused = _gemini_generate(
            server, {"responseMimeType": "application/json", "responseJsonSchema": schema}
        )
        assert refused.status_code == 400 and says in refused.json()["error"]["message"]
        server.enqueue(GeminiReply(ANSWER))
        good = {"responseMimeType": "application/json", "responseJsonSchema": _lean()}
        assert _gemini_generate(server, good).status_code == 200


def test_gemini_fake_wants_json_mime_and_one_schema_field() -> None:
    with FakeGeminiServer() as server:
        no_mime = _gemini_generate(server, {"responseJsonSchema": _lean()})
        both = {"responseMimeType": "application/json", "responseJsonSchema": _lean(), "responseSchema": {}}
        assert no_mime.status_code == 400 and "mime" in no_mime.json()["error"]["message"]
        assert _gemini_generate(server, both).status_code == 400


def _openai_complete(server: FakeOpenAIServer, response_format: dict[str, Any]) -> httpx.Response:
    body = {"model": "m", "messages": [{"role": "user", "content": "hi"}], "response_format": response_format}
    return httpx.post(f"{server.openai_base_url}/chat/completions", json=body, timeout=5)


def _not_all_required(schema: dict[str, Any]) -> None:
    schema["$defs"]["Block"]["required"] = ["label"]


def _open_object(schema: dict[str, Any]) -> None:
    del schema["$defs"]["DayPlan"]["additionalProperties"]


def _union_root(schema: dict[str, Any]) -> None:
    schema["type"] = ["object", "null"]


@pytest.mark.parametrize(
    ("spoil", "says"),
    [
        (_not_all_required, "require every property"),
        (_open_object, "additionalProperties"),
        (_unsupported_keyword, "maxLength"),
        (_union_root, "root must be an object"),
    ],
)
def test_openai_fake_refuses_a_strict_schema_the_api_refuses(spoil: Any, says: str) -> None:
    response_format = openai_response_format(get_library().slugs)
    spoiled = copy.deepcopy(response_format)
    spoil(spoiled["json_schema"]["schema"])
    with FakeOpenAIServer() as server:
        refused = _openai_complete(server, spoiled)
        assert refused.status_code == 400 and says in refused.json()["error"]["message"]
        server.enqueue(ChatReply(ANSWER))
        assert _openai_complete(server, response_format).status_code == 200
