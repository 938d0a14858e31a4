"""Builders for memory items and mutations shared by the memory tests."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable
from typing import Any

from fitcoach.contract.models import MemoryMutation, Operation, Tier, Tier1Entry, Tier2Entry, Tier3Entry
from fitcoach.memory.model import Entry, MemoryItem

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def item(memory_id: str, entry: Entry, *, created: dt.datetime = NOW - dt.timedelta(days=1)) -> MemoryItem:
    tier = {
        Tier1Entry: Tier.STAPLES,
        Tier2Entry: Tier.PHYSIOLOGICAL,
        Tier3Entry: Tier.SITUATIONAL,
    }[type(entry)]
    expires = entry.expires_at if isinstance(entry, Tier2Entry | Tier3Entry) else None
    return MemoryItem(
        id=memory_id, tier=tier, entry=entry, created_at=created, updated_at=created, expires_at=expires
    )


def create(tier: Tier, **entry: Any) -> MemoryMutation:
    return MemoryMutation(operation=Operation.CREATE, target_tier=tier, entry=entry, reason="test")


def update(tier: Tier, memory_id: str, **entry: Any) -> MemoryMutation:
    return MemoryMutation(
        operation=Operation.UPDATE, target_tier=tier, memory_id=memory_id, entry=entry, reason="test"
    )


def delete(tier: Tier, memory_id: str) -> MemoryMutation:
    return MemoryMutation(
        operation=Operation.DELETE, target_tier=tier, memory_id=memory_id, reason="resolved"
    )


def id_source(start: int = 10) -> Callable[[], str]:
    counter = itertools.count(start)
    return lambda: f"mem_{next(counter):02d}"


def spec_profile() -> list[MemoryItem]:
    """The spec's example profile (R29 and shared/eval/public.jsonl)."""
    return [
        item(
            "mem_01",
            Tier1Entry(
                category="equipment", fact="Home gym with dumbbells up to 50 lbs and adjustable bench."
            ),
        ),
        item("mem_02", Tier1Entry(category="goal", fact="Hypertrophy with chest/shoulder emphasis.")),
        item(
            "mem_03",
            Tier2Entry(
                body_part="hamstrings",
                condition="soreness",
                fact="Hamstring soreness",
                effective_date=dt.date(2026, 9, 13),
                expires_at=at("2026-09-16T00:00:00Z"),
            ),
        ),
    ]
