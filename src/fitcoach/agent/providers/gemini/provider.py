"""Gemini provider (`google-genai`) with an explicit context cache of the static prefix and the tools.

A turn sends only the runtime block (and tool results) as `contents` against `cached_content`; such
a request carries no `system_instruction`, `tools` or `tool_config` (the API rejects them). If the
API says the prefix is too small to cache, turns run uncached with the prefix inline.

The answer contract is declared as the `coach_reply` function, cached with the analytics tools and
a tool config that forces a function call (`contract="function"`, the default): a CachedContent
cannot hold generation config, so a response schema would be billed on every call (~1,500 tokens,
over the per-turn budget), while a cached declaration is billed once per cache. A turn's answer is
the arguments of that call (the guard checks them as ever), and every model generation works the
same way, as no request pairs tools with a response schema.

`contract="response_schema"` (FITCOACH_GEMINI_CONTRACT=response_schema) sends the contract as the
response schema instead. Gemini 3 takes tools and that schema in one request; earlier models cannot,
so for them the turn is split: a tool phase on a cache of prefix + tools without a schema (its answer
is used when it is already a JSON object), then, if needed, one structured call on a cache of the
prefix alone with the tool results as text.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Literal

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
from fitcoach.agent.providers.gemini.cache import CacheEntry, CacheRegistry, InMemoryCacheRegistry
from fitcoach.agent.providers.gemini.support import (
    CLEANUP_FAILURES,
    FAILURES,
    FORCED_CALLS,
    REPLY_FUNCTION,
    combines_tools_with_schema,
    gemini_tool,
    is_json_object,
    opening_contents,
    provider_error,
    remaining_budget,
    reply_tool,
    structured_output,
    text_content,
    unfenced,
)
from fitcoach.clock import Clock, SystemClock, ensure_utc
from fitcoach.errors import (
    ModelOutputInvalid,
    ProviderMisconfigured,
    ProviderUnavailable,
    ToolLoopExceeded,
)

log = logging.getLogger(__name__)

DEFAULT_GEMINI_MODEL = "gemini-3-flash-preview"
CACHE_TTL = timedelta(hours=1)
FINAL_ANSWER_NUDGE = "Tool budget used up. Answer now with the final JSON object only; call no more tools."
FINAL_CALL_NUDGE = f"Tool budget used up. Answer now by calling {REPLY_FUNCTION}; call no other tool."
GeminiContract = Literal["function", "response_schema"]
TOOL_RESULTS_HEADER = "Results of the analytics tools called for this turn:"


def _slugs(request: ProviderRequest) -> tuple[str, ...]:
    return tuple(request.turn.library.slugs)


@dataclass(frozen=True)
class _Contract:
    structured: dict[str, Any]
    reply_tool: types.Tool | None
    reply_key: list[dict[str, Any]]


class _CacheGone(Exception):
    """The cache named in the request no longer exists (expired or deleted)."""

    def __init__(self, entry: CacheEntry) -> None:
        super().__init__(entry.name)
        self.entry = entry


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
        contract: GeminiContract = "function",
    ) -> None:
        if not api_key:
            raise ProviderMisconfigured("FITCOACH_PROVIDER=gemini needs GEMINI_API_KEY")
        self.model = model
        self.timeout_s = timeout_s
        self.split_tools = not combines_tools_with_schema(model)
        # retry_options stays None: the SDK then makes exactly one attempt, and a failed turn falls
        # back to the offline coach instead of keeping the user waiting.
        options = types.HttpOptions(base_url=base_url, timeout=int(timeout_s * 1000))
        self.client = genai.Client(api_key=api_key, http_options=options)
        self.registry: CacheRegistry = registry or InMemoryCacheRegistry()
        self._create_lock = threading.Lock()
        self.clock: Clock = clock or SystemClock()
        self.contract: GeminiContract = contract
        self._contracts: dict[tuple[str, ...], _Contract] = {}
        self._contracts_lock = threading.Lock()

    def _contract(self, slugs: tuple[str, ...]) -> _Contract:
        """The answer contract for the turn's library (its slug enum), built once per library: the
        library is the request's (packaged entries plus imports), never one fixed at start-up."""
        with self._contracts_lock:
            found = self._contracts.get(slugs)
            if found is None:
                tool = reply_tool(list(slugs)) if self.contract == "function" else None
                # Part of the cache key (a changed contract is a new cache); dumped once, not per turn.
                key = [] if tool is None else [tool.model_dump(mode="json", exclude_none=True)]
                found = _Contract(structured_output(self.model, list(slugs)), tool, key)
                self._contracts[slugs] = found
            return found

    def respond(self, request: ProviderRequest, tools: ToolRunner) -> ProviderResponse:
        # FITCOACH_LLM_TIMEOUT_S bounds the whole turn (cache calls and tool rounds), not each call.
        deadline = time.monotonic() + self.timeout_s
        if self.contract == "function":
            turn = self._function_turn
        else:
            turn = self._split_turn if self.split_tools else self._combined_turn
        try:
            return turn(request, tools, deadline)
        except _CacheGone as gone:
            # Expired or deleted under us: recreate once; a second loss is a provider fault.
            self.registry.invalidate(gone.entry.key, gone.entry.name)
        try:
            return turn(request, tools, deadline)
        except _CacheGone as error:
            raise ProviderUnavailable("the Gemini context cache vanished twice in one turn") from error

    # --- cache -------------------------------------------------------------------------------------

    def _cache(
        self,
        slugs: tuple[str, ...],
        prefix: str,
        declarations: list[dict[str, Any]],
        deadline: float,
        *,
        reply: bool = False,
    ) -> CacheEntry:
        key = self.cache_key(prefix, declarations, slugs=slugs, reply=reply)
        entry = self.registry.usable(key, self.clock.now())
        if entry is None:
            # One creator per process: concurrent first turns would otherwise each pay for a cache.
            with self._create_lock:
                entry = self.registry.usable(key, self.clock.now())
                if entry is None:
                    entry = self._create_cache(key, slugs, prefix, declarations, deadline, reply=reply)
                    # Counted once the entry exists: the database registry keeps counters on its row.
                    self.registry.count(key, hit=False)
                    return entry
        self.registry.count(key, hit=entry.cacheable)
        return entry

    def cache_key(
        self, prefix: str, declarations: list[dict[str, Any]], *, slugs: tuple[str, ...], reply: bool = True
    ) -> str:
        """The registry key of the cache of `prefix` with these tools (and, in function mode with
        `reply`, the `coach_reply` declaration and its forced tool config)."""
        reply_key = self._contract(slugs).reply_key if reply else []
        return prefix_hash(self.model, prefix, [*declarations, *reply_key])

    def _tools(
        self, slugs: tuple[str, ...], declarations: list[dict[str, Any]], *, reply: bool
    ) -> list[types.Tool] | None:
        tools = [gemini_tool(declarations)] if declarations else []
        reply_tool_ = self._contract(slugs).reply_tool if reply else None
        if reply_tool_ is not None:
            tools.append(reply_tool_)
        return tools or None

    def _create_cache(
        self,
        key: str,
        slugs: tuple[str, ...],
        prefix: str,
        declarations: list[dict[str, Any]],
        deadline: float,
        *,
        reply: bool,
    ) -> CacheEntry:
        now = self.clock.now()
        config = types.CreateCachedContentConfig(
            http_options=remaining_budget(deadline),
            system_instruction=prefix,
            tools=self._tools(slugs, declarations, reply=reply),
            tool_config=FORCED_CALLS if reply else None,
            ttl=f"{int(CACHE_TTL.total_seconds())}s",
            display_name=f"fitcoach-{key[:16]}",
        )
        try:
            cached = self.client.caches.create(model=self.model, config=config)
        except genai_errors.ClientError as error:
            if error.code == 400 and "too small" in str(error.message or "").lower():
                entry = CacheEntry(key=key, model=self.model, name=None, expire_time=now + CACHE_TTL)
                return self.registry.put(entry, now)
            raise provider_error(error) from error
        except FAILURES as error:
            raise provider_error(error) from error
        expires = ensure_utc(cached.expire_time) if cached.expire_time else now + CACHE_TTL
        entry = CacheEntry(key=key, model=self.model, name=cached.name, expire_time=expires)
        registered = self.registry.put(entry, now)
        if registered.name != entry.name and entry.name is not None:
            # Another worker's first turn registered its cache first: use that one, drop ours.
            self._delete_cache(entry.name, deadline)
        return registered

    def _delete_cache(self, name: str, deadline: float) -> None:
        try:
            config = types.DeleteCachedContentConfig(http_options=remaining_budget(deadline))
            self.client.caches.delete(name=name, config=config)
        except CLEANUP_FAILURES as error:
            # Only storage cost is at stake: an undeleted cache expires with its TTL.
            log.warning("could not delete the surplus Gemini cache %s: %s", name, error)

    # --- turns -------------------------------------------------------------------------------------

    def _combined_turn(
        self, request: ProviderRequest, tools: ToolRunner, deadline: float
    ) -> ProviderResponse:
        declarations = tools.declarations()
        entry = self._cache(_slugs(request), request.prefix, declarations, deadline)
        contents = opening_contents(request)
        usage = TokenUsage()
        for round_number in range(MAX_TOOL_ROUNDS + 1):
            last_round = round_number == MAX_TOOL_ROUNDS
            if last_round and entry.cacheable:
                # A cached request cannot switch tools off (no tool_config allowed), so ask instead.
                contents.append(text_content("user", FINAL_ANSWER_NUDGE))
            offered = [] if last_round else declarations
            config = self._config(request, entry, offered, structured=True)
            response = self._generate(contents, config, entry, usage, deadline)
            calls = response.function_calls or []
            if not calls:
                return self._final(response, usage, entry)
            if last_round:
                raise ToolLoopExceeded(f"still calling tools after {MAX_TOOL_ROUNDS} rounds")
            self._answer_calls(response, contents, tools, transcript=None)
        raise AssertionError("unreachable: the last round returns or raises")

    def _split_turn(self, request: ProviderRequest, tools: ToolRunner, deadline: float) -> ProviderResponse:
        declarations = tools.declarations()
        entry = self._cache(_slugs(request), request.prefix, declarations, deadline)
        contents = opening_contents(request)
        usage = TokenUsage()
        transcript: list[str] = []
        for _ in range(MAX_TOOL_ROUNDS):
            config = self._config(request, entry, declarations, structured=False)
            response = self._generate(contents, config, entry, usage, deadline)
            if not response.function_calls:
                text = unfenced(response.text or "")
                if is_json_object(text):
                    return self._final(response, usage, entry, text=text)
                break
            self._answer_calls(response, contents, tools, transcript=transcript)
        plain = self._cache(_slugs(request), request.prefix, [], deadline)
        closing = [*transcript, FINAL_ANSWER_NUDGE]
        if transcript:
            closing.insert(0, TOOL_RESULTS_HEADER)
        final_contents = [*opening_contents(request), text_content("user", "\n".join(closing))]
        config = self._config(request, plain, [], structured=True)
        return self._final(self._generate(final_contents, config, plain, usage, deadline), usage, plain)

    def _function_turn(
        self, request: ProviderRequest, tools: ToolRunner, deadline: float
    ) -> ProviderResponse:
        """Tool rounds until the model calls `coach_reply`; its arguments are the answer."""
        declarations = tools.declarations()
        entry = self._cache(_slugs(request), request.prefix, declarations, deadline, reply=True)
        contents = opening_contents(request)
        usage = TokenUsage()
        for round_number in range(MAX_TOOL_ROUNDS + 1):
            last_round = round_number == MAX_TOOL_ROUNDS
            if last_round:
                contents.append(text_content("user", FINAL_CALL_NUDGE))
            # Uncached, the last round can offer `coach_reply` alone; a cached request cannot change
            # its tools, so there the nudge has to do.
            config = self._function_config(request, entry, [] if last_round else declarations)
            response = self._generate(contents, config, entry, usage, deadline)
            calls = response.function_calls or []
            answer = next((call for call in calls if call.name == REPLY_FUNCTION), None)
            if answer is not None:
                text = json.dumps(answer.args or {}, ensure_ascii=False)
                return self._final(response, usage, entry, text=text)
            if not calls:
                return self._final(response, usage, entry)
            if last_round:
                raise ToolLoopExceeded(f"still calling tools after {MAX_TOOL_ROUNDS} rounds")
            self._answer_calls(response, contents, tools, transcript=None)
        raise AssertionError("unreachable: the last round returns or raises")

    def _function_config(
        self, request: ProviderRequest, entry: CacheEntry, declarations: list[dict[str, Any]]
    ) -> types.GenerateContentConfig:
        # No response schema: the contract is the cached `coach_reply` declaration.
        common: dict[str, Any] = {
            "automatic_function_calling": types.AutomaticFunctionCallingConfig(disable=True),
        }
        if entry.cacheable:
            return types.GenerateContentConfig(cached_content=entry.name, **common)
        return types.GenerateContentConfig(
            system_instruction=request.prefix,
            tools=self._tools(_slugs(request), declarations, reply=True),
            tool_config=FORCED_CALLS,
            **common,
        )

    def _answer_calls(
        self,
        response: types.GenerateContentResponse,
        contents: list[types.Content],
        tools: ToolRunner,
        *,
        transcript: list[str] | None,
    ) -> None:
        candidate = response.candidates[0] if response.candidates else None
        if candidate is not None and candidate.content is not None:
            # Sent back as returned: Gemini 3 needs the parts' thought signatures on the next round.
            contents.append(candidate.content)
        parts = []
        for call in response.function_calls or []:
            name = call.name or ""
            result = run_tool(tools, name, call.args)
            parts.append(types.Part.from_function_response(name=name, response=result))
            if transcript is not None:
                arguments = json.dumps(call.args or {}, sort_keys=True)
                transcript.append(f"{name}({arguments}) → {json.dumps(result, default=str)}")
        contents.append(types.Content(role="user", parts=parts))

    def _config(
        self,
        request: ProviderRequest,
        entry: CacheEntry,
        declarations: list[dict[str, Any]],
        *,
        structured: bool,
    ) -> types.GenerateContentConfig:
        common: dict[str, Any] = {
            "automatic_function_calling": types.AutomaticFunctionCallingConfig(disable=True),
        }
        if structured:
            common |= self._contract(tuple(request.turn.library.slugs)).structured
        if entry.cacheable:
            return types.GenerateContentConfig(cached_content=entry.name, **common)
        return types.GenerateContentConfig(
            system_instruction=request.prefix,
            tools=[gemini_tool(declarations)] if declarations else None,
            **common,
        )

    def _generate(
        self,
        contents: list[types.Content],
        config: types.GenerateContentConfig,
        entry: CacheEntry,
        usage: TokenUsage,
        deadline: float,
    ) -> types.GenerateContentResponse:
        config.http_options = remaining_budget(deadline)
        try:
            response = self.client.models.generate_content(model=self.model, contents=contents, config=config)
        except genai_errors.ClientError as error:
            if entry.cacheable and error.code in (403, 404):
                raise _CacheGone(entry) from error
            raise provider_error(error) from error
        except FAILURES as error:
            raise provider_error(error) from error
        metadata = response.usage_metadata
        if metadata is not None:
            add_usage(
                usage,
                metadata.prompt_token_count,
                metadata.cached_content_token_count or 0,
                metadata.candidates_token_count,
            )
        return response

    def _final(
        self,
        response: types.GenerateContentResponse,
        usage: TokenUsage,
        entry: CacheEntry,
        *,
        text: str | None = None,
    ) -> ProviderResponse:
        candidate = response.candidates[0] if response.candidates else None
        if candidate is not None and candidate.finish_reason == types.FinishReason.MAX_TOKENS:
            raise ModelOutputInvalid("the answer was cut off (finish_reason=MAX_TOKENS)")
        text = require_json_object(response.text if text is None else text)
        return ProviderResponse(
            text=text,
            model=response.model_version or self.model,
            usage=usage,
            cache_hit=entry.cacheable and bool(usage.cached_tokens),
        )
