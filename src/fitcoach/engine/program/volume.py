"""Volume across a block and plateaus at a block's start (issue 18 item 3)."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime

from fitcoach.contract.models import Block, DayPlan, Load, PlannedExercise, ProgramChange, Weekday, WeeklyPlan
from fitcoach.engine.alternatives import rank_alternatives
from fitcoach.engine.bodyparts import AREA_GROUP
from fitcoach.engine.estimators import direct_sets, fractional_sets
from fitcoach.engine.profile import Profile
from fitcoach.engine.program.blocks import Signal, rpe_drift, volume_step
from fitcoach.engine.program.loads import (
    BODYWEIGHT_REP_STEP,
    MAX_REP_TOP,
    GearKind,
    cap,
    gear_kind,
    increment,
    rep_range,
    rep_text,
    tidy,
)
from fitcoach.engine.program.model import ProgramHistory, convert
from fitcoach.engine.program.words import Words
from fitcoach.engine.rules.volume import SESSION_MAX_DIRECT, WEEKLY_MAX_SETS
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise, MuscleGroup

MAX_SETS_PER_EXERCISE = 5
"""Sets are added to an exercise up to five; past that a second exercise carries the group."""

PLATEAU_GAIN = 0.01
PLATEAU_WINDOW = 3
"""No best-set e1RM gain of 1 % over three exposures is a plateau (science.md §6 [J])."""

REP_SHIFT = 4
"""A plateaued rep range moves by four reps: 8-10 → 12-14, 12-15 → 8-11 (a new stimulus)."""


def _signals(
    history: ProgramHistory, week: WeeklyPlan, library: ExerciseLibrary, window: tuple[datetime, datetime]
) -> dict[MuscleGroup, set[Signal]]:
    """Per group, this week: a soreness note, a set below its range, or sets logged a full RPE point
    harder on average than prescribed (each exposure judged against its own plan day)."""
    start, end = window
    found: dict[MuscleGroup, set[Signal]] = defaultdict(set)
    for sore in history.soreness:
        group = AREA_GROUP.get(sore.area)
        if group is not None and start <= sore.started < end:
            found[group].add(Signal.SORENESS)
    excess: dict[MuscleGroup, list[float]] = defaultdict(list)
    for weekday in week.training_days():
        for planned in week.days[weekday].exercises():
            entry = library.get(planned.exercise_id)
            reps = rep_range(planned.target_reps)
            if entry is None:
                continue
            prescribed = 10 - (planned.target_rir if planned.target_rir is not None else 2)
            for exposure in history.exposures(planned.exercise_id):
                if exposure.plan_day != weekday or not start <= exposure.at < end:
                    continue
                working = exposure.done.working()
                for group in entry.primary_groups:
                    excess[group].extend(s.rpe - prescribed for s in working if s.rpe is not None)
                    if reps is not None and any(s.reps < reps[0] for s in working):
                        found[group].add(Signal.FAILED)
    for group, values in excess.items():
        if rpe_drift(values):
            found[group].add(Signal.DRIFT)
    return found


def weekly_fractional(days: dict[Weekday, DayPlan], library: ExerciseLibrary) -> dict[MuscleGroup, float]:
    """Fractional weekly sets per group, as the validator counts them (R11: primary 1, secondary 0.5)."""
    totals: dict[MuscleGroup, float] = defaultdict(float)
    for day in days.values():
        if not day.is_rest_day:
            for group, value in fractional_sets(day, library).items():
                totals[group] += value
    return totals


def adjust_volume(
    week: WeeklyPlan,
    *,
    history: ProgramHistory,
    profile: Profile,
    library: ExerciseLibrary,
    words: Words,
    changes: list[ProgramChange],
    window: tuple[datetime, datetime],
    ramping: set[str],
) -> tuple[WeeklyPlan, dict[str, int]]:
    """Move each priority group's weekly sets by its recovery signals; returns the week and the
    groups' new weekly totals (fractional, rounded)."""
    priority = profile.goal.priority
    if not priority:
        return week, {}
    signals = _signals(history, week, library, window)
    days = dict(week.days)
    totals: dict[str, int] = {}
    for group in priority:
        current = weekly_fractional(days, library).get(group, 0.0)
        if current == 0:
            continue
        step = volume_step(int(current), signals.get(group, set()))
        moved = _move_sets(days, group, step.delta, library, ramping)
        total = round(weekly_fractional(days, library).get(group, 0.0))
        totals[group.value] = total
        named = words.group(group.value)
        listed = ", ".join(words.text(signal.value) for signal in step.signals)
        if moved > 0:
            changes.append(
                words.change("sets", None, words.text("group_up", count=moved, group=named, total=total))
            )
        elif moved < 0:
            text = words.text("group_down", count=-moved, group=named, total=total, signals=listed)
            changes.append(words.change("sets", None, text))
        elif step.signals:
            changes.append(
                words.change("sets", None, words.text("group_hold", group=named, total=total, signals=listed))
            )
    return week.model_copy(update={"days": days}), totals


