"""A memory item as the domain sees it, whatever stores it."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict

from fitcoach.contract.models import Tier, Tier1Entry, Tier2Entry, Tier3Entry

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

    def is_active(self, now: datetime) -> bool:
        return self.expires_at is None or now < self.expires_at
