"""The protocol every brain implements: one structured answer per turn, tools through a runner."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from fitcoach.contract.models import ActiveTab, Weekday, WeeklyPlan
from fitcoach.library import ExerciseLibrary
from fitcoach.memory.context import LastTurn
from fitcoach.memory.model import MemoryItem

MAX_TOOL_ROUNDS = 3
"""R5/issue 5: at most three rounds of read-only tool calls before the final structured answer."""


@dataclass(frozen=True)
class TurnInput:
    """Everything a brain may know about this turn. LLM providers see it rendered as text
    (`ProviderRequest.runtime_block`); the offline coach reads the structured fields."""

    message: str
    now: datetime
    active_tab: ActiveTab
    selected_day: Weekday | None
    memory: list[MemoryItem]
    plan: WeeklyPlan | None
    library: ExerciseLibrary
    """The turn's exercise library (packaged entries plus imports): the one source every brain, the
    guard and the engine use for this turn."""
    plan_version: int | None = None
    language: str | None = None
    """The user's stored language (`PATCH /api/me`), the prior for reading the message; None if unset."""
    last_turn: LastTurn | None = None
    """The user's previous turn, when it is recent (issue 14): the coach's question, pending proposal."""
    units: str | None = None
    """The user's weight unit ("kg" or "lb", `PATCH /api/me` or learned from chat); None if unknown."""


@dataclass(frozen=True)
class ProviderRequest:
    prefix: str
    """The static, byte-identical prefix (persona, rules, index, protocol, contract, examples)."""
    runtime_block: str
    """The R29 runtime context block ending with the user's message."""
    turn: TurnInput
    repair_feedback: str | None = None
    """On the repair round: the violations of the previous answer, to be fixed."""
    previous_answer: str | None = None


@dataclass
class TokenUsage:
    prompt_tokens: int | None = None
    cached_tokens: int | None = None
    output_tokens: int | None = None


@dataclass
class ProviderResponse:
    """The model's final answer as raw JSON text (the guard parses and validates it)."""

    text: str
    model: str
    usage: TokenUsage = field(default_factory=TokenUsage)
    cache_hit: bool | None = None


class ToolRunner(Protocol):
    """Runs the read-only analytics tools for the current user and records each call."""

    def call(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        """Run one tool; unknown tools or bad arguments give an error result, never an exception."""
        ...

    def declarations(self) -> list[dict[str, Any]]:
        """The tool declarations (name, description, JSON-schema parameters) as the source spells them."""
        ...


class Provider(Protocol):
    name: str
    model: str

    def respond(self, request: ProviderRequest, tools: ToolRunner) -> ProviderResponse:
        """Answer one turn. Raise `fitcoach.errors.ProviderError` (or a subclass) on any failure."""
        ...
