"""Whole-day edits beside compress and swap (R2 "change one day"): a day off, a session for named
groups on any day of the week (a make-up, a rest day put to use, "upper body only"), and a harder
day. Each returns a day that passes the validator against its week."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from datetime import date, timedelta

from fitcoach.contract.models import WEEKDAYS, Block, DayPlan, PlannedExercise, Weekday, WeeklyPlan
from fitcoach.engine.edits import EditResult
from fitcoach.engine.estimators import fill_estimates
from fitcoach.engine.generator import (
    FocusGroup,
    WeekState,
    available_exercises,
    build_session,
    squeeze_in,
)
from fitcoach.engine.modifications import adapt_blocks
from fitcoach.engine.presentation import rest_day, training_day
from fitcoach.engine.profile import Profile
from fitcoach.engine.programming import SessionKind
from fitcoach.engine.repair import recovery_safe, repair_day
from fitcoach.engine.sessions import Blocks, fits, session_sets, sort_blocks, with_sets
from fitcoach.engine.targets import MAX_SETS_PER_EXERCISE
from fitcoach.engine.topup import matches_focus
from fitcoach.engine.validator import validate_day
from fitcoach.errors import BadInput
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import MuscleGroup

MIN_RIR = 1
"""R13: prescriptions stay within 1–3 reps in reserve; a harder day goes one rep closer, not past 1."""


def day_off(week: WeeklyPlan, weekday: Weekday, *, library: ExerciseLibrary) -> EditResult:
    """The day becomes a rest day ("skip today", "сегодня не смогу"); the rest of the week stays."""
    old = week.days[weekday]
    day = rest_day().model_copy(update={"date": old.date, "day_of_week": weekday.display})
    day = fill_estimates(day, library)
    summary = f"{weekday.display}: {old.title or 'session'} ➔ rest day"
    return EditResult(day, summary, [summary])


def done_so_far(week: WeeklyPlan, today: date) -> WeeklyPlan:
    """The week as it really went: a past day with no logged session was not trained, so it
    constrains no recovery (a make-up session may load what the missed day would have)."""
    days = {
        weekday: rest_day().model_copy(update={"date": day.date, "day_of_week": weekday.display})
        if day.date is not None and day.date < today and day.completed_at is None and not day.is_rest_day
        else day
        for weekday, day in week.days.items()
    }
    return week.model_copy(update={"days": days})


def _blocks(day: DayPlan) -> Blocks:
    return [list(block.exercises) for block in day.blocks]


def _elsewhere(week: WeeklyPlan, weekday: Weekday, library: ExerciseLibrary) -> dict[MuscleGroup, float]:
    """Weekly fractional sets of every other training day (R11's budget left for this one)."""
    weekly: dict[MuscleGroup, float] = defaultdict(float)
    for other, day in week.days.items():
        if other is not weekday and not day.is_rest_day:
            for group, value in session_sets(_blocks(day), library)[1].items():
                weekly[group] += value
    return weekly


def _checked(
    day: DayPlan, weekday: Weekday, profile: Profile, library: ExerciseLibrary, week: WeeklyPlan, minutes: int
) -> DayPlan:
    repaired, _ = repair_day(day, weekday, profile, library=library, week=week, minutes=minutes)
    report = validate_day(repaired, weekday, profile, library=library, week=week, minutes=minutes)
    if not report.ok:
        raise BadInput(f"{weekday.display} breaks {report.codes()}", code="edit_impossible")
    return repaired


def focus_day(
    week: WeeklyPlan,
    weekday: Weekday,
    focus: Sequence[FocusGroup],
    profile: Profile,
    *,
    minutes: int,
    library: ExerciseLibrary,
) -> EditResult:
    """A session of only `focus` (core aside) on `weekday`, built like a generated focus day: the
    days beside it keep their 48 h (R14/R15) and the week its 20-set ceiling (R11)."""
    on = week.week_start_date + timedelta(days=weekday.position)
    state = WeekState()
    for group, value in _elsewhere(week, weekday, library).items():
        state.weekly[group] += value
    state.used.update(s for other, d in week.days.items() if other is not weekday for s in d.slugs())
    neighbours = [
        _blocks(week.days[other])
        for other in WEEKDAYS
        if abs(other.position - weekday.position) == 1 and not week.days[other].is_rest_day
    ]
    blocks = build_session(
        SessionKind.FOCUS,
        profile,
        library=library,
        budget=minutes,
        pool=available_exercises(profile, library, on),
        neighbours=neighbours,
        focus=focus,
        state=state,
    )
    if not any(matches_focus(library.require(p.exercise_id), focus) for b in blocks for p in b):
        raise BadInput(f"no {focus} work fits {weekday.display}", code="edit_impossible")
    blocks = sort_blocks(adapt_blocks(blocks, profile, library, on), library)
    title = " & ".join(group.value.replace("_", " ").title() for group in focus)
    built = training_day(blocks, title, minutes, profile, library)
    built = built.model_copy(update={"date": on, "day_of_week": weekday.display})
    day = _checked(fill_estimates(built, library), weekday, profile, library, week, minutes)
    old = week.days[weekday]
    before = "rest" if old.is_rest_day else (old.title or "session")
    summary = f"{weekday.display}: {before} ➔ {title} ({day.duration_minutes} min)"
    return EditResult(day, summary, [summary])


def harder_day(
    week: WeeklyPlan,
    weekday: Weekday,
    profile: Profile,
    *,
    minutes: int,
    focus: Sequence[FocusGroup] = (),
    effort: bool = True,
    library: ExerciseLibrary,
) -> EditResult:
    """More work on the day within every rule: a new exercise for a named group that has room,
    then a set more where R11, R12 and the time allow (the named groups first), and with `effort`
    one rep closer to failure, never below 1 RIR (R13)."""
    day = week.days[weekday]
    if day.is_rest_day:
        raise BadInput(f"{weekday.display} is a rest day", code="edit_impossible")
    blocks = _blocks(day)
    weekly = _elsewhere(week, weekday, library)
    changes: list[str] = []
    if focus:
        safe = recovery_safe(weekday, week, library)
        on = week.week_start_date + timedelta(days=weekday.position)
        taken = set(day.slugs())
        for entry in available_exercises(profile, library, on):
            if entry.slug in taken or not matches_focus(entry, focus) or not safe(entry):
                continue
            squeezed = squeeze_in(blocks, entry, profile, library, minutes, weekly)
            if squeezed is not None:
                blocks = squeezed
                changes.append(f"+ {entry.name}")
                break
    added = _more_sets(blocks, focus, weekly, minutes, library)
    blocks = added[0]
    changes += added[1]
    if effort:
        eased = [p for b in blocks for p in b if p.target_rir is not None and p.target_rir > MIN_RIR]
        blocks = [[_closer(p) for p in b] for b in blocks]
        if eased:
            changes.append("1 rep closer to failure")
    if not changes:
        raise BadInput(f"{weekday.display} is already as hard as the rules allow", code="edit_impossible")
    edited = day.model_copy(update={"blocks": _as_blocks(day, blocks)})
    repaired = _checked(fill_estimates(edited, library), weekday, profile, library, week, minutes)
    summary = f"{weekday.display} harder: " + ", ".join(changes)
    return EditResult(repaired, summary[:300], changes)


def add_group_work(
    week: WeeklyPlan,
    weekday: Weekday,
    focus: Sequence[FocusGroup],
    profile: Profile,
    *,
    minutes: int,
    library: ExerciseLibrary,
    only: Collection[str] | None = None,
) -> EditResult:
    """A new exercise for `focus` on a training day ("add arm work on Monday"): squeezed in when the
    session has room; when it is full (time, R11's weekly ceiling, R12's session cap), the last
    exercise outside the group makes way for it, the day's anchor (first block) never. The day still
    passes the validator against its week (R14/R15 on the days beside it). With `only`, the new
    exercise is one of those ("add face pulls on Friday")."""
    day = week.days[weekday]
    if day.is_rest_day:
        raise BadInput(f"{weekday.display} is a rest day", code="edit_impossible")
    on = week.week_start_date + timedelta(days=weekday.position)
    safe = recovery_safe(weekday, week, library)
    taken = set(day.slugs())
    candidates = [
        e
        for e in available_exercises(profile, library, on)
        if e.slug not in taken and matches_focus(e, focus) and safe(e) and (only is None or e.slug in only)
    ]
    blocks = _blocks(day)
    weekly = _elsewhere(week, weekday, library)
    # what may make way, last first: never the anchor, never work the user asked more of
    spare = [
        p.exercise_id
        for block in blocks[1:]
        for p in block
        if not matches_focus(library.require(p.exercise_id), focus)
    ][::-1]
    bases: list[tuple[Blocks, str | None]] = [(blocks, None)]
    bases += [([[p for p in b if p.exercise_id != slug] for b in blocks], slug) for slug in spare]
    for base, dropped in bases:
        for entry in candidates:
            squeezed = squeeze_in([b for b in base if b], entry, profile, library, minutes, weekly)
            if squeezed is None:
                continue
            edited = day.model_copy(update={"blocks": _as_blocks(day, squeezed)})
            try:
                repaired = _checked(fill_estimates(edited, library), weekday, profile, library, week, minutes)
            except BadInput:
                continue
            if entry.slug not in repaired.slugs():
                continue
            changes = [f"+ {entry.name}"]
            if dropped is not None:
                changes.append(f"- {library.require(dropped).name}")
            summary = f"{weekday.display}: " + ", ".join(changes)
            return EditResult(repaired, summary[:300], changes)
    raise BadInput(f"no {list(focus)} work fits {weekday.display}", code="edit_impossible")


def _closer(planned: PlannedExercise) -> PlannedExercise:
    if planned.target_rir is None or planned.target_rir <= MIN_RIR:
        return planned
    return planned.model_copy(update={"target_rir": planned.target_rir - 1})


def _more_sets(
    blocks: Blocks,
    focus: Sequence[FocusGroup],
    weekly: dict[MuscleGroup, float],
    minutes: int,
    library: ExerciseLibrary,
) -> tuple[Blocks, list[str]]:
    """One set more per exercise (only the named groups' when there are), in rounds, while the
    session still fits (R11, R12, R19)."""
    added: dict[str, int] = defaultdict(int)
    grew = True
    while grew:
        grew = False
        spots = [
            (b, i)
            for b, block in enumerate(blocks)
            for i, planned in enumerate(block)
            if not focus or matches_focus(library.require(planned.exercise_id), focus)
        ]
        for b, i in spots:
            planned = blocks[b][i]
            if planned.target_sets >= MAX_SETS_PER_EXERCISE:
                continue
            trial = [list(block) for block in blocks]
            trial[b][i] = with_sets(planned, planned.target_sets + 1)
            if fits(trial, weekly, minutes, library):
                blocks = trial
                added[planned.name or planned.exercise_id] += 1
                grew = True
                break
    return blocks, [f"+{n} set{'s' if n > 1 else ''} {name}" for name, n in added.items()]


def _as_blocks(day: DayPlan, blocks: Blocks) -> list[Block]:
    """The edited exercise lists as blocks, keeping each unchanged block's label."""
    labels = {tuple(p.exercise_id for p in b.exercises): b.label for b in day.blocks}
    return [
        Block(
            label=labels.get(tuple(p.exercise_id for p in b), "Superset" if len(b) > 1 else "Block"),
            exercises=b,
        )
        for b in blocks
        if b
    ]


__all__ = ["add_group_work", "day_off", "done_so_far", "focus_day", "harder_day"]
