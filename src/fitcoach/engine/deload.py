"""A deload week (R32 edit): the same training days and exercises with about half the sets and an
easier effort, so accumulated fatigue clears while the movement patterns and frequency stay.

Evidence (science.md §6): lifters deload every 5.6±2.3 weeks for 6.4±1.7 days, cutting sets and
reps, lowering load and raising RIR while keeping frequency (Rogerson/Bell et al. 2024, *Sports
Med Open*, survey n=246); a full week off at mid-block kept hypertrophy but cost strength (Coleman
et al. 2024, *PeerJ* e16777), so the deload keeps training rather than resting. science.md's suggested
test vector 8 sets the default deload length to 7 days: the whole planned week.

Minimum volume: R11's lower bound (10 weekly sets per trained group, `WeeklyVolumeLow`) is a
warning, not an error, and a deload deliberately sits below it for one week; the exemption is by
design and no top-up runs here. Every error rule (gear, contraindications, recovery pairs, session
caps, time budget, RIR range) still holds: the sets only shrink and the exercises stay in place.
"""

from __future__ import annotations

import math

from fitcoach.contract.models import Block, DayPlan, PlannedExercise, WeeklyPlan
from fitcoach.engine.edits import EditResult
from fitcoach.engine.estimators import fill_estimates
from fitcoach.engine.profile import Profile
from fitcoach.engine.rules.structure import MAX_RIR
from fitcoach.engine.validator import validate_week
from fitcoach.errors import BadInput
from fitcoach.library.loader import ExerciseLibrary

DELOAD_SET_SHARE = 0.55
"""Share of the day's sets kept: a cut of about 45 % (science.md §6, deload practice: "cut reps
and sets"; the 40–50 % cut of common practice)."""

DELOAD_RIR_STEP = 1
"""Reps in reserve added to each exercise, up to the rules' upper bound ("raise RIR", §6)."""

DEFAULT_RIR = 2

DELOAD_NOTE = "Deload week: about half the sets at an easier effort; same lifts, smooth reps."


def deload_sets(sets: list[int]) -> list[int]:
    """The day's sets per exercise after the cut: every exercise keeps between half its sets
    rounded down and half rounded up (at least one), and the day keeps about `DELOAD_SET_SHARE`
    of its total, the extra sets going to the first (anchor) exercises: 4/3/3/3 → 2/2/2/1."""
    kept = [max(1, s // 2) for s in sets]
    caps = [max(1, math.ceil(s / 2)) for s in sets]
    target = round(sum(sets) * DELOAD_SET_SHARE)
    for index, cap in enumerate(caps):
        while sum(kept) < target and kept[index] < cap:
            kept[index] += 1
    return kept


def _deloaded(exercise: PlannedExercise, sets: int) -> PlannedExercise:
    rir = exercise.target_rir if exercise.target_rir is not None else DEFAULT_RIR
    return exercise.model_copy(
        update={"target_sets": sets, "target_rir": max(rir, min(MAX_RIR, rir + DELOAD_RIR_STEP))}
    )


def _deload_day(day: DayPlan) -> DayPlan:
    if day.is_rest_day or not day.blocks:
        return day
    kept = iter(deload_sets([p.target_sets for p in day.exercises()]))
    blocks = [
        Block(label=block.label, exercises=[_deloaded(p, next(kept)) for p in block.exercises])
        for block in day.blocks
    ]
    return day.model_copy(update={"blocks": blocks, "coach_note": DELOAD_NOTE})


def deload_week(
    week: WeeklyPlan,
    profile: Profile,
    *,
    minutes: int | None = None,
    library: ExerciseLibrary,
) -> EditResult:
    """The week as a deload: same days and exercises, about half the sets, one more rep in reserve."""
    days = {weekday: _deload_day(day) for weekday, day in week.days.items()}
    plan = fill_estimates(week.model_copy(update={"days": days}), library)
    report = validate_week(plan, profile, library=library, minutes=minutes)
    if not report.ok:
        raise BadInput(f"the deload week fails validation: {report.codes()}", code="edit_impossible")
    trained = "/".join(day.display[:3] for day in plan.training_days())
    changes = [f"Deload on {trained}: about half the sets, +{DELOAD_RIR_STEP} RIR"]
    return EditResult(plan, changes[0], changes)
