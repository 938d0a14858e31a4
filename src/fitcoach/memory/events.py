"""The audit trail's vocabulary: what happened to a memory item, by whom, when and why."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict


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
