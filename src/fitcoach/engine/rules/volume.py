"""Volume rules: weekly sets per muscle group (R11) and sets per session (R12)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from fitcoach.contract.models import DayPlan, Weekday, WeeklyPlan
from fitcoach.engine.estimators import direct_sets, fractional_sets
from fitcoach.engine.rules.base import DayRule, RuleContext, Severity, Violation, WeekRule
from fitcoach.library.models import MuscleGroup

WEEKLY_MAX_SETS = 20.0
"""R11 upper bound in fractional sets (Baz-Valle 2022: 12–20; Pelland tiers; science.md §1, §10)."""

WEEKLY_MIN_SETS = 10.0
"""R11 lower bound for a trained group (Schoenfeld 2017: 10+ sets/week, science.md §1)."""

SESSION_MAX_DIRECT = 8
"""R12: at most 8 direct sets per group per session (Remmert 2025: ~8 direct, science.md §2)."""

SESSION_MAX_FRACTIONAL = 11.0
"""Above ~11 fractional sets per session returns are diminishing or unstudied (science.md §2)."""


def weekly_sets(week: WeeklyPlan, ctx: RuleContext) -> tuple[dict[MuscleGroup, float], set[MuscleGroup]]:
    """Fractional weekly sets per group and the groups trained directly (as a primary mover).

    Counted once per validation: both R11 rules read the same figures (kept with the week, by identity).
    """
    memo = ctx.week_memo
    result: tuple[dict[MuscleGroup, float], set[MuscleGroup]]
    if memo and memo[0] is week:
        result = memo[1]
        return result
    result = _count_weekly_sets(week, ctx)
    memo[:] = [week, result]
    return result


def _count_weekly_sets(
    week: WeeklyPlan, ctx: RuleContext
) -> tuple[dict[MuscleGroup, float], set[MuscleGroup]]:
    totals: dict[MuscleGroup, float] = defaultdict(float)
    trained: set[MuscleGroup] = set()
    for weekday in week.training_days():
        day = week.days[weekday]
        for group, value in fractional_sets(day, ctx.library).items():
            totals[group] += value
        trained |= set(direct_sets(day, ctx.library))
    return dict(totals), trained


class WeeklyVolumeHigh(WeekRule):
    """R11: at most 20 fractional sets per group a week (primary 1.0, secondary 0.5; science.md §1, §10)."""

    code = "weekly_volume_high"
    severity = Severity.ERROR

    def check_week(self, week: WeeklyPlan, ctx: RuleContext) -> Iterator[Violation]:
        totals, _ = weekly_sets(week, ctx)
        for group, value in sorted(totals.items()):
            if value > WEEKLY_MAX_SETS:
                yield self.violation(f"{group.value}: {value:g} sets this week, above {WEEKLY_MAX_SETS:g}")


class WeeklyVolumeLow(WeekRule):
    """R11: a directly trained group gets at least 10 fractional sets a week (science.md §1)."""

    code = "weekly_volume_low"
    severity = Severity.WARNING

    def check_week(self, week: WeeklyPlan, ctx: RuleContext) -> Iterator[Violation]:
        totals, trained = weekly_sets(week, ctx)
        for group in sorted(trained):
            if totals.get(group, 0.0) < WEEKLY_MIN_SETS:
                yield self.violation(
                    f"{group.value}: {totals.get(group, 0.0):g} sets this week, below {WEEKLY_MIN_SETS:g}"
                )


class SessionVolume(DayRule):
    """R12: never more than 8 direct hard sets for one group in a session (science.md §2)."""

    code = "session_volume_high"
    severity = Severity.ERROR

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        for group, value in sorted(direct_sets(day, ctx.library).items()):
            if value > SESSION_MAX_DIRECT:
                yield self.violation(
                    f"{group.value}: {value} direct sets, above {SESSION_MAX_DIRECT}", weekday
                )


class SessionFractional(DayRule):
    """R12: above 11 fractional sets for a group in a session, returns are diminishing or unstudied (§2)."""

    code = "session_volume_fractional"
    severity = Severity.WARNING

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        for group, value in sorted(fractional_sets(day, ctx.library).items()):
            if value > SESSION_MAX_FRACTIONAL:
                message = f"{group.value}: {value:g} fractional sets, diminishing or unstudied returns"
                yield self.violation(message, weekday)
