"""A memory item as the domain sees it, whatever stores it."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict

from fitcoach.contract.models import Tier, Tier1Entry, Tier2Entry, Tier3Entry
from fitcoach.facts.model import StructuredFact

Entry = Tier1Entry | Tier2Entry | Tier3Entry


class MemoryItem(BaseModel):
    """One remembered fact. Tier 1 never expires; tiers 2 and 3 are active while now < expires_at (R28)."""

    model_config = ConfigDict(frozen=True)

    id: str
    tier: Tier
    entry: Entry
    created_at: datetime
    updated_at: datetime
    expires_at: datetime | None = None
    facts: StructuredFact | None = None
    """What the entry means as data (inventory, body part, unavailable gear): the source of truth the
    engine plans with; None only for an item no reader has seen yet (then its text is read)."""

    def is_active(self, now: datetime) -> bool:
        return self.expires_at is None or now < self.expires_at
