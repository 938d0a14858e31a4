"""OpenAI-compatible provider (OpenAI, vLLM, Ollama, llama.cpp) over chat completions.

The static prefix is always the first (system) message and the tools are always declared, so the
server's automatic prefix caching sees the same leading tokens on every turn; the answer is forced
into the strict `json_schema` of the contract.
"""

from __future__ import annotations

import json
import time
from functools import lru_cache
from typing import Any, cast

import openai
from openai.types.chat import ChatCompletion, ChatCompletionMessageParam, ChatCompletionToolParam
from openai.types.shared_params import ResponseFormatJSONSchema

from fitcoach.agent.providers.base import (
    MAX_TOOL_ROUNDS,
    ProviderRequest,
    ProviderResponse,
    TokenUsage,
    ToolRunner,
)
from fitcoach.agent.providers.common import add_usage, require_json_object, run_tool
from fitcoach.agent.providers.registry import ProviderOptions
from fitcoach.agent.tools import openai_tools
from fitcoach.contract.wire_schema import openai_response_format
from fitcoach.errors import (
    ModelOutputInvalid,
    ProviderError,
    ProviderMisconfigured,
    ProviderRateLimited,
    ProviderTimeout,
    ProviderUnavailable,
    ToolLoopExceeded,
)

DEFAULT_OPENAI_MODEL = "gpt-4.1-mini"


@lru_cache(maxsize=8)
def _response_format(slugs: tuple[str, ...]) -> ResponseFormatJSONSchema:
    """The strict contract for the turn's library (its slug enum), built once per library."""
    return cast(ResponseFormatJSONSchema, openai_response_format(slugs))


class OpenAICompatProvider:
    name = "openai"

    def __init__(
        self,
        *,
        model: str = DEFAULT_OPENAI_MODEL,
        api_key: str | None,
        base_url: str | None = None,
        timeout_s: float = 20.0,
    ) -> None:
        self.model = model
        self.timeout_s = timeout_s
        # No SDK retries: a failed turn falls back to the offline coach at once instead of making
        # the user wait through back-off (issue 5: the user never waits on a provider's fault).
        self.client = openai.OpenAI(
            api_key=api_key or "not-needed-for-local-servers",
            base_url=base_url,
            timeout=timeout_s,
            max_retries=0,
        )

    def respond(self, request: ProviderRequest, tools: ToolRunner) -> ProviderResponse:
        messages: list[ChatCompletionMessageParam] = [
            {"role": "system", "content": request.prefix},
            {"role": "user", "content": request.runtime_block},
        ]
        if request.repair_feedback is not None:
            messages.append({"role": "assistant", "content": request.previous_answer or ""})
            messages.append({"role": "user", "content": request.repair_feedback})
        declared = cast(list[ChatCompletionToolParam], openai_tools(tools.declarations()))
        usage = TokenUsage()
        deadline = time.monotonic() + self.timeout_s
        for round_number in range(MAX_TOOL_ROUNDS + 1):
            last_round = round_number == MAX_TOOL_ROUNDS
            completion = self._complete(
                messages,
                declared,
                allow_tools=not last_round,
                deadline=deadline,
                slugs=tuple(request.turn.library.slugs),
            )
            add_usage(usage, *_usage(completion))
            choice = completion.choices[0]
            calls = choice.message.tool_calls or []
            if not calls:
                return self._final(choice, completion, usage)
            if last_round:
                raise ToolLoopExceeded(f"still calling tools after {MAX_TOOL_ROUNDS} rounds")
            messages.append(
                cast(ChatCompletionMessageParam, choice.message.model_dump(exclude_none=True, mode="json"))
            )
            for call in calls:
                function = getattr(call, "function", None)
                if function is None:
                    raise ModelOutputInvalid("the model called a non-function tool")
                result = run_tool(tools, function.name, function.arguments)
                messages.append(
                    {"role": "tool", "tool_call_id": call.id, "content": json.dumps(result, default=str)}
                )
        raise AssertionError("unreachable: the last round returns or raises")

    def _complete(
        self,
        messages: list[ChatCompletionMessageParam],
        declared: list[ChatCompletionToolParam],
        *,
        allow_tools: bool,
        deadline: float,
        slugs: tuple[str, ...],
    ) -> ChatCompletion:
        # FITCOACH_LLM_TIMEOUT_S bounds the whole turn, tool rounds included, not each call.
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise ProviderTimeout("the turn's time budget ran out between tool rounds")
        try:
            # Tools stay declared on the last round (tool_choice "none") so the cached prefix,
            # which includes the tool list, still matches.
            return self.client.chat.completions.create(
                model=self.model,
                messages=messages,
                tools=declared,
                tool_choice="auto" if allow_tools else "none",
                response_format=_response_format(slugs),
                timeout=remaining,
            )
        except (openai.OpenAIError, ValueError) as error:
            # ValueError: the SDK decodes a 200 body that is not JSON (HTML, cut off) as json and
            # lets JSONDecodeError through.
            raise _provider_error(error) from error

    def _final(self, choice: Any, completion: ChatCompletion, usage: TokenUsage) -> ProviderResponse:
        if choice.finish_reason == "length":
            raise ModelOutputInvalid("the answer was cut off (finish_reason=length)")
        if choice.message.refusal:
            raise ModelOutputInvalid(f"the model refused: {choice.message.refusal}")
        text = require_json_object(choice.message.content)
        cached = usage.cached_tokens
        return ProviderResponse(
            text=text,
            model=completion.model,
            usage=usage,
            cache_hit=None if cached is None else cached > 0,
        )


def _usage(completion: ChatCompletion) -> tuple[int | None, int | None, int | None]:
    usage = completion.usage
    if usage is None:
        return None, None, None
    details = usage.prompt_tokens_details
    cached = details.cached_tokens if details is not None else None
    return usage.prompt_tokens, cached, usage.completion_tokens


def _provider_error(error: Exception) -> ProviderError:
    if isinstance(error, openai.APITimeoutError):
        return ProviderTimeout("the OpenAI-compatible server did not answer in time")
    if isinstance(error, openai.RateLimitError):
        return ProviderRateLimited("the OpenAI-compatible server is rate limiting", details={"status": 429})
    if isinstance(error, openai.APIStatusError):
        return ProviderUnavailable(
            f"the OpenAI-compatible server answered HTTP {error.status_code}",
            details={"status": error.status_code},
        )
    if isinstance(error, openai.APIConnectionError):
        return ProviderUnavailable("cannot reach the OpenAI-compatible server")
    return ProviderUnavailable(f"unreadable answer from the server: {type(error).__name__}")


def make_openai_provider(options: ProviderOptions) -> OpenAICompatProvider:
    """The registry's entry point: OpenAI, or any OpenAI-compatible server at a base URL."""
    settings = options.settings
    if settings.openai_api_key is None and settings.openai_base_url is None:
        raise ProviderMisconfigured(
            "FITCOACH_PROVIDER=openai needs OPENAI_API_KEY, or FITCOACH_OPENAI_BASE_URL for a local server"
        )
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
    return OpenAICompatProvider(
        model=settings.model or DEFAULT_OPENAI_MODEL,
        api_key=key,
        base_url=settings.openai_base_url,
        timeout_s=settings.llm_timeout_s,
    )
