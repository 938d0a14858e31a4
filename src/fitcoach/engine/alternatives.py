"""Ranked substitutes for an exercise: same muscles and pattern, gear at hand, constraints respected."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from fitcoach.engine.naming import overlap
from fitcoach.engine.profile import Profile
from fitcoach.library.gear import Gear, Inventory
from fitcoach.library.loader import ExerciseLibrary, get_library
from fitcoach.library.models import Exercise, MuscleGroup


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


def substitute_for_focus(
    text: str,
    focus: Sequence[MuscleGroup],
    profile: Profile,
    *,
    exclude: Collection[str] = frozenset(),
    library: ExerciseLibrary | None = None,
    allow: Callable[[Exercise], bool] | None = None,
) -> Exercise | None:
    """The best allowed exercise for a day's focus groups (most important first), nearest in wording first.

    Replaces a slug that names nothing in the library (R20) without losing the day's intent.
    """
    library = library or get_library()
    wanted = set(focus)
    rank = {group: index for index, group in enumerate(focus)}
    allowed = [
        e
        for e in library
        if e.slug not in exclude
        and profile.inventory.allows(e.gear)
        and profile.contraindication(e) is None
        and (allow is None or allow(e))
        and (not wanted or e.primary_groups & wanted)
    ]
    return min(
        allowed,
        key=lambda e: (
            -overlap(text, e, library),
            min((rank[g] for g in e.primary_groups & wanted), default=len(rank)),
            e.priority_tier,
            e.slug,
        ),
        default=None,
    )
