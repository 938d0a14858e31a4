"""Trying many one-block changes to a session cheaply: what the fill loops test, counted by difference.

A candidate differs from the session it grows by one block (more sets on an exercise, a new
exercise alone or in a superset). `Trial` measures the session once and each candidate by the block
it changes, so testing a candidate costs one block, not the whole session. The figures are exactly
those of `sessions.session_minutes` and `sessions.session_sets` on the changed session: minutes are
summed block by block in the same order, and set counts are multiples of 0.5 (exact in floats).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from functools import cached_property

from fitcoach.contract.models import PlannedExercise
from fitcoach.engine.estimators import DEFAULT_DURATION, block_key, key_minutes
from fitcoach.engine.rules.volume import SESSION_MAX_DIRECT
from fitcoach.engine.sessions import (
    Blocks,
    block_span,
    compound_patterns,
    group_shares,
    in_order,
    pairable,
    with_sets,
)
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise, MuscleGroup

Block = list[PlannedExercise]
Change = tuple[int | None, Block]
"""Which block to replace (None: append a new one) and the block that takes its place."""


def apply(blocks: Blocks, change: Change) -> Blocks:
    """The session with the change made (a new outer list; unchanged blocks are shared)."""
    index, block = change
    if index is None:
        return [*blocks, block]
    return [*blocks[:index], block, *blocks[index + 1 :]]


def option_changes(
    blocks: Blocks, planned: PlannedExercise, exercise: Exercise, library: ExerciseLibrary
) -> Iterator[Change]:
    """Ways to add one exercise, lazily: full sets alone, then in a superset, then the same with 2 sets.

    Partners are looked for only once the exercise alone has been refused (usually it is not). Every
    change leaves the session in some R10 order (`sessions.orderable`): an isolation move joins a
    compound's superset only when no compound has to come after it.
    """
    spans = [block_span(block, library) for block in blocks]
    own = block_span([planned], library)
    alone = in_order(sorted([*spans, own]))
    if alone:
        yield None, [planned]
    partners = [
        index
        for index, block in enumerate(blocks)
        if index > 0
        and len(block) == 1
        and pairable(library.require(block[0].exercise_id), exercise)
        and in_order(sorted([*spans[:index], _merged(spans[index], own), *spans[index + 1 :]]))
    ]
    for candidate in (planned, with_sets(planned, 2)) if planned.target_sets > 2 else (planned,):
        if candidate is not planned and alone:
            yield None, [candidate]
        for index in partners:
            sets = min(blocks[index][0].target_sets, candidate.target_sets)
            yield index, [with_sets(blocks[index][0], sets), with_sets(candidate, sets)]


def _merged(first: tuple[int, int], second: tuple[int, int]) -> tuple[int, int]:
    return min(first[0], second[0]), max(first[1], second[1])


def options(
    blocks: Blocks, planned: PlannedExercise, exercise: Exercise, library: ExerciseLibrary
) -> Iterator[Blocks]:
    """`option_changes` made: each candidate session in full."""
    for change in option_changes(blocks, planned, exercise, library):
        yield apply(blocks, change)


Counts = tuple[dict[MuscleGroup, int], dict[MuscleGroup, float]]
"""Direct and fractional sets per group (primary 1.0, secondary 0.5; science.md §10)."""


def _counts(block: Block, library: ExerciseLibrary) -> Counts:
    shares = group_shares(library)
    direct: dict[MuscleGroup, int] = {}
    fractional: dict[MuscleGroup, float] = {}
    for planned in block:
        sets = planned.target_sets
        for group, weight in shares[planned.exercise_id]:
            fractional[group] = fractional.get(group, 0.0) + weight * sets
            if weight == 1.0:
                direct[group] = direct.get(group, 0) + sets
    return direct, fractional


class BlockMemo:
    """Set counts and minutes per block, for trials of many variants of one session (most blocks
    are shared).

    Keyed by the block's identity and holding the block, so an id is never recycled while its entry
    lives; blocks are never edited once built (every change makes new lists), so entries stay true.
    """

    def __init__(self, library: ExerciseLibrary) -> None:
        self.library = library
        self._counts: dict[int, tuple[Block, Counts]] = {}
        self._minutes: dict[int, tuple[Block, float]] = {}

    def counts(self, blocks: Blocks) -> list[Counts]:
        entries, found = self._counts, []
        for block in blocks:
            hit = entries.get(id(block))
            if hit is None or hit[0] is not block:
                hit = entries[id(block)] = (block, _counts(block, self.library))
            found.append(hit[1])
        return found

    def minutes(self, blocks: Blocks) -> list[float]:
        entries, found = self._minutes, []
        for block in blocks:
            hit = entries.get(id(block))
            if hit is None or hit[0] is not block:
                hit = entries[id(block)] = (block, key_minutes(block_key(block)))
            found.append(hit[1])
        return found


class Trial:
    """A session measured once, against which one-block changes are tested (R11, R12, R19)."""

    def __init__(
        self,
        blocks: Blocks,
        elsewhere: Mapping[MuscleGroup, float],
        library: ExerciseLibrary,
        memo: BlockMemo | None = None,
    ) -> None:
        self.blocks = blocks
        self.library = library
        self.elsewhere = elsewhere
        self.memo = memo
        self.counts = [_counts(block, library) for block in blocks] if memo is None else memo.counts(blocks)
        self.direct: dict[MuscleGroup, int] = {}
        self.fractional: dict[MuscleGroup, float] = {}
        for direct, fractional in self.counts:
            for group, sets in direct.items():
                self.direct[group] = self.direct.get(group, 0) + sets
            for group, value in fractional.items():
                self.fractional[group] = self.fractional.get(group, 0.0) + value
        self.over_cap = any(value > SESSION_MAX_DIRECT for value in self.direct.values())

    @cached_property
    def after(self) -> dict[MuscleGroup, float]:
        """The week's fractional sets per group with this session as it is."""
        after = dict(self.elsewhere)
        for group, value in self.fractional.items():
            after[group] = after.get(group, 0.0) + value
        return after

    def applied(self, change: Change) -> Trial:
        """The trial of the changed session, measured by difference like its candidates were."""
        index, block = change
        old_direct, old_fractional = self.counts[index] if index is not None else ({}, {})
        counts = _counts(block, self.library)
        new = Trial.__new__(Trial)
        new.blocks = apply(self.blocks, change)
        new.library, new.elsewhere, new.memo = self.library, self.elsewhere, self.memo
        new.counts = [*self.counts, counts] if index is None else [*self.counts]
        if index is not None:
            new.counts[index] = counts
        if "block_minutes" in self.__dict__:  # carry the measured minutes over: one block changed
            minutes = key_minutes(block_key(block))
            new.block_minutes = [*self.block_minutes, minutes] if index is None else [*self.block_minutes]
            if index is not None:
                new.block_minutes[index] = minutes
        new.direct = dict(self.direct)
        for group, sets in old_direct.items():
            new.direct[group] -= sets
        for group, sets in counts[0].items():
            new.direct[group] = new.direct.get(group, 0) + sets
        new.fractional = dict(self.fractional)
        for group, value in old_fractional.items():
            new.fractional[group] -= value
        for group, value in counts[1].items():
            new.fractional[group] = new.fractional.get(group, 0.0) + value
        new.over_cap = any(value > SESSION_MAX_DIRECT for value in new.direct.values())
        return new

    @cached_property
    def block_minutes(self) -> list[float]:
        """Minutes per block (measured only once a change is timed: many trials end before that)."""
        if self.memo is not None:
            return self.memo.minutes(self.blocks)
        return [key_minutes(block_key(block)) for block in self.blocks]

    @cached_property
    def patterns(self) -> set[str]:
        """Compound movement patterns in the session: each one adds a warm-up ramp (§8)."""
        compound = compound_patterns(self.library)
        return {compound[p.exercise_id] for block in self.blocks for p in block if p.exercise_id in compound}

    def minutes(self, change: Change | None = None) -> float:
        """`session_minutes` of the session with the change made."""
        minutes = self.block_minutes
        patterns = self.patterns
        if change is not None:
            index, block = change
            own = key_minutes(block_key(block))
            minutes = [*minutes, own] if index is None else [*minutes[:index], own, *minutes[index + 1 :]]
            compound = compound_patterns(self.library)
            added = {compound[p.exercise_id] for p in block if p.exercise_id in compound}
            if not added <= patterns:
                patterns = patterns | added
        if not minutes:
            return 0.0
        params = DEFAULT_DURATION
        warmup = params.general_warmup_minutes + params.ramp_minutes * min(len(patterns), params.max_ramps)
        if params.warmup_minutes is not None:
            warmup = params.warmup_minutes
        return warmup + sum(minutes) + params.cooldown_minutes

    def fits_time(self, change: Change, budget: int) -> bool:
        return math.ceil(self.minutes(change) - 1e-9) <= budget

    def weekly_after(self, change: Change) -> dict[MuscleGroup, float] | None:
        """The week's fractional sets per group with the change made, or None when it breaks R12."""
        index, block = change
        old_direct, old_fractional = self.counts[index] if index is not None else ({}, {})
        new_direct, new_fractional = _counts(block, self.library)
        if not self._within_cap(old_direct, new_direct):
            return None
        return self._after(old_fractional, new_fractional)

    def _within_cap(self, old_direct: dict[MuscleGroup, int], new_direct: dict[MuscleGroup, int]) -> bool:
        """R12 (at most 8 direct sets a group) for the session with `old` counts replaced by `new`."""
        if self.over_cap:
            direct = dict(self.direct)
            for group, sets in old_direct.items():
                direct[group] -= sets
            for group, sets in new_direct.items():
                direct[group] = direct.get(group, 0) + sets
            return not any(value > SESSION_MAX_DIRECT for value in direct.values())
        return all(
            self.direct.get(group, 0) - old_direct.get(group, 0) + sets <= SESSION_MAX_DIRECT
            for group, sets in new_direct.items()
        )

    def _after(
        self, old_fractional: dict[MuscleGroup, float], new_fractional: dict[MuscleGroup, float]
    ) -> dict[MuscleGroup, float]:
        after = dict(self.after)
        for group in {**old_fractional, **new_fractional}:
            value = self.fractional.get(group, 0.0) - old_fractional.get(group, 0.0)
            after[group] = self.elsewhere.get(group, 0.0) + value + new_fractional.get(group, 0.0)
        return after

    def fits(self, change: Change, budget: int, weekly_max: float) -> bool:
        """`sessions.fits` of the session with the change made: R19, R12, then R11's weekly cap on
        every group the session trains."""
        if not self.fits_time(change, budget):
            return False
        index, block = change
        old_direct, old_fractional = self.counts[index] if index is not None else ({}, {})
        new_direct, new_fractional = _counts(block, self.library)
        if not self._within_cap(old_direct, new_direct):
            return False
        elsewhere, fractional = self.elsewhere, self.fractional
        for group in fractional.keys() | new_fractional.keys():
            value = (
                fractional.get(group, 0.0) - old_fractional.get(group, 0.0) + new_fractional.get(group, 0.0)
            )
            if value + elsewhere.get(group, 0.0) > weekly_max:
                return False
        return True


__all__ = ["BlockMemo", "Change", "Trial", "apply", "option_changes", "options"]
