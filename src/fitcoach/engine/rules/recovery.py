"""Recovery rules: 48 h before heavy compound loading again (R14, R15) and before an event."""

from __future__ import annotations

from collections.abc import Iterator

from fitcoach.contract.models import DayPlan, Weekday
from fitcoach.engine.bodyparts import loads_area
from fitcoach.engine.rules.base import (
    DayRule,
    PairRule,
    RuleContext,
    Severity,
    Violation,
    heavy_as_planned,
    is_heavy_compound,
    is_lower_back_dominant,
    repeat_clash,
)
from fitcoach.library.models import MuscleGroup


def heavy_groups(day: DayPlan, ctx: RuleContext) -> set[MuscleGroup]:
    groups: set[MuscleGroup] = set()
    for item in ctx.placed(day):
        if item.entry is not None and heavy_as_planned(item.entry, item.planned.target_rir):
            groups |= item.entry.primary_groups
    return groups


class HeavyCompoundRecovery(PairRule):
    """R14: 48 h before a group is loaded by a heavy compound again (science.md §4: González-Badillo 2016).

    Heavy means `heavy_as_planned`: squats, lunges and hinges with any gear, and any compound taken to
    0–1 RIR. The same exercise on consecutive days clashes too when either day takes it to 0–1 RIR
    (`repeat_clash`): a flye to 1 RIR on Saturday and again on Sunday.
    """

    code = "recovery_48h"
    severity = Severity.ERROR

    def check_pair(
        self, first: DayPlan, first_day: Weekday, second: DayPlan, second_day: Weekday, ctx: RuleContext
    ) -> Iterator[Violation]:
        earlier = heavy_groups(first, ctx)
        before = {item.planned.exercise_id: item.planned.target_rir for item in ctx.placed(first)}
        for item in ctx.placed(second):
            if item.entry is None:
                continue
            slug = item.entry.slug
            if slug in before and repeat_clash(item.entry, before[slug], item.planned.target_rir):
                message = f"{item.entry.name} again the day after {first_day.display}, less than 48 h apart"
                yield self.violation(message, second_day, item.block, slug)
                continue
            if not heavy_as_planned(item.entry, item.planned.target_rir):
                continue
            shared = sorted(group.value for group in earlier & item.entry.primary_groups)
            if shared:
                message = f"{', '.join(shared)} loaded heavily on {first_day.display}, less than 48 h before"
                yield self.violation(message, second_day, item.block, slug)


class LowerBackConsecutive(PairRule):
    """R15: no heavy lower-back-dominant movements on consecutive days (science.md §4, §9 spine column)."""

    code = "lower_back_consecutive"
    severity = Severity.ERROR

    def check_pair(
        self, first: DayPlan, first_day: Weekday, second: DayPlan, second_day: Weekday, ctx: RuleContext
    ) -> Iterator[Violation]:
        if not any(item.entry and is_lower_back_dominant(item.entry) for item in ctx.placed(first)):
            return
        for item in ctx.placed(second):
            if item.entry is not None and is_lower_back_dominant(item.entry):
                message = f"heavy lower-back work on {first_day.display} and again on {second_day.display}"
                yield self.violation(message, second_day, item.block, item.planned.exercise_id)


TAPER_DAYS = 2
"""Nothing heavy for protected areas in the 48 h before an event (science.md §4: 48 h to recover)."""


class EventTaper(DayRule):
    """Tier-3 events (R27): rest on the event day, nothing heavy or loading a protected area 48 h before.

    A warning, not an error: the user may choose to train anyway; `edits.taper_for_event` fixes it.
    """

    code = "event_taper"
    severity = Severity.WARNING

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        if day.date is None or day.is_rest_day:
            return
        for event in ctx.profile.events:
            if event.event_date is None:
                continue
            before = (event.event_date - day.date).days
            if before == 0:
                yield self.violation(f"{event.name} is today: make it a rest day", weekday)
            elif 0 < before <= TAPER_DAYS:
                for item in ctx.placed(day):
                    entry = item.entry
                    if entry is None:
                        continue
                    if is_heavy_compound(entry) or any(loads_area(entry, a) for a in event.protected_areas):
                        message = f"{entry.name} is heavy within 48 h of {event.name}"
                        yield self.violation(message, weekday, item.block, entry.slug)