def _fits(days: dict[Weekday, DayPlan], weekday: Weekday, entry: Exercise, library: ExerciseLibrary) -> bool:
    """One more set of `entry` on `weekday` keeps R11's weekly and R12's session bounds."""
    weekly = weekly_fractional(days, library)
    direct = direct_sets(days[weekday], library)
    for group in entry.primary_groups:
        if weekly.get(group, 0.0) + 1 > WEEKLY_MAX_SETS or direct.get(group, 0) + 1 > SESSION_MAX_DIRECT:
            return False
    return all(weekly.get(group, 0.0) + 0.5 <= WEEKLY_MAX_SETS for group in entry.secondary_groups)


def _move_sets(
    days: dict[Weekday, DayPlan], group: MuscleGroup, delta: int, library: ExerciseLibrary, ramping: set[str]
) -> int:
    moved = 0
    sign = 1 if delta > 0 else -1
    while moved != delta:
        best: tuple[int, Weekday, int, int] | None = None
        for weekday, day in days.items():
            if day.is_rest_day:
                continue
            for b, block in enumerate(day.blocks):
                for i, planned in enumerate(block.exercises):
                    entry = library.get(planned.exercise_id)
                    if entry is None or group not in entry.primary_groups or planned.exercise_id in ramping:
                        continue
                    if sign > 0 and (
                        planned.target_sets >= MAX_SETS_PER_EXERCISE
                        or not _fits(days, weekday, entry, library)
                    ):
                        continue
                    if sign < 0 and planned.target_sets <= 2:
                        continue
                    score = planned.target_sets * sign
                    if best is None or score < best[0]:
                        best = (score, weekday, b, i)
        if best is None:
            break
        _, weekday, b, i = best
        _add_set(days, weekday, b, i, sign)
        moved += sign
    return moved


def _add_set(days: dict[Weekday, DayPlan], weekday: Weekday, b: int, i: int, sign: int) -> None:
    day = days[weekday]
    blocks = list(day.blocks)
    exercises = list(blocks[b].exercises)
    exercises[i] = exercises[i].model_copy(update={"target_sets": exercises[i].target_sets + sign})
    blocks[b] = Block(label=blocks[b].label, exercises=exercises)
    days[weekday] = day.model_copy(update={"blocks": blocks})


def fit_weekly_volume(
    week: WeeklyPlan,
    before: WeeklyPlan,
    library: ExerciseLibrary,
    ramping: frozenset[str] | set[str] = frozenset(),
) -> tuple[WeeklyPlan, set[tuple[Weekday, str]]]:
    """Take back sets a progression added (more than in `before`) where a group would pass 20 weekly
    sets (R11) or 8 direct sets in a session (R12), the largest first; those exercises progress by
    reps instead (+2 at the top of the range). Returns the week and the (day, exercise) pairs changed."""
    days = dict(week.days)

    def added(weekday: Weekday, planned: PlannedExercise) -> bool:
        old = before.days.get(weekday)
        sets = {p.exercise_id: p.target_sets for p in old.exercises()} if old is not None else {}
        return planned.target_sets > sets.get(planned.exercise_id, planned.target_sets)

    taken: set[tuple[Weekday, str]] = set()
    while True:
        over = {g for g, value in weekly_fractional(days, library).items() if value > WEEKLY_MAX_SETS}
        crowded = {
            (weekday, group)
            for weekday, day in days.items()
            if not day.is_rest_day
            for group, sets in direct_sets(day, library).items()
            if sets > SESSION_MAX_DIRECT
        }
        if not over and not crowded:
            return week.model_copy(update={"days": days}), taken
        best: tuple[int, Weekday, int, int] | None = None
        for weekday, day in days.items():
            if day.is_rest_day:
                continue
            for b, block in enumerate(day.blocks):
                for i, planned in enumerate(block.exercises):
                    entry = library.get(planned.exercise_id)
                    if entry is None or not added(weekday, planned):
                        continue
                    groups = entry.primary_groups | entry.secondary_groups
                    if not (groups & over or {(weekday, g) for g in entry.primary_groups} & crowded):
                        continue
                    # a returning movement's sets come back last; a progression's go first
                    score = planned.target_sets - (100 if planned.exercise_id in ramping else 0)
                    if best is None or score > best[0]:
                        best = (score, weekday, b, i)
        if best is None:
            return week.model_copy(update={"days": days}), taken
        _, weekday, b, i = best
        planned = days[weekday].blocks[b].exercises[i]
        _add_set(days, weekday, b, i, -1)
        if planned.exercise_id in ramping:
            continue
        taken.add((weekday, planned.exercise_id))
        reps = rep_range(planned.target_reps)
        if reps is not None:
            wider = rep_text(reps[0], min(MAX_REP_TOP, reps[1] + BODYWEIGHT_REP_STEP))
            blocks = list(days[weekday].blocks)
            exercises = list(blocks[b].exercises)
            exercises[i] = exercises[i].model_copy(update={"target_reps": wider})
            blocks[b] = Block(label=blocks[b].label, exercises=exercises)
            days[weekday] = days[weekday].model_copy(update={"blocks": blocks})


