"""Fitting a session into fewer minutes: save time before cutting work (R19).

Order of the cuts: pair compatible blocks into supersets (one rest per round, science.md §7–§8), trim
rests to the floor, trim sets outside the focus and then inside it, and only then drop the
lowest-priority work. The anchor (the first block) keeps at least three sets and is never dropped.
"""

from __future__ import annotations

import math
from collections.abc import Collection

from fitcoach.engine.sessions import Blocks, pairable, session_minutes
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import MuscleGroup

REST_FLOOR_SECONDS = 60
"""Shortest rest between sets of one muscle: 60–90 s keeps most of the benefit (Singer 2024, §7)."""

MIN_SETS = 2
"""Trimming stops at two sets: one set rarely reaches the weekly dose (science.md §1)."""

ANCHOR_MIN_SETS = 3
"""The day's anchor keeps three working sets: it is the reason the day exists (seed UPDATE_DAY)."""


def _fits(blocks: Blocks, minutes: int, library: ExerciseLibrary) -> bool:
    return math.ceil(session_minutes(blocks, library) - 1e-9) <= minutes


def compress_blocks(
    blocks: Blocks, minutes: int, library: ExerciseLibrary, focus: Collection[MuscleGroup] = ()
) -> tuple[Blocks, list[str]]:
    """The blocks cut to fit `minutes` and what changed; unchanged when they already fit.

    The caller checks the result still fits: when even the anchor alone is too long it does not.
    """
    blocks = [list(block) for block in blocks if block]
    changes: list[str] = []

    def in_focus(slug: str) -> bool:
        return bool(library.require(slug).primary_groups & set(focus))

    def name(index: int) -> str:
        return " + ".join(p.name or p.exercise_id for p in blocks[index])

    # 1. Supersets: pair single blocks after the anchor, accessories (outside the focus) first.
    singles = sorted(
        (i for i in range(1, len(blocks)) if len(blocks[i]) == 1),
        key=lambda i: (in_focus(blocks[i][0].exercise_id), -i),
    )
    paired: set[int] = set()
    for first in singles:
        if _fits(blocks, minutes, library):
            break
        if first in paired:
            continue
        for second in singles:
            if second == first or second in paired:
                continue
            a, b = (library.require(blocks[i][0].exercise_id) for i in (first, second))
            if pairable(a, b):
                low, high = sorted((first, second))
                changes.append(f"Paired {name(low)} + {name(high)}")
                blocks[low] = [*blocks[low], *blocks[high]]
                blocks[high] = []
                paired |= {first, second}
                break
    blocks = [block for block in blocks if block]
    # 2. Rests down to the floor, accessories first and the anchor last.
    for index in reversed(range(len(blocks))):
        if _fits(blocks, minutes, library):
            break
        block = blocks[index]
        if any(p.rest_seconds > REST_FLOOR_SECONDS for p in block):
            blocks[index] = [
                p.model_copy(update={"rest_seconds": min(p.rest_seconds, REST_FLOOR_SECONDS)}) for p in block
            ]
            changes.append(f"{name(index)} rest {REST_FLOOR_SECONDS} s")
    # 3. Sets: outside the focus first, then inside it; the anchor keeps three.
    before = {p.exercise_id: p.target_sets for block in blocks for p in block}
    for keep in (False, True):
        for index in reversed(range(len(blocks))):
            floor = ANCHOR_MIN_SETS if index == 0 else MIN_SETS
            for position in range(len(blocks[index])):
                planned = blocks[index][position]
                if in_focus(planned.exercise_id) != keep:
                    continue
                while planned.target_sets > floor and not _fits(blocks, minutes, library):
                    planned = planned.model_copy(update={"target_sets": planned.target_sets - 1})
                    blocks[index][position] = planned
    for block in blocks:
        for planned in block:
            if planned.target_sets != before[planned.exercise_id]:
                old = before[planned.exercise_id]
                changes.append(f"{planned.name or planned.exercise_id} {old}→{planned.target_sets} sets")
    # 4. Drop the lowest-priority work outside the focus, then inside it; never the anchor.
    for keep in (False, True):
        order = sorted(
            (p for block in blocks[1:] for p in block if in_focus(p.exercise_id) == keep),
            key=lambda p: -library.require(p.exercise_id).priority_tier,
        )
        order.reverse()  # stable: among equal tiers the latest block goes first
        order.sort(key=lambda p: -library.require(p.exercise_id).priority_tier)
        for planned in order:
            if _fits(blocks, minutes, library):
                break
            changes.append(f"Dropped {planned.name or planned.exercise_id}")
            blocks = [[p for p in block if p is not planned] for block in blocks]
            blocks = [block for block in blocks if block]
    return blocks, changes
