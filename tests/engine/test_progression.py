"""Double progression, gear increments, the dumbbell cap and plateau detection."""

from __future__ import annotations

import pytest

from fitcoach.engine.history import LoggedSet
from fitcoach.engine.progression import Action, GearKind, Session, epley, is_plateau, progression_advice
from fitcoach.library.gear import Gear, Inventory

HOME = Inventory(gear=frozenset({Gear.DUMBBELLS}), dumbbell_max_lb=50)


def session(weight: float, *reps: int, rpe: float = 8) -> Session:
    return Session([LoggedSet(weight, r, rpe) for r in reps])


def test_epley_matches_science_table() -> None:
    assert epley(100, 5) == pytest.approx(116.67, abs=0.01)
    assert epley(100, 1) == 100


def test_top_of_range_adds_smallest_increment() -> None:
    advice = progression_advice([session(40, 10, 10, 10)], rep_range=(8, 10), inventory=HOME)
    assert (advice.action, advice.next_load_lb, advice.next_reps, advice.increment_lb) == (
        Action.ADD_LOAD,
        45,
        8,
        5,
    )


def test_below_top_adds_reps() -> None:
    advice = progression_advice([session(40, 9, 8, 8)], rep_range=(8, 10), inventory=HOME)
    assert (advice.action, advice.next_load_lb, advice.next_reps) == (Action.ADD_REPS, 40, 9)


def test_too_hard_holds_load() -> None:
    advice = progression_advice([session(40, 10, 10, 10, rpe=10)], rep_range=(8, 10), inventory=HOME)
    assert advice.action is Action.ADD_REPS and advice.next_load_lb == 40


def test_at_dumbbell_cap_progresses_otherwise() -> None:
    advice = progression_advice([session(50, 12, 12, 12)], rep_range=(10, 12), inventory=HOME)
    assert advice.at_cap and advice.action is Action.ADD_SET_OR_TEMPO and advice.next_load_lb == 50
    assert advice.next_reps == 13


def test_barbell_has_no_dumbbell_cap() -> None:
    advice = progression_advice(
        [session(135, 5, 5, 5)], rep_range=(3, 5), inventory=HOME, gear=GearKind.BARBELL
    )
    assert advice.action is Action.ADD_LOAD and advice.next_load_lb == 140


def test_plateau_after_three_flat_exposures() -> None:
    flat = [session(40, 8, 8, 7), session(40, 8, 8, 7), session(40, 8, 7, 7)]
    assert is_plateau(flat)
    assert progression_advice(flat, rep_range=(8, 10), inventory=HOME).action is Action.CHANGE_STIMULUS
    rising = [session(40, 8, 8, 7), session(40, 9, 8, 8), session(40, 10, 9, 9)]
    assert not is_plateau(rising)


def test_no_history_starts_at_bottom() -> None:
    advice = progression_advice([], rep_range=(8, 12), inventory=HOME)
    assert advice.action is Action.START and advice.next_reps == 8
