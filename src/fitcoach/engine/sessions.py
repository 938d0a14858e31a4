"""Building blocks of a session shared by the generator, the volume top-up and compression.

Sessions are plain lists of blocks (lists of `PlannedExercise`) while they are built: the checks here
run for every candidate, so they avoid building contract models.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache

from fitcoach.contract.models import PlannedExercise
from fitcoach.engine.estimators import DEFAULT_DURATION, block_key, key_minutes
from fitcoach.engine.profile import Profile
from fitcoach.engine.programming import PRESCRIPTIONS, TIMED_SECONDS, prescription_kind
from fitcoach.engine.rules.session import ANTAGONISTS, order_class, pair_conflict
from fitcoach.engine.rules.volume import SESSION_MAX_DIRECT, WEEKLY_MAX_SETS
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise, MuscleGroup

Blocks = list[list[PlannedExercise]]

_UNSET_SETS = frozenset({"target_sets"})
_UNSET_REST = frozenset({"rest_seconds"})


def with_sets(planned: PlannedExercise, sets: int) -> PlannedExercise:
    """`planned.model_copy(update={"target_sets": sets})` at half the cost: the fill loops make
    thousands of these copies, and every field is already valid (pydantic's own copy path)."""
    return _updated(planned, "target_sets", sets, _UNSET_SETS)


def with_rest(planned: PlannedExercise, seconds: int) -> PlannedExercise:
    """`planned.model_copy(update={"rest_seconds": seconds})`, the same shortcut as `with_sets`."""
    return _updated(planned, "rest_seconds", seconds, _UNSET_REST)


def _updated(planned: PlannedExercise, name: str, value: int, names: frozenset[str]) -> PlannedExercise:
    copied = PlannedExercise.__new__(PlannedExercise)
    setattr_ = object.__setattr__
    setattr_(copied, "__dict__", {**planned.__dict__, name: value})
    setattr_(copied, "__pydantic_fields_set__", planned.__pydantic_fields_set__ | names)
    setattr_(copied, "__pydantic_extra__", None)
    setattr_(copied, "__pydantic_private__", None)
    return copied


@lru_cache(maxsize=4)
def muscle_groups(
    library: ExerciseLibrary,
) -> dict[str, tuple[frozenset[MuscleGroup], frozenset[MuscleGroup]]]:
    """Primary and secondary groups per slug, computed once per library (the fill loop is hot)."""
    return {e.slug: (frozenset(e.primary_groups), frozenset(e.secondary_groups)) for e in library}


@lru_cache(maxsize=4)
def group_shares(library: ExerciseLibrary) -> dict[str, tuple[tuple[MuscleGroup, float], ...]]:
    """Per slug, each group it trains with its weight: 1.0 primary, 0.5 secondary (science.md §10)."""
    return {
        slug: (*((g, 1.0) for g in primary), *((g, 0.5) for g in secondary))
        for slug, (primary, secondary) in muscle_groups(library).items()
    }


def session_sets(
    blocks: Blocks, library: ExerciseLibrary
) -> tuple[dict[MuscleGroup, int], dict[MuscleGroup, float]]:
    """Direct sets and fractional sets (primary 1.0, secondary 0.5; science.md §10) of one session."""
    shares = group_shares(library)
    direct: dict[MuscleGroup, int] = {}
    fractional: dict[MuscleGroup, float] = {}
    direct_get, fractional_get = direct.get, fractional.get
    for block in blocks:
        for planned in block:
            sets = planned.target_sets
            for group, weight in shares[planned.exercise_id]:
                fractional[group] = fractional_get(group, 0.0) + weight * sets
                if weight == 1.0:
                    direct[group] = direct_get(group, 0) + sets
    return direct, fractional


def fits(
    blocks: Blocks,
    weekly_elsewhere: Mapping[MuscleGroup, float],
    budget: int,
    library: ExerciseLibrary,
    weekly_max: float = WEEKLY_MAX_SETS,
) -> bool:
    """R11, R12 and R19 for one session given what the rest of the week already holds."""
    if math.ceil(session_minutes(blocks, library) - 1e-9) > budget:  # cheapest test, and the usual limit
        return False
    direct, fractional = session_sets(blocks, library)
    if any(value > SESSION_MAX_DIRECT for value in direct.values()):
        return False
    return not any(
        value + weekly_elsewhere.get(group, 0.0) > weekly_max for group, value in fractional.items()
    )


def session_minutes(blocks: Blocks, library: ExerciseLibrary) -> float:
    """`estimators.blocks_minutes` with each block's minutes memoised: candidates differ by one block."""
    if not any(blocks):
        return 0.0
    compound = compound_patterns(library)
    patterns = {compound.get(p.exercise_id) for block in blocks for p in block}
    patterns.discard(None)
    params = DEFAULT_DURATION
    warmup = params.general_warmup_minutes + params.ramp_minutes * min(len(patterns), params.max_ramps)
    if params.warmup_minutes is not None:
        warmup = params.warmup_minutes
    body = sum(key_minutes(block_key(block)) for block in blocks if block)
    return warmup + body + params.cooldown_minutes


@lru_cache(maxsize=4)
def compound_patterns(library: ExerciseLibrary) -> dict[str, str]:
    return {e.slug: e.movement_pattern for e in library if e.type == "compound"}


def pairable(first: Exercise, second: Exercise) -> bool:
    """Stricter than R16 on purpose: true antagonists, or a compound with an isolation/core move."""
    if pair_conflict(first, second) is not None:
        return False
    antagonists = frozenset({first.antagonist_group, second.antagonist_group}) in ANTAGONISTS
    return antagonists or first.type != "compound" or second.type != "compound"


def prescribe(exercise: Exercise, profile: Profile, sets: int | None = None) -> PlannedExercise:
    """Sets, reps, rest and RIR for the goal (programming.PRESCRIPTIONS); priority muscles get a set more."""
    rx = PRESCRIPTIONS[profile.goal.type][prescription_kind(exercise)]
    bonus = 1 if exercise.primary_groups & set(profile.goal.priority) and rx.sets < 4 else 0
    return PlannedExercise(
        exercise_id=exercise.slug,
        name=exercise.name,
        target_sets=sets if sets is not None else rx.sets + bonus,
        target_reps=TIMED_SECONDS if exercise.timed else rx.reps,
        rest_seconds=rx.rest_seconds,
        target_rir=rx.rir,
    )


@lru_cache(maxsize=4)
def priority_tiers(library: ExerciseLibrary) -> dict[str, int]:
    return {e.slug: e.priority_tier for e in library}


def block_span(block: list[PlannedExercise], library: ExerciseLibrary) -> tuple[int, int]:
    """A block's place in R10's order: its lowest tier, and the highest class of work it contains."""
    tiers = priority_tiers(library)
    found = [tiers.get(p.exercise_id, 4) for p in block] or [4]
    return min(found), order_class(max(found))


def in_order(spans: list[tuple[int, int]]) -> bool:
    """R10 over blocks in execution order: lowest tiers never go back up, and no isolation or core
    work (done inside an earlier superset) comes before a later block's compound."""
    lowest, highest = 0, 0
    for first, last in spans:
        if first < lowest or order_class(first) < highest:
            return False
        lowest, highest = first, max(highest, last)
    return True


def sort_blocks(blocks: Blocks, library: ExerciseLibrary) -> Blocks:
    """R10 order: a block sits by its lowest priority tier, then by the highest class it holds, so a
    compound + isolation superset closes the compound work; stable otherwise."""
    return sorted(blocks, key=lambda block: block_span(block, library))


def orderable(blocks: Blocks, library: ExerciseLibrary) -> bool:
    """Whether some order of the blocks satisfies R10 (`sort_blocks` finds it when one exists)."""
    return in_order(sorted(block_span(block, library) for block in blocks))
