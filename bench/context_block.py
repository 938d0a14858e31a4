"""Prints how large the runtime context block is (R29), how much the compact plan saves, and how large
it gets under a flood of memory (issue 17: the caps' 50 active items of 500 characters each, plus the
longest message), where the size limit leaves out the least important lines.

Run: `.venv/bin/python bench/context_block.py`; writes bench/results/context_block.json.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path

from fitcoach.contract.models import Tier, Tier1Entry, Tier2Entry, Tier3Entry, Weekday, WeeklyPlan
from fitcoach.memory.caps import (
    MAX_ITEMS_PER_TIER,
    MAX_ITEMS_PER_USER,
    MAX_MEMORY_CHARS,
    MAX_RUNTIME_BLOCK_CHARS,
)
from fitcoach.memory.context import render_plan, render_runtime_block
from fitcoach.memory.model import MemoryItem

ROOT = Path(__file__).resolve().parent.parent
NOW = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)
RUNS = 2000


def flood_items() -> list[MemoryItem]:
    """As many 500-character facts as the caps allow: every tier full, up to the per-user cap."""
    fact = ("a long stated fact " * 30)[:500]
    entries: list[tuple[Tier, Tier1Entry | Tier2Entry | Tier3Entry]] = []
    for _ in range(MAX_ITEMS_PER_TIER[Tier.PHYSIOLOGICAL]):
        entries.append((Tier.PHYSIOLOGICAL, Tier2Entry(body_part="knee", condition="soreness", fact=fact)))
    for n in range(MAX_ITEMS_PER_TIER[Tier.SITUATIONAL]):
        entries.append((Tier.SITUATIONAL, Tier3Entry(event=f"event {n}", fact=fact)))
    while len(entries) < MAX_ITEMS_PER_USER:
        entries.append((Tier.STAPLES, Tier1Entry(category="goal", fact=fact)))
    return [
        MemoryItem(
            id=f"mem_{n:02d}",
            tier=tier,
            entry=entry,
            created_at=NOW - dt.timedelta(minutes=n),
            updated_at=NOW,
            expires_at=None if tier is Tier.STAPLES else NOW + dt.timedelta(days=2),
        )
        for n, (tier, entry) in enumerate(entries)
    ]


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
    flood = flood_items()
    started = time.perf_counter()
    for _ in range(RUNS // 20):
        flooded = render_runtime_block(
            now=NOW,
            active_tab="coach",
            selected_day=Weekday.MONDAY,
            items=flood,
            plan=plan,
            message="m" * 4000,
        )
    flood_ms = (time.perf_counter() - started) * 1000 / (RUNS // 20)
    memory = flooded[flooded.index("- Tier 1 Staples:") : flooded.index("ACTIVE WEEKLY TRAINING PLAN:")]
    figures = {
        "full_plan_chars": len(plan.model_dump_json(indent=2)),
        "full_plan_compact_json_chars": len(plan.model_dump_json()),
        "compact_plan_chars": len(render_plan(plan)),
        "block_chars": len(block),
        "render_ms": round(per_render_ms, 3),
        "flood_items": len(flood),
        "flood_memory_chars_unbounded": sum(len(item.entry.fact) for item in flood),
        "flood_block_chars": len(flooded),
        "flood_memory_chars": len(memory) - 1,
        "flood_render_ms": round(flood_ms, 3),
        "limit_block_chars": MAX_RUNTIME_BLOCK_CHARS,
        "limit_memory_chars": MAX_MEMORY_CHARS,
    }
    for name, value in figures.items():
        print(f"{name:30} {value}")
    results = ROOT / "bench/results"
    results.mkdir(parents=True, exist_ok=True)
    (results / "context_block.json").write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
