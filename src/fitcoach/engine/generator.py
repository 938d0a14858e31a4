"""The plan generator: a complete seven-day week that passes every rule by construction (R10–R19, R33)."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache

from fitcoach.contract.models import WEEKDAYS, DayPlan, PlannedExercise, Weekday, WeeklyPlan
from fitcoach.engine.estimators import blocks_minutes, fill_estimates, fractional_sets
from fitcoach.engine.history import GroupRecovery
from fitcoach.engine.presentation import rest_day, theme, training_day, week_edits
from fitcoach.engine.profile import Profile
from fitcoach.engine.programming import (
    DEFAULT_DAYS,
    PRESCRIPTIONS,
    SESSION_GROUPS,
    SPLITS,
    TEMPLATES,
    TIMED_SECONDS,
    TITLES,
    Role,
    SessionKind,
    prescription_kind,
)
from fitcoach.engine.rules.base import is_heavy_compound, is_lower_back_dominant
from fitcoach.engine.rules.session import ANTAGONISTS, pair_conflict
from fitcoach.engine.rules.volume import SESSION_MAX_DIRECT, WEEKLY_MAX_SETS
from fitcoach.engine.validator import validate_week
from fitcoach.errors import BadInput, FitcoachError
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise, IndexGroup, MuscleGroup

DEFAULT_MINUTES = 60
"""Session length when neither the request nor memory says (a typical 45–75 min session, science.md §8)."""

RESERVE_PER_DAY = 1.5
"""Weekly sets kept free per later training day: one 3-set exercise's secondary share (0.5 x 3, §10)."""

MAX_EXERCISES = 8
"""More than eight exercises a session adds transitions, not stimulus (per-session ceiling, §2)."""

MINUTES_PER_EXERCISE = 7
"""About three sets with rests and a transition (science.md §8), to size a session before filling it."""

FocusGroup = IndexGroup | MuscleGroup


@dataclass(frozen=True)
class ScheduleRequest:
    days: tuple[Weekday, ...] | None = None
    days_per_week: int | None = None
    minutes: int | None = None
    focus: Mapping[Weekday, Sequence[FocusGroup]] = field(default_factory=dict)

    def training_days(self, profile: Profile) -> tuple[Weekday, ...]:
        if self.days:
            return tuple(day for day in WEEKDAYS if day in self.days)
        count = self.days_per_week or profile.schedule.days_per_week or len(profile.schedule.days) or 3
        if profile.schedule.days and not self.days_per_week:
            return tuple(day for day in WEEKDAYS if day in profile.schedule.days)
        if not 1 <= count <= 7:
            raise BadInput(f"days_per_week must be 1–7, not {count}", code="invalid_schedule")
        return DEFAULT_DAYS[count]


@dataclass(frozen=True)
class GeneratedWeek:
    plan: WeeklyPlan
    notes: list[str]


@dataclass
class _WeekState:
    """What earlier days of the week committed: weekly sets and exercise use (for R11 and variety)."""

    weekly: dict[MuscleGroup, float] = field(default_factory=lambda: defaultdict(float))
    used: Counter[str] = field(default_factory=Counter)
    reserve: float = 0.0


def available_exercises(profile: Profile, library: ExerciseLibrary, on: date | None = None) -> list[Exercise]:
    """Exercises the inventory allows (R17) and no constraint active on `on` excludes (R18)."""
    gear = profile.inventory.expanded()
    return [e for e in library if e.gear.satisfied_by(gear) and profile.contraindication(e, on) is None]


def prescribe(exercise: Exercise, profile: Profile, sets: int | None = None) -> PlannedExercise:
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


def _roles(kind: SessionKind, profile: Profile, focus: Sequence[FocusGroup]) -> list[Role]:
    if focus:
        roles = [
            Role(index_group=item) if isinstance(item, IndexGroup) else Role(group=item) for item in focus
        ]
        return roles * 3
    template = list(TEMPLATES[kind])
    extra = [
        Role(group=group, prefer_isolation=True)
        for group in profile.goal.priority
        if group in SESSION_GROUPS[kind]
    ]
    return template[:2] + extra + template[2:]


@lru_cache(maxsize=4)
def _groups(library: ExerciseLibrary) -> dict[str, tuple[frozenset[MuscleGroup], frozenset[MuscleGroup]]]:
    """Primary and secondary groups per slug, computed once per library (the fill loop is hot)."""
    return {e.slug: (frozenset(e.primary_groups), frozenset(e.secondary_groups)) for e in library}


