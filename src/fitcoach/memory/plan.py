"""The result of planning a turn's memory mutations: storage steps, the reply's view, and diagnostics."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from fitcoach.contract.models import MemoryMutation, Operation
from fitcoach.memory.events import MemoryEvent
from fitcoach.memory.model import MemoryItem
from fitcoach.memory.ttl import Clamp


class RejectReason(StrEnum):
    INVALID_ENTRY = "invalid_entry"
    NOT_FOUND = "not_found"
    INACTIVE = "inactive"
    TIER_MISMATCH = "tier_mismatch"
    CATEGORY_MISMATCH = "category_mismatch"
    NEEDS_CONFIRMATION = "needs_confirmation"
    """The user asked to forget everything: only their confirmation deletes memory, no turn writes."""
    FULL = "full"
    """The tier (or the user's whole memory) is at its cap (`memory/caps.py`)."""


class MergeOutcome(StrEnum):
    DUPLICATE = "duplicate"
    EXTENDED = "extended"
    UPDATED = "updated"
    UNCHANGED = "unchanged"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)


class PlannedOperation(_Frozen):
    """One storage step: the item as it must be stored (CREATE/UPDATE) or removed (DELETE), and its event."""

    action: Operation
    item: MemoryItem
    event: MemoryEvent


class RejectedMutation(_Frozen):
    index: int
    mutation: MemoryMutation
    reason: RejectReason
    detail: str


class MergedMutation(_Frozen):
    index: int
    mutation: MemoryMutation
    into_id: str
    outcome: MergeOutcome
    detail: str


class ClampNote(_Frozen):
    index: int
    memory_id: str
    clamp: Clamp


class MutationPlan(_Frozen):
    """What a turn's mutations do: storage steps in order, the reply's `memory_mutations`, diagnostics."""

    operations: list[PlannedOperation] = Field(default_factory=list)
    applied: list[MemoryMutation] = Field(default_factory=list)
    rejected: list[RejectedMutation] = Field(default_factory=list)
    merged: list[MergedMutation] = Field(default_factory=list)
    clamps: list[ClampNote] = Field(default_factory=list)

    def diagnostics(self) -> dict[str, Any]:
        """The turn's diagnostics: every mutation not applied as sent, with its reason."""
        return {
            "rejected": [
                {
                    "index": r.index,
                    "reason": r.reason.value,
                    "detail": r.detail,
                    "memory_id": r.mutation.memory_id,
                }
                for r in self.rejected
            ],
            "merged": [
                {"index": m.index, "into_id": m.into_id, "outcome": m.outcome.value, "detail": m.detail}
                for m in self.merged
            ],
            "clamped": [
                {"index": c.index, "memory_id": c.memory_id, "detail": c.clamp.describe()}
                for c in self.clamps
            ],
        }

    def resulting(self, active: list[MemoryItem]) -> list[MemoryItem]:
        """The memory after the plan is stored, in creation order (what the next turn will see)."""
        items = {item.id: item for item in active}
        for operation in self.operations:
            if operation.action is Operation.DELETE:
                items.pop(operation.item.id, None)
            else:
                items[operation.item.id] = operation.item
        return sorted(items.values(), key=lambda item: (item.created_at, item.id))
