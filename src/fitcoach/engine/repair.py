"""Repairing a proposed day or week (the LLM guard): fix what can be fixed, raise when it cannot be valid."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum

from fitcoach.contract.models import WEEKDAYS, Block, DayPlan, PlannedExercise, Weekday, WeeklyPlan
from fitcoach.engine.alternatives import rank_alternatives, substitute_for_focus
from fitcoach.engine.compression import compress_blocks
from fitcoach.engine.estimators import day_minutes, direct_sets, fill_estimates, fractional_sets
from fitcoach.engine.modifications import adapt, modification_for
from fitcoach.engine.naming import named_exercise
from fitcoach.engine.profile import Profile
from fitcoach.engine.reps import parse_reps
from fitcoach.engine.rules.base import NEAR_FAILURE_RIR, is_lower_back_dominant, near_failure, needs_48h
from fitcoach.engine.rules.session import order_class, pair_conflict
from fitcoach.engine.rules.structure import MAX_RIR, MIN_RIR
from fitcoach.engine.rules.volume import SESSION_MAX_DIRECT, WEEKLY_MAX_SETS
from fitcoach.engine.sessions import block_span, in_order, orderable, sort_blocks
from fitcoach.engine.validator import validate_day, validate_week
from fitcoach.errors import BadInput
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise, MuscleGroup

MIN_SETS = 2
"""Trimming stops at two sets: one set rarely reaches the weekly dose (science.md §1)."""


class RepairKind(StrEnum):
    SUBSTITUTED = "substituted"
    REMOVED = "removed"
    REORDERED = "reordered"
    TRIMMED = "trimmed"
    SPLIT = "split"
    FIXED_FIELD = "fixed_field"
    COMPRESSED = "compressed"
    MODIFIED = "modified"


@dataclass(frozen=True)
class Repair:
    kind: RepairKind
    day: Weekday | None
    exercise_id: str | None
    detail: str


def _heavy_neighbours(weekday: Weekday, week: WeeklyPlan | None, library: ExerciseLibrary) -> list[Exercise]:
    if week is None:
        return []
    near: list[Exercise] = []
    for offset in (-1, 1):
        position = weekday.position + offset
        if 0 <= position < 7 and (other := week.days.get(WEEKDAYS[position])) and not other.is_rest_day:
            near += [e for slug in other.slugs() if (e := library.get(slug)) is not None]
    return near


def _neighbour_rirs(weekday: Weekday, week: WeeklyPlan | None) -> dict[str, list[int | None]]:
    """Per slug, the RIR of each time the training days either side of `weekday` do it."""
    found: dict[str, list[int | None]] = {}
    for offset in (-1, 1):
        position = weekday.position + offset
        if week is not None and 0 <= position < 7 and (other := week.days.get(WEEKDAYS[position])):
            for block in other.blocks:
                for p in block.exercises:
                    found.setdefault(p.exercise_id, []).append(p.target_rir)
    return found


def recovery_safe(
    weekday: Weekday, week: WeeklyPlan | None, library: ExerciseLibrary
) -> Callable[[Exercise], bool]:
    """Whether an exercise may go on `weekday` without an R14/R15 clash with the days beside it."""
    neighbours = _heavy_neighbours(weekday, week, library)
    near_rirs = _neighbour_rirs(weekday, week)
    return lambda entry: not _recovery_clash(entry, neighbours) and not _hard_repeat(entry, near_rirs)


def _hard_repeat(entry: Exercise, near_rirs: dict[str, list[int | None]]) -> bool:
    """The exercise is done the day before or after at 0–1 RIR (R14, `repeat_clash`)."""
    return any(near_failure(rir) for rir in near_rirs.get(entry.slug, ()))


def _recovery_clash(entry: Exercise, neighbours: list[Exercise]) -> bool:
    heavy = needs_48h(entry) and any(
        needs_48h(n) and n.primary_groups & entry.primary_groups for n in neighbours
    )
    return heavy or (is_lower_back_dominant(entry) and any(is_lower_back_dominant(n) for n in neighbours))


def _fix_exercises(
    day: DayPlan, weekday: Weekday, profile: Profile, library: ExerciseLibrary, week: WeeklyPlan | None
) -> tuple[list[list[PlannedExercise]], list[Repair]]:
    repairs: list[Repair] = []
    neighbours = _heavy_neighbours(weekday, week, library)
    near_rirs = _neighbour_rirs(weekday, week)
    blocks: list[list[PlannedExercise]] = []
    taken = set(day.slugs())
    focus = _day_focus(day, library)
    for block in day.blocks:
        kept: list[PlannedExercise] = []
        for planned in block.exercises:
            entry = library.get(planned.exercise_id)
            if entry is None:
                entry, how = _resolve_unknown(planned.exercise_id, focus, profile, taken, library, neighbours)
                if entry is not None:
                    taken.add(entry.slug)
                    repairs.append(
                        Repair(
                            RepairKind.SUBSTITUTED, weekday, planned.exercise_id, f"→ {entry.slug} ({how})"
                        )
                    )
                    planned = planned.model_copy(update={"exercise_id": entry.slug})
            modification = modification_for(entry, profile) if entry is not None else None
            usable = entry is not None and profile.inventory.allows(entry.gear)
            clash = entry is None or _recovery_clash(entry, neighbours)
            if entry is not None and not clash and entry.slug in near_rirs:
                # an isolation repeated the next day: at 2+ RIR on both days 24 h suffices (§4)
                if _hard_repeat(entry, near_rirs):
                    clash = True
                elif near_failure(planned.target_rir):
                    repairs.append(Repair(RepairKind.FIXED_FIELD, weekday, entry.slug, "target_rir"))
                    planned = planned.model_copy(update={"target_rir": NEAR_FAILURE_RIR + 1})
            # the model meant this modification: fix its fields below rather than swap the exercise
            intended = modification is not None and planned.modification == modification.id
            excluded = entry is not None and profile.contraindication(entry) is not None and not intended
            if not usable or clash or excluded:
                options = rank_alternatives(
                    planned.exercise_id,
                    profile,
                    exclude=taken,
                    library=library,
                    allow=lambda e: not _recovery_clash(e, neighbours) and not _hard_repeat(e, near_rirs),
                )
                unmodified = [e for e in options if profile.contraindication(e) is None]
                if usable and not clash and modification is not None and not unmodified:
                    # nothing unmodified can stand in: keep the exercise, modified (R18's "modify")
                    repairs.append(Repair(RepairKind.MODIFIED, weekday, planned.exercise_id, modification.id))
                elif not options:
                    repairs.append(
                        Repair(RepairKind.REMOVED, weekday, planned.exercise_id, "no valid substitute")
                    )
                    continue
                else:
                    new = options[0]
                    taken.add(new.slug)
                    repairs.append(
                        Repair(RepairKind.SUBSTITUTED, weekday, planned.exercise_id, f"→ {new.slug}")
                    )
                    planned = planned.model_copy(update={"exercise_id": new.slug})
                    entry = new
            assert entry is not None
            adapted = adapt(planned, entry, profile)
            if adapted is not planned and intended:
                repairs.append(Repair(RepairKind.FIXED_FIELD, weekday, entry.slug, "modification effort"))
            planned = adapted
            update: dict[str, object] = {}
            if planned.name != entry.name:
                update["name"] = entry.name
            if parse_reps(planned.target_reps) is None:
                update["target_reps"] = "45s" if entry.timed else "8-12"
            if planned.target_rir is not None and not MIN_RIR <= planned.target_rir <= MAX_RIR:
                update["target_rir"] = min(MAX_RIR, max(MIN_RIR, planned.target_rir))
            if update.keys() - {"name"}:
                repairs.append(Repair(RepairKind.FIXED_FIELD, weekday, entry.slug, ", ".join(sorted(update))))
            kept.append(planned.model_copy(update=update) if update else planned)
        blocks += _split_if_needed(kept, weekday, library, repairs)
    return blocks, repairs


FOCUS_GROUPS = 2
"""A day's focus is its two most-trained groups, as its `focus_tag` shows them (R33)."""