def _epley(weight: float, reps: int) -> float:
    return weight if reps <= 1 else weight * (1 + reps / 30)


def is_plateau(history: ProgramHistory, exercise_id: str, before: datetime | None = None) -> bool:
    exposures = history.exposures(exercise_id, before=before)[-PLATEAU_WINDOW:]
    if len(exposures) < PLATEAU_WINDOW:
        return False
    best = [
        max((_epley(convert(s.weight, s.unit, "lb"), s.reps) for s in e.done.working()), default=0.0)
        for e in exposures
    ]
    return best[0] > 0 and max(best[1:]) < best[0] * (1 + PLATEAU_GAIN)


def plateau_changes(
    week: WeeklyPlan,
    history: ProgramHistory,
    profile: Profile,
    library: ExerciseLibrary,
    words: Words,
    changes: list[ProgramChange],
    *,
    before: datetime | None = None,
    skip: frozenset[str] | set[str] = frozenset(),
) -> WeeklyPlan:
    """At a new block, a plateaued lift changes: a compound to another variation of its movement, else
    (or an isolation lift) to a rep range four reps away, its load moved by Epley to match."""
    in_week = {slug for weekday in week.training_days() for slug in week.days[weekday].slugs()}
    swapped: dict[str, str] = {}
    ranged: dict[str, str] = dict.fromkeys(skip, "")
    days = dict(week.days)
    for weekday in week.training_days():
        blocks = []
        for block in days[weekday].blocks:
            out = []
            for planned in block.exercises:
                out.append(
                    _unplateau(
                        planned, history, profile, library, words, changes, in_week, swapped, ranged, before
                    )
                )
            blocks.append(Block(label=block.label, exercises=out))
        days[weekday] = days[weekday].model_copy(update={"blocks": blocks})
    return week.model_copy(update={"days": days})


def _unplateau(
    planned: PlannedExercise,
    history: ProgramHistory,
    profile: Profile,
    library: ExerciseLibrary,
    words: Words,
    changes: list[ProgramChange],
    in_week: set[str],
    swapped: dict[str, str],
    ranged: dict[str, str],
    before: datetime | None,
) -> PlannedExercise:
    slug = planned.exercise_id
    entry = library.get(slug)
    reps = rep_range(planned.target_reps)
    if entry is None or reps is None or slug in ranged or gear_kind(entry) is GearKind.BODYWEIGHT:
        # bodyweight work has its own ladder to a harder form (`bodyweight.py`), judged week by week
        return planned
    if slug in swapped:
        new = library.get(swapped[slug])
        return planned.model_copy(
            update={"exercise_id": swapped[slug], "name": new.name if new else None, "target_load": None}
        )
    if not is_plateau(history, slug, before):
        return planned
    if entry.priority_tier <= 2:
        options = [
            e
            for e in rank_alternatives(slug, profile, exclude=in_week, library=library)
            if e.movement_pattern == entry.movement_pattern and gear_kind(e) is gear_kind(entry)
        ]
        if options:
            choice = options[0]
            swapped[slug] = choice.slug
            in_week.add(choice.slug)
            text = words.text(
                "plateau_swap", exercise=words.exercise(entry), new_exercise=words.exercise(choice)
            )
            changes.append(words.change("variation", entry, text))
            return planned.model_copy(
                update={"exercise_id": choice.slug, "name": choice.name, "target_load": None}
            )
    low, high = reps
    new_low, new_high = (
        (low + REP_SHIFT, high + REP_SHIFT)
        if high <= 10
        else (max(4, low - REP_SHIFT), max(5, high - REP_SHIFT))
    )
    text_range = rep_text(new_low, new_high)
    ranged[slug] = text_range
    update: dict[str, object] = {"target_reps": text_range}
    load = planned.target_load
    if load is not None:
        kind = gear_kind(entry)
        step = increment(kind, load.unit) or 1.0
        middle_old, middle_new = (low + high) / 2, (new_low + new_high) / 2
        value = load.value * (1 + middle_old / 30) / (1 + middle_new / 30)
        value = max(step, round(value / step) * step)
        top = cap(kind, profile.inventory, load.unit)
        if top is not None:
            value = min(value, max(step, (top // step) * step))
        update["target_load"] = Load(value=tidy(value), unit=load.unit)
    changes.append(
        words.change(
            "reps",
            entry,
            words.text(
                "plateau_reps", exercise=words.exercise(entry), old=planned.target_reps, new=text_range
            ),
        )
    )
    return planned.model_copy(update=update)