def _fits(
    blocks: list[list[PlannedExercise]], state: _WeekState, budget: int, library: ExerciseLibrary
) -> bool:
    """R11, R12 and R19 on plain lists (no model building: this runs for every candidate)."""
    direct: dict[MuscleGroup, int] = defaultdict(int)
    weekly = dict(state.weekly)
    for block in blocks:
        for planned in block:
            primary, secondary = _groups(library)[planned.exercise_id]
            for group in primary:
                direct[group] += planned.target_sets
                weekly[group] = weekly.get(group, 0.0) + planned.target_sets
            for group in secondary:
                weekly[group] = weekly.get(group, 0.0) + 0.5 * planned.target_sets
    if any(value > SESSION_MAX_DIRECT for value in direct.values()):
        return False
    if any(value > WEEKLY_MAX_SETS - state.reserve for value in weekly.values()):
        return False
    return math.ceil(blocks_minutes(blocks, library) - 1e-9) <= budget


def _options(
    blocks: list[list[PlannedExercise]],
    planned: PlannedExercise,
    exercise: Exercise,
    library: ExerciseLibrary,
) -> Iterator[list[list[PlannedExercise]]]:
    """Ways to add one exercise, lazily: full sets alone, then in a superset, then the same with 2 sets."""
    two = planned.model_copy(update={"target_sets": 2})
    partners = [
        index
        for index, block in enumerate(blocks)
        if index > 0 and len(block) == 1 and _pairable(library.require(block[0].exercise_id), exercise)
    ]
    for candidate in (planned, two):
        yield [*blocks, [candidate]]
        for index in partners:
            sets = min(blocks[index][0].target_sets, candidate.target_sets)
            merged = [
                blocks[index][0].model_copy(update={"target_sets": sets}),
                candidate.model_copy(update={"target_sets": sets}),
            ]
            yield [*blocks[:index], merged, *blocks[index + 1 :]]


def _pairable(first: Exercise, second: Exercise) -> bool:
    """Stricter than R16 on purpose: true antagonists, or a compound with an isolation/core move."""
    if pair_conflict(first, second) is not None:
        return False
    antagonists = frozenset({first.antagonist_group, second.antagonist_group}) in ANTAGONISTS
    return antagonists or first.type != "compound" or second.type != "compound"


def _recovery_blocked(exercise: Exercise, previous: DayPlan | None, library: ExerciseLibrary) -> bool:
    """R14/R15 against the day before: no heavy compound on a group loaded heavily 24 h earlier."""
    if previous is None or previous.is_rest_day:
        return False
    before = [entry for slug in previous.slugs() if (entry := library.get(slug))]
    if is_heavy_compound(exercise) and any(
        is_heavy_compound(e) and e.primary_groups & exercise.primary_groups for e in before
    ):
        return True
    return is_lower_back_dominant(exercise) and any(is_lower_back_dominant(e) for e in before)


def _rank(candidates: list[Exercise], state: _WeekState, profile: Profile, role: Role) -> list[Exercise]:
    strength = profile.goal.type == "strength"
    return sorted(
        candidates,
        key=lambda e: (
            role.prefer_isolation and e.type == "compound",
            state.used[e.slug],
            e.priority_tier if strength else abs(e.priority_tier - 2),
            e.slug,
        ),
    )


