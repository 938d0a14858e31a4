"""What the coach remembers, as the API shows it: items by tier, their history, and what a change did."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from fitcoach.api.schemas.base import PublicModel
from fitcoach.contract.models import InstantZ, MemoryMutation, Tier
from fitcoach.memory.events import Actor, EventKind
from fitcoach.memory.plan import MergeOutcome, RejectReason

ENTRY_DESCRIPTION = (
    "The fact in its tier's shape (Tier1Entry, Tier2Entry or Tier3Entry); null fields are left out."
)


class MemoryItemPublic(PublicModel):
    id: str
    tier: Tier
    entry: dict[str, Any] = Field(description=ENTRY_DESCRIPTION)
    created_at: InstantZ
    updated_at: InstantZ
    expires_at: InstantZ | None = Field(description="Null for tier 1, which never expires.")


class MemoryByTier(PublicModel):
    """Active items grouped by tier; expired and forgotten items never show (R28)."""

    tier_1_staples: list[MemoryItemPublic]
    tier_2_physiological: list[MemoryItemPublic]
    tier_3_situational: list[MemoryItemPublic]


class MemoryEventPublic(PublicModel):
    item_id: str
    kind: EventKind
    actor: Actor
    at: InstantZ
    turn_id: str | None = Field(description="The chat turn that made the change, if one did.")
    reason: str
    entry: dict[str, Any] | None = Field(description="The entry after the change. " + ENTRY_DESCRIPTION)


class MemoryHistory(PublicModel):
    """Every event on the user's items, oldest first."""

    events: list[MemoryEventPublic]


class RejectedMutationPublic(PublicModel):
    index: int = Field(description="Position of the mutation in the list sent.")
    reason: RejectReason
    detail: str
    memory_id: str | None


class MergedMutationPublic(PublicModel):
    index: int
    into_id: str = Field(description="The existing item the mutation was folded into.")
    outcome: MergeOutcome
    detail: str


class ClampedMutationPublic(PublicModel):
    index: int
    memory_id: str
    detail: str = Field(description="How the expiry was bounded, in words.")


class MemoryDiagnostics(PublicModel):
    """Every mutation not applied exactly as sent, and why."""

    rejected: list[RejectedMutationPublic]
    merged: list[MergedMutationPublic]
    clamped: list[ClampedMutationPublic]


class MemoryStated(MemoryDiagnostics):
    """What remembering a stated fact did: the mutations applied and the items as now stored."""

    applied: list[MemoryMutation]
    items: list[MemoryItemPublic]


class ContextBlock(PublicModel):
    block: str = Field(description="The runtime context block the next message would be sent with.")
