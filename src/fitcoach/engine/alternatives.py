"""Ranked substitutes for an exercise: same muscles and pattern, gear at hand, constraints respected
(or answered by a registered modification when nothing else is left)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from fitcoach.engine.modifications import modification_for
from fitcoach.engine.naming import overlap
from fitcoach.engine.profile import Profile
from fitcoach.library.gear import Gear, Inventory
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise, MuscleGroup


def inventory_without(inventory: Inventory, unavailable: Collection[Gear]) -> Inventory:
    """The inventory with gear that is taken or broken right now removed (R17)."""
    return inventory.model_copy(update={"unavailable": inventory.unavailable | frozenset(unavailable)})


_Scored = tuple[tuple[int, int, int, int], str, Exercise]


def _best_first(scored: list[_Scored]) -> list[_Scored]:
    return sorted(scored, key=lambda item: (tuple(-part for part in item[0]), item[1]))


def rank_alternatives(
    slug: str,
    profile: Profile,
    *,
    exclude: Collection[str] = frozenset(),
    unavailable_gear: Collection[Gear] = frozenset(),
    library: ExerciseLibrary,
    allow: Callable[[Exercise], bool] | None = None,
) -> list[Exercise]:
    """Valid substitutes for `slug`, best first.

    Same pattern, then shared primary muscles, then type and tier. When nothing shares the pattern or
    a primary muscle, exercises of the same primary muscle group stand in (a rear-delt flye for a
    lateral raise on a dumbbells-only setup). Exercises a chronic condition allows only with a
    modification (engine.modifications) come last; callers apply it with `modifications.adapt`.
    """
    target = library.get(slug)
    if target is None:
        return []
    inventory = inventory_without(profile.inventory, unavailable_gear)
    close: list[_Scored] = []
    related: list[_Scored] = []
    modified: list[_Scored] = []
    for entry in library:
        if entry.slug == slug or entry.slug in exclude or not inventory.allows(entry.gear):
            continue
        if allow is not None and not allow(entry):
            continue
        shared = len(set(entry.primary_muscles) & set(target.primary_muscles))
        same_pattern = entry.movement_pattern == target.movement_pattern
        if not shared and not same_pattern and not entry.primary_groups & target.primary_groups:
            continue
        if profile.contraindication(entry) is None:
            bucket = close if shared or same_pattern else related
        elif modification_for(entry, profile) is not None:
            bucket = modified
        else:
            continue
        score = (
            int(same_pattern),
            shared,
            int(entry.type == target.type),
            -abs(entry.priority_tier - target.priority_tier),
        )
        bucket.append((score, entry.slug, entry))
    return [entry for _, _, entry in [*_best_first(close or related), *_best_first(modified)]]


def substitute_for_focus(
    text: str,
    focus: Sequence[MuscleGroup],
    profile: Profile,
    *,
    exclude: Collection[str] = frozenset(),
    library: ExerciseLibrary,
    allow: Callable[[Exercise], bool] | None = None,
) -> Exercise | None:
    """The best allowed exercise for a day's focus groups (most important first), nearest in wording first.

    Replaces a slug that names nothing in the library (R20) without losing the day's intent.
    """
    wanted = set(focus)
    rank = {group: index for index, group in enumerate(focus)}
    fitting = [
        e
        for e in library
        if e.slug not in exclude
        and profile.inventory.allows(e.gear)
        and (allow is None or allow(e))
        and (not wanted or e.primary_groups & wanted)
    ]
    # unmodified exercises first; a modifiable one only when nothing else fits (engine.modifications)
    allowed = [e for e in fitting if profile.contraindication(e) is None] or [
        e for e in fitting if modification_for(e, profile) is not None
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
