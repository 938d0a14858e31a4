"""The rule registry the validator iterates: one instance of every rule, in reporting order."""

from __future__ import annotations

from fitcoach.engine.rules.base import DayRule, PairRule, Rule, Severity, Violation, WeekRule
from fitcoach.engine.rules.recovery import EventTaper, HeavyCompoundRecovery, LowerBackConsecutive
from fitcoach.engine.rules.session import (
    Contraindicated,
    EquipmentAvailable,
    LoadWithinGear,
    PriorityOrder,
    SupersetPairing,
    TimeBudget,
    pair_conflict,
)
from fitcoach.engine.rules.structure import (
    DayShape,
    EffortRange,
    MissingName,
    RepTargets,
    UnknownExercise,
    WeekShape,
)
from fitcoach.engine.rules.volume import SessionFractional, SessionVolume, WeeklyVolumeHigh, WeeklyVolumeLow

DAY_RULES: tuple[DayRule, ...] = (
    UnknownExercise(),
    DayShape(),
    MissingName(),
    RepTargets(),
    EffortRange(),
    PriorityOrder(),
    SessionVolume(),
    SessionFractional(),
    SupersetPairing(),
    EquipmentAvailable(),
    LoadWithinGear(),
    Contraindicated(),
    TimeBudget(),
    EventTaper(),
)
PAIR_RULES: tuple[PairRule, ...] = (HeavyCompoundRecovery(), LowerBackConsecutive())
WEEK_RULES: tuple[WeekRule, ...] = (WeekShape(), WeeklyVolumeHigh(), WeeklyVolumeLow())

ALL_RULES: tuple[Rule, ...] = (*DAY_RULES, *PAIR_RULES, *WEEK_RULES)

__all__ = ["ALL_RULES", "DAY_RULES", "PAIR_RULES", "WEEK_RULES", "Severity", "Violation", "pair_conflict"]
