"""Gemini request pieces and error mapping shared by the provider's two tool modes."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
from google.genai import errors as genai_errors
from google.genai import types

from fitcoach.agent.providers.base import ProviderRequest
from fitcoach.contract.schema import gemini_response_schema
from fitcoach.contract.wire_schema import lean_response_schema
from fitcoach.errors import ProviderError, ProviderRateLimited, ProviderTimeout, ProviderUnavailable

# google-genai 3 talks through httpx2 (a fork of httpx), older releases through httpx: catch both.
_TIMEOUTS: tuple[type[Exception], ...] = (httpx.TimeoutException,)
_TRANSPORT: tuple[type[Exception], ...] = (httpx.HTTPError,)
try:
    import httpx2

    _TIMEOUTS += (httpx2.TimeoutException,)
    _TRANSPORT += (httpx2.HTTPError,)
except ImportError:  # pragma: no cover - depends on the installed SDK generation
    pass

FAILURES: tuple[type[Exception], ...] = (genai_errors.APIError, *_TRANSPORT, ValueError)
"""What a call may raise for a provider fault. ValueError: a 200 whose body is not JSON (HTML, cut
off) reaches us as a JSON decode error."""
CLEANUP_FAILURES: tuple[type[Exception], ...] = (*FAILURES, ProviderTimeout)
"""What a best-effort cleanup call may raise, the turn's time budget running out included."""

_VERSION = re.compile(r"gemini-(\d+)(?:\.(\d+))?")


def combines_tools_with_schema(model: str) -> bool:
    """Gemini 3 accepts function declarations and a response schema in one request; earlier
    generations reject the pair. Unknown names (tuned models, aliases) are taken as current."""
    match = _VERSION.match(model.removeprefix("models/"))
    return match is None or int(match.group(1)) >= 3


def takes_json_schema(model: str) -> bool:
    """Gemini 2.5 and later take `response_json_schema` (JSON Schema with `$defs`/`$ref`); earlier
    models only the OpenAPI-subset `response_schema`. Unknown names are taken as current."""
    match = _VERSION.match(model.removeprefix("models/"))
    return match is None or (int(match.group(1)), int(match.group(2) or 0)) >= (2, 5)


def text_content(role: str, text: str) -> types.Content:
    return types.Content(role=role, parts=[types.Part.from_text(text=text)])


def gemini_tool(declarations: list[dict[str, Any]]) -> types.Tool:
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


def provider_error(error: Exception) -> ProviderError:
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


def opening_contents(request: ProviderRequest) -> list[types.Content]:
    contents = [text_content("user", request.runtime_block)]
    if request.repair_feedback is not None:
        contents += [
            text_content("model", request.previous_answer or ""),
            text_content("user", request.repair_feedback),
        ]
    return contents


def remaining_budget(deadline: float) -> types.HttpOptions:
    """Per-call HTTP options carrying what is left of the turn's time budget."""
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise ProviderTimeout("the turn's time budget ran out between calls")
    return types.HttpOptions(timeout=max(int(remaining * 1000), 1))


def unfenced(text: str) -> str:
    """Without a response schema, models often wrap JSON in a ```json fence."""
    stripped = text.strip()
    if stripped.startswith("```") and stripped.endswith("```"):
        stripped = stripped[3:-3].removeprefix("json").strip()
    return stripped


def is_json_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except json.JSONDecodeError:
        return False


def structured_output(model: str, slugs: list[str]) -> dict[str, Any]:
    """The config fields that force the contract. A CachedContent cannot hold generation config, so
    the schema travels (and is billed) with every structured call: 2.5+ models get the compact JSON
    Schema, where each object and the slug enum are defined once; older ones the inlined legacy one."""
    if takes_json_schema(model):
        return {"response_mime_type": "application/json", "response_json_schema": lean_response_schema(slugs)}
    schema = types.Schema.model_validate(gemini_response_schema(slugs))
    return {"response_mime_type": "application/json", "response_schema": schema}


REPLY_FUNCTION = "coach_reply"
"""The function whose arguments are the turn's answer when the contract is declared as a tool."""


def reply_tool(slugs: list[str]) -> types.Tool:
    """The answer contract as a function declaration, to be held in the context cache with the
    analytics tools: unlike a response schema it is then billed once per cache, not per call."""
    return types.Tool(
        function_declarations=[
            types.FunctionDeclaration(
                name=REPLY_FUNCTION,
                description="Give the turn's answer: the JSON object of the output contract.",
                parameters_json_schema=lean_response_schema(slugs),
            )
        ]
    )


FORCED_CALLS = types.ToolConfig(
    function_calling_config=types.FunctionCallingConfig(mode=types.FunctionCallingConfigMode.ANY)
)
"""Every answer is a function call: an analytics tool, or `coach_reply` with the contract."""
