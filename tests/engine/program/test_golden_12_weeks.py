"""Golden: twelve weeks of the seed athlete (dumbbells to 50 lb, adjustable bench, chest and delts,
4 × 45 min) trained through a fixed history: loads rise by the next pair, stop at the heaviest pair,
step down after failed sets, a deload ends the block, and a shoulder strain is followed by a ramp
back. Regenerate after a deliberate change with `FITCOACH_WRITE_GOLDEN=1`."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path
from typing import Any

from fitcoach.engine.profile import Profile
from fitcoach.engine.program import propose_next_week
from fitcoach.engine.validator import validate_week
from fitcoach.library import get_library
from tests.engine.helpers import seed_profile
from tests.engine.program.simulate import Lifter, Week, at

GOLDEN = Path(__file__).parents[2] / "data" / "program" / "golden_12_weeks.json"
HISTORY = [
    Week.HIT,
    Week.HIT,
    Week.IN_RANGE,
    Week.HIT,
    Week.MISS,
    Week.HIT,  # the deload week
    Week.HIT,
    Week.HURT,
    Week.HIT,
    Week.PAIN,
    Week.HIT,
    Week.HIT,
]


def _record(lifter: Lifter, profile: Profile) -> list[dict[str, Any]]:
    records = []
    for kind in HISTORY:
        lifter.train(kind)
        now = at(lifter.plan.week_start_date + timedelta(days=6), 20)
        proposed = propose_next_week(
            lifter.plan, lifter.history(), lifter.profile_at(now), now=now, library=get_library(), minutes=45
        )
        plan = proposed.plan
        assert validate_week(plan, lifter.profile_at(now), library=get_library(), minutes=45).ok
        lifter.plan = plan
        info = plan.program
        assert info is not None
        monday = plan.days[plan.training_days()[0]]
        records.append(
            {
                "trained": kind.value,
                "week": plan.week_start_date.isoformat(),
                "block": f"{info.block.number}:{info.block.week}/{info.block.length}"
                + (" deload" if info.block.deload else ""),
                "summary_diff": proposed.summary,
                "first_day": [
                    f"{p.exercise_id} {p.target_sets}x{p.target_reps}"
                    + (f" @{p.target_load.value:g}{p.target_load.unit}" if p.target_load else "")
                    + (f" RIR{p.target_rir}" if p.target_rir is not None else "")
                    for p in monday.exercises()
                ],
                "ramp": [f"{r.exercise_id} {r.step}/{r.steps}" for r in info.ramp],
                "sets_per_group": info.sets_per_group,
            }
        )
    return records


def test_twelve_weeks_of_the_seed_athlete_match_the_golden_history() -> None:
    profile = seed_profile()
    records = _record(Lifter(profile), profile)
    if os.environ.get("FITCOACH_WRITE_GOLDEN"):
        GOLDEN.write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert records == json.loads(GOLDEN.read_text(encoding="utf-8"))
