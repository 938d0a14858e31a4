"""A simulated lifter for the program tests: each week they train the accepted plan (hitting, missing
or beating its targets, skipping, getting hurt and recovering), and at the week's end the program
proposes the next week, which they accept."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum

from fitcoach.contract.models import WeeklyPlan
from fitcoach.engine.bodyparts import loads_area
from fitcoach.engine.profile import Constraint, ConstraintKind, Goal, GoalType, Profile
from fitcoach.engine.program import (
    DoneExercise,
    DoneSession,
    DoneSet,
    InjuryEpisode,
    NextWeek,
    ProgramHistory,
    propose_next_week,
)
from fitcoach.engine.program.holds import hold_seconds
from fitcoach.engine.program.loads import gear_kind, rep_range
from fitcoach.facts.model import BodyArea
from fitcoach.library import get_library
from fitcoach.library.gear import Gear, Inventory
from fitcoach.library.models import MuscleGroup
from tests.engine.helpers import DATA

SEED_PLAN = DATA / "fixtures/home_db_4day.json"
START_LOAD = {"lb": 25.0, "kg": 12.0}


class Week(StrEnum):
    HIT = "hit"
    IN_RANGE = "in_range"
    MISS = "miss"
    EXCEED = "exceed"
    SKIP = "skip"
    HURT = "hurt"
    """A shoulder strain on Monday, resolved (the note ends) on Sunday: nothing trained that loads it."""
    PAIN = "pain"
    """Trained as planned, hitting the targets, with a note that it hurt."""


def seed_plan() -> WeeklyPlan:
    return WeeklyPlan.model_validate_json(SEED_PLAN.read_text())


def home_profile(dumbbell_max_lb: float = 50.0, *, strength: bool = False) -> Profile:
    return Profile(
        inventory=Inventory(
            gear=frozenset({Gear.DUMBBELLS, Gear.BENCH, Gear.INCLINE_BENCH}), dumbbell_max_lb=dumbbell_max_lb
        ),
        goal=Goal(
            GoalType.STRENGTH if strength else GoalType.HYPERTROPHY,
            (MuscleGroup.CHEST, MuscleGroup.SHOULDERS),
        ),
    )


def at(day: date, hour: int = 18) -> datetime:
    return datetime.combine(day, time(hour), UTC)


@dataclass
class Lifter:
    profile: Profile
    unit: str = "lb"
    plan: WeeklyPlan = field(default_factory=seed_plan)
    sessions: list[DoneSession] = field(default_factory=list)
    injuries: list[InjuryEpisode] = field(default_factory=list)
    proposals: list[NextWeek] = field(default_factory=list)
    weeks: list[Week] = field(default_factory=list)
    holds: bool = False
    """Log timed holds (a plank) with the seconds held; off for the golden history, which never did."""

    def history(self) -> ProgramHistory:
        return ProgramHistory(tuple(self.sessions), tuple(self.injuries))

    def profile_at(self, moment: datetime) -> Profile:
        acute = tuple(
            Constraint(e.area, ConstraintKind.MINOR_STRAIN, e.source_id, e.ended)
            for e in self.injuries
            if e.started <= moment and (e.ended is None or e.ended > moment)
        )
        return self.profile.with_acute(*acute) if acute else self.profile

    def train(self, kind: Week) -> None:
        """Log the plan's week as `kind` says."""
        self.weeks.append(kind)
        plan = self.plan
        library = get_library()
        if kind is Week.HURT:
            monday = at(plan.week_start_date, 8)
            self.injuries.append(
                InjuryEpisode(
                    BodyArea.SHOULDER,
                    monday,
                    at(plan.week_start_date + timedelta(days=6), 9),
                    f"inj{len(self.injuries)}",
                )
            )
        if kind is Week.SKIP:
            return
        for weekday in plan.training_days():
            day = plan.days[weekday]
            when = at(plan.week_start_date + timedelta(days=weekday.position))
            done: list[DoneExercise] = []
            for planned in day.exercises():
                entry = library.get(planned.exercise_id)
                reps = rep_range(planned.target_reps)
                if entry is None or (kind is Week.HURT and loads_area(entry, BodyArea.SHOULDER)):
                    continue
                seconds = hold_seconds(planned.target_reps)
                if reps is None and seconds is not None and self.holds:
                    held = {Week.MISS: seconds - 15, Week.IN_RANGE: seconds - 2, Week.EXCEED: seconds + 5}
                    timed = max(1, held.get(kind, seconds))
                    logged = tuple(
                        DoneSet(0, 1, "lb", None, False, timed) for _ in range(planned.target_sets)
                    )
                    done.append(DoneExercise(planned.exercise_id, logged))
                if reps is None:
                    continue
                low, high = reps
                count = {Week.MISS: low - 1, Week.IN_RANGE: low, Week.EXCEED: high + 2}.get(kind, high)
                load = planned.target_load
                # bodyweight work is logged at 0, or with the dumbbell the program added to it
                loaded = gear_kind(entry).value != "bodyweight" or load is not None
                weight = (load.value if load else START_LOAD[self.unit]) if loaded else 0.0
                unit = load.unit if load else self.unit
                rir = planned.target_rir if planned.target_rir is not None else 2
                sets = tuple(
                    DoneSet(weight, max(1, count), unit, float(10 - rir)) for _ in range(planned.target_sets)
                )  # type: ignore[arg-type]
                done.append(DoneExercise(planned.exercise_id, sets))
            notes = "left shoulder hurt on the last sets" if kind is Week.PAIN else None
            self.sessions.append(DoneSession(when, weekday, tuple(done), notes))

    def roll(self) -> NextWeek:
        """The program's proposal at Sunday evening, accepted."""
        now = at(self.plan.week_start_date + timedelta(days=6), 20)
        proposed = propose_next_week(
            self.plan,
            self.history(),
            self.profile_at(now + timedelta(days=1)),
            now=now,
            library=get_library(),
        )
        self.proposals.append(proposed)
        self.plan = proposed.plan
        return proposed


def simulate(weeks: list[Week], profile: Profile | None = None, unit: str = "lb") -> Lifter:
    lifter = Lifter(profile or home_profile(), unit)
    for kind in weeks:
        lifter.train(kind)
        lifter.roll()
    return lifter
