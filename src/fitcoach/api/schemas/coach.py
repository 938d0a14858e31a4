"""The coach's bodies: a chat turn (the R30 contract plus `meta`), proposals and the chat history."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from fitcoach.api.schemas.base import PublicModel
from fitcoach.api.schemas.memory import MemoryDiagnostics
from fitcoach.contract.models import ActiveTab, CoachReply, InstantZ, Proposal, Weekday
from fitcoach.storage.proposals import ProposalStatus


class ToolCall(PublicModel):
    name: str
    args: dict[str, Any]


class TokenCounts(PublicModel):
    prompt_tokens: int | None
    cached_tokens: int | None
    output_tokens: int | None


class TurnMeta(PublicModel):
    """How the turn was answered: diagnostics for people and dashboards, never needed to act."""

    turn_id: str
    provider: str
    model: str
    path: Literal["fast", "tool"] = Field(description="`tool` when the model called an analytics tool.")
    tools_called: list[ToolCall]
    latency_ms: float
    tokens: TokenCounts
    repairs: list[str] = Field(description="What the server repaired in the model's answer.")
    degraded: bool = Field(description="True when the fallback answered instead of the model.")
    memory: MemoryDiagnostics


class ChatResponse(CoachReply):
    """R30: `message`, `proposal` (its `id` null for NONE) and `memory_mutations` as applied, plus `meta`."""

    model_config = ConfigDict(extra="forbid")

    meta: TurnMeta


class ProposalPublic(Proposal):
    """A proposal as stored: the contract's proposal plus its decision state."""

    model_config = ConfigDict(extra="forbid")

    id: str  # a stored proposal always has one
    status: ProposalStatus
    base_version: int | None = Field(description="The plan version the proposal was made against.")
    result_version: int | None = Field(description="The plan version accepting it wrote.")
    turn_id: str | None
    created_at: InstantZ
    decided_at: InstantZ | None


class ProposalList(PublicModel):
    items: list[ProposalPublic]


class LegacyReply(PublicModel):
    """A recorded reply that no longer fits the current contract (a turn stored by an older version)."""

    message: str | None = Field(description="The coach's words, when the recorded reply has them as text.")
    document: Any = Field(description="The reply exactly as recorded.")


class ChatTurnPublic(PublicModel):
    """A past turn. Recorded fields that no longer fit today's shapes come back null, never as an error:
    `reply` then moves to `legacy_reply`, an unknown `active_tab` or `selected_day` is null."""

    id: str
    created_at: InstantZ
    message: str
    active_tab: ActiveTab | None
    selected_day: Weekday | None
    reply: CoachReply | None = Field(
        description="The reply as answered; null when none was recorded or it no longer fits the contract."
    )
    legacy_reply: LegacyReply | None = Field(
        description="Set instead of `reply` when the recorded reply no longer fits the contract."
    )
    meta: dict[str, Any] | None = Field(
        description="The turn's `TurnMeta` as recorded, plus `problems`; older turns may lack newer keys."
    )


class ChatHistoryPage(PublicModel):
    """Newest first; pass `next_before` as `before` for the next page (null on the last page)."""

    items: list[ChatTurnPublic]
    next_before: str | None
