"""Engine benchmark: generate + validate one week, and validate one week; prints p50/p90 and saves JSON.

Run: `.venv/bin/python bench/engine_bench.py` (writes bench/results/engine.json).
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path

from fitcoach.contract.models import Tier, Tier1Entry, WeeklyPlan
from fitcoach.engine.generator import ScheduleRequest, generate_week
from fitcoach.engine.profile import Profile, build_profile
from fitcoach.engine.validator import validate_week
from fitcoach.library import get_library
from fitcoach.memory.model import MemoryItem

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2026, 9, 14, 10, tzinfo=UTC)
GOAL_MS = 5.0


def seed_profile() -> Profile:
    facts = [
        ("equipment", "Home gym with dumbbells up to 50 lbs and adjustable bench."),
        ("goal", "Hypertrophy focus with priority on chest and delts; 4 days/week, 45 min."),
        ("chronic_condition", "Lower back gets cranky on heavy deadlifts."),
    ]
    items = [
        MemoryItem(
            id=f"m{i}",
            tier=Tier.STAPLES,
            entry=Tier1Entry.model_validate({"category": c, "fact": f}),
            created_at=NOW,
            updated_at=NOW,
        )
        for i, (c, f) in enumerate(facts)
    ]
    return build_profile(items, NOW)


def measure(action: Callable[[], object], runs: int) -> dict[str, float]:
    """Wall-clock and CPU-time percentiles: CPU time stays honest while other jobs load the machine."""
    action()  # warm caches (library, regexes) so the figures show steady state
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.thread_time()
        action()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
    wall.sort()
    cpu.sort()
    return {
        "runs": runs,
        "p50_ms": round(statistics.median(wall), 3),
        "p90_ms": round(wall[int(0.9 * runs) - 1], 3),
        "max_ms": round(wall[-1], 3),
        "cpu_p50_ms": round(statistics.median(cpu), 3),
        "cpu_p90_ms": round(cpu[int(0.9 * runs) - 1], 3),
    }


def main(runs: int = 500) -> dict[str, object]:
    library = get_library()
    profile = seed_profile()
    week = WeeklyPlan.model_validate(json.loads((ROOT / "tests/data/fixtures/home_db_4day.json").read_text()))

    def generate_and_validate() -> None:
        plan = generate_week(profile, ScheduleRequest(), library=library, week_start=date(2026, 9, 14)).plan
        validate_week(plan, profile, library=library)

    def validate_only() -> None:
        validate_week(week, profile, library=library)

    results: dict[str, object] = {
        "load_average_1m": round(os.getloadavg()[0], 2),
        "machine": f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}",
        "goal_p50_ms": GOAL_MS,
        "generate_and_validate_week": measure(generate_and_validate, runs),
        "validate_week": measure(validate_only, runs),
    }
    out = ROOT / "bench" / "results" / "engine.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    for name in ("generate_and_validate_week", "validate_week"):
        figures = results[name]
        print(f"{name:28s} {figures}")
    return results


if __name__ == "__main__":
    main()
