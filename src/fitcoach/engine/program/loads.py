"""Per-exercise load targets by double progression (issue 18 item 2).

Double progression: hold the load and add reps to the top of the range, then add the smallest load
step the gear allows and drop to the bottom (science.md §6: Legion; ACSM 2009 "raise the load when the
lifter does 1–2 reps over the target"). Sets at or above the prescribed effort count: a logged RPE that
leaves fewer reps in reserve than prescribed, minus one rep of misjudgement (Hackett 2017, §3), is not a
hit. A set below the range, or a planned exercise not trained all week, brings the load one step down.
Dumbbells stop at the heaviest pair the user owns; there, reps and sets progress instead (§6 [J]).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from fitcoach.contract.models import Load, LoadUnit
from fitcoach.engine.program.model import DoneExercise, convert
from fitcoach.library.gear import Gear, Inventory
from fitcoach.library.models import Exercise


class GearKind(StrEnum):
    DUMBBELL = "dumbbell"
    BARBELL = "barbell"
    STACK = "stack"
    BODYWEIGHT = "bodyweight"


INCREMENT: dict[tuple[GearKind, LoadUnit], float] = {
    (GearKind.DUMBBELL, "lb"): 5.0,
    (GearKind.DUMBBELL, "kg"): 2.0,
    (GearKind.BARBELL, "lb"): 5.0,
    (GearKind.BARBELL, "kg"): 2.5,
    (GearKind.STACK, "lb"): 5.0,
    (GearKind.STACK, "kg"): 2.5,
}
"""The smallest step (science.md §6 increments [J]): the next dumbbell pair (5 lb, 2 kg), two of the
smallest common plates on a bar (2 × 2.5 lb, 2 × 1.25 kg), one stack plate on a cable or machine."""

RIR_TOLERANCE = 1
"""Lifters misjudge RIR by about one rep near failure (Hackett 2017, science.md §3)."""

MAX_SETS_AT_CAP = 5
"""At the heaviest pair a set is added up to five per exercise; past it, reps and a slower lowering."""

MAX_REP_TOP = 30
"""Sets to 30 reps still count as hard sets for hypertrophy (RP's 5–30 reps, science.md §3)."""

BODYWEIGHT_REP_STEP = 2
"""A bodyweight range moves up two reps at a time ("8-12" → "10-14")."""

_RANGE = re.compile(r"^\s*(\d{1,3})\s*(?:[-\u2013]\s*(\d{1,3}))?\s*$")


def gear_kind(exercise: Exercise) -> GearKind:
    mentioned = exercise.gear.mentions()
    if Gear.BARBELL in mentioned:
        return GearKind.BARBELL
    if Gear.DUMBBELLS in mentioned:
        return GearKind.DUMBBELL
    if mentioned & {
        Gear.CABLE_MACHINE,
        Gear.MACHINE,
        Gear.LEG_PRESS_MACHINE,
        Gear.LEG_EXTENSION_MACHINE,
        Gear.HAMSTRING_MACHINE,
    }:
        return GearKind.STACK
    return GearKind.BODYWEIGHT


def load_kind(exercise: Exercise) -> GearKind:
    """The gear a target load is counted on: a load on bodyweight work is a dumbbell held (issue 18,
    `bodyweight.py`), so it moves along the dumbbell grid and the pairs owned."""
    kind = gear_kind(exercise)
    return GearKind.DUMBBELL if kind is GearKind.BODYWEIGHT else kind


def rep_range(text: str) -> tuple[int, int] | None:
    """ "8-10" → (8, 10), "12" → (12, 12); seconds, AMRAP and the like → None."""
    match = _RANGE.match(text)
    if match is None:
        return None
    low = int(match.group(1))
    high = int(match.group(2) or low)
    return (low, high) if 0 < low <= high else None


def rep_text(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def increment(kind: GearKind, unit: LoadUnit) -> float:
    return INCREMENT.get((kind, unit), 0.0)


def cap(kind: GearKind, inventory: Inventory, unit: LoadUnit) -> float | None:
    """The heaviest load the gear allows, in `unit` (dumbbells only: bars and stacks have no known top)."""
    if kind is not GearKind.DUMBBELL or inventory.dumbbell_max_lb is None:
        return None
    return convert(inventory.dumbbell_max_lb, "lb", unit) + 1e-6


def owned_pairs(kind: GearKind, inventory: Inventory, unit: LoadUnit) -> tuple[float, ...]:
    """The fixed dumbbell pairs the user listed, in `unit`, lightest first; empty when they did not
    list them (every step up to the cap) or for other gear."""
    if kind is not GearKind.DUMBBELL:
        return ()
    return tuple(sorted({tidy(convert(pair, "lb", unit)) for pair in inventory.dumbbell_pairs_lb}))


@dataclass(frozen=True)
class Grid:
    """The loads the gear allows: every `step` up to `top`, or only the pairs owned."""

    step: float
    top: float | None
    pairs: tuple[float, ...] = ()

    def up(self, value: float, steps: int = 1) -> float | None:
        """`steps` steps heavier (one pair heavier when pairs are listed); None past the top."""
        if self.pairs:
            heavier = [pair for pair in self.pairs if pair > value + 1e-6]
            return heavier[0] if heavier else None
        new = tidy(value + steps * self.step)
        return new if self.top is None or new <= self.top else None

    def down(self, value: float) -> float:
        """One step lighter: the next lighter pair owned (the lightest at least), else one step."""
        if self.pairs:
            lighter_pairs = [pair for pair in self.pairs if pair < value - 1e-6]
            return lighter_pairs[-1] if lighter_pairs else self.pairs[0]
        return self.snap(step_down(value, self.step))

    def snap(self, value: float) -> float:
        """The heaviest load the gear allows at or below `value` (the lightest pair at least)."""
        if self.pairs:
            at_most = [pair for pair in self.pairs if pair <= value + 1e-6]
            return at_most[-1] if at_most else self.pairs[0]
        if self.top is None or value <= self.top:
            return value
        return tidy(max(self.step, (self.top // self.step) * self.step)) if self.step > 0 else tidy(self.top)


def grid(kind: GearKind, inventory: Inventory, unit: LoadUnit) -> Grid:
    return Grid(increment(kind, unit), cap(kind, inventory, unit), owned_pairs(kind, inventory, unit))


def tidy(value: float) -> float:
    """A load as the user reads it: to 0.25, no float noise."""
    return round(round(value * 4) / 4, 2)


def step_down(value: float, step: float) -> float:
    return tidy(max(step, value - step))


def lighter(value: float, share: float, step: float) -> float:
    """`share` of a load to the nearest step of the gear's grid: below the load when the share is under
    1 (one step down at least, never under one step), the load itself at 1."""
    if share >= 1 or step <= 0:
        return tidy(value if share >= 1 else value * share)
    grid = round(value * share / step) * step
    return tidy(max(step, min(grid, value - step)))


class Outcome(StrEnum):
    HIT = "hit"
    IN_RANGE = "in_range"
    FAILED = "failed"
    MISSED = "missed"


@dataclass(frozen=True)
class Performance:
    """How the week's last exposure went against the prescription."""

    outcome: Outcome
    load: float
    unit: LoadUnit
    fewest_reps: int


def judge(
    done: DoneExercise | None, *, reps: tuple[int, int], sets: int, rir: int, unit: LoadUnit
) -> Performance:
    """HIT: every prescribed set at the top load reached the top of the range at the prescribed effort
    (±1 RIR); FAILED: a set fell below the range; MISSED: not trained; else IN_RANGE."""
    working = [s for s in (done.working() if done else ()) if s.reps > 0]
    if not working:
        return Performance(Outcome.MISSED, 0.0, unit, 0)
    load = max(convert(s.weight, s.unit, unit) for s in working)
    top = [s for s in working if convert(s.weight, s.unit, unit) >= load - 1e-6]
    low, high = reps
    fewest = min(s.reps for s in top)
    if any(s.reps < low for s in working):
        return Performance(Outcome.FAILED, tidy(load), unit, fewest)
    at_effort = all(s.rir is None or s.rir >= rir - RIR_TOLERANCE for s in top)
    if len(top) >= sets and fewest >= high and at_effort:
        return Performance(Outcome.HIT, tidy(load), unit, fewest)
    return Performance(Outcome.IN_RANGE, tidy(load), unit, fewest)


def as_load(value: float, unit: LoadUnit) -> Load:
    return Load(value=tidy(value), unit=unit)
