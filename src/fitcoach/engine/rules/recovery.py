"""Recovery rules between consecutive days: 48 h before heavy compound loading again (R14, R15)."""

from __future__ import annotations

from collections.abc import Iterator

from fitcoach.contract.models import DayPlan, Weekday
from fitcoach.engine.rules.base import (
    PairRule,
    RuleContext,
    Severity,
    Violation,
    is_heavy_compound,
    is_lower_back_dominant,
    placed,
)
from fitcoach.library.models import MuscleGroup


def heavy_groups(day: DayPlan, ctx: RuleContext) -> set[MuscleGroup]:
    groups: set[MuscleGroup] = set()
    for item in placed(day, ctx.library):
        if item.entry is not None and is_heavy_compound(item.entry):
            groups |= item.entry.primary_groups
    return groups


class HeavyCompoundRecovery(PairRule):
    """R14: 48 h before a group is loaded by a heavy compound again (science.md §4: González-Badillo 2016)."""

    code = "recovery_48h"
    severity = Severity.ERROR

    def check_pair(
        self, first: DayPlan, first_day: Weekday, second: DayPlan, second_day: Weekday, ctx: RuleContext
    ) -> Iterator[Violation]:
        earlier = heavy_groups(first, ctx)
        for item in placed(second, ctx.library):
            if item.entry is None or not is_heavy_compound(item.entry):
                continue
            shared = sorted(group.value for group in earlier & item.entry.primary_groups)
            if shared:
                message = f"{', '.join(shared)} loaded heavily on {first_day.display}, less than 48 h before"
                yield self.violation(message, second_day, item.block, item.planned.exercise_id)


class LowerBackConsecutive(PairRule):
    """R15: no heavy lower-back-dominant movements on consecutive days (science.md §4, §9 spine column)."""

    code = "lower_back_consecutive"
    severity = Severity.ERROR

    def check_pair(
        self, first: DayPlan, first_day: Weekday, second: DayPlan, second_day: Weekday, ctx: RuleContext
    ) -> Iterator[Violation]:
        if not any(item.entry and is_lower_back_dominant(item.entry) for item in placed(first, ctx.library)):
            return
        for item in placed(second, ctx.library):
            if item.entry is not None and is_lower_back_dominant(item.entry):
                message = f"heavy lower-back work on {first_day.display} and again on {second_day.display}"
                yield self.violation(message, second_day, item.block, item.planned.exercise_id)
