"""What every LLM provider does the same way: running a tool call, summing usage, checking the answer."""

from __future__ import annotations

import json
from typing import Any

from fitcoach.agent.providers.base import TokenUsage, ToolRunner
from fitcoach.agent.tools import canonical_tool_args, drop_null_args
from fitcoach.contract.finite import NonFiniteNumber, loads_finite
from fitcoach.errors import ModelOutputInvalid


def run_tool(tools: ToolRunner, name: str, arguments: str | dict[str, Any] | None) -> dict[str, Any]:
    """Run one model tool call. Bad arguments become an error result the model can read and correct
    (an exception would end the turn; the runner itself reports unknown tools the same way)."""
    if isinstance(arguments, str):
        try:
            decoded = loads_finite(arguments) if arguments.strip() else {}
        except ValueError:
            return {"error": f"arguments for {name} are not valid JSON", "arguments": arguments[:200]}
    else:
        decoded = arguments or {}
    if not isinstance(decoded, dict):
        return {"error": f"arguments for {name} must be a JSON object"}
    return tools.call(name, canonical_tool_args(name, drop_null_args(decoded)))


def add_usage(
    total: TokenUsage, prompt_tokens: int | None, cached_tokens: int | None, output_tokens: int | None
) -> None:
    """Add one call's counts to the turn's; a count no call reported stays None."""
    if prompt_tokens is not None:
        total.prompt_tokens = (total.prompt_tokens or 0) + prompt_tokens
    if cached_tokens is not None:
        total.cached_tokens = (total.cached_tokens or 0) + cached_tokens
    if output_tokens is not None:
        total.output_tokens = (total.output_tokens or 0) + output_tokens


def require_json_object(text: str | None) -> str:
    """The final answer must at least be one JSON object; the guard validates the contract."""
    if not text or not text.strip():
        raise ModelOutputInvalid("the model sent an empty answer")
    try:
        decoded = loads_finite(text)
    except json.JSONDecodeError as error:
        raise ModelOutputInvalid(
            f"the answer is not valid JSON: {error.msg}", details={"text": text[:2000]}
        ) from error
    except NonFiniteNumber as error:
        raise ModelOutputInvalid(
            f"the answer is not valid JSON: {error}", details={"text": text[:2000]}
        ) from error
    if not isinstance(decoded, dict):
        raise ModelOutputInvalid("the answer is JSON but not an object", details={"text": text[:2000]})
    return text
