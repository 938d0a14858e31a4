"""Bounds on what one user's memory can hold and on how much of it a turn's prompt carries (issue 17).

Pure, and kept apart from the planner and the renderer so both call one place: caps on active items
per tier and per user (a CREATE past them is refused, never an old fact silently evicted), and the
choice of which lines fit the runtime block's budget, least important dropped first."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from fitcoach.contract.models import Tier, Tier1Entry
from fitcoach.memory.model import MemoryItem

MAX_ITEMS_PER_TIER: dict[Tier, int] = {
    Tier.STAPLES: 30,
    Tier.PHYSIOLOGICAL: 15,
    Tier.SITUATIONAL: 15,
}
"""Active items a tier may hold. Far above a real profile (a handful of staples, two or three current
complaints, a trip or an event), low enough that a flood of facts cannot crowd the prompt."""

MAX_ITEMS_PER_USER = 50
"""Active items over all tiers (below the sum of the tiers, so both caps matter)."""

MAX_MEMORY_CHARS = 3_000
"""The memory section of the runtime block (≈750 tokens at 4 characters a token); a typical profile
is a few hundred characters."""

MAX_RUNTIME_BLOCK_CHARS = 12_000
"""The whole runtime block: memory, the compact plan and the message (≤ 4,000 characters). Memory
lines are dropped until the block fits; the plan and the message are never cut."""

_TIER1_DROP_GROUP = {"preference": 1, "goal": 2}
"""Tier-1 categories dropped before physiological states (3); the others (equipment, chronic
conditions) go last (4)."""


def cap_refusal(tier: Tier, active: Iterable[MemoryItem]) -> str | None:
    """Why one more active item in `tier` is refused, or None when there is room."""
    items = list(active)
    in_tier = sum(1 for item in items if item.tier is tier)
    limit = MAX_ITEMS_PER_TIER[tier]
    if in_tier >= limit:
        return f"{tier.value} already holds {in_tier} items (at most {limit}); forget one first"
    if len(items) >= MAX_ITEMS_PER_USER:
        return f"memory already holds {len(items)} items (at most {MAX_ITEMS_PER_USER}); forget one first"
    return None


def _drop_group(item: MemoryItem) -> int:
    if item.tier is Tier.SITUATIONAL:
        return 0
    if item.tier is Tier.PHYSIOLOGICAL:
        return 3
    entry = item.entry
    return _TIER1_DROP_GROUP.get(entry.category, 4) if isinstance(entry, Tier1Entry) else 4


def drop_order(items: Sequence[MemoryItem]) -> list[MemoryItem]:
    """Items from least to most important for the prompt: situational first (oldest first), then
    tier-1 preferences and goals, then physiological states, and last equipment and chronic
    conditions, which the plan's safety and feasibility rest on. Expired items never reach here."""
    return sorted(items, key=lambda item: (_drop_group(item), item.created_at, item.id))


def fit_items(
    items: Sequence[MemoryItem], *, budget: int, size: Callable[[list[MemoryItem]], int]
) -> list[MemoryItem]:
    """The items to show: all when `size(items)` fits `budget`, else the rest after dropping items in
    `drop_order` until it does (possibly none). Keeps the input order."""
    kept = list(items)
    for item in drop_order(items):
        if size(kept) <= budget:
            break
        kept.remove(item)
    return kept
