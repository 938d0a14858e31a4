"""The validator: runs every registered rule over a week or one day and reports named violations."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from fitcoach.contract.models import WEEKDAYS, DayPlan, Weekday, WeeklyPlan
from fitcoach.engine.profile import Profile
from fitcoach.engine.rules import DAY_RULES, PAIR_RULES, WEEK_RULES
from fitcoach.engine.rules.base import RuleContext, Severity, Violation
from fitcoach.library.loader import ExerciseLibrary


@dataclass
class Report:
    errors: list[Violation] = field(default_factory=list)
    warnings: list[Violation] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def add(self, violation: Violation) -> None:
        (self.errors if violation.severity == Severity.ERROR else self.warnings).append(violation)

    def codes(self) -> list[str]:
        return [violation.code for violation in self.errors]

    def to_dict(self) -> dict[str, Any]:
        return {
            "errors": [violation.to_dict() for violation in self.errors],
            "warnings": [violation.to_dict() for violation in self.warnings],
        }


def _check_day(report: Report, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> None:
    for rule in DAY_RULES:
        for violation in rule.check_day(day, weekday, ctx):
            report.add(violation)


def _check_pairs(report: Report, week: WeeklyPlan, ctx: RuleContext, only: Weekday | None = None) -> None:
    for first_day, second_day in itertools.pairwise(WEEKDAYS):
        if only is not None and only not in (first_day, second_day):
            continue
        first, second = week.days.get(first_day), week.days.get(second_day)
        if first is None or second is None or first.is_rest_day or second.is_rest_day:
            continue
        for rule in PAIR_RULES:
            for violation in rule.check_pair(first, first_day, second, second_day, ctx):
                report.add(violation)


def validate_week(
    plan: WeeklyPlan, profile: Profile, *, library: ExerciseLibrary, minutes: int | None = None
) -> Report:
    ctx = RuleContext(profile, library, minutes)
    report = Report()
    for weekday in WEEKDAYS:
        if weekday in plan.days:
            _check_day(report, plan.days[weekday], weekday, ctx)
    _check_pairs(report, plan, ctx)
    for rule in WEEK_RULES:
        for violation in rule.check_week(plan, ctx):
            report.add(violation)
    return report


def validate_day(
    day: DayPlan,
    weekday: Weekday,
    profile: Profile,
    *,
    library: ExerciseLibrary,
    week: WeeklyPlan | None = None,
    minutes: int | None = None,
) -> Report:
    """One day on its own; with `week`, also against its neighbours (R14, R15) as if it replaced that day."""
    ctx = RuleContext(profile, library, minutes)
    report = Report()
    _check_day(report, day, weekday, ctx)
    if week is not None:
        merged = week.model_copy(update={"days": {**week.days, weekday: day}})
        _check_pairs(report, merged, ctx, only=weekday)
    return report
