"""Ranked substitutes for an exercise: same muscles and pattern, gear at hand, constraints respected."""

from __future__ import annotations

from collections.abc import Callable, Collection

from fitcoach.engine.profile import Profile
from fitcoach.library.gear import Gear, Inventory
from fitcoach.library.loader import ExerciseLibrary, get_library
from fitcoach.library.models import Exercise


def inventory_without(inventory: Inventory, unavailable: Collection[Gear]) -> Inventory:
    """The inventory with gear that is taken or broken right now removed (R17)."""
    return inventory.model_copy(update={"unavailable": inventory.unavailable | frozenset(unavailable)})


def rank_alternatives(
    slug: str,
    profile: Profile,
    *,
    exclude: Collection[str] = frozenset(),
    unavailable_gear: Collection[Gear] = frozenset(),
    library: ExerciseLibrary | None = None,
    allow: Callable[[Exercise], bool] | None = None,
) -> list[Exercise]:
    """Valid substitutes for `slug`, best first (same pattern, then shared primary muscles, then tier)."""
    library = library or get_library()
    target = library.get(slug)
    if target is None:
        return []
    inventory = inventory_without(profile.inventory, unavailable_gear)
    scored: list[tuple[tuple[int, int, int, int], str, Exercise]] = []
    for entry in library:
        if entry.slug == slug or entry.slug in exclude:
            continue
        if not inventory.allows(entry.gear) or profile.contraindication(entry) is not None:
            continue
        if allow is not None and not allow(entry):
            continue
        shared = len(set(entry.primary_muscles) & set(target.primary_muscles))
        same_pattern = entry.movement_pattern == target.movement_pattern
        if not shared and not same_pattern:
            continue
        score = (
            int(same_pattern),
            shared,
            int(entry.type == target.type),
            -abs(entry.priority_tier - target.priority_tier),
        )
        scored.append((score, entry.slug, entry))
    scored.sort(key=lambda item: (tuple(-part for part in item[0]), item[1]))
    return [entry for _, _, entry in scored]