def _day_focus(day: DayPlan, library: ExerciseLibrary) -> list[MuscleGroup]:
    """The groups the day's known exercises train most directly: what a replacement should serve."""
    sets: dict[MuscleGroup, int] = {}
    for planned in day.exercises():
        entry = library.get(planned.exercise_id)
        for group in entry.primary_groups if entry else ():
            sets[group] = sets.get(group, 0) + planned.target_sets
    return sorted(sets, key=lambda g: (-sets[g], g.value))[:FOCUS_GROUPS]


def _resolve_unknown(
    text: str,
    focus: list[MuscleGroup],
    profile: Profile,
    taken: set[str],
    library: ExerciseLibrary,
    neighbours: list[Exercise],
) -> tuple[Exercise | None, str]:
    """An unknown slug's exercise: the one its text clearly names, else the best for the day's focus.

    A named exercise the user cannot do is returned anyway: the caller substitutes it like any other.
    """
    named = named_exercise(text, library)
    if named is not None and named.slug not in taken:
        return named, "by name"
    chosen = substitute_for_focus(
        text,
        focus,
        profile,
        exclude=taken,
        library=library,
        allow=lambda e: not _recovery_clash(e, neighbours),
    )
    return chosen, "for the day's focus"


def _split_if_needed(
    block: list[PlannedExercise], weekday: Weekday, library: ExerciseLibrary, repairs: list[Repair]
) -> list[list[PlannedExercise]]:
    entries = [library.require(p.exercise_id) for p in block]
    clash = any(
        a.slug == b.slug or pair_conflict(a, b) for i, a in enumerate(entries) for b in entries[i + 1 :]
    )
    if not block:
        return []
    if clash:
        repairs.append(Repair(RepairKind.SPLIT, weekday, block[-1].exercise_id, "superset split"))
        return [[p] for p in block]
    return [block]


