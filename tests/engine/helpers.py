"""Builders for engine tests: memory items, profiles and small plans."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from fitcoach.contract.models import (
    WEEKDAYS,
    Block,
    DayPlan,
    PlannedExercise,
    Tier,
    Tier1Entry,
    Tier2Entry,
    WeeklyPlan,
)
from fitcoach.engine.profile import Profile, build_profile
from fitcoach.library import get_library
from fitcoach.library.gear import COMMERCIAL_GYM, Inventory
from fitcoach.memory.model import MemoryItem

DATA = Path(__file__).parent.parent / "data"
NOW = datetime(2026, 9, 14, 10, tzinfo=UTC)
MONDAY = date(2026, 9, 14)
GYM = Profile(inventory=Inventory(gear=COMMERCIAL_GYM))


def staple(category: str, fact: str, item_id: str = "m", **fields: Any) -> MemoryItem:
    entry = Tier1Entry.model_validate({"category": category, "fact": fact, **fields})
    return MemoryItem(id=item_id, tier=Tier.STAPLES, entry=entry, created_at=NOW, updated_at=NOW)


def acute(body_part: str, condition: str, expires_at: datetime, item_id: str = "a") -> MemoryItem:
    entry = Tier2Entry.model_validate(
        {
            "body_part": body_part,
            "condition": condition,
            "fact": f"{body_part} {condition}",
            "expires_at": expires_at,
        }
    )
    return MemoryItem(
        id=item_id,
        tier=Tier.PHYSIOLOGICAL,
        entry=entry,
        created_at=NOW,
        updated_at=NOW,
        expires_at=expires_at,
    )


def seed_memory() -> list[MemoryItem]:
    """The seed onboarding: dumbbells to 50 lb, adjustable bench, chest+delts, lower back, 4 x 45 min."""
    return [
        staple("equipment", "Home gym with dumbbells up to 50 lbs and adjustable bench.", "m1"),
        staple("goal", "Hypertrophy focus with priority on chest and delts; 4 days/week, 45 min.", "m2"),
        staple("chronic_condition", "Lower back gets cranky on heavy deadlifts.", "m3"),
    ]


def seed_profile() -> Profile:
    return build_profile(seed_memory(), NOW)


def fixture_week(name: str) -> WeeklyPlan:
    return WeeklyPlan.model_validate(json.loads((DATA / "fixtures" / f"{name}.json").read_text()))


def ex(
    slug: str, sets: int = 3, reps: str = "8-10", rest: int = 90, rir: int | None = None
) -> PlannedExercise:
    entry = get_library().get(slug)
    return PlannedExercise(
        exercise_id=slug,
        name=entry.name if entry else slug,
        target_sets=sets,
        target_reps=reps,
        rest_seconds=rest,
        target_rir=rir,
    )


def day(*blocks: list[PlannedExercise], rest: bool = False) -> DayPlan:
    return DayPlan(
        is_rest_day=rest,
        status="scheduled",
        title="Test",
        blocks=[Block(label=f"B{i}", exercises=b) for i, b in enumerate(blocks)],
    )


def week_of(days: dict[str, DayPlan]) -> WeeklyPlan:
    full = {w: days.get(w.value, day(rest=True)) for w in WEEKDAYS}
    return WeeklyPlan(week_start_date=MONDAY, days=full)
