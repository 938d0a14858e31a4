"""The memory profile the engine plans against: inventory, goal, schedule, constraints and events.

Built from memory items at an instant: expired tier-2/3 items constrain nothing (R28).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time
from enum import StrEnum

from fitcoach.contract.models import Tier1Entry, Tier2Entry, Tier3Entry, Weekday
from fitcoach.engine.bodyparts import AREA_GROUP, BodyArea, areas_in, is_severe, loads_area, parse_area
from fitcoach.engine.inventory import merge_inventories
from fitcoach.facts.reader import read_goal, read_schedule
from fitcoach.library.gear import Gear, Inventory
from fitcoach.library.models import Exercise, MuscleGroup
from fitcoach.memory.facts import facts_of, inventory_of
from fitcoach.memory.model import MemoryItem


class GoalType(StrEnum):
    HYPERTROPHY = "hypertrophy"
    STRENGTH = "strength"
    GENERAL = "general"


class ConstraintKind(StrEnum):
    CHRONIC = "chronic"
    SORENESS = "soreness"
    FATIGUE = "fatigue"
    MINOR_STRAIN = "minor_strain"


@dataclass(frozen=True)
class Goal:
    type: GoalType = GoalType.GENERAL
    priority: tuple[MuscleGroup, ...] = ()


@dataclass(frozen=True)
class ProfileSchedule:
    days: tuple[Weekday, ...] = ()
    days_per_week: int | None = None
    minutes: int | None = None


@dataclass(frozen=True)
class Constraint:
    """One area the plan must spare: a chronic condition or an active acute state."""

    area: BodyArea
    kind: ConstraintKind
    source_id: str = ""
    expires_at: datetime | None = None
    severe: bool = False
    """Worded as too serious to train around (bodyparts.is_severe): exclusion only, no modification."""

    def active_on(self, day: date) -> bool:
        """Whether the constraint still holds at the start of `day` (UTC): it expires mid-week (R28)."""
        return self.expires_at is None or self.expires_at > datetime.combine(day, time.min, UTC)


@dataclass(frozen=True)
class Event:
    name: str
    event_date: date | None
    protected_areas: tuple[BodyArea, ...] = ()
    source_id: str = ""


@dataclass(frozen=True)
class Profile:
    inventory: Inventory = field(default_factory=Inventory.unknown)
    goal: Goal = field(default_factory=Goal)
    schedule: ProfileSchedule = field(default_factory=ProfileSchedule)
    chronic: tuple[Constraint, ...] = ()
    acute: tuple[Constraint, ...] = ()
    events: tuple[Event, ...] = ()

    @property
    def constraints(self) -> tuple[Constraint, ...]:
        return self.chronic + self.acute

    def contraindication(self, exercise: Exercise, on: date | None = None) -> Constraint | None:
        """The first constraint that excludes the exercise (on day `on`, if given), if any (R18)."""
        for constraint in self.constraints:
            if on is not None and not constraint.active_on(on):
                continue
            if loads_area(exercise, constraint.area):
                return constraint
        return None

    def with_acute(self, *constraints: Constraint) -> Profile:
        return Profile(
            self.inventory, self.goal, self.schedule, self.chronic, self.acute + constraints, self.events
        )


def parse_goal_type(text: str) -> GoalType:
    """The goal a goal fact names, in any supported language (the fact reader's goal words)."""
    found = read_goal(text)
    return GoalType(found) if found is not None else GoalType.GENERAL


def _priority_groups(entry: Tier1Entry) -> tuple[MuscleGroup, ...]:
    words = entry.priority_muscles if entry.priority_muscles is not None else [entry.fact]
    groups: list[MuscleGroup] = []
    for word in words:
        for area in sorted(areas_in(word)):
            group = AREA_GROUP.get(area)
            if group is not None and group not in groups:
                groups.append(group)
    return tuple(groups)


def _schedule(entry: Tier1Entry) -> ProfileSchedule:
    if entry.schedule is not None:
        return ProfileSchedule(
            tuple(entry.schedule.days or ()), entry.schedule.days_per_week, entry.schedule.minutes
        )
    days, minutes = read_schedule(entry.fact)
    return ProfileSchedule(days_per_week=days, minutes=minutes)


def _areas(*texts: str | None) -> list[BodyArea]:
    found: set[BodyArea] = set()
    for text in texts:
        if text:
            area = parse_area(text) if len(text) <= 30 else None
            found |= {area} if area is not None else areas_in(text)
    return sorted(found)


def build_profile(items: list[MemoryItem], now: datetime) -> Profile:
    """The profile active at `now`; expired tier-2/3 items constrain nothing."""
    inventories: list[Inventory] = []
    goal = Goal()
    schedule = ProfileSchedule()
    chronic: list[Constraint] = []
    acute: list[Constraint] = []
    events: list[Event] = []
    unavailable: set[Gear] = set()
    for item in items:
        if not item.is_active(now):
            continue
        entry = item.entry
        if isinstance(entry, Tier1Entry):
            if entry.category == "equipment":
                inventories.append(inventory_of(item).inventory())
            elif entry.category == "goal":
                kind = (
                    GoalType(entry.goal_type)
                    if entry.goal_type in set(GoalType)
                    else parse_goal_type(entry.fact)
                )
                goal = Goal(kind, _priority_groups(entry))
                schedule = _schedule(entry)
            elif entry.category == "chronic_condition":
                severe = is_severe(entry.fact)
                for area in _areas(entry.body_part) or _areas(entry.fact):
                    chronic.append(Constraint(area, ConstraintKind.CHRONIC, item.id, severe=severe))
        elif isinstance(entry, Tier2Entry):
            expires = item.expires_at or entry.expires_at
            if expires is not None and expires <= now:
                continue
            for area in _areas(entry.body_part) or _areas(entry.fact):
                acute.append(Constraint(area, ConstraintKind(entry.condition), item.id, expires))
        elif isinstance(entry, Tier3Entry):
            expires = item.expires_at or entry.expires_at
            if expires is not None and expires <= now:
                continue
            unavailable |= facts_of(item).unavailable
            protected = tuple(area for text in entry.protected_areas or [] for area in _areas(text))
            events.append(Event(entry.event, entry.event_date, protected, item.id))
    inventory = merge_inventories(inventories)
    if unavailable:
        # gear taken or out of order for now (a tier-3 note): unusable until the note expires
        inventory = inventory.model_copy(update={"unavailable": inventory.unavailable | unavailable})
    return Profile(inventory, goal, schedule, tuple(chronic), tuple(acute), tuple(events))
