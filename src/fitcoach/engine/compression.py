"""Fitting a session into fewer minutes: save time before cutting work (R19).

Order of the cuts: pair compatible blocks into supersets (one rest per round, science.md §7–§8), trim
rests to the floor, trim sets outside the focus and then inside it, and only then drop the
lowest-priority work. The anchor (the first block) keeps at least three sets and is never dropped.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from fitcoach.contract.models import PlannedExercise
from fitcoach.engine.sessions import Blocks, block_span, in_order, pairable, session_minutes
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import MuscleGroup

REST_FLOOR_SECONDS = 60
"""Shortest rest between sets of one muscle: 60–90 s keeps most of the benefit (Singer 2024, §7)."""

MIN_SETS = 2
"""Trimming stops at two sets: one set rarely reaches the weekly dose (science.md §1)."""

ANCHOR_MIN_SETS = 3
"""The day's anchor keeps three working sets: it is the reason the day exists (seed UPDATE_DAY)."""


@dataclass
class Compression:
    """The compressed blocks and each kind of cut, in the order they were made."""

    blocks: Blocks
    paired: list[str] = field(default_factory=list)
    rests: list[str] = field(default_factory=list)
    trimmed: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)

    @property
    def changes(self) -> list[str]:
        return [
            *(f"Paired {p}" for p in self.paired),
            *(f"{r} rest {REST_FLOOR_SECONDS} s" for r in self.rests),
            *self.trimmed,
            *(f"Dropped {d}" for d in self.dropped),
        ]

    def summary(self) -> list[str]:
        """Short parts for a `summary_diff` (R32): counts, and names only for dropped work."""
        parts: list[str] = []
        if self.paired:
            parts.append(f"{len(self.paired)} superset{'s' if len(self.paired) > 1 else ''}")
        if self.rests:
            parts.append(f"rests {REST_FLOOR_SECONDS}s")
        if self.trimmed:
            parts.append(f"{len(self.trimmed)} trimmed to fewer sets")
        if self.dropped:
            parts.append("dropped " + ", ".join(self.dropped))
        return parts


def _fits(blocks: Blocks, minutes: int, library: ExerciseLibrary) -> bool:
    return math.ceil(session_minutes(blocks, library) - 1e-9) <= minutes


def _name(block: list[PlannedExercise]) -> str:
    return " + ".join(p.name or p.exercise_id for p in block)


def compress_blocks(
    blocks: Blocks, minutes: int, library: ExerciseLibrary, focus: Collection[MuscleGroup] = ()
) -> Compression:
    """The blocks cut to fit `minutes` and what changed; unchanged when they already fit.

    The caller checks the result fits: when even the anchor alone is too long it does not.
    """
    wanted = set(focus)

    def in_focus(planned: PlannedExercise) -> bool:
        return bool(library.require(planned.exercise_id).primary_groups & wanted)

    result = Compression([list(block) for block in blocks if block])
    _pair(result, minutes, library, in_focus)
    blocks = result.blocks
    # Rests down to the floor, accessories first and the anchor last.
    for index in reversed(range(len(blocks))):
        if _fits(blocks, minutes, library):
            break
        if any(p.rest_seconds > REST_FLOOR_SECONDS for p in blocks[index]):
            blocks[index] = [
                p.model_copy(update={"rest_seconds": min(p.rest_seconds, REST_FLOOR_SECONDS)})
                for p in blocks[index]
            ]
            result.rests.append(_name(blocks[index]))
    # Sets, one at a time round the blocks (latest first): outside the focus, then inside it.
    before = {p.exercise_id: p.target_sets for block in blocks for p in block}
    for keep in (False, True):
        progress = True
        while progress and not _fits(blocks, minutes, library):
            progress = False
            for index in reversed(range(len(blocks))):
                floor = ANCHOR_MIN_SETS if index == 0 else MIN_SETS
                for position, planned in enumerate(blocks[index]):
                    if in_focus(planned) == keep and planned.target_sets > floor:
                        if _fits(blocks, minutes, library):
                            break
                        blocks[index][position] = planned.model_copy(
                            update={"target_sets": planned.target_sets - 1}
                        )
                        progress = True
    result.trimmed = [
        f"{p.name or p.exercise_id} {before[p.exercise_id]}→{p.target_sets} sets"
        for block in blocks
        for p in block
        if p.target_sets != before[p.exercise_id]
    ]
    # Drop the lowest-priority work outside the focus, then inside it (latest first); never the anchor.
    for keep in (False, True):
        order = sorted(
            (
                (index, p)
                for index, block in enumerate(blocks)
                if index > 0
                for p in block
                if in_focus(p) == keep
            ),
            key=lambda item: (-library.require(item[1].exercise_id).priority_tier, -item[0]),
        )
        for _, planned in order:
            if _fits(blocks, minutes, library):
                break
            result.dropped.append(planned.name or planned.exercise_id)
            blocks = [kept for block in blocks if (kept := [p for p in block if p is not planned])]
    result.blocks = blocks
    return result


def _pair(
    result: Compression, minutes: int, library: ExerciseLibrary, in_focus: Callable[[PlannedExercise], bool]
) -> None:
    """Merge single blocks after the anchor into supersets (R16 pairs), accessories first, until it fits."""
    blocks = result.blocks
    singles = sorted(
        (i for i in range(1, len(blocks)) if len(blocks[i]) == 1), key=lambda i: (in_focus(blocks[i][0]), -i)
    )
    paired: set[int] = set()
    for first in singles:
        if _fits([b for b in blocks if b], minutes, library):
            break
        for second in singles:
            if first in paired or second == first or second in paired:
                continue
            a, b = (library.require(blocks[i][0].exercise_id) for i in (first, second))
            low, high = sorted((first, second))
            merged = [
                *blocks[:low],
                [*blocks[low], *blocks[high]],
                *blocks[low + 1 : high],
                *blocks[high + 1 :],
            ]
            if pairable(a, b) and in_order([block_span(block, library) for block in merged if block]):
                result.paired.append(f"{_name(blocks[low])} + {_name(blocks[high])}")
                blocks[low] = [*blocks[low], *blocks[high]]
                blocks[high] = []
                paired |= {first, second}
    result.blocks = [block for block in blocks if block]
