"""Per-session rules: order (R10), supersets (R16), gear (R17), contraindications (R18), time (R19)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import combinations

from fitcoach.contract.models import DayPlan, Weekday
from fitcoach.engine.estimators import day_minutes
from fitcoach.engine.modifications import modification_for, unmet
from fitcoach.engine.rules.base import DayRule, RuleContext, Severity, Violation
from fitcoach.library.gear import Gear
from fitcoach.library.models import Exercise

ANTAGONISTS: frozenset[frozenset[str]] = frozenset(
    frozenset(pair)
    for pair in (
        ("H_PUSH", "H_PULL"),
        ("V_PUSH", "V_PULL"),
        ("H_ADD", "H_ABD"),
        ("ELBOW_FLEX", "ELBOW_EXT"),
        ("KNEE_EXT", "KNEE_FLEX"),
    )
)
"""Antagonist pairs for paired sets (science.md §9, after Robbins 2010, Paz 2017, Maia 2014)."""


def pair_conflict(first: Exercise, second: Exercise) -> str | None:
    """Why two exercises may not share a superset, or None (R16, science.md §7 and §9)."""
    if first.spinal_loading != "low" and second.spinal_loading != "low":
        return "both load the spine"
    if first.systemic_fatigue == "high" and second.systemic_fatigue == "high":
        return "both are high-fatigue compounds"
    if first.grip_demand == "high" and second.grip_demand == "high":
        return "both tax the grip"
    antagonists = frozenset({first.antagonist_group, second.antagonist_group}) in ANTAGONISTS
    if not antagonists and first.primary_groups & second.primary_groups:
        return "they compete for the same muscle group"
    return None


def order_class(tier: int) -> int:
    """A tier's class for work done inside a superset: compounds (tiers 1 and 2) are one class, since R16
    pairs chest with back (a barbell bench with a dumbbell row); isolation (3) and core (4) follow."""
    return max(tier, 2)


def order_key(day: DayPlan, index: int, ctx: RuleContext) -> tuple[int, int]:
    """A block's place in the R10 order: its lowest priority tier and the highest class it holds."""
    tiers = [
        entry.priority_tier for e in day.blocks[index].exercises if (entry := ctx.library.get(e.exercise_id))
    ]
    return min(tiers, default=4), order_class(max(tiers, default=4))


class PriorityOrder(DayRule):
    """R10: blocks run from priority-1 compounds to secondary compounds, isolation, then core.

    A superset is done round by round, so an isolation or core exercise paired with a compound is
    done before every later block: no later block may hold a compound (science.md §9: compounds first,
    while fresh). Tiers 1 and 2 paired together (chest + back, R16) are one class.
    """

    code = "order_priority"
    severity = Severity.ERROR

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        lowest, highest = 0, 0
        for index, block in enumerate(day.blocks):
            first, last = order_key(day, index, ctx)
            if first < lowest:
                message = f"'{block.label}' (tier {first}) comes after tier-{lowest} work"
                yield self.violation(message, weekday, index, block.exercises[0].exercise_id)
            elif order_class(first) < highest:
                message = f"'{block.label}' (compound work) comes after isolation or core work in a superset"
                yield self.violation(message, weekday, index, block.exercises[0].exercise_id)
            lowest, highest = max(lowest, first), max(highest, last)


class SupersetPairing(DayRule):
    """R16: supersets pair antagonists or non-competing groups, never two spinal/high-fatigue lifts (§7)."""

    code = "superset_pairing"
    severity = Severity.ERROR

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        for index, block in enumerate(day.blocks):
            entries = [entry for e in block.exercises if (entry := ctx.library.get(e.exercise_id))]
            for first, second in combinations(entries, 2):
                if first.slug == second.slug:
                    yield self.violation(
                        f"'{first.slug}' appears twice in one superset", weekday, index, second.slug
                    )
                    continue
                reason = pair_conflict(first, second)
                if reason is not None:
                    yield self.violation(
                        f"{first.name} + {second.name}: {reason}", weekday, index, second.slug
                    )


