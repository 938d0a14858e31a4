"""Progression advice from one exercise's history: double progression, gear increments, caps, plateaus.

Science.md §6: double progression (Legion; ACSM 2009), increments by gear [J], plateau when the best
e1RM gains under 1 % over three exposures [J]; e1RM by Epley (§5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from fitcoach.engine.history import LoggedSet
from fitcoach.library.gear import Inventory


class GearKind(StrEnum):
    DUMBBELL = "dumbbell"
    BARBELL = "barbell"
    CABLE = "cable"
    BODYWEIGHT = "bodyweight"


class Action(StrEnum):
    ADD_LOAD = "add_load"
    ADD_REPS = "add_reps"
    ADD_SET_OR_TEMPO = "add_set_or_tempo"
    CHANGE_STIMULUS = "change_stimulus"
    START = "start"


INCREMENT_LB: dict[GearKind, float] = {
    GearKind.DUMBBELL: 5.0,
    GearKind.BARBELL: 5.0,
    GearKind.CABLE: 5.0,
    GearKind.BODYWEIGHT: 0.0,
}
"""Smallest step: the next dumbbell pair (5 lb), 2 × 2.5 lb plates, a stack step (science.md §6)."""

PLATEAU_GAIN = 0.01
"""Less than 1 % e1RM gain over three exposures is a plateau (science.md §6 [J])."""

PLATEAU_WINDOW = 3

RIR_TOLERANCE = 1
"""Lifters misjudge RIR by about one rep near failure (Hackett 2017, science.md §3)."""


@dataclass(frozen=True)
class Session:
    """One exposure to the exercise: its working sets (warm-ups are ignored)."""

    sets: Sequence[LoggedSet]

    def working(self) -> list[LoggedSet]:
        return [s for s in self.sets if not s.is_warmup]


@dataclass(frozen=True)
class Advice:
    action: Action
    next_load_lb: float
    next_reps: int
    increment_lb: float
    at_cap: bool
    plateau: bool
    best_e1rm_lb: float


def epley(weight: float, reps: int) -> float:
    """Epley e1RM w(1 + r/30); one rep returns the load itself (science.md §5)."""
    return weight if reps <= 1 else weight * (1 + reps / 30)


def best_e1rm(session: Session) -> float:
    return max((epley(s.weight_lb, s.reps) for s in session.working()), default=0.0)


def is_plateau(history: Sequence[Session]) -> bool:
    """The last three exposures do not beat the first of them by 1 %."""
    if len(history) < PLATEAU_WINDOW:
        return False
    window = [best_e1rm(session) for session in history[-PLATEAU_WINDOW:]]
    return max(window[1:]) < window[0] * (1 + PLATEAU_GAIN)


def progression_advice(
    history: Sequence[Session],
    *,
    rep_range: tuple[int, int],
    inventory: Inventory,
    target_rir: int = 2,
    gear: GearKind = GearKind.DUMBBELL,
) -> Advice:
    """What to do next time: numbers for load, reps and the increment, never prose."""
    low, high = rep_range
    step = INCREMENT_LB[gear]
    sessions = [session for session in history if session.working()]
    if not sessions:
        return Advice(Action.START, 0.0, low, step, False, False, 0.0)
    last = sessions[-1].working()
    load = max(s.weight_lb for s in last)
    top_sets = [s for s in last if s.weight_lb == load]
    plateau = is_plateau(sessions)
    best = round(max(best_e1rm(session) for session in sessions), 2)
    at_effort = all(s.rir is None or s.rir >= target_rir - RIR_TOLERANCE for s in top_sets)
    earned = all(s.reps >= high for s in top_sets) and at_effort
    cap = inventory.dumbbell_max_lb if gear is GearKind.DUMBBELL else None
    at_cap = cap is not None and load + step > cap
    fewest = min(s.reps for s in top_sets)
    if plateau:
        return Advice(Action.CHANGE_STIMULUS, load, low, step, at_cap, True, best)
    if earned and not at_cap and step > 0:
        return Advice(Action.ADD_LOAD, load + step, low, step, False, False, best)
    if earned:
        # At the heaviest pair (or bodyweight): progress by reps past the range, sets, tempo or pauses.
        return Advice(Action.ADD_SET_OR_TEMPO, load, fewest + 1, 0.0, at_cap, False, best)
    return Advice(Action.ADD_REPS, load, min(high, fewest + 1), 0.0, at_cap, False, best)
