"""Training history as plain data (so analytics results can feed it) and the recovery view (issue 3 item 5).

Hours since a group's last hard sets, weighted by volume: science.md §4 (48 h after hard sets,
24 h after light ones at 2+ RIR) and §3 (a set is hard at RIR ≤ 4).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import MuscleGroup

HARD_RIR = 4
"""A set counts as hard at RIR ≤ 4, i.e. RPE ≥ 6 (science.md §3)."""

FULL_RECOVERY_HOURS = 48.0
"""Hard sessions need about 48 h (González-Badillo 2016, Morán-Navarro 2017; science.md §4)."""

LIGHT_RECOVERY_HOURS = 24.0
"""Low-volume sets at 2+ RIR recover within 24 h (science.md §4)."""

LIGHT_SETS = 4.0
"""Up to four fractional hard sets count as a light dose for the 24 h window."""


@dataclass(frozen=True)
class LoggedSet:
    weight_lb: float
    reps: int
    rpe: float | None = None
    is_warmup: bool = False

    @property
    def rir(self) -> float | None:
        return None if self.rpe is None else 10 - self.rpe

    @property
    def hard(self) -> bool:
        return not self.is_warmup and (self.rir is None or self.rir <= HARD_RIR)


@dataclass(frozen=True)
class LoggedExercise:
    exercise_id: str
    sets: Sequence[LoggedSet]


@dataclass(frozen=True)
class WorkoutLog:
    completed_at: datetime
    exercises: Sequence[LoggedExercise] = field(default_factory=tuple)


@dataclass(frozen=True)
class GroupRecovery:
    group: MuscleGroup
    hours_since: float
    hard_sets: float
    recovery_hours: float

    @property
    def recovered(self) -> bool:
        return self.hours_since >= self.recovery_hours

    @property
    def percent(self) -> int:
        return min(100, round(100 * self.hours_since / self.recovery_hours))


def recovery_view(
    logs: Sequence[WorkoutLog], now: datetime, *, library: ExerciseLibrary
) -> dict[MuscleGroup, GroupRecovery]:
    """Per group: hours since its last hard sets and how long those sets need (volume-weighted)."""
    latest: dict[MuscleGroup, datetime] = {}
    dose: dict[MuscleGroup, float] = defaultdict(float)
    for log in sorted(logs, key=lambda entry: entry.completed_at):
        if log.completed_at > now:
            continue
        session: dict[MuscleGroup, float] = defaultdict(float)
        for logged in log.exercises:
            entry = library.get(logged.exercise_id)
            hard = sum(1 for s in logged.sets if s.hard)
            if entry is None or not hard:
                continue
            for group in entry.primary_groups:
                session[group] += hard
            for group in entry.secondary_groups:
                session[group] += 0.5 * hard
        for group, sets in session.items():
            latest[group] = log.completed_at
            dose[group] = sets
    view: dict[MuscleGroup, GroupRecovery] = {}
    for group, when in latest.items():
        hours = (now - when).total_seconds() / 3600
        needed = LIGHT_RECOVERY_HOURS if dose[group] <= LIGHT_SETS else FULL_RECOVERY_HOURS
        view[group] = GroupRecovery(group, round(hours, 1), dose[group], needed)
    return view