class EquipmentAvailable(DayRule):
    """R17: only exercises the active inventory allows, minus temporarily unavailable gear."""

    code = "equipment_unavailable"
    severity = Severity.ERROR

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        inventory = ctx.profile.inventory
        for item in ctx.placed(day):
            if item.entry is not None and not inventory.allows(item.entry.gear):
                message = f"{item.entry.name} needs {item.entry.gear_text}, which is not available"
                yield self.violation(message, weekday, item.block, item.entry.slug)


KG_TO_LB = 2.20462262185
LOAD_ROUNDING = 0.25
"""Program loads are tidied to a quarter of their unit (`engine/program/loads.tidy`)."""


_LOADED_GEAR = frozenset(
    {
        Gear.BARBELL,
        Gear.DUMBBELLS,
        Gear.CABLE_MACHINE,
        Gear.MACHINE,
        Gear.LEG_PRESS_MACHINE,
        Gear.LEG_EXTENSION_MACHINE,
        Gear.HAMSTRING_MACHINE,
    }
)


class LoadWithinGear(DayRule):
    """R17 for loads (issue 18): a target load on dumbbell work is never above the heaviest dumbbells
    the user owns (`dumbbell_max_lb`), whatever unit it is written in; a load on bodyweight work is a
    dumbbell held, so it needs dumbbells in the inventory and stays within the same cap."""

    code = "load_above_gear"
    severity = Severity.ERROR

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        inventory = ctx.profile.inventory
        cap = inventory.dumbbell_max_lb
        for item in ctx.placed(day):
            load = item.planned.target_load
            if load is None or item.entry is None:
                continue
            gear = item.entry.gear.mentions()
            added = not gear & _LOADED_GEAR
            if added and Gear.DUMBBELLS not in inventory.expanded():
                message = f"{item.entry.name} with {load.value:g} {load.unit} added: no dumbbells to hold"
                yield self.violation(message, weekday, item.block, item.entry.slug)
                continue
            if cap is None or not (added or (Gear.DUMBBELLS in gear and Gear.BARBELL not in gear)):
                continue
            pounds = load.value * KG_TO_LB if load.unit == "kg" else load.value
            # loads are written to 0.25 of their unit: a pair read back in kg may round above its lb cap
            rounding = LOAD_ROUNDING / 2 * (KG_TO_LB if load.unit == "kg" else 1)
            if pounds > cap + rounding + 1e-6:
                message = (
                    f"{item.entry.name} at {load.value:g} {load.unit}: the heaviest dumbbells are {cap:g} lb"
                )
                yield self.violation(message, weekday, item.block, item.entry.slug)


class Contraindicated(DayRule):
    """R18: chronic conditions and active acute states exclude exercises loading the area (bodyparts),
    unless the plan carries a registered modification that answers them (engine.modifications)."""

    code = "contraindicated"
    severity = Severity.ERROR

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        for item in ctx.placed(day):
            if item.entry is None:
                continue
            constraint = unmet(item.planned, item.entry, ctx.profile, day.date)
            if constraint is not None:
                message = f"{item.entry.name} loads the {constraint.area.value} ({constraint.kind.value})"
                modification = modification_for(item.entry, ctx.profile, day.date)
                if modification is not None:
                    message += f" unless modified: modification '{modification.id}', target_rir >= "
                    message += str(modification.min_rir)
                yield self.violation(message, weekday, item.block, item.entry.slug)


class TimeBudget(DayRule):
    """R19: the estimated duration (science.md §8 formula) and the stated duration fit the budget."""

    code = "duration_over_budget"
    severity = Severity.ERROR

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        budget = ctx.budget()
        if budget is None or day.is_rest_day:
            return
        estimate = math.ceil(day_minutes(day, ctx.library) - 1e-9)
        if estimate > budget:
            yield self.violation(f"estimated {estimate} min, more than the {budget} min available", weekday)
        elif day.duration_minutes > budget:
            yield self.violation(f"duration_minutes {day.duration_minutes} exceeds {budget} min", weekday)