def _in_priority_order(
    blocks: list[list[PlannedExercise]], weekday: Weekday, library: ExerciseLibrary, repairs: list[Repair]
) -> list[list[PlannedExercise]]:
    """R10: blocks sorted by priority tier. When no order allows the supersets (isolation paired with
    a compound while other compounds follow), the supersets that mix classes are split first."""
    if in_order([block_span(b, library) for b in blocks]):
        return blocks
    if not orderable(blocks, library):
        split: list[list[PlannedExercise]] = []
        for block in blocks:
            first, last = block_span(block, library)
            if order_class(first) < last:
                repairs.append(Repair(RepairKind.SPLIT, weekday, block[-1].exercise_id, "superset split"))
                split += [[p] for p in block]
            else:
                split.append(block)
        blocks = split
    repairs.append(Repair(RepairKind.REORDERED, weekday, None, "blocks ordered by priority tier"))
    return sort_blocks(blocks, library)


def _trim(blocks: list[list[PlannedExercise]], library: ExerciseLibrary, over: object) -> bool:
    """Take one set off the last exercise that trains `over`; False when none can give a set."""
    for block in reversed(blocks):
        for index in reversed(range(len(block))):
            planned = block[index]
            if planned.target_sets > MIN_SETS and over in library.require(planned.exercise_id).primary_groups:
                block[index] = planned.model_copy(update={"target_sets": planned.target_sets - 1})
                return True
    return False


def _as_day(day: DayPlan, blocks: list[list[PlannedExercise]], labels: dict[str, str]) -> DayPlan:
    """The day with these blocks; a block keeps its label (keyed by its slugs, or its one slug)."""

    def label(block: list[PlannedExercise]) -> str:
        slugs = "+".join(p.exercise_id for p in block)
        return labels.get(slugs) or ("Superset" if len(block) > 1 else "Block")

    return day.model_copy(update={"blocks": [Block(label=label(b), exercises=b) for b in blocks]})


