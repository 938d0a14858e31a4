"""Gemini provider (`google-genai`) with an explicit context cache of the static prefix and the tools.

A turn sends only the runtime block (and tool results) as `contents` against `cached_content`; such
a request carries no `system_instruction`, `tools` or `tool_config` (the API rejects them). If the
API says the prefix is too small to cache, turns run uncached with the prefix inline.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import httpx
from google import genai
from google.genai import errors as genai_errors
from google.genai import types

from fitcoach.agent.prompt import prefix_hash
from fitcoach.agent.providers.base import (
    MAX_TOOL_ROUNDS,
    ProviderRequest,
    ProviderResponse,
    TokenUsage,
    ToolRunner,
)
from fitcoach.agent.providers.common import add_usage, require_json_object, run_tool
from fitcoach.agent.providers.gemini_cache import CacheEntry, CacheRegistry, InMemoryCacheRegistry
from fitcoach.clock import Clock, SystemClock, ensure_utc
from fitcoach.contract.schema import gemini_response_schema
from fitcoach.errors import (
    ModelOutputInvalid,
    ProviderError,
    ProviderMisconfigured,
    ProviderRateLimited,
    ProviderTimeout,
    ProviderUnavailable,
    ToolLoopExceeded,
)
from fitcoach.library import ExerciseLibrary, get_library

# google-genai 3 talks through httpx2 (a fork of httpx), older releases through httpx: catch both.
_TIMEOUTS: tuple[type[Exception], ...] = (httpx.TimeoutException,)
_TRANSPORT: tuple[type[Exception], ...] = (httpx.HTTPError,)
try:
    import httpx2

    _TIMEOUTS += (httpx2.TimeoutException,)
    _TRANSPORT += (httpx2.HTTPError,)
except ImportError:  # pragma: no cover - depends on the installed SDK generation
    pass
# ValueError: a 200 whose body is not JSON (HTML, cut off) reaches us as a JSON decode error.
_FAILURES: tuple[type[Exception], ...] = (genai_errors.APIError, *_TRANSPORT, ValueError)

DEFAULT_GEMINI_MODEL = "gemini-3-flash-preview"
CACHE_TTL = timedelta(hours=1)
FINAL_ANSWER_NUDGE = "Tool budget used up. Answer now with the final JSON object only; call no more tools."
_VERSION = re.compile(r"gemini-(\d+)")


class _CacheGone(Exception):
    """The cache named in the request no longer exists (expired or deleted)."""


def check_model(model: str) -> None:
    """Refuse models older than Gemini 3: they cannot combine tools with a response schema, and this
    provider sends both in one call (the tool phase and the final answer are not split)."""
    match = _VERSION.match(model.removeprefix("models/"))
    if match is not None and int(match.group(1)) < 3:
        raise ProviderMisconfigured(
            f"{model} cannot combine function calling with a response schema; "
            "use a Gemini 3 model (e.g. FITCOACH_MODEL=gemini-3-flash-preview) or FITCOACH_PROVIDER=openai",
            details={"model": model},
        )


class GeminiProvider:
    name = "gemini"

    def __init__(
        self,
        *,
        model: str = DEFAULT_GEMINI_MODEL,
        api_key: str | None,
        base_url: str | None = None,
        timeout_s: float = 20.0,
        registry: CacheRegistry | None = None,
        clock: Clock | None = None,
        library: ExerciseLibrary | None = None,
    ) -> None:
        check_model(model)
        if not api_key:
            raise ProviderMisconfigured("FITCOACH_PROVIDER=gemini needs GEMINI_API_KEY")
        self.model = model
        # retry_options stays None: the SDK then makes exactly one attempt, and a failed turn falls
        # back to the offline coach instead of keeping the user waiting.
        options = types.HttpOptions(base_url=base_url, timeout=int(timeout_s * 1000))
        self.client = genai.Client(api_key=api_key, http_options=options)
        self.registry: CacheRegistry = registry or InMemoryCacheRegistry()
        self.clock: Clock = clock or SystemClock()
        self._schema = types.Schema.model_validate(gemini_response_schema((library or get_library()).slugs))

    def respond(self, request: ProviderRequest, tools: ToolRunner) -> ProviderResponse:
        declarations = tools.declarations()
        key = prefix_hash(self.model, request.prefix, declarations)
        entry = self._cache(key, request.prefix, declarations)
        try:
            return self._turn(request, tools, declarations, entry)
        except _CacheGone:
            # Expired or deleted under us: recreate once; a second loss is a provider fault.
            self.registry.invalidate(key, entry.name)
            entry = self._cache(key, request.prefix, declarations)
            try:
                return self._turn(request, tools, declarations, entry)
            except _CacheGone as error:
                raise ProviderUnavailable("the Gemini context cache vanished twice in one turn") from error

    # --- cache -------------------------------------------------------------------------------------

    def _cache(self, key: str, prefix: str, declarations: list[dict[str, Any]]) -> CacheEntry:
        now = self.clock.now()
        entry = self.registry.usable(key, now)
        self.registry.count(hit=entry is not None and entry.cacheable)
        if entry is not None:
            return entry
        config = types.CreateCachedContentConfig(
            system_instruction=prefix,
            tools=[_tool(declarations)],
            ttl=f"{int(CACHE_TTL.total_seconds())}s",
            display_name=f"fitcoach-{key[:16]}",
        )
        try:
            cached = self.client.caches.create(model=self.model, config=config)
        except genai_errors.ClientError as error:
            if error.code == 400 and "too small" in str(error.message or "").lower():
                entry = CacheEntry(key=key, model=self.model, name=None, expire_time=now + CACHE_TTL)
                self.registry.put(entry)
                return entry
            raise _provider_error(error) from error
        except _FAILURES as error:
            raise _provider_error(error) from error
        expires = ensure_utc(cached.expire_time) if cached.expire_time else now + CACHE_TTL
        entry = CacheEntry(key=key, model=self.model, name=cached.name, expire_time=expires)
        self.registry.put(entry)
        return entry

    # --- turn --------------------------------------------------------------------------------------

    def _turn(
        self,
        request: ProviderRequest,
        tools: ToolRunner,
        declarations: list[dict[str, Any]],
        entry: CacheEntry,
    ) -> ProviderResponse:
        contents: list[types.Content] = [_text("user", request.runtime_block)]
        if request.repair_feedback is not None:
            contents += [
                _text("model", request.previous_answer or ""),
                _text("user", request.repair_feedback),
            ]
        usage = TokenUsage()
        for round_number in range(MAX_TOOL_ROUNDS + 1):
            last_round = round_number == MAX_TOOL_ROUNDS
            if last_round and entry.cacheable:
                # A cached request cannot switch tools off (no tool_config allowed), so ask instead.
                contents.append(_text("user", FINAL_ANSWER_NUDGE))
            response = self._generate(contents, self._config(request, declarations, entry, last_round))
            metadata = response.usage_metadata
            if metadata is not None:
                add_usage(
                    usage,
                    metadata.prompt_token_count,
                    metadata.cached_content_token_count or 0,
                    metadata.candidates_token_count,
                )
            calls = response.function_calls or []
            if not calls:
                return self._final(response, usage, entry)
            if last_round:
                raise ToolLoopExceeded(f"still calling tools after {MAX_TOOL_ROUNDS} rounds")
            candidate = response.candidates[0] if response.candidates else None
            if candidate is not None and candidate.content is not None:
                contents.append(candidate.content)
            parts = [
                types.Part.from_function_response(
                    name=call.name or "", response=run_tool(tools, call.name or "", call.args)
                )
                for call in calls
            ]
            contents.append(types.Content(role="user", parts=parts))
        raise AssertionError("unreachable: the last round returns or raises")

    def _config(
        self,
        request: ProviderRequest,
        declarations: list[dict[str, Any]],
        entry: CacheEntry,
        last_round: bool,
    ) -> types.GenerateContentConfig:
        common: dict[str, Any] = {
            "response_mime_type": "application/json",
            "response_schema": self._schema,
            "automatic_function_calling": types.AutomaticFunctionCallingConfig(disable=True),
        }
        if entry.cacheable:
            return types.GenerateContentConfig(cached_content=entry.name, **common)
        return types.GenerateContentConfig(
            system_instruction=request.prefix,
            tools=None if last_round else [_tool(declarations)],
            **common,
        )

    def _generate(
        self, contents: list[types.Content], config: types.GenerateContentConfig
    ) -> types.GenerateContentResponse:
        try:
            return self.client.models.generate_content(model=self.model, contents=contents, config=config)
        except genai_errors.ClientError as error:
            if config.cached_content and error.code in (403, 404):
                raise _CacheGone(str(error)) from error
            raise _provider_error(error) from error
        except _FAILURES as error:
            raise _provider_error(error) from error

    def _final(
        self, response: types.GenerateContentResponse, usage: TokenUsage, entry: CacheEntry
    ) -> ProviderResponse:
        candidate = response.candidates[0] if response.candidates else None
        if candidate is not None and candidate.finish_reason == types.FinishReason.MAX_TOKENS:
            raise ModelOutputInvalid("the answer was cut off (finish_reason=MAX_TOKENS)")
        text = require_json_object(response.text)
        return ProviderResponse(
            text=text,
            model=response.model_version or self.model,
            usage=usage,
            cache_hit=entry.cacheable and bool(usage.cached_tokens),
        )


def _text(role: str, text: str) -> types.Content:
    return types.Content(role=role, parts=[types.Part.from_text(text=text)])


def _tool(declarations: list[dict[str, Any]]) -> types.Tool:
    return types.Tool(
        function_declarations=[
            types.FunctionDeclaration(
                name=d["name"],
                description=d["description"],
                parameters=types.Schema.model_validate(d["parameters"]),
            )
            for d in declarations
        ]
    )


def _provider_error(error: Exception) -> ProviderError:
    if isinstance(error, _TIMEOUTS):
        return ProviderTimeout("Gemini did not answer in time")
    if isinstance(error, genai_errors.APIError):
        if error.code == 429:
            return ProviderRateLimited("Gemini is rate limiting", details={"status": 429})
        return ProviderUnavailable(
            f"Gemini answered HTTP {error.code}: {error.message}", details={"status": error.code}
        )
    if isinstance(error, _TRANSPORT):
        return ProviderUnavailable(f"cannot reach Gemini: {type(error).__name__}")
    return ProviderUnavailable(f"unreadable answer from Gemini: {type(error).__name__}")
