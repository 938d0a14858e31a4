"""A scripted provider for pipeline tests: a queue of answers and a history of requests.

In the spirit of pydantic-ai's `FunctionModel` and simonw/llm's `MockModel.enqueue`: each entry is
the answer text, a dict (sent as JSON), an exception to raise, or a callable that gets the request
and the tool runner (so a test can exercise the tool path) and returns text or a `ProviderResponse`.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from fitcoach.agent.providers.base import ProviderRequest, ProviderResponse, ToolRunner
from fitcoach.agent.providers.registry import ProviderOptions
from fitcoach.errors import ProviderError

ScriptedAnswer = (
    str
    | dict[str, Any]
    | BaseException
    | ProviderResponse
    | Callable[[ProviderRequest, ToolRunner], "str | dict[str, Any] | ProviderResponse"]
)


class ScriptedProvider:
    name = "scripted"

    def __init__(self, *answers: ScriptedAnswer, model: str = "scripted") -> None:
        self.model = model
        self.history: list[ProviderRequest] = []
        self._answers: deque[ScriptedAnswer] = deque(answers)
        self._lock = threading.Lock()

    def enqueue(self, *answers: ScriptedAnswer) -> None:
        with self._lock:
            self._answers.extend(answers)

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._answers)

    def respond(self, request: ProviderRequest, tools: ToolRunner) -> ProviderResponse:
        with self._lock:
            self.history.append(request)
            answer = self._answers.popleft() if self._answers else None
        if answer is None:
            raise ProviderError("the scripted provider has no answer left", code="script_exhausted")
        if isinstance(answer, BaseException):
            raise answer
        if callable(answer):
            answer = answer(request, tools)
        if isinstance(answer, ProviderResponse):
            return answer
        text = answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
        return ProviderResponse(text=text, model=self.model)


def make_scripted_provider(options: ProviderOptions) -> ScriptedProvider:
    """The registry's entry point: an empty script (tests enqueue answers on the instance)."""
    del options
    return ScriptedProvider()
