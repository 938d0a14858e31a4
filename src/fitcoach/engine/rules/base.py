"""What a rule is: a small object with a stable code, a severity and a docstring citing its source."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from fitcoach.contract.models import DayPlan, PlannedExercise, Weekday, WeeklyPlan
from fitcoach.engine.profile import Profile
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Violation:
    code: str
    severity: Severity
    message: str
    day: Weekday | None = None
    block: int | None = None
    exercise_id: str | None = None

    def to_dict(self) -> dict[str, Any]:
        raw: dict[str, Any] = {"code": self.code, "severity": self.severity.value, "message": self.message}
        if self.day is not None:
            raw["day"] = self.day.value
        if self.block is not None:
            raw["block"] = self.block
        if self.exercise_id is not None:
            raw["exercise_id"] = self.exercise_id
        return raw


@dataclass(frozen=True)
class RuleContext:
    profile: Profile
    library: ExerciseLibrary
    minutes: int | None = None
    _placed: dict[int, tuple[DayPlan, tuple[Placed, ...]]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    week_memo: list[Any] = field(default_factory=list, compare=False, hash=False, repr=False)
    """The week last summed by `rules.volume.weekly_sets` and its figures, for the next R11 rule."""

    def budget(self) -> int | None:
        return self.minutes if self.minutes is not None else self.profile.schedule.minutes

    def placed(self, day: DayPlan) -> tuple[Placed, ...]:
        """`placed(day, library)`, walked once per day and validation: every rule reads the same list.

        The memo keeps the day itself beside its id, so a recycled id can never return stale entries.
        """
        hit = self._placed.get(id(day))
        if hit is None or hit[0] is not day:
            hit = (day, tuple(placed(day, self.library)))
            self._placed[id(day)] = hit
        return hit[1]


@dataclass(frozen=True)
class Placed:
    """One exercise of a day with where it sits and its library entry (None: unknown slug)."""

    block: int
    planned: PlannedExercise
    entry: Exercise | None


def placed(day: DayPlan, library: ExerciseLibrary) -> Iterator[Placed]:
    for index, block in enumerate(day.blocks):
        for exercise in block.exercises:
            yield Placed(index, exercise, library.get(exercise.exercise_id))


class Rule:
    code: ClassVar[str]
    severity: ClassVar[Severity]

    def violation(
        self,
        message: str,
        day: Weekday | None = None,
        block: int | None = None,
        exercise_id: str | None = None,
    ) -> Violation:
        return Violation(self.code, self.severity, message, day, block, exercise_id)


class DayRule(Rule):
    """Checks one day on its own."""

    def check_day(self, day: DayPlan, weekday: Weekday, ctx: RuleContext) -> Iterator[Violation]:
        raise NotImplementedError


class PairRule(Rule):
    """Checks two consecutive calendar days (the second follows the first by 24 h)."""

    def check_pair(
        self, first: DayPlan, first_day: Weekday, second: DayPlan, second_day: Weekday, ctx: RuleContext
    ) -> Iterator[Violation]:
        raise NotImplementedError


class WeekRule(Rule):
    """Checks the week as a whole."""

    def check_week(self, week: WeeklyPlan, ctx: RuleContext) -> Iterator[Violation]:
        raise NotImplementedError


def is_heavy_compound(entry: Exercise) -> bool:
    """A heavy compound: priority 1, or high fatigue or spinal load (nothing heavy before an event).

    Tier-2 dumbbell and machine compounds at moderate fatigue are excluded, so a DB row the day after
    a chest-supported row is fine (science.md §4: 24 h suffices for sets at 2+ RIR).
    """
    return entry.type == "compound" and (
        entry.priority_tier == 1 or entry.systemic_fatigue == "high" or entry.spinal_loading == "high"
    )


SQUAT_AND_HINGE_PATTERNS = frozenset({"squat", "squat_machine", "lunge", "hip_hinge"})
"""Patterns science.md §4 names outright: 48 h after "heavy hinges or squats", whatever the RIR."""


def needs_48h(entry: Exercise) -> bool:
    """Heavy compound loading in R14's sense: a heavy compound, or a loaded squat, lunge or hinge.

    science.md §4 asks 48 h after heavy squats and hinges whatever the RIR, and a goblet squat or a
    Bulgarian split squat is the heaviest squat a dumbbell gym has; without them R14 would never
    apply to a home lifter. Tier-2 presses and rows stay exempt (24 h suffices at 2+ RIR).
    """
    if is_heavy_compound(entry):
        return True
    return (
        entry.type == "compound"
        and entry.movement_pattern in SQUAT_AND_HINGE_PATTERNS
        and entry.systemic_fatigue != "low"
    )


NEAR_FAILURE_RIR = 1
"""Sets ending at 0–1 RIR need 48 h before the muscle is trained hard again (science.md §4)."""


def near_failure(rir: int | None) -> bool:
    return rir is not None and rir <= NEAR_FAILURE_RIR


def heavy_as_planned(entry: Exercise, rir: int | None) -> bool:
    """R14's heavy loading as prescribed: `needs_48h`, or any compound press, row or pull taken to
    0–1 RIR (science.md §4: 48 h after sets at 0–1 RIR; 24 h suffices at 2+ RIR)."""
    return needs_48h(entry) or (entry.type == "compound" and near_failure(rir))


def repeat_clash(entry: Exercise, first_rir: int | None, second_rir: int | None) -> bool:
    """Whether the same exercise may not be done on consecutive days (R14): when either day takes it to
    0–1 RIR (science.md §4: 48 h after sets at 0–1 RIR, 24 h suffice for sets at 2+ RIR). A heavy
    compound repeated the next day is caught by `heavy_as_planned` whatever its RIR."""
    return needs_48h(entry) or near_failure(first_rir) or near_failure(second_rir)


def is_lower_back_dominant(entry: Exercise) -> bool:
    """Heavy lower-back-dominant work (R15): high spinal loading (deadlifts, barbell rows and squats)."""
    return entry.spinal_loading == "high"
