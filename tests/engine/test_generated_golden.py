"""Pinned generator output: the weeks (and notes) of representative profiles, byte for byte.

Speed work on the generator must not change a single plan; a deliberate change of programming
regenerates the pins with `python -m tests.engine.test_generated_golden` and says why in its commit.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from fitcoach.contract.models import WEEKDAYS, Weekday
from fitcoach.engine.bodyparts import BodyArea
from fitcoach.engine.generator import FocusGroup, ScheduleRequest, generate_week
from fitcoach.engine.history import GroupRecovery
from fitcoach.engine.profile import Constraint, ConstraintKind, Event, Goal, GoalType, Profile
from fitcoach.library import Gear, get_library
from fitcoach.library.gear import COMMERCIAL_GYM, Inventory
from fitcoach.library.models import IndexGroup, MuscleGroup
from tests.engine.helpers import MONDAY, NOW, seed_profile

PINS = Path(__file__).parent.parent / "data" / "engine_golden_weeks.json"
RANDOM_CASES = 16
FOCUS_ITEMS: list[FocusGroup] = [
    IndexGroup.ARMS,
    IndexGroup.SHOULDERS,
    IndexGroup.LEGS_QUAD,
    MuscleGroup.CHEST,
    MuscleGroup.BICEPS,
]


def _random_case(seed: int) -> tuple[Profile, ScheduleRequest]:
    """A profile and request drawn like the property tests draw them, from a fixed seed."""
    rng = random.Random(seed)
    gear = frozenset(g for g in Gear if rng.random() < 0.5)
    inventory = Inventory(
        gear=gear,
        dumbbell_max_lb=rng.choice([None, 20.0, 50.0, 90.0]),
        unavailable=frozenset(rng.sample([Gear.BENCH, Gear.CABLE_MACHINE, Gear.BARBELL], rng.randint(0, 1))),
        known=rng.random() < 0.8,
    )
    areas, kinds = list(BodyArea), list(ConstraintKind)
    chronic = tuple(Constraint(rng.choice(areas), rng.choice(kinds)) for _ in range(rng.randint(0, 2)))
    expiry = NOW + timedelta(days=rng.randint(1, 6))
    acute = tuple(
        Constraint(rng.choice(areas), ConstraintKind.SORENESS, expires_at=expiry)
        for _ in range(rng.randint(0, 1))
    )
    groups = list(MuscleGroup)
    goal = Goal(type=rng.choice(list(GoalType)), priority=tuple(rng.sample(groups, rng.randint(0, 2))))
    count = rng.randint(2, 6)
    days = (
        tuple(sorted(rng.sample(WEEKDAYS, count), key=lambda d: d.position)) if rng.random() < 0.5 else None
    )
    focus: dict[Weekday, tuple[FocusGroup, ...]] = {}
    if days and rng.random() < 0.4:
        focus = {days[-1]: tuple(rng.sample(FOCUS_ITEMS, rng.randint(1, 2)))}
    request = ScheduleRequest(days=days, days_per_week=count, minutes=rng.randint(20, 90), focus=focus)
    profile = Profile(inventory=inventory, goal=goal, chronic=chronic, acute=acute)
    return profile, request


def _cases() -> dict[str, dict[str, Any]]:
    gym = Profile(
        inventory=Inventory(gear=COMMERCIAL_GYM, known=True),
        goal=Goal(GoalType.STRENGTH, (MuscleGroup.QUADS,)),
        events=(Event("race", MONDAY + timedelta(days=5), (BodyArea.KNEE,)),),
    )
    recovering = {
        MuscleGroup.CHEST: GroupRecovery(MuscleGroup.CHEST, hours_since=10, hard_sets=12, recovery_hours=72)
    }
    cases: dict[str, dict[str, Any]] = {
        "seed": {"profile": seed_profile(), "request": ScheduleRequest()},
        "seed-6x30": {"profile": seed_profile(), "request": ScheduleRequest(days_per_week=6, minutes=30)},
        "gym-event": {"profile": gym, "request": ScheduleRequest(days_per_week=5, minutes=75)},
        "gym-recovering": {
            "profile": Profile(inventory=Inventory(gear=COMMERCIAL_GYM, known=True)),
            "request": ScheduleRequest(days_per_week=3, minutes=60),
            "recovery": recovering,
        },
        "unknown-gear": {"profile": Profile(), "request": ScheduleRequest(days_per_week=4, minutes=45)},
    }
    for seed in range(RANDOM_CASES):
        profile, request = _random_case(seed)
        cases[f"random-{seed}"] = {"profile": profile, "request": request}
    return cases


def _generate(case: dict[str, Any]) -> dict[str, Any]:
    generated = generate_week(
        case["profile"],
        case["request"],
        library=get_library(),
        week_start=MONDAY,
        recovery=case.get("recovery"),
        now=datetime(2026, 9, 14, 8, tzinfo=UTC) if case.get("recovery") else None,
    )
    return {"plan": generated.plan.model_dump(mode="json"), "notes": generated.notes}


CASES = _cases()


def test_cases_cover_the_space() -> None:
    """The pins are only worth having if they cover focus days, sparse weeks and mid-week expiries."""
    requests = [case["request"] for case in CASES.values()]
    assert any(request.focus for request in requests)
    assert any(case["profile"].acute for case in CASES.values())
    assert len({request.minutes for request in requests}) > 8


@pytest.mark.parametrize("name", sorted(CASES))
def test_generated_week_matches_pin(name: str) -> None:
    pins = json.loads(PINS.read_text())
    assert _generate(CASES[name]) == pins[name]


if __name__ == "__main__":
    PINS.write_text(json.dumps({name: _generate(case) for name, case in CASES.items()}, indent=1) + "\n")
