"""What accepting a staged proposal does to the plan (R3, R42): pure rules, no storage.

A proposal carries the plan version it was made against. Accepting writes a new version:
UPDATE_DAY replaces that day; UPDATE_WEEK replaces the week but keeps the days already completed in
the same week as they are (logs are history). A proposal made against an older version is stale
unless the day it targets is untouched since.
"""

from __future__ import annotations

from dataclasses import dataclass

from fitcoach.contract.models import DayPlan, PlannedExercise, ProposalType, Weekday, WeeklyPlan
from fitcoach.engine.estimators import week_summary
from fitcoach.errors import Conflict


@dataclass(frozen=True)
class StagedChange:
    type: ProposalType
    target_day: Weekday | None
    data: DayPlan | WeeklyPlan
    base_version: int | None


def is_stale(
    change: StagedChange, *, base: WeeklyPlan | None, current: WeeklyPlan | None, current_version: int | None
) -> bool:
    """True when accepting would overwrite something the proposal did not see."""
    if change.base_version == current_version:
        return False
    if change.type is ProposalType.UPDATE_DAY and change.target_day is not None:
        if base is None or current is None:
            return True
        return _day_dump(base, change.target_day) != _day_dump(current, change.target_day)
    return True


def carry_loads(day: DayPlan, current: WeeklyPlan | None, weekday: Weekday | None) -> DayPlan:
    """A coach's day keeps the program's prescriptions: an exercise without `target_load` or `tempo`
    takes what the current plan has for it (that day's exercise first, else any day's; both fields from
    the same one, as the program wrote them together). Models never write either (issue 18)."""
    if current is None:
        return day
    sources: dict[str, PlannedExercise] = {}
    for other, planned_day in current.days.items():
        for planned in planned_day.exercises():
            carries = planned.target_load is not None or planned.tempo is not None
            if carries and (planned.exercise_id not in sources or other == weekday):
                sources[planned.exercise_id] = planned
    if not sources:
        return day

    def carried(planned: PlannedExercise) -> PlannedExercise:
        source = sources.get(planned.exercise_id)
        if source is None:
            return planned
        update: dict[str, object] = {}
        if planned.target_load is None and source.target_load is not None:
            update["target_load"] = source.target_load
        if planned.tempo is None and source.tempo is not None:
            update["tempo"] = source.tempo
        return planned.model_copy(update=update) if update else planned

    blocks = [
        block.model_copy(update={"exercises": [carried(p) for p in block.exercises]}) for block in day.blocks
    ]
    return day.model_copy(update={"blocks": blocks})


def apply_change(change: StagedChange, current: WeeklyPlan | None) -> WeeklyPlan:
    """The plan after accepting `change` on top of `current`; a coach's change keeps the program's
    loads and, within the same week, the week's place in its block."""
    if change.type is ProposalType.UPDATE_DAY:
        if current is None or change.target_day is None or not isinstance(change.data, DayPlan):
            raise Conflict("there is no active plan to change", code="no_plan")
        if current.days.get(change.target_day, DayPlan()).status == "completed":
            raise Conflict(f"{change.target_day.value} is already completed", code="day_completed")
        day = carry_loads(change.data, current, change.target_day).model_copy(
            update={
                "date": current.days[change.target_day].date
                if change.target_day in current.days
                else change.data.date,
                "day_of_week": change.target_day.display,
            }
        )
        changed = current.model_copy(update={"days": {**current.days, change.target_day: day}})
        # The week's totals are its days' totals: a shorter day makes a shorter week.
        return changed.model_copy(update={"summary": week_summary(changed)})
    if not isinstance(change.data, WeeklyPlan):
        raise Conflict("a week proposal without a week", code="invalid_proposal")
    week = change.data
    if current is not None:
        days = {weekday: carry_loads(day, current, weekday) for weekday, day in week.days.items()}
        week = week.model_copy(update={"days": days})
        if week.program is None and current.week_start_date == week.week_start_date:
            week = week.model_copy(update={"program": current.program})
    if current is None or current.week_start_date != week.week_start_date:
        return week
    kept = {day: plan for day, plan in current.days.items() if plan.status == "completed"}
    if not kept:
        return week
    merged = week.model_copy(update={"days": {**week.days, **kept}})
    return merged.model_copy(update={"summary": week_summary(merged)})


def _day_dump(plan: WeeklyPlan, day: Weekday) -> object:
    found = plan.days.get(day)
    return None if found is None else found.model_dump(mode="json")
