"""The plan generator: a complete seven-day week that passes every rule by construction (R10–R19, R33).

Focus days are built first so the weekly budget is theirs; the rest of the split follows, then a
top-up pass raises every trained group toward its weekly target (targets.py).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from fitcoach.contract.models import WEEKDAYS, DayPlan, Weekday, WeeklyPlan
from fitcoach.engine.calendar import SPARSE_DAYS, SPARSE_MINUTES, SPARSE_POOL, WeekEvents, spaced, week_events
from fitcoach.engine.compression import MIN_SETS, REST_FLOOR_SECONDS
from fitcoach.engine.estimators import fill_estimates
from fitcoach.engine.history import GroupRecovery
from fitcoach.engine.modifications import adapt_blocks, fallback_exercises
from fitcoach.engine.presentation import rest_day, theme, training_day
from fitcoach.engine.profile import Profile
from fitcoach.engine.programming import (
    DEFAULT_DAYS,
    SESSION_GROUPS,
    SPLITS,
    TEMPLATES,
    TITLES,
    Role,
    SessionKind,
)
from fitcoach.engine.rules.base import heavy_as_planned, is_lower_back_dominant, needs_48h, repeat_clash
from fitcoach.engine.rules.volume import WEEKLY_MAX_SETS
from fitcoach.engine.sessions import (
    Blocks,
    fits,
    prescribe,
    session_sets,
    sort_blocks,
    with_rest,
    with_sets,
)
from fitcoach.engine.topup import MAX_EXERCISES, FocusGroup, Session, matches_focus, top_up
from fitcoach.engine.trials import Trial, option_changes, options
from fitcoach.engine.validator import validate_week
from fitcoach.errors import BadInput, FitcoachError
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise, IndexGroup, MuscleGroup

DEFAULT_MINUTES = 60
"""Session length when neither the request nor memory says (a typical 45–75 min session, science.md §8)."""

RESERVE_PER_DAY = 1.5
"""Weekly sets kept free per later training day: one 3-set exercise's secondary share (0.5 x 3, §10)."""

MINUTES_PER_EXERCISE = 7
"""About three sets with rests and a transition (science.md §8), to size a session before filling it."""


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


WeekState = _WeekState
"""What the rest of the week holds, for a single day rebuilt inside an existing week (engine.dayops)."""


def squeeze_in(
    blocks: Blocks,
    exercise: Exercise,
    profile: Profile,
    library: ExerciseLibrary,
    budget: int,
    weekly: Mapping[MuscleGroup, float],
) -> Blocks | None:
    """Two sets of `exercise` in a full session: fewer sets elsewhere, then shorter rests."""
    return _squeeze_in(blocks, exercise, profile, library, budget, weekly, WEEKLY_MAX_SETS)


def available_exercises(profile: Profile, library: ExerciseLibrary, on: date | None = None) -> list[Exercise]:
    """Exercises the inventory allows (R17) and no constraint active on `on` excludes (R18), plus the
    modifiable ones for groups nothing else trains (R18's "modify", engine.modifications)."""
    gear = profile.inventory.expanded()
    pool = [e for e in library if e.gear.satisfied_by(gear) and profile.contraindication(e, on) is None]
    return pool + fallback_exercises(profile, library, pool, on)


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


