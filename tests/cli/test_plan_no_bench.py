"""Issue 13's first "done when": `fitcoach plan generate` with "no bench" memory, in every language,
programs no exercise that needs a bench (the stored fact is read by the one fact reader)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fitcoach.cli.main import app
from fitcoach.library import Gear, get_library

NO_BENCH = {
    "en": "Dumbbells up to 20 kg, no bench.",
    "en-without": "Home gym: dumbbells up to 45 lb and a pull-up bar, without a bench.",
    "fr": "Haltères jusqu'à 20 kg, pas de banc.",
    "pt": "Halteres até 20 kg, sem banco.",
    "ru": "Гантели до 20 кг, без скамьи.",
    "ru-trailing": "Гантели до 20 кг есть, а скамьи нет.",
    "zh-Hant": "啞鈴最重20公斤，沒有訓練椅。",
}
BENCHES = {Gear.BENCH, Gear.FLAT_BENCH, Gear.INCLINE_BENCH}


@pytest.mark.parametrize("fact", NO_BENCH.values(), ids=NO_BENCH.keys())
def test_no_bench_memory_generates_no_bench_exercise(tmp_path: Path, fact: str) -> None:
    memory = tmp_path / "memory.json"
    memory.write_text(
        json.dumps(
            [
                {"id": "mem_01", "tier": "tier_1_staples", "entry": {"category": "equipment", "fact": fact}},
                {
                    "id": "mem_02",
                    "tier": "tier_1_staples",
                    "entry": {"category": "goal", "fact": "Hypertrophy"},
                },
            ]
        ),
        encoding="utf-8",
    )
    args = ["plan", "generate", "--memory", str(memory), "--days-per-week", "4", "--minutes", "60"]
    result = CliRunner().invoke(app, [*args, "--week-start", "2026-09-14", "--now", "2026-09-14T10:00:00Z"])
    assert result.exit_code == 0, result.output
    week = json.loads(result.stdout)
    library = get_library()
    slugs = [
        exercise["exercise_id"]
        for day in week["days"].values()
        for block in day["blocks"]
        for exercise in block["exercises"]
    ]
    assert slugs, "the week trains"
    with_bench = [slug for slug in slugs if library.require(slug).gear.mentions() & BENCHES]
    # an exercise that can use a bench or do without ("X / Bodyweight") never mentions one here
    needs_bench = [
        slug
        for slug in with_bench
        if not library.require(slug).gear.satisfied_by(
            frozenset({Gear.BODYWEIGHT, Gear.DUMBBELLS, Gear.PULL_UP_BAR})
        )
    ]
    assert needs_bench == [], needs_bench
