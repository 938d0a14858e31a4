"""Estimated one-rep max formulas (science.md §5, LeSuer et al. 1997), w = load and r = reps to failure.

Epley is the default: it matches Brzycki at 10 reps and is the formula the load prescriptions invert.
Every formula returns w itself for a one-rep set (a single is a measured max, not an estimate), so
Epley's and Mayhew's r = 1 overshoot (103.33 / 108.86 for 100 × 1) never becomes a record.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import StrEnum


class Formula(StrEnum):
    EPLEY = "epley"
    BRZYCKI = "brzycki"
    LANDER = "lander"
    LOMBARDI = "lombardi"
    MAYHEW = "mayhew"
    OCONNER = "oconner"
    WATHAN = "wathan"


def _epley(w: float, r: int) -> float:
    return w * (1 + r / 30)


def _brzycki(w: float, r: int) -> float:
    if r >= 37:
        raise ValueError("Brzycki is undefined at 37 reps or more")
    return w * 36 / (37 - r)


def _lander(w: float, r: int) -> float:
    return 100 * w / (101.3 - 2.67123 * r)


def _lombardi(w: float, r: int) -> float:
    return w * math.pow(r, 0.10)


def _mayhew(w: float, r: int) -> float:
    return 100 * w / (52.2 + 41.9 * math.exp(-0.055 * r))


def _oconner(w: float, r: int) -> float:
    return w * (1 + 0.025 * r)


def _wathan(w: float, r: int) -> float:
    return 100 * w / (48.8 + 53.8 * math.exp(-0.075 * r))


RAW_FORMULAS: dict[Formula, Callable[[float, int], float]] = {
    Formula.EPLEY: _epley,
    Formula.BRZYCKI: _brzycki,
    Formula.LANDER: _lander,
    Formula.LOMBARDI: _lombardi,
    Formula.MAYHEW: _mayhew,
    Formula.OCONNER: _oconner,
    Formula.WATHAN: _wathan,
}
"""The published equations as written, without the r = 1 rule (used to check against science.md)."""


def estimate_1rm(weight: float, reps: int, formula: Formula = Formula.EPLEY) -> float:
    """e1RM of a set of `reps` at `weight`; a one-rep set is its weight."""
    if reps < 1:
        raise ValueError("an e1RM needs at least one repetition")
    if reps == 1:
        return weight
    return RAW_FORMULAS[formula](weight, reps)


def load_for_reps(e1rm: float, reps: int, rir: int = 0) -> float:
    """Inverted Epley: the load for `reps` with `rir` reps in reserve (science.md §5)."""
    return e1rm / (1 + (reps + rir) / 30)
