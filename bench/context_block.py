"""Prints how large the runtime context block is (R29), and how much the compact plan saves.

Run: `.venv/bin/python bench/context_block.py`; writes bench/results/context_block.json.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path

from fitcoach.contract.models import Tier, Tier1Entry, Tier2Entry, Weekday, WeeklyPlan
from fitcoach.memory.context import render_plan, render_runtime_block
from fitcoach.memory.model import MemoryItem

ROOT = Path(__file__).resolve().parent.parent
NOW = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)
RUNS = 2000


def main() -> None:
    plan = WeeklyPlan.model_validate(json.loads((ROOT / "tests/data/fixtures/home_db_4day.json").read_text()))
    items = [
        MemoryItem(
            id="mem_01",
            tier=Tier.STAPLES,
            entry=Tier1Entry(
                category="equipment", fact="Home gym with dumbbells up to 50 lbs and adjustable bench."
            ),
            created_at=NOW,
            updated_at=NOW,
        ),
        MemoryItem(
            id="mem_03",
            tier=Tier.PHYSIOLOGICAL,
            entry=Tier2Entry(body_part="hamstrings", condition="soreness", fact="Hamstring soreness"),
            created_at=NOW,
            updated_at=NOW,
            expires_at=NOW + dt.timedelta(days=2),
        ),
    ]
    started = time.perf_counter()
    for _ in range(RUNS):
        block = render_runtime_block(
            now=NOW, active_tab="coach", selected_day=Weekday.MONDAY, items=items, plan=plan, message="Hi"
        )
    per_render_ms = (time.perf_counter() - started) * 1000 / RUNS
    figures = {
        "full_plan_chars": len(plan.model_dump_json(indent=2)),
        "full_plan_compact_json_chars": len(plan.model_dump_json()),
        "compact_plan_chars": len(render_plan(plan)),
        "block_chars": len(block),
        "render_ms": round(per_render_ms, 3),
    }
    for name, value in figures.items():
        print(f"{name:30} {value}")
    results = ROOT / "bench/results"
    results.mkdir(parents=True, exist_ok=True)
    (results / "context_block.json").write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
