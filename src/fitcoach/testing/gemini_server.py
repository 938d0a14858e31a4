"""A local fake of the Gemini REST API (v1 and v1beta paths): `cachedContents` create/get/delete and
`models/{model}:generateContent` with `functionCall`/`functionResponse` parts.

It enforces what the real API enforces and our provider must respect: a cache below the minimum
token count is refused as too small, an expired or unknown cache is NOT_FOUND, a request that uses
`cachedContent` together with `systemInstruction`, `tools` or `toolConfig` is INVALID_ARGUMENT, and
so is tools + response schema for a model before Gemini 3, and a `responseJsonSchema` the API would
refuse (`schema_rules`), in `generationConfig` or as a function's `parametersJsonSchema`. A cache
may hold a `toolConfig` (the API allows it). The response schema is counted in `promptTokenCount`
and never as cached: a CachedContent cannot hold generation config, so the real API bills it on
every request. Under forced function calling (`mode: ANY`) with `coach_reply` declared, a model
cannot answer in text: a scripted JSON-object text is sent as that function's call, as the real
model would have to phrase it (a text that is not a JSON object stays text, a misbehaving answer).
Replies come from a script of `GeminiReply` and `Fault` entries; every request is recorded.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from fitcoach.agent.prompt import MIN_CACHE_TOKENS, estimate_tokens
from fitcoach.agent.providers.gemini.support import REPLY_FUNCTION, combines_tools_with_schema
from fitcoach.testing.schema_rules import gemini_json_schema_problem
from fitcoach.testing.server import ScriptQueue, ThreadedServer, answer_scripted, read_json

TOOLS_WITH_SCHEMA = "Function calling with a response mime type: 'application/json' is unsupported"
"""What models before Gemini 3 answer when tools and a JSON response schema meet in one request."""

CACHED_WITH_CONFIG = (
    "CachedContent can not be used with GenerateContent request setting system_instruction, "
    "tools or tool_config."
)


@dataclass(frozen=True)
class FunctionCall:
    name: str
    args: dict[str, Any]


@dataclass(frozen=True)
class GeminiReply:
    text: str | None = None
    calls: list[FunctionCall] = field(default_factory=list)
    finish_reason: str = "STOP"
    output_tokens: int = 50

    @classmethod
    def calling(cls, name: str, **args: Any) -> GeminiReply:
        return cls(calls=[FunctionCall(name, args)])


@dataclass
class _Cache:
    name: str
    model: str
    tokens: int
    has_tools: bool
    forced_reply: bool
    """Its tool config forces a function call and it declares `coach_reply`."""
    expires_at: float
    """time.monotonic() deadline."""


class FakeGeminiServer(ThreadedServer):
    def __init__(
        self,
        *,
        min_cache_tokens: int = MIN_CACHE_TOKENS,
        fallback: Callable[[dict[str, Any]], Any] | None = None,
        cache_rendezvous: int = 1,
    ) -> None:
        """`cache_rendezvous=n` holds each cache creation until n have arrived (or 5 s pass): n
        workers are then certain to be creating the same cache at once, the race under test."""
        self.queue = ScriptQueue()
        self.cache_rendezvous = cache_rendezvous
        self._creations = 0
        self._all_arrived: asyncio.Event | None = None
        self.fallback = fallback
        self.min_cache_tokens = min_cache_tokens
        self.caches: dict[str, _Cache] = {}
        self._ids = itertools.count(1)
        self._state = threading.Lock()
        super().__init__(
            Starlette(
                routes=[
                    Route("/{version}/cachedContents", self._create_cache, methods=["POST"]),
                    Route(
                        "/{version}/cachedContents/{cache_id}", self._cache_item, methods=["GET", "DELETE"]
                    ),
                    Route("/{version}/models/{model_action}", self._generate, methods=["POST"]),
                ]
            )
        )

    def enqueue(self, *items: Any) -> None:
        self.queue.push(*items)

    def expire_caches(self) -> None:
        """Let every cache run out now (the server-side TTL passing)."""
        with self._state:
            for cache in self.caches.values():
                cache.expires_at = 0.0

    def bodies(self, kind: str) -> list[dict[str, Any]]:
        """Recorded bodies of "generate" or "cache" requests, in order."""
        suffix = ":generateContent" if kind == "generate" else "/cachedContents"
        return [r.body for r in self.requests if r.path.endswith(suffix) and r.body is not None]

    # --- cachedContents -----------------------------------------------------------------------------

    async def _create_cache(self, request: Request) -> Response:
        body = await read_json(request) or {}
        self.record(request, body)
        await self._rendezvous()
        refused = _tools_refusal(body.get("tools", []))
        if refused is not None:
            return _error(400, "INVALID_ARGUMENT", refused)
        tokens = estimate_tokens(json.dumps(body.get("systemInstruction", {}), ensure_ascii=False))
        tokens += estimate_tokens(json.dumps(body.get("tools", []), ensure_ascii=False))
        if tokens < self.min_cache_tokens:
            message = (
                f"Cached content is too small. total_token_count={tokens}, "
                f"min_total_token_count={self.min_cache_tokens}"
            )
            return _error(400, "INVALID_ARGUMENT", message)
        ttl = float(str(body.get("ttl", "3600s")).rstrip("s"))
        with self._state:
            name = f"cachedContents/fake{next(self._ids)}"
            has_tools = bool(body.get("tools"))
            forced = _forces_reply(body)
            cache = _Cache(name, body.get("model", ""), tokens, has_tools, forced, time.monotonic() + ttl)
            self.caches[name] = cache
        return JSONResponse(self._cache_json(cache))

    async def _rendezvous(self) -> None:
        if self.cache_rendezvous <= 1:
            return
        # Created on the server's own event loop, where every handler runs.
        if self._all_arrived is None:
            self._all_arrived = asyncio.Event()
        self._creations += 1
        if self._creations >= self.cache_rendezvous:
            self._all_arrived.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._all_arrived.wait(), timeout=5)

    async def _cache_item(self, request: Request) -> Response:
        self.record(request, None)
        name = f"cachedContents/{request.path_params['cache_id']}"
        cache = self._live(name)
        if cache is None:
            return _error(404, "NOT_FOUND", f"CachedContent not found: {name}")
        if request.method == "DELETE":
            with self._state:
                self.caches.pop(name, None)
            return JSONResponse({})
        return JSONResponse(self._cache_json(cache))

    def _live(self, name: str) -> _Cache | None:
        with self._state:
            cache = self.caches.get(name)
        return cache if cache is not None and cache.expires_at > time.monotonic() else None

    @staticmethod
    def _cache_json(cache: _Cache) -> dict[str, Any]:
        left = max(cache.expires_at - time.monotonic(), 0.0)
        expire = datetime.now(UTC) + timedelta(seconds=left)
        return {
            "name": cache.name,
            "model": cache.model,
            "displayName": "fake",
            "expireTime": expire.isoformat().replace("+00:00", "Z"),
            "usageMetadata": {"totalTokenCount": cache.tokens},
        }

    # --- generateContent ----------------------------------------------------------------------------

    async def _generate(self, request: Request) -> Response:
        body = await read_json(request) or {}
        self.record(request, body)
        model, _, method = request.path_params["model_action"].partition(":")
        if method != "generateContent":
            return _error(404, "NOT_FOUND", "unknown method")
        cached_name = body.get("cachedContent")
        cached_tokens = 0
        has_tools = bool(body.get("tools"))
        forced = _forces_reply(body)
        if cached_name:
            if any(key in body for key in ("systemInstruction", "tools", "toolConfig")):
                return _error(400, "INVALID_ARGUMENT", CACHED_WITH_CONFIG)
            cache = self._live(cached_name)
            if cache is None:
                return _error(404, "NOT_FOUND", f"CachedContent not found: {cached_name}")
            cached_tokens = cache.tokens
            has_tools, forced = cache.has_tools, cache.forced_reply
        generation = body.get("generationConfig", {})
        refused = _schema_refusal(generation) or _tools_refusal(body.get("tools", []))
        if refused is not None:
            return _error(400, "INVALID_ARGUMENT", refused)
        wants_schema = "responseSchema" in generation or "responseJsonSchema" in generation
        if has_tools and wants_schema and not combines_tools_with_schema(model):
            return _error(400, "INVALID_ARGUMENT", TOOLS_WITH_SCHEMA)
        return await answer_scripted(
            self.queue,
            body,
            lambda reply, b: _render(reply, b, cached_tokens, forced=forced),
            _error_body,
            self.fallback,
        )


def _forces_reply(body: dict[str, Any]) -> bool:
    mode = body.get("toolConfig", {}).get("functionCallingConfig", {}).get("mode")
    names = {d.get("name") for tool in body.get("tools", []) for d in tool.get("functionDeclarations", [])}
    return mode == "ANY" and REPLY_FUNCTION in names


def _as_reply_call(text: str) -> dict[str, Any] | None:
    try:
        args = json.loads(text)
    except json.JSONDecodeError:
        return None
    return {"functionCall": {"name": REPLY_FUNCTION, "args": args}} if isinstance(args, dict) else None


def _schema_refusal(generation: dict[str, Any]) -> str | None:
    if "responseJsonSchema" not in generation:
        return None
    if "responseSchema" in generation:
        return "response_schema and response_json_schema cannot both be set"
    if generation.get("responseMimeType") != "application/json":
        return "response_json_schema requires response_mime_type application/json"
    return gemini_json_schema_problem(generation["responseJsonSchema"])


def parameters_json_schema(declaration: dict[str, Any]) -> Any:
    """A declaration's JSON Schema parameters. The API parses proto JSON, which takes a field's
    camelCase or its proto name, and the SDK sends the proto name (`parameters_json_schema`)."""
    return declaration.get("parametersJsonSchema", declaration.get("parameters_json_schema"))


def _tools_refusal(tools: list[dict[str, Any]]) -> str | None:
    for tool in tools:
        for declaration in tool.get("functionDeclarations", []):
            schema = parameters_json_schema(declaration)
            if schema is None:
                continue
            if "parameters" in declaration:
                return "parameters and parameters_json_schema cannot both be set"
            problem = gemini_json_schema_problem(schema)
            if problem is not None:
                return problem
    return None


def _response_schema(body: dict[str, Any]) -> Any:
    generation = body.get("generationConfig", {})
    return generation.get("responseJsonSchema", generation.get("responseSchema"))


def _render(reply: GeminiReply, body: dict[str, Any], cached_tokens: int, *, forced: bool) -> dict[str, Any]:
    parts: list[dict[str, Any]] = []
    if reply.text is not None:
        call = _as_reply_call(reply.text) if forced else None
        parts.append(call or {"text": reply.text})
    parts += [{"functionCall": {"name": c.name, "args": c.args}} for c in reply.calls]
    prompt = cached_tokens + estimate_tokens(json.dumps(body.get("contents", []), ensure_ascii=False))
    prompt += estimate_tokens(json.dumps(body.get("systemInstruction", {}), ensure_ascii=False))
    schema = _response_schema(body)
    if schema is not None:
        prompt += estimate_tokens(json.dumps(schema, ensure_ascii=False))
    usage: dict[str, Any] = {
        "promptTokenCount": prompt,
        "candidatesTokenCount": reply.output_tokens,
        "totalTokenCount": prompt + reply.output_tokens,
    }
    if cached_tokens:
        usage["cachedContentTokenCount"] = cached_tokens
    return {
        "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": reply.finish_reason}],
        "usageMetadata": usage,
        "modelVersion": "fake-gemini",
    }


_STATUS = {
    400: "INVALID_ARGUMENT",
    404: "NOT_FOUND",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    503: "UNAVAILABLE",
}


def _error_body(code: int, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "status": _STATUS.get(code, "UNKNOWN")}}


def _error(code: int, status: str, message: str) -> Response:
    return JSONResponse({"error": {"code": code, "message": message, "status": status}}, status_code=code)
