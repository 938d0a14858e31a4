"""The history the program reads, as plain data: sessions done (sets in the unit they were logged in),
and injury episodes from tier-2 memory (open while the note is active, closed when it expires or the
user says it healed)."""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cached_property

from fitcoach.contract.models import LoadUnit, Weekday
from fitcoach.facts.model import BodyArea

KG_PER_LB = 0.45359237


def convert(value: float, source: LoadUnit, target: LoadUnit) -> float:
    if source == target:
        return value
    return value * KG_PER_LB if target == "kg" else value / KG_PER_LB


@dataclass(frozen=True, slots=True)
class DoneSet:
    weight: float
    reps: int
    unit: LoadUnit = "lb"
    rpe: float | None = None
    is_warmup: bool = False
    seconds: int | None = None
    """How long a timed set (a plank) was held; None for sets counted in reps."""

    @property
    def rir(self) -> float | None:
        return None if self.rpe is None else 10 - self.rpe


@dataclass(frozen=True)
class DoneExercise:
    exercise_id: str
    sets: tuple[DoneSet, ...]

    def working(self) -> tuple[DoneSet, ...]:
        return tuple(s for s in self.sets if not s.is_warmup)

    @property
    def unit(self) -> LoadUnit:
        working = self.working() or self.sets
        return working[-1].unit if working else "lb"


@dataclass(frozen=True)
class DoneSession:
    completed_at: datetime
    plan_day: Weekday
    exercises: tuple[DoneExercise, ...]
    notes: str | None = None

    @property
    def day(self) -> date:
        return self.completed_at.date()


@dataclass(frozen=True)
class Exposure:
    """One exercise in one session, with the session's time, day and note."""

    at: datetime
    plan_day: Weekday
    done: DoneExercise
    notes: str | None


@dataclass(frozen=True)
class InjuryEpisode:
    """A tier-2 injury (`minor_strain`) of an area: from `started` until `ended` (None: still open)."""

    area: BodyArea
    started: datetime
    ended: datetime | None
    source_id: str = ""


@dataclass(frozen=True)
class ProgramHistory:
    """Everything the program reads, oldest session first."""

    sessions: Sequence[DoneSession]
    injuries: Sequence[InjuryEpisode] = field(default_factory=tuple)
    """Tier-2 `minor_strain` notes, active or not (the return ramp; three in eight weeks)."""
    soreness: Sequence[InjuryEpisode] = field(default_factory=tuple)
    """Tier-2 `soreness` notes: a recovery signal for the block's volume."""

    @cached_property
    def ordered(self) -> tuple[DoneSession, ...]:
        return tuple(sorted(self.sessions, key=lambda s: s.completed_at))

    @cached_property
    def _times(self) -> list[datetime]:
        return [s.completed_at for s in self.ordered]

    @cached_property
    def by_exercise(self) -> dict[str, list[Exposure]]:
        found: dict[str, list[Exposure]] = defaultdict(list)
        for session in self.ordered:
            for done in session.exercises:
                found[done.exercise_id].append(
                    Exposure(session.completed_at, session.plan_day, done, session.notes)
                )
        return found

    def exposures(self, exercise_id: str, *, before: datetime | None = None) -> list[Exposure]:
        found = self.by_exercise.get(exercise_id, [])
        if before is None:
            return found
        return found[: bisect_left([e.at for e in found], before)]

    def between(self, start: datetime, end: datetime) -> tuple[DoneSession, ...]:
        """Sessions with start <= completed_at < end."""
        return self.ordered[bisect_left(self._times, start) : bisect_left(self._times, end)]

    def last_before(self, moment: datetime) -> DoneSession | None:
        index = bisect_left(self._times, moment)
        return self.ordered[index - 1] if index else None
