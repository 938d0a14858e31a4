"""Structural rules: known slugs (R20), required fields (R31, R33) and effort prescriptions (R13)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

from fitcoach.contract.models import WEEKDAYS, DayPlan, Weekday, WeeklyPlan
from fitcoach.engine.reps import parse_reps
from fitcoach.engine.rules.base import DayRule, RuleContext, Severity, Violation, WeekRule

MIN_RIR = 1
MAX_RIR = 3
"""R13: prescriptions correspond to 1–3 reps in reserve (science.md §3, Refalo 2023: no gain from failure)."""


class UnknownExercise(DayRule):
    """R20: only library slugs may appear in a plan (zero hallucinated slugs)."""

    code = "unknown_exercise"
    severity = Severity.ERROR

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        for item in ctx.placed(day):
            if item.entry is None:
                slug = item.planned.exercise_id
                yield self.violation(f"'{slug}' is not in the exercise library", weekday, item.block, slug)


class DayShape(DayRule):
    """R31/R33: a training day has blocks, a rest day has none, status is scheduled, the weekday matches."""

    code = "invalid_field"
    severity = Severity.ERROR

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        if day.is_rest_day and day.blocks:
            yield self.violation("a rest day has no blocks", weekday)
        if not day.is_rest_day and not day.blocks:
            yield self.violation("a training day needs at least one block", weekday)
        if day.status not in (None, "scheduled"):
            yield self.violation(f"a proposed day has status 'scheduled', not '{day.status}'", weekday)
        if day.day_of_week is not None and day.day_of_week.lower() != weekday.value:
            yield self.violation(f"day_of_week '{day.day_of_week}' does not match {weekday.display}", weekday)


class MissingName(DayRule):
    """R31: every exercise carries the library's `name` (the server fills it, so only a warning)."""

    code = "missing_field"
    severity = Severity.WARNING

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        for item in ctx.placed(day):
            name, slug = item.planned.name, item.planned.exercise_id
            if name is None:
                yield self.violation("exercise has no name", weekday, item.block, slug)
            elif item.entry is not None and name != item.entry.name:
                yield self.violation(
                    f"name '{name}' should be '{item.entry.name}'", weekday, item.block, slug
                )


class WeekShape(WeekRule):
    """R33: a weekly plan has all seven days, dated from `week_start_date`."""

    code = "invalid_week"
    severity = Severity.ERROR

    def check_week(self, week: WeeklyPlan, ctx: RuleContext) -> Iterator[Violation]:
        if week.week_start_date.weekday() != 0:
            yield self.violation(f"week_start_date {week.week_start_date} is not a Monday")
        for position, weekday in enumerate(WEEKDAYS):
            day = week.days.get(weekday)
            if day is None:
                yield self.violation(f"{weekday.display} is missing from the week", weekday)
            elif day.date is not None and day.date != week.week_start_date + timedelta(days=position):
                yield self.violation(f"{weekday.display} is dated {day.date}", weekday)


class RepTargets(DayRule):
    """R13: rep targets parse ('8-10', '12', '45s', 'AMRAP') within 1–30 reps (science.md §3)."""

    code = "invalid_reps"
    severity = Severity.ERROR

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        for item in ctx.placed(day):
            target = parse_reps(item.planned.target_reps)
            slug = item.planned.exercise_id
            if target is None:
                yield self.violation(
                    f"rep target '{item.planned.target_reps}' does not parse", weekday, item.block, slug
                )


class EffortRange(DayRule):
    """R13: an optional `target_rir` lies within 1–3 (science.md §3)."""

    code = "rir_out_of_range"
    severity = Severity.ERROR

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        for item in ctx.placed(day):
            rir = item.planned.target_rir
            if rir is not None and not MIN_RIR <= rir <= MAX_RIR:
                message = f"target_rir {rir} is outside {MIN_RIR}–{MAX_RIR}"
                yield self.violation(message, weekday, item.block, item.planned.exercise_id)
