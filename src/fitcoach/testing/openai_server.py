"""A local fake of the OpenAI chat-completions wire format (`POST /v1/chat/completions`).

Scripted with `ChatReply` (text or `tool_calls`) and `Fault` entries; records every request. A strict
`json_schema` response format that OpenAI would refuse is a 400 (`schema_rules`). It imitates
automatic prefix caching as OpenAI documents it: the structured-output schema is rendered as a prefix
of the system message, so it counts in `prompt_tokens`, and a request whose schema and system message
were seen before reports both as `usage.prompt_tokens_details.cached_tokens`.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from fitcoach.agent.prompt import estimate_tokens
from fitcoach.testing.schema_rules import openai_strict_schema_problem
from fitcoach.testing.server import ScriptQueue, ThreadedServer, answer_scripted, read_json


@dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: dict[str, Any] | str
    """A dict is sent JSON-encoded; a string is sent as is (to script malformed arguments)."""


@dataclass(frozen=True)
class ChatReply:
    content: str | None = None
    tool_calls: list[ToolCall] = field(default_factory=list)
    finish_reason: str | None = None
    """Defaults to "tool_calls" when there are calls, else "stop"; "length" scripts a truncation."""
    output_tokens: int = 50

    @classmethod
    def calling(cls, name: str, **arguments: Any) -> ChatReply:
        return cls(tool_calls=[ToolCall(name, arguments)])


class FakeOpenAIServer(ThreadedServer):
    def __init__(self, *, fallback: Callable[[dict[str, Any]], Any] | None = None) -> None:
        self.queue = ScriptQueue()
        self.fallback = fallback
        self._seen_prefixes: set[str] = set()
        self._ids = itertools.count(1)
        self._state = threading.Lock()
        super().__init__(
            Starlette(
                routes=[
                    Route("/v1/chat/completions", self._completions, methods=["POST"]),
                    Route("/v1/models", self._models, methods=["GET"]),
                ]
            )
        )

    @property
    def openai_base_url(self) -> str:
        return f"{self.base_url}/v1"

    def enqueue(self, *items: Any) -> None:
        self.queue.push(*items)

    def completions(self) -> list[dict[str, Any]]:
        """Bodies of the chat-completion requests, in order."""
        return [r.body for r in self.requests if r.path.endswith("/chat/completions") and r.body]

    async def _models(self, request: Request) -> Response:
        return JSONResponse({"object": "list", "data": []})

    async def _completions(self, request: Request) -> Response:
        body = await read_json(request) or {}
        self.record(request, body)
        json_schema = (body.get("response_format") or {}).get("json_schema") or {}
        if json_schema.get("strict"):
            problem = openai_strict_schema_problem(json_schema.get("schema"))
            if problem is not None:
                error = {"message": problem, "type": "invalid_request_error", "param": "response_format"}
                return JSONResponse({"error": error | {"code": None}}, status_code=400)
        return await answer_scripted(self.queue, body, self._render, _error, self.fallback)

    def _render(self, reply: ChatReply, body: dict[str, Any]) -> dict[str, Any]:
        messages = body.get("messages", [])
        system = next((m.get("content", "") for m in messages if m.get("role") == "system"), "")
        response_format = json.dumps(body.get("response_format") or {}, ensure_ascii=False)
        schema_tokens = estimate_tokens(response_format) if body.get("response_format") else 0
        prompt_tokens = schema_tokens
        prompt_tokens += sum(estimate_tokens(json.dumps(m, ensure_ascii=False)) for m in messages)
        prefix = f"{response_format}\n{system}"
        with self._state:
            seen = bool(system) and prefix in self._seen_prefixes
            cached = schema_tokens + estimate_tokens(system) if seen else 0
            self._seen_prefixes.add(prefix)
            number = next(self._ids)
        message: dict[str, Any] = {"role": "assistant", "content": reply.content, "refusal": None}
        if reply.tool_calls:
            message["tool_calls"] = [
                {
                    "id": f"call_{number}_{i}",
                    "type": "function",
                    "function": {
                        "name": call.name,
                        "arguments": call.arguments
                        if isinstance(call.arguments, str)
                        else json.dumps(call.arguments),
                    },
                }
                for i, call in enumerate(reply.tool_calls)
            ]
        finish = reply.finish_reason or ("tool_calls" if reply.tool_calls else "stop")
        return {
            "id": f"chatcmpl-fake-{number}",
            "object": "chat.completion",
            "created": 1_790_000_000,
            "model": body.get("model", "fake-model"),
            "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": reply.output_tokens,
                "total_tokens": prompt_tokens + reply.output_tokens,
                "prompt_tokens_details": {"cached_tokens": cached},
            },
        }


def _error(status: int, message: str) -> dict[str, Any]:
    kind = "rate_limit_exceeded" if status == 429 else "server_error"
    return {"error": {"message": message, "type": kind, "param": None, "code": kind}}