def repair_day(
    day: DayPlan,
    weekday: Weekday,
    profile: Profile,
    *,
    library: ExerciseLibrary,
    week: WeeklyPlan | None = None,
    minutes: int | None = None,
) -> tuple[DayPlan, list[Repair]]:
    """A valid version of the day and what was changed; raises BadInput if it cannot be made valid."""
    labels = {"+".join(p.exercise_id for p in block.exercises): block.label for block in day.blocks}
    day = day.model_copy(update={"status": "scheduled", "day_of_week": weekday.display})
    if day.is_rest_day:
        return day.model_copy(update={"blocks": []}), []
    blocks, repairs = _fix_exercises(day, weekday, profile, library, week)
    blocks = _in_priority_order(blocks, weekday, library, repairs)
    while True:
        over = [
            g for g, v in direct_sets(_as_day(day, blocks, labels), library).items() if v > SESSION_MAX_DIRECT
        ]
        if not over or not _trim(blocks, library, over[0]):
            break
        repairs.append(Repair(RepairKind.TRIMMED, weekday, None, f"{over[0].value} sets trimmed"))
    budget = minutes or profile.schedule.minutes
    if (
        budget is not None
        and blocks
        and math.ceil(day_minutes(_as_day(day, blocks, labels), library)) > budget
    ):
        anchor = library.require(blocks[0][0].exercise_id).primary_groups
        compressed = compress_blocks(blocks, budget, library, anchor)
        blocks = compressed.blocks
        repairs += [Repair(RepairKind.COMPRESSED, weekday, None, cut) for cut in compressed.changes]
        if math.ceil(day_minutes(_as_day(day, blocks, labels), library)) > budget:
            raise BadInput(f"{weekday.display} cannot fit {budget} minutes", code="plan_unrepairable")
    if not blocks:
        raise BadInput(
            f"{weekday.display} cannot be made valid with this gear and these constraints",
            code="plan_unrepairable",
        )
    repaired = fill_estimates(_as_day(day, blocks, labels), library)
    report = validate_day(repaired, weekday, profile, library=library, week=week, minutes=minutes)
    if not report.ok:
        raise BadInput(f"{weekday.display} still breaks {report.codes()}", code="plan_unrepairable")
    return repaired, repairs


def repair_week(
    week: WeeklyPlan, profile: Profile, *, library: ExerciseLibrary, minutes: int | None = None
) -> tuple[WeeklyPlan, list[Repair]]:
    """A valid version of the week (all seven days, dated) and the list of repairs; raises if impossible."""
    repairs: list[Repair] = []
    days = dict(week.days)
    for position, weekday in enumerate(WEEKDAYS):
        on = week.week_start_date + timedelta(days=position)
        day = days.get(weekday) or DayPlan(is_rest_day=True, title="Rest & Recovery")
        if weekday not in days:
            repairs.append(Repair(RepairKind.FIXED_FIELD, weekday, None, "missing day added as rest"))
        days[weekday] = day.model_copy(update={"date": on})
    for weekday in WEEKDAYS:
        current = week.model_copy(update={"days": days})
        days[weekday], fixed = repair_day(
            days[weekday], weekday, profile, library=library, week=current, minutes=minutes
        )
        repairs += fixed
    plan = _trim_weekly(week.model_copy(update={"days": days}), library, repairs)
    plan = fill_estimates(plan, library)
    report = validate_week(plan, profile, library=library, minutes=minutes)
    if not report.ok:
        raise BadInput(f"the week still breaks {report.codes()}", code="plan_unrepairable")
    return plan, repairs


def _trim_weekly(week: WeeklyPlan, library: ExerciseLibrary, repairs: list[Repair]) -> WeeklyPlan:
    """R11: take sets off the latest days until no group exceeds the weekly maximum."""
    days = {weekday: [list(b.exercises) for b in day.blocks] for weekday, day in week.days.items()}
    for _ in range(200):
        totals: dict[object, float] = {}
        for weekday in week.training_days():
            rebuilt = _as_day(week.days[weekday], days[weekday], {})
            for group, value in fractional_sets(rebuilt, library).items():
                totals[group] = totals.get(group, 0.0) + value
        over = [group for group, value in totals.items() if value > WEEKLY_MAX_SETS]
        if not over:
            break
        if not any(_trim(days[weekday], library, over[0]) for weekday in reversed(week.training_days())):
            break
        repairs.append(Repair(RepairKind.TRIMMED, None, None, f"weekly {over[0]} sets trimmed"))
    labelled = {
        weekday: week.days[weekday].model_copy(
            update={
                "blocks": [
                    Block(label=old.label, exercises=new)
                    for old, new in zip(week.days[weekday].blocks, days[weekday], strict=True)
                ]
            }
        )
        for weekday in week.days
    }
    return week.model_copy(update={"days": labelled})