def _recovery_blocked(
    near: Sequence[tuple[Exercise, int | None]], profile: Profile
) -> Callable[[Exercise], bool]:
    """R14/R15 against `near`, the exercises (with their RIR) of the days either side: no `needs_48h`
    work on a group loaded heavily 24 h apart, no repeat of an exercise that `repeat_clash` forbids,
    no lower-back-dominant work on consecutive days."""
    heavy_groups = frozenset().union(*(e.primary_groups for e, rir in near if heavy_as_planned(e, rir)))
    spine = any(is_lower_back_dominant(e) for e, _ in near)
    repeats: dict[str, list[int | None]] = {}
    for e, rir in near:
        repeats.setdefault(e.slug, []).append(rir)

    def blocked(exercise: Exercise) -> bool:
        if heavy_groups and needs_48h(exercise) and not heavy_groups.isdisjoint(exercise.primary_groups):
            return True
        if exercise.slug in repeats:
            own = prescribe(exercise, profile).target_rir
            if any(repeat_clash(exercise, rir, own) for rir in repeats[exercise.slug]):
                return True
        return spine and is_lower_back_dominant(exercise)

    return blocked


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
    pool: list[Exercise],
    neighbours: Sequence[Blocks] = (),
    focus: Sequence[FocusGroup] = (),
    state: _WeekState | None = None,
) -> Blocks:
    """Blocks for one session, filled role by role while every rule still holds.

    A focus session only draws on the requested groups (core aside), one role per group first.
    """
    state = state or _WeekState()
    blocked = _recovery_blocked(
        [
            (library.require(p.exercise_id), p.target_rir)
            for blocks in neighbours
            for block in blocks
            for p in block
        ],
        profile,
    )
    pool = [e for e in pool if not blocked(e) and (not focus or matches_focus(e, focus) or e.type == "core")]
    blocks: Blocks = []
    weekly_max = WEEKLY_MAX_SETS - state.reserve

    trial = Trial(blocks, state.weekly, library)

    def add(role: Role) -> None:
        nonlocal blocks, trial
        taken = {planned.exercise_id for block in blocks for planned in block}
        # One heavy spinal lift per session: two of them stack lower-back fatigue (science.md §9).
        spine_busy = any(is_lower_back_dominant(library.require(slug)) for slug in taken)
        fresh = [
            e
            for e in pool
            if role.accepts(e) and e.slug not in taken and not (spine_busy and is_lower_back_dominant(e))
        ]
        candidates = _rank(fresh, state, profile, role)
        for exercise in candidates:
            for change in option_changes(blocks, prescribe(exercise, profile), exercise, library):
                if trial.fits(change, budget, weekly_max):
                    trial = trial.applied(change)
                    blocks = trial.blocks
                    return

    limit = max(1, min(MAX_EXERCISES, (budget - 10) // MINUTES_PER_EXERCISE))
    for role in _roles(kind, profile, focus):
        if sum(len(block) for block in blocks) >= limit:
            break
        add(role)
    if not blocks:  # nothing of the template is possible: any safe exercise beats an empty day
        add(Role(patterns=frozenset(e.movement_pattern for e in pool)))
    for item in focus:
        if not any(matches_focus(library.require(p.exercise_id), (item,)) for b in blocks for p in b):
            ranked = _rank([e for e in pool if matches_focus(e, (item,))], state, profile, Role())
            for exercise in ranked:
                squeezed = _squeeze_in(blocks, exercise, profile, library, budget, state.weekly, weekly_max)
                if squeezed is not None:
                    blocks = squeezed
                    break
    return sort_blocks(blocks, library)


def _squeeze_in(
    blocks: Blocks,
    exercise: Exercise,
    profile: Profile,
    library: ExerciseLibrary,
    budget: int,
    weekly: Mapping[MuscleGroup, float],
    weekly_max: float,
) -> Blocks | None:
    """Make room for two sets of a requested focus group: fewer sets elsewhere, then shorter rests."""
    planned = prescribe(exercise, profile, sets=2)
    trial = [list(block) for block in blocks]
    while True:
        for option in options(trial, planned, exercise, library):
            if fits(option, weekly, budget, library, weekly_max):
                return option
        where = [(b, i) for b, block in enumerate(trial) for i, p in enumerate(block)]
        b, i = max(where, key=lambda bi: (trial[bi[0]][bi[1]].target_sets, bi), default=(-1, -1))
        if b >= 0 and trial[b][i].target_sets > MIN_SETS:
            trial[b][i] = with_sets(trial[b][i], trial[b][i].target_sets - 1)
            continue
        slow = [(b, i) for b, i in where if trial[b][i].rest_seconds > REST_FLOOR_SECONDS]
        if not slow:
            return None
        b, i = slow[0]
        trial[b][i] = with_rest(trial[b][i], REST_FLOOR_SECONDS)


def _schedule(
    profile: Profile,
    request: ScheduleRequest,
    library: ExerciseLibrary,
    events: WeekEvents,
    notes: list[str],
) -> tuple[tuple[Weekday, ...], int]:
    """Training days and minutes after event days and a bodyweight-only inventory have had their say."""
    minutes = request.minutes or profile.schedule.minutes or DEFAULT_MINUTES
    training = request.training_days(profile)
    for weekday, event in events.rest.items():
        if weekday in training:
            notes.append(f"{weekday.display}: rest day for {event}.")
    training = tuple(day for day in training if day not in events.rest)
    moves = [e for e in available_exercises(profile, library) if e.type != "core"]
    # Only when nothing is on record: a user who told us their (small) gear asked for these days.
    if profile.inventory.known or len(moves) >= SPARSE_POOL:
        return training, minutes
    kept = spaced(training, SPARSE_DAYS, keep=[day for day in training if request.focus.get(day)])
    names = " and ".join(sorted({e.name for e in moves})) or "nothing but core work"
    lead = "No equipment on record"
    dropped = [day.display for day in training if day not in kept]
    notes.insert(
        0,
        f"{lead}: this plan uses bodyweight only ({names}), so it is {len(kept)} short sessions"
        + (f" ({', '.join(dropped)} off)" if dropped else "")
        + ". Tell me what equipment you have (dumbbells, a bench, a pull-up bar…) to unlock a full plan.",
    )
    return kept, min(minutes, SPARSE_MINUTES)


def _build_order(training: Sequence[Weekday], request: ScheduleRequest) -> list[Weekday]:
    """Focus days claim the weekly budget first; the split's days follow in calendar order."""
    return sorted(training, key=lambda day: (not request.focus.get(day), day.position))


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

    Active tier-3 events in the profile taper the week: rest on the event day and nothing heavy (or
    loading a protected area) in the 48 h before. With a `recovery` view (from
    `history.recovery_view`) and `now`, a group still recovering from logged sessions gets no direct
    work on the days before its recovery window ends.
    """
    if week_start.weekday() != 0:
        raise BadInput(f"week_start {week_start} is not a Monday", code="invalid_schedule")
    notes: list[str] = []
    events = week_events(profile, week_start)
    training, minutes = _schedule(profile, request, library, events, notes)
    kinds = dict(zip(training, SPLITS[len(training)], strict=True)) if training else {}
    state = _WeekState()
    sessions: dict[Weekday, Session] = {}
    pools: dict[tuple[int, ...], list[Exercise]] = {}
    order = _build_order(training, request)
    for built, weekday in enumerate(order):
        focus = tuple(request.focus.get(weekday, ()))
        state.reserve = RESERVE_PER_DAY * (len(order) - built - 1)
        on = week_start + timedelta(days=weekday.position)
        key = _active_key(profile, on)
        if key not in pools:
            pools[key] = available_exercises(profile, library, on)
        blocked = _unrecovered(recovery, now, on)
        pool = [e for e in pools[key] if not e.primary_groups & blocked and not events.excludes(weekday, e)]
        kind = SessionKind.FOCUS if focus else kinds[weekday]
        neighbours = [s.blocks for s in sessions.values() if abs(s.weekday.position - weekday.position) == 1]
        blocks = build_session(
            kind,
            profile,
            library=library,
            budget=minutes,
            pool=pool,
            neighbours=neighbours,
            focus=focus,
            state=state,
        )
        if not blocks:
            notes.append(
                f"{weekday.display}: nothing safe fits your gear and constraints, so it is a rest day."
            )
            continue
        sessions[weekday] = Session(weekday, kind, focus, minutes, pool, blocks)
        for group, value in session_sets(blocks, library)[1].items():
            state.weekly[group] += value
        state.used.update(p.exercise_id for block in blocks for p in block)
    ordered = [sessions[day] for day in WEEKDAYS if day in sessions]
    notes += top_up(ordered, profile, library)
    for session in ordered:  # the cue and the RIR floor change neither minutes nor sets: applied last
        on = week_start + timedelta(days=session.weekday.position)
        session.blocks = adapt_blocks(session.blocks, profile, library, on)
    notes += _focus_notes(ordered, library)
    days = _days(ordered, profile, library, minutes)
    dated = {
        weekday: days.get(weekday, rest_day()).model_copy(
            update={"date": week_start + timedelta(days=i), "day_of_week": weekday.display}
        )
        for i, weekday in enumerate(WEEKDAYS)
    }
    plan = WeeklyPlan(
        week_start_date=week_start,
        theme=theme(profile),
        days=dated,
    )
    plan = fill_estimates(plan, library, records)
    report = validate_week(plan, profile, library=library, minutes=minutes)
    if not report.ok:
        raise FitcoachError(f"generator produced an invalid plan: {report.codes()}", code="plan_invalid")
    # imported here: the chips are checked by the day edits, which build on this generator
    from fitcoach.engine.suggestions import with_suggestions

    return GeneratedWeek(with_suggestions(plan, profile, minutes=minutes, library=library), notes)


def _days(
    sessions: Sequence[Session], profile: Profile, library: ExerciseLibrary, minutes: int
) -> dict[Weekday, DayPlan]:
    """Day plans with titles; repeated full-body days are lettered A, B, C in calendar order."""
    counts: Counter[SessionKind] = Counter()
    total = Counter(s.kind for s in sessions)
    days: dict[Weekday, DayPlan] = {}
    for session in sessions:
        counts[session.kind] += 1
        if session.focus:
            title = " & ".join(g.value.replace("_", " ").title() for g in session.focus)
        else:
            title = TITLES[session.kind]
        if session.kind is SessionKind.FULL and total[session.kind] > 1:
            n = counts[session.kind]
            title = f"{title} {'ABC'[n - 1] if n <= 3 else n}"
        blocks = sort_blocks(session.blocks, library)
        days[session.weekday] = training_day(blocks, title, minutes, profile, library)
    return days


def _focus_notes(sessions: Sequence[Session], library: ExerciseLibrary) -> list[str]:
    """Say which requested groups a focus day could not include (gear or constraints rule them out)."""
    notes: list[str] = []
    for session in sessions:
        entries = [library.require(p.exercise_id) for block in session.blocks for p in block]
        missing = [item for item in session.focus if not any(matches_focus(e, (item,)) for e in entries)]
        if missing:
            names = ", ".join(item.value.replace("_", " ") for item in missing)
            notes.append(f"{session.weekday.display}: no {names} work fits your gear and constraints.")
    return notes


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


__all__ = [
    "FocusGroup",
    "GeneratedWeek",
    "ScheduleRequest",
    "WeekState",
    "build_session",
    "generate_week",
    "prescribe",
    "squeeze_in",
]
