"""Estimators for a day and a week: duration, volume, muscle focus and the week summary (R33).

Duration follows science.md §8 (theprimecalculator formula): warm-up + sets x work + rests between
sets (one rest per superset round) + a transition per exercise + cool-down.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import TypeVar, overload

from fitcoach.contract.models import DayPlan, MuscleFocus, PlannedExercise, WeeklyPlan, WeekSummary
from fitcoach.engine.reps import parse_reps
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import MuscleGroup


@dataclass(frozen=True)
class DurationParams:
    """Duration formula constants (science.md §8).

    `warmup_minutes=None` derives the warm-up: 5 min general plus a 2 min ramp before each distinct
    compound movement pattern, at most two ramps (§8 [J]).
    """

    warmup_minutes: float | None = None
    cooldown_minutes: float = 3.0
    work_seconds_per_set: float = 45.0
    transition_minutes: float = 1.5
    general_warmup_minutes: float = 5.0
    ramp_minutes: float = 2.0
    max_ramps: int = 2


DEFAULT_DURATION = DurationParams()

PlanT = TypeVar("PlanT", DayPlan, WeeklyPlan)

SESSION_FOCUS_SETS = 8.0
"""Fractional sets that make a group's intensity 100 (the per-session ceiling, science.md §2)."""


def warmup_minutes(
    slugs: Sequence[str], library: ExerciseLibrary, params: DurationParams = DEFAULT_DURATION
) -> float:
    if params.warmup_minutes is not None:
        return params.warmup_minutes
    patterns = {
        entry.movement_pattern
        for entry in (library.get(slug) for slug in slugs)
        if entry is not None and entry.type == "compound"
    }
    return params.general_warmup_minutes + params.ramp_minutes * min(len(patterns), params.max_ramps)


BlockKey = tuple[tuple[int, str, int], ...]
"""What a block's minutes depend on: each exercise's sets, rep target and rest."""

_KEY_FIELDS = attrgetter("target_sets", "target_reps", "rest_seconds")


def block_key(exercises: Sequence[PlannedExercise]) -> BlockKey:
    return tuple(map(_KEY_FIELDS, exercises))


def block_minutes(exercises: Sequence[PlannedExercise], params: DurationParams = DEFAULT_DURATION) -> float:
    """Work, rests and transitions of one block; a superset rests once per round."""
    if params is DEFAULT_DURATION:
        return key_minutes(block_key(exercises))
    return _minutes(block_key(exercises), params)


@lru_cache(maxsize=4096)
def key_minutes(key: BlockKey) -> float:
    """`block_minutes` with the default formula, memoised: plans repeat the same few blocks, and the
    generator and the validator time each block many times."""
    return _minutes(key, DEFAULT_DURATION)


def _minutes(key: BlockKey, params: DurationParams) -> float:
    work = 0.0
    for sets, reps, _ in key:
        target = parse_reps(reps)
        timed = target is not None and target.seconds is not None
        per_set = target.seconds if timed and target is not None else params.work_seconds_per_set
        work += sets * (per_set or params.work_seconds_per_set)
    rounds = max(sets for sets, _, _ in key)
    rest = max(rest for _, _, rest in key) * (rounds - 1)
    return (work + rest) / 60 + params.transition_minutes * len(key)


def blocks_minutes(
    blocks: Sequence[Sequence[PlannedExercise]],
    library: ExerciseLibrary,
    params: DurationParams = DEFAULT_DURATION,
) -> float:
    """Session length of these blocks: warm-up + blocks + cool-down (0 when there are none)."""
    blocks = [block for block in blocks if block]
    if not blocks:
        return 0.0
    slugs = [exercise.exercise_id for block in blocks for exercise in block]
    body = sum(block_minutes(block, params) for block in blocks)
    return warmup_minutes(slugs, library, params) + body + params.cooldown_minutes


def day_minutes(day: DayPlan, library: ExerciseLibrary, params: DurationParams = DEFAULT_DURATION) -> float:
    """Estimated session length in minutes (0 for a rest day or an empty day)."""
    if day.is_rest_day:
        return 0.0
    return blocks_minutes([block.exercises for block in day.blocks], library, params)


def day_volume_lb(
    day: DayPlan, library: ExerciseLibrary, records: Mapping[str, float] | None = None
) -> float:
    """Sets x mid-range reps x load; the user's record load for a slug overrides the library default."""
    total = 0.0
    for exercise in day.exercises():
        entry = library.get(exercise.exercise_id)
        target = parse_reps(exercise.target_reps)
        if entry is None or target is None or target.seconds is not None:
            continue
        load = (records or {}).get(exercise.exercise_id, entry.default_load_lb)
        total += exercise.target_sets * target.mid * load
    return round(total, 1)


