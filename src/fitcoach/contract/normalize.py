"""The normaliser: fills the fields the server owns (R31) so a model that forgets them is repaired.

Rules, in order of the contract:
- every planned exercise's `name` is the library's name for its slug (unknown slugs are left for the
  guard to reject; their name is not invented);
- every day's `status` is "scheduled" with `completed_log_id`/`completed_at` null, except a day the
  model marked "completed", which is kept as it is (only a workout log completes a day, R38, and the
  accept step keeps real completed days);
- `day_of_week`/`date` follow the week: for UPDATE_WEEK from `week_start` when the caller knows it,
  else from the plan's own `week_start_date` moved back to its Monday; for UPDATE_DAY from the active
  plan's week (or `week_start`) and `target_day`;
- a week's days that the model omitted altogether are added as rest days (R33: a week has seven days).
  A day the model did send is never replaced, so this cannot hide a dropped training day that the
  summary still counts; the engine's checks see the result;
- NUL characters are removed from every key and string (PostgreSQL cannot store them);
- a NONE proposal's stray `data`/`target_day`/`summary_diff` are dropped (`clean_raw_reply`, before
  parsing, since the contract model rejects them).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from fitcoach.contract.models import (
    WEEKDAYS,
    CoachReply,
    DayPlan,
    PlannedExercise,
    ProposalType,
    Weekday,
    WeeklyPlan,
)
from fitcoach.contract.nul import without_nul
from fitcoach.library import ExerciseLibrary

REST_DAY_TITLE = "Rest & Recovery"

_NONE_STRAY_KEYS = ("data", "target_day", "summary_diff")


def clean_raw_reply(raw: Any) -> Any:
    """Pre-parse repairs of a decoded model answer: NUL characters are removed everywhere (PostgreSQL
    cannot store them), a NONE proposal loses stray data, a weekday in `target_day` is lower-cased.
    Anything that is not the expected shape is otherwise returned untouched."""
    raw = without_nul(raw)
    if not isinstance(raw, dict) or not isinstance(raw.get("proposal"), dict):
        return raw
    proposal = dict(raw["proposal"])
    if isinstance(proposal.get("target_day"), str):
        proposal["target_day"] = proposal["target_day"].strip().lower()
    if proposal.get("type") == ProposalType.NONE:
        for key in _NONE_STRAY_KEYS:
            proposal[key] = None
    return {**raw, "proposal": proposal}


def normalize_reply(
    reply: CoachReply,
    *,
    library: ExerciseLibrary,
    week_start: date | None,
    plan: WeeklyPlan | None,
) -> CoachReply:
    """A copy of `reply` with every server-owned field filled (see the module docstring)."""
    return _Normaliser(library).reply(reply, week_start=week_start, plan=plan)


def missing_server_fields(
    reply: CoachReply,
    *,
    library: ExerciseLibrary,
    week_start: date | None,
    plan: WeeklyPlan | None,
) -> list[str]:
    """Paths (e.g. `proposal.data.blocks[0].exercises[0].name`) that `normalize_reply` fills or
    corrects; empty when the model already sent everything the server owns."""
    normaliser = _Normaliser(library)
    normaliser.reply(reply, week_start=week_start, plan=plan)
    return normaliser.filled


def monday_of(day: date) -> date:
    return day - timedelta(days=day.weekday())


class _Normaliser:
    def __init__(self, library: ExerciseLibrary) -> None:
        self.library = library
        self.filled: list[str] = []

    def reply(self, reply: CoachReply, *, week_start: date | None, plan: WeeklyPlan | None) -> CoachReply:
        proposal = reply.proposal
        data = proposal.data
        if proposal.type is ProposalType.UPDATE_WEEK and isinstance(data, WeeklyPlan):
            data = self.week(data, week_start=week_start)
        elif proposal.type is ProposalType.UPDATE_DAY and isinstance(data, DayPlan):
            anchor = plan.week_start_date if plan is not None else week_start
            when = None
            if anchor is not None and proposal.target_day is not None:
                when = monday_of(anchor) + timedelta(days=proposal.target_day.position)
            data = self.day(data, "proposal.data", weekday=proposal.target_day, when=when)
        else:
            return reply
        return reply.model_copy(update={"proposal": proposal.model_copy(update={"data": data})})

    def week(self, week: WeeklyPlan, *, week_start: date | None) -> WeeklyPlan:
        start = week_start if week_start is not None else monday_of(week.week_start_date)
        start = monday_of(start)
        update: dict[str, Any] = {}
        if start != week.week_start_date:
            self.filled.append("proposal.data.week_start_date")
            update["week_start_date"] = start
        days: dict[Weekday, DayPlan] = {}
        for offset, weekday in enumerate(WEEKDAYS):
            path = f"proposal.data.days.{weekday.value}"
            when = start + timedelta(days=offset)
            given = week.days.get(weekday)
            if given is None:
                self.filled.append(path)
                days[weekday] = rest_day(weekday, when)
            else:
                days[weekday] = self.day(given, path, weekday=weekday, when=when)
        update["days"] = days
        return week.model_copy(update=update)

    def day(self, day: DayPlan, path: str, *, weekday: Weekday | None, when: date | None) -> DayPlan:
        update: dict[str, Any] = {}
        if weekday is not None:
            self._set(day, update, path, "day_of_week", weekday.display)
        if when is not None:
            self._set(day, update, path, "date", when)
        if day.status != "completed":
            self._set(day, update, path, "status", "scheduled")
            self._set(day, update, path, "completed_log_id", None)
            self._set(day, update, path, "completed_at", None)
        blocks = []
        for b, block in enumerate(day.blocks):
            exercises = [
                self.exercise(exercise, f"{path}.blocks[{b}].exercises[{e}]")
                for e, exercise in enumerate(block.exercises)
            ]
            blocks.append(block.model_copy(update={"exercises": exercises}))
        update["blocks"] = blocks
        return day.model_copy(update=update)

    def exercise(self, exercise: PlannedExercise, path: str) -> PlannedExercise:
        entry = self.library.get(exercise.exercise_id)
        if entry is None or exercise.name == entry.name:
            return exercise
        self.filled.append(f"{path}.name")
        return exercise.model_copy(update={"name": entry.name})

    def _set(self, day: DayPlan, update: dict[str, Any], path: str, field: str, value: Any) -> None:
        """Set a server-owned field, noting it when it was absent from the answer or different."""
        if field not in day.model_fields_set or getattr(day, field) != value:
            self.filled.append(f"{path}.{field}")
        update[field] = value


def rest_day(weekday: Weekday, when: date) -> DayPlan:
    return DayPlan(
        date=when,
        day_of_week=weekday.display,
        is_rest_day=True,
        status="scheduled",
        completed_log_id=None,
        completed_at=None,
        title=REST_DAY_TITLE,
        duration_minutes=0,
        estimated_volume_lbs=0,
    )
