"""The audit trail's vocabulary: what happened to a memory item, by whom, when and why."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict

from fitcoach.memory.model import MemoryItem


class EventKind(StrEnum):
    CREATED = "created"
    UPDATED = "updated"
    DELETED = "deleted"
    EXPIRED = "expired"
    MERGED = "merged"


class Actor(StrEnum):
    AGENT = "agent"
    USER = "user"
    SYSTEM = "system"


class MemoryEvent(BaseModel):
    """One line of an item's append-only history; storage adds the turn it belongs to."""

    model_config = ConfigDict(frozen=True)

    item_id: str
    kind: EventKind
    actor: Actor
    at: datetime
    reason: str = ""
    entry: dict[str, Any] | None = None


def expiry_events(items: list[MemoryItem], *, recorded: set[str], now: datetime) -> list[MemoryEvent]:
    """`expired` events for items whose expiry has passed and that have none yet, dated at the expiry."""
    return [
        MemoryEvent(
            item_id=item.id, kind=EventKind.EXPIRED, actor=Actor.SYSTEM, at=item.expires_at, reason="TTL"
        )
        for item in sorted(items, key=lambda item: item.id)
        if item.expires_at is not None and not item.is_active(now) and item.id not in recorded
    ]
