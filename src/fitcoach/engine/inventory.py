"""Equipment inventory from tier-1 `equipment` memory: the stored structured facts first, else the
fact's text read by the one fact reader (`fitcoach.facts.reader`), so "no bench" means no bench."""

from __future__ import annotations

from functools import lru_cache

from fitcoach.facts.reader import read_inventory
from fitcoach.library.gear import Inventory


@lru_cache(maxsize=1024)
def parse_inventory(text: str) -> Inventory:
    """Gear an equipment fact names (and does not deny), in any supported language; bodyweight is
    always available. Cached (the result is frozen): the same fact is read on every turn's guard."""
    return read_inventory(text).inventory()


def merge_inventories(parts: list[Inventory]) -> Inventory:
    """Several equipment facts together: the union of gear, the highest dumbbell cap, and the pairs
    named when every fact with a cap names its pairs (a bare cap means every step up to it)."""
    if not parts:
        return Inventory.unknown()
    caps = [part.dumbbell_max_lb for part in parts if part.dumbbell_max_lb is not None]
    capped = [part for part in parts if part.dumbbell_max_lb is not None]
    listed = bool(capped) and all(part.dumbbell_pairs_lb for part in capped)
    pairs = sorted({pair for part in capped for pair in part.dumbbell_pairs_lb}) if listed else []
    return Inventory(
        gear=frozenset().union(*(part.gear for part in parts)),
        dumbbell_max_lb=max(caps) if caps else None,
        dumbbell_pairs_lb=tuple(pairs),
        unavailable=frozenset().union(*(part.unavailable for part in parts)),
    )