def fractional_sets(day: DayPlan, library: ExerciseLibrary) -> dict[MuscleGroup, float]:
    """Primary groups count 1.0 per set, secondary groups 0.5 (science.md §10, Pelland 2026)."""
    totals: dict[MuscleGroup, float] = defaultdict(float)
    for exercise in day.exercises():
        entry = library.get(exercise.exercise_id)
        if entry is None:
            continue
        for group in entry.primary_groups:
            totals[group] += exercise.target_sets
        for group in entry.secondary_groups:
            totals[group] += 0.5 * exercise.target_sets
    return dict(totals)


def direct_sets(day: DayPlan, library: ExerciseLibrary) -> dict[MuscleGroup, int]:
    totals: dict[MuscleGroup, int] = defaultdict(int)
    for exercise in day.exercises():
        entry = library.get(exercise.exercise_id)
        if entry is not None:
            for group in entry.primary_groups:
                totals[group] += exercise.target_sets
    return dict(totals)


def muscle_focus(day: DayPlan, library: ExerciseLibrary, limit: int = 4) -> list[MuscleFocus]:
    """The most-trained groups of the day, intensity 0–100 relative to the per-session ceiling."""
    sets = fractional_sets(day, library)
    ranked = sorted(sets.items(), key=lambda item: (-item[1], item[0].value))[:limit]
    return [
        MuscleFocus(muscle=group.value, intensity=min(100, round(100 * value / SESSION_FOCUS_SETS)))
        for group, value in ranked
    ]


def week_summary(week: WeeklyPlan) -> WeekSummary:
    days = [week.days[day] for day in week.training_days()]
    return WeekSummary(
        total_time_minutes=sum(day.duration_minutes for day in days),
        total_volume_lbs=round(sum(day.estimated_volume_lbs for day in days), 1),
        frequency=len(days),
    )


def fill_day(
    day: DayPlan,
    library: ExerciseLibrary,
    records: Mapping[str, float] | None = None,
    params: DurationParams = DEFAULT_DURATION,
) -> DayPlan:
    if day.is_rest_day:
        return day.model_copy(
            update={"duration_minutes": 0, "estimated_volume_lbs": 0, "muscle_focus": [], "blocks": []}
        )
    return day.model_copy(
        update={
            "duration_minutes": math.ceil(day_minutes(day, library, params) - 1e-9),
            "estimated_volume_lbs": day_volume_lb(day, library, records),
            "muscle_focus": muscle_focus(day, library),
        }
    )


def fill_estimates(
    plan: PlanT,
    library: ExerciseLibrary,
    records: Mapping[str, float] | None = None,
    params: DurationParams = DEFAULT_DURATION,
) -> PlanT:
    """Recompute duration, volume and muscle focus of a day, or of every day plus the week summary."""
    if isinstance(plan, DayPlan):
        return fill_day(plan, library, records, params)
    days = {weekday: fill_day(day, library, records, params) for weekday, day in plan.days.items()}
    week = plan.model_copy(update={"days": days})
    return week.model_copy(update={"summary": week_summary(week)})


ESTIMATE_FIELDS = ("duration_minutes", "estimated_volume_lbs", "muscle_focus")


@overload
def fill_missing_estimates(plan: DayPlan, library: ExerciseLibrary) -> DayPlan: ...
@overload
def fill_missing_estimates(plan: WeeklyPlan, library: ExerciseLibrary) -> WeeklyPlan: ...
@overload
def fill_missing_estimates(plan: DayPlan | WeeklyPlan, library: ExerciseLibrary) -> DayPlan | WeeklyPlan: ...


def fill_missing_estimates(plan: DayPlan | WeeklyPlan, library: ExerciseLibrary) -> DayPlan | WeeklyPlan:
    """Compute the estimates an author left out (a model under Gemini's lean schema never writes
    them) and keep the ones it wrote: the offline coach and a full-contract answer stay as they are.
    A rest day gets zeros without losing its blocks (the validator judges those), and a week without
    its `summary` gets one from its days."""
    if isinstance(plan, DayPlan):
        return _fill_missing_day(plan, library)
    days = {weekday: _fill_missing_day(day, library) for weekday, day in plan.days.items()}
    week = plan.model_copy(update={"days": days})
    if "summary" not in plan.model_fields_set:
        week = week.model_copy(update={"summary": week_summary(week)})
    return week


def _fill_missing_day(day: DayPlan, library: ExerciseLibrary) -> DayPlan:
    missing = [name for name in ESTIMATE_FIELDS if name not in day.model_fields_set]
    if not missing:
        return day
    if day.is_rest_day:
        computed: dict[str, object] = {"duration_minutes": 0, "estimated_volume_lbs": 0, "muscle_focus": []}
    else:
        computed = {
            "duration_minutes": math.ceil(day_minutes(day, library) - 1e-9),
            "estimated_volume_lbs": day_volume_lb(day, library),
            "muscle_focus": muscle_focus(day, library),
        }
    return day.model_copy(update={name: computed[name] for name in missing})
