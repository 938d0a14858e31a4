"""Plan edits the coach offers (R32): each returns a new valid day or week and a short summary_diff."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta

from fitcoach.contract.models import WEEKDAYS, Block, DayPlan, PlannedExercise, Weekday, WeeklyPlan
from fitcoach.engine.alternatives import inventory_without, rank_alternatives
from fitcoach.engine.bodyparts import BodyArea, loads_area, parse_area
from fitcoach.engine.compression import compress_blocks
from fitcoach.engine.estimators import blocks_minutes, fill_estimates
from fitcoach.engine.generator import FocusGroup, ScheduleRequest, generate_week
from fitcoach.engine.history import recovery_view
from fitcoach.engine.modifications import adapt
from fitcoach.engine.profile import Constraint, ConstraintKind, Profile
from fitcoach.engine.repair import recovery_safe, repair_day, repair_week
from fitcoach.engine.rules.base import is_heavy_compound
from fitcoach.engine.validator import validate_week
from fitcoach.errors import BadInput
from fitcoach.library.gear import Gear
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise, MuscleGroup

SUMMARY_MAX = 300
"""`summary_diff` is short and scannable (R32); the contract caps it at 300 characters."""


@dataclass(frozen=True)
class EditResult:
    data: DayPlan | WeeklyPlan
    summary_diff: str
    changes: list[str] = field(default_factory=list)
    alternatives: list[str] = field(default_factory=list)


def _summary(parts: Sequence[str], fallback: str) -> str:
    text = " • ".join(parts) if parts else fallback
    return text if len(text) <= SUMMARY_MAX else text[: SUMMARY_MAX - 1] + "…"


def _blocks(day: DayPlan) -> list[list[PlannedExercise]]:
    return [list(block.exercises) for block in day.blocks]


def _with_blocks(day: DayPlan, blocks: list[list[PlannedExercise]], labels: Sequence[str]) -> DayPlan:
    rebuilt = [Block(label=label, exercises=b) for label, b in zip(labels, blocks, strict=True) if b]
    return day.model_copy(update={"blocks": rebuilt})


def compress_day(
    day: DayPlan,
    minutes: int,
    profile: Profile,
    *,
    keep_focus: Collection[MuscleGroup] = (),
    weekday: Weekday | None = None,
    library: ExerciseLibrary,
    week: WeeklyPlan | None = None,
) -> EditResult:
    """Fit the day into `minutes`: supersets and shorter rests first, then fewer sets, then less work.

    The named focus is cut last and the anchor (first block) is never dropped (compression.py). With
    `week`, the result also keeps R14/R15 against the days beside it (as every day edit below does).
    """
    weekday = weekday or _weekday_of(day)
    compressed = compress_blocks(_blocks(day), minutes, library, keep_focus)
    blocks = compressed.blocks
    if math.ceil(blocks_minutes(blocks, library) - 1e-9) > minutes:
        raise BadInput(f"the day cannot be shortened to {minutes} minutes", code="edit_impossible")
    labels = {tuple(p.exercise_id for p in b.exercises): b.label for b in day.blocks}
    rebuilt = [
        Block(
            label=labels.get(tuple(p.exercise_id for p in b), "Superset" if len(b) > 1 else "Block"),
            exercises=b,
        )
        for b in blocks
    ]
    kept = day.model_copy(update={"blocks": rebuilt})
    repaired, _ = repair_day(kept, weekday, profile, library=library, minutes=minutes, week=week)
    before = day.duration_minutes or math.ceil(blocks_minutes(_blocks(day), library) - 1e-9)
    head = f"Compressed {weekday.display} {before}m ➔ {repaired.duration_minutes}m"
    parts = [head, *compressed.summary()] if compressed.changes else []
    return EditResult(repaired, _summary(parts, f"Already fits {minutes} min"), compressed.changes)


def swap_exercise(
    day: DayPlan,
    slug: str,
    profile: Profile,
    *,
    unavailable_gear: Collection[Gear] = frozenset(),
    reason: str = "",
    weekday: Weekday | None = None,
    library: ExerciseLibrary,
    week: WeeklyPlan | None = None,
) -> EditResult:
    """Replace `slug` by its best alternative; the ranked alternatives come back too.

    With `week`, no alternative that would clash with the days beside it (R14/R15) is offered.
    """
    weekday = weekday or _weekday_of(day)
    if slug not in day.slugs():
        raise BadInput(f"'{slug}' is not in this day", code="exercise_not_in_day")
    options = rank_alternatives(
        slug,
        profile,
        exclude=set(day.slugs()),
        unavailable_gear=unavailable_gear,
        library=library,
        allow=recovery_safe(weekday, week, library),
    )
    if not options:
        raise BadInput(f"no valid alternative to '{slug}' with the gear at hand", code="edit_impossible")
    new = options[0]
    old = library.require(slug)
    narrowed = profile_with(profile, unavailable_gear)
    blocks = [
        [
            adapt(p.model_copy(update={"exercise_id": new.slug, "name": new.name}), new, narrowed)
            if p.exercise_id == slug
            else p
            for p in b
        ]
        for b in _blocks(day)
    ]
    edited = _with_blocks(day, blocks, [b.label for b in day.blocks])
    repaired, _ = repair_day(edited, weekday, narrowed, library=library, week=week)
    planned = next(p for p in repaired.exercises() if p.exercise_id == new.slug)
    diff = f"Swapped {old.name} ➔ {new.name} ({planned.target_sets}x{planned.target_reps})"
    changes = [diff + (f": {reason}" if reason else "")]
    return EditResult(repaired, _summary([diff], diff), changes, [e.slug for e in options[:5]])


def profile_with(profile: Profile, unavailable_gear: Collection[Gear]) -> Profile:
    return Profile(
        inventory_without(profile.inventory, unavailable_gear),
        profile.goal,
        profile.schedule,
        profile.chronic,
        profile.acute,
        profile.events,
    )


def avoid_area(
    day: DayPlan,
    body_part: str | BodyArea,
    profile: Profile,
    *,
    weekday: Weekday | None = None,
    library: ExerciseLibrary,
    week: WeeklyPlan | None = None,
) -> EditResult:
    """Acute pain for one day: replace (or remove) every exercise loading the area."""
    weekday = weekday or _weekday_of(day)
    area = body_part if isinstance(body_part, BodyArea) else parse_area(body_part)
    if area is None:
        raise BadInput(f"unknown body part '{body_part}'", code="unknown_body_part")
    hurt = profile.with_acute(Constraint(area, ConstraintKind.MINOR_STRAIN, "edit"))
    loaded = [
        library.require(s) for s in day.slugs() if library.get(s) and loads_area(library.require(s), area)
    ]
    repaired, repairs = repair_day(day, weekday, hurt, library=library, week=week)
    changes = [f"{r.kind.value}: {r.exercise_id} {r.detail}".strip() for r in repairs if r.exercise_id]
    names = ", ".join(e.name for e in loaded)
    summary = (
        f"Spared {area.value.replace('_', ' ')}: replaced {names}"
        if loaded
        else "Nothing loads that area today"
    )
    return EditResult(repaired, _summary([summary], summary), changes)


def move_days(
    week: WeeklyPlan,
    days: Sequence[Weekday],
    profile: Profile,
    *,
    focus: Mapping[Weekday, Sequence[FocusGroup]] | None = None,
    minutes: int | None = None,
    library: ExerciseLibrary,
) -> EditResult:
    """Train on other weekdays: keep the sessions in order when they still validate, else re-plan."""
    targets = [day for day in WEEKDAYS if day in days]
    sessions = [week.days[day] for day in week.training_days()]
    if not focus and len(targets) == len(sessions):
        moved = {day: _rest_like(week.days[day]) for day in WEEKDAYS}
        for target, session in zip(targets, sessions, strict=True):
            moved[target] = session
        dated = _dated(week.model_copy(update={"days": moved}), library)
        if validate_week(dated, profile, library=library, minutes=minutes).ok:
            return EditResult(dated, _moved_summary(week, targets), [f"Training on {_names(targets)}"])
    request = ScheduleRequest(days=tuple(targets), minutes=minutes, focus=focus or {})
    generated = generate_week(profile, request, library=library, week_start=week.week_start_date)
    return EditResult(
        generated.plan, _moved_summary(week, targets), [*generated.notes, f"Re-planned for {_names(targets)}"]
    )


def taper_for_event(
    week: WeeklyPlan,
    event_day: date | Weekday,
    protected_areas: Collection[str | BodyArea],
    profile: Profile,
    *,
    library: ExerciseLibrary,
) -> EditResult:
    """Rest on the event day and nothing heavy for the protected areas in the 48 h before it."""
    if isinstance(event_day, date):
        offset = (event_day - week.week_start_date).days
        if not 0 <= offset < 7:
            raise BadInput(
                f"{event_day} is not in the week of {week.week_start_date}", code="event_outside_week"
            )
        event_day = WEEKDAYS[offset]
    areas = {a if isinstance(a, BodyArea) else parse_area(a) for a in protected_areas} - {None}
    days = dict(week.days)
    changes: list[str] = []
    if not days[event_day].is_rest_day:
        days[event_day] = _rest_like(days[event_day])
        changes.append(f"{event_day.display} is now a rest day")
    for back in (1, 2):
        position = event_day.position - back
        if position < 0 or days[WEEKDAYS[position]].is_rest_day:
            continue
        weekday = WEEKDAYS[position]

        def risky(entry: Exercise) -> bool:
            return is_heavy_compound(entry) or any(loads_area(entry, area) for area in areas if area)

        tapered = profile.with_acute(*(Constraint(a, ConstraintKind.FATIGUE, "taper") for a in areas if a))
        day = days[weekday]
        kept = [
            [p for p in block.exercises if not risky(library.require(p.exercise_id))] for block in day.blocks
        ]
        removed = [p.name or p.exercise_id for p in day.exercises() if risky(library.require(p.exercise_id))]
        if removed:
            changes.append(f"{weekday.display}: removed {', '.join(removed)}")
        if any(kept):
            trimmed = _with_blocks(day, kept, [b.label for b in day.blocks])
            days[weekday], _ = repair_day(trimmed, weekday, tapered, library=library)
        else:
            days[weekday] = _rest_like(day)
    plan = fill_estimates(week.model_copy(update={"days": days}), library)
    plan, _ = repair_week(plan, profile, library=library)
    return EditResult(plan, _summary(changes, "Already tapered"), changes)


def _rest_like(day: DayPlan) -> DayPlan:
    return DayPlan(
        date=day.date,
        day_of_week=day.day_of_week,
        is_rest_day=True,
        status="scheduled",
        title="Rest & Recovery",
    )


def _dated(week: WeeklyPlan, library: ExerciseLibrary) -> WeeklyPlan:
    days = {
        weekday: week.days[weekday].model_copy(
            update={"date": week.week_start_date + timedelta(days=i), "day_of_week": weekday.display}
        )
        for i, weekday in enumerate(WEEKDAYS)
    }
    return fill_estimates(week.model_copy(update={"days": days}), library)


def _names(days: Sequence[Weekday]) -> str:
    return "/".join(day.display[:3] for day in days)


def _moved_summary(week: WeeklyPlan, targets: Sequence[Weekday]) -> str:
    return f"Moved training {_names(week.training_days())} ➔ {_names(targets)}"


def _weekday_of(day: DayPlan) -> Weekday:
    if day.date is not None:
        return Weekday.of(day.date)
    if day.day_of_week:
        return Weekday(day.day_of_week.lower())
    raise BadInput("the day needs a date or day_of_week", code="invalid_day")


__all__ = [
    "EditResult",
    "avoid_area",
    "compress_day",
    "move_days",
    "rank_alternatives",
    "recovery_view",
    "repair_day",
    "repair_week",
    "swap_exercise",
    "taper_for_event",
]