def build_session(
    kind: SessionKind,
    profile: Profile,
    *,
    library: ExerciseLibrary,
    budget: int,
    previous: DayPlan | None,
    focus: Sequence[FocusGroup] = (),
    state: _WeekState | None = None,
    on: date | None = None,
    available: list[Exercise] | None = None,
    unrecovered: frozenset[MuscleGroup] = frozenset(),
) -> list[list[PlannedExercise]]:
    """Blocks for one session, filled role by role while every rule still holds."""
    state = state or _WeekState()
    if available is None:
        available = available_exercises(profile, library, on)
    pool = [
        e
        for e in available
        if not _recovery_blocked(e, previous, library) and not e.primary_groups & unrecovered
    ]
    blocks: list[list[PlannedExercise]] = []

    def add(role: Role) -> None:
        nonlocal blocks
        taken = {planned.exercise_id for block in blocks for planned in block}
        # One heavy spinal lift per session: two of them stack lower-back fatigue (science.md §9).
        spine_busy = any(is_lower_back_dominant(library.require(slug)) for slug in taken)
        fresh = [e for e in pool if e.slug not in taken and not (spine_busy and is_lower_back_dominant(e))]
        candidates = _rank([e for e in fresh if role.accepts(e)], state, profile, role)
        for exercise in candidates:
            for option in _options(blocks, prescribe(exercise, profile), exercise, library):
                if _fits(option, state, budget, library):
                    blocks = option
                    return

    limit = max(1, min(MAX_EXERCISES, (budget - 10) // MINUTES_PER_EXERCISE))
    for role in _roles(kind, profile, focus):
        if sum(len(block) for block in blocks) >= limit:
            break
        add(role)
    if not blocks:  # nothing of the template is possible: any safe exercise beats an empty day
        add(Role(patterns=frozenset(e.movement_pattern for e in pool)))
    tier = {e.slug: e.priority_tier for e in library}
    blocks.sort(key=lambda block: min(tier[p.exercise_id] for p in block))
    return blocks


def generate_week(
    profile: Profile,
    request: ScheduleRequest,
    *,
    library: ExerciseLibrary,
    week_start: date,
    records: Mapping[str, float] | None = None,
    recovery: Mapping[MuscleGroup, GroupRecovery] | None = None,
    now: datetime | None = None,
) -> GeneratedWeek:
    """A seven-day plan with zero validator errors; deterministic for the same inputs.

    With a `recovery` view (from `history.recovery_view`) and `now`, a group still recovering from
    logged sessions gets no direct work on the days before its recovery window ends.
    """
    if week_start.weekday() != 0:
        raise BadInput(f"week_start {week_start} is not a Monday", code="invalid_schedule")
    minutes = request.minutes or profile.schedule.minutes or DEFAULT_MINUTES
    training = request.training_days(profile)
    kinds = SPLITS[len(training)]
    notes: list[str] = []
    if not profile.inventory.known:
        notes.append("No equipment on record: this plan uses bodyweight only. Tell me what you have.")
    state = _WeekState()
    days: dict[Weekday, DayPlan] = {}
    previous: DayPlan | None = None
    counts: Counter[SessionKind] = Counter()
    pools: dict[tuple[int, ...], list[Exercise]] = {}
    for weekday in WEEKDAYS:
        if weekday not in training:
            days[weekday], previous = rest_day(), None
            continue
        focus = request.focus.get(weekday, ())
        state.reserve = RESERVE_PER_DAY * sum(1 for later in training if later.position > weekday.position)
        on = week_start + timedelta(days=weekday.position)
        key = _active_key(profile, on)
        if key not in pools:
            pools[key] = available_exercises(profile, library, on)
        kind = SessionKind.FOCUS if focus else kinds[training.index(weekday)]
        blocks = build_session(
            kind,
            profile,
            library=library,
            budget=minutes,
            previous=previous,
            focus=focus,
            state=state,
            on=on,
            available=pools[key],
            unrecovered=_unrecovered(recovery, now, on),
        )
        if not blocks:
            notes.append(
                f"{weekday.display}: nothing safe fits your gear and constraints, so it is a rest day."
            )
            days[weekday], previous = rest_day(), None
            continue
        counts[kind] += 1
        title = " & ".join(g.value.replace("_", " ").title() for g in focus) if focus else TITLES[kind]
        if kind is SessionKind.FULL and kinds.count(kind) > 1:
            title = f"{title} {'ABC'[counts[kind] - 1] if counts[kind] <= 3 else counts[kind]}"
        day = training_day(blocks, title, minutes, profile, library)
        for group, value in fractional_sets(day, library).items():
            state.weekly[group] += value
        state.used.update(day.slugs())
        days[weekday], previous = day, day
    dated = {
        weekday: day.model_copy(
            update={"date": week_start + timedelta(days=i), "day_of_week": weekday.display}
        )
        for i, (weekday, day) in enumerate(days.items())
    }
    plan = WeeklyPlan(
        week_start_date=week_start,
        theme=theme(profile),
        suggested_edits=week_edits(training),
        days=dated,
    )
    plan = fill_estimates(plan, library, records)
    report = validate_week(plan, profile, library=library, minutes=minutes)
    if not report.ok:
        raise FitcoachError(f"generator produced an invalid plan: {report.codes()}", code="plan_invalid")
    return GeneratedWeek(plan, notes)


def _unrecovered(
    recovery: Mapping[MuscleGroup, GroupRecovery] | None, now: datetime | None, on: date
) -> frozenset[MuscleGroup]:
    """Groups whose recovery window (science.md §4) is still open at the start of day `on`."""
    if not recovery or now is None:
        return frozenset()
    ahead = (datetime.combine(on, time.min, UTC) - now).total_seconds() / 3600
    return frozenset(g for g, r in recovery.items() if r.hours_since + ahead < r.recovery_hours)


def _active_key(profile: Profile, on: date) -> tuple[int, ...]:
    """Which constraints hold on a day: days sharing them share one pool of exercises."""
    return tuple(i for i, c in enumerate(profile.constraints) if c.active_on(on))
