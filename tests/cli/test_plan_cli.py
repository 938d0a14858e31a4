"""`fitcoach plan validate|generate` end to end through the real console app."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fitcoach.cli.main import app

DATA = Path(__file__).parent.parent / "data"
NOW = "2026-09-14T10:00:00Z"
MEMORY = [
    {
        "id": "mem_01",
        "tier": "tier_1_staples",
        "entry": {"category": "equipment", "fact": "Dumbbells up to 50 lbs and adjustable bench."},
    },
    {
        "id": "mem_02",
        "tier": "tier_1_staples",
        "entry": {"category": "goal", "fact": "Hypertrophy, chest and delts."},
    },
    {
        "id": "mem_03",
        "tier": "tier_2_physiological",
        "entry": {
            "body_part": "hamstrings",
            "condition": "soreness",
            "fact": "sore",
            "expires_at": "2026-09-19T00:00:00Z",
        },
    },
]

runner = CliRunner()


def write_memory(tmp_path: Path) -> Path:
    path = tmp_path / "memory.json"
    path.write_text(json.dumps(MEMORY))
    return path


def test_validate_fixture_exits_zero(tmp_path: Path) -> None:
    plan = DATA / "fixtures" / "home_db_4day.json"
    result = runner.invoke(
        app, ["plan", "validate", str(plan), "--memory", str(write_memory(tmp_path)), "--now", NOW]
    )
    assert result.exit_code == 0, result.output
    body = json.loads(result.output)
    assert body["errors"] == [] and isinstance(body["warnings"], list)


def test_validate_day_with_errors_exits_one(tmp_path: Path) -> None:
    week = json.loads((DATA / "fixtures" / "gym_fullbody_3day.json").read_text())
    path = tmp_path / "day.json"
    path.write_text(json.dumps(week["days"]["wednesday"]))
    result = runner.invoke(
        app,
        [
            "plan",
            "validate",
            str(path),
            "--memory",
            str(write_memory(tmp_path)),
            "--now",
            NOW,
            "--minutes",
            "30",
        ],
    )
    assert result.exit_code == 1
    errors = json.loads(result.output)["errors"]
    codes = {error["code"] for error in errors}
    assert {"equipment_unavailable", "contraindicated", "duration_over_budget"} <= codes
    assert any(
        error.get("exercise_id") == "conventional-deadlift" and error["day"] == "wednesday"
        for error in errors
    )


def test_expired_soreness_no_longer_blocks(tmp_path: Path) -> None:
    week = json.loads((DATA / "fixtures" / "gym_fullbody_3day.json").read_text())
    path = tmp_path / "day.json"
    path.write_text(json.dumps(week["days"]["friday"]))
    memory = ["--memory", str(write_memory(tmp_path))]
    during = runner.invoke(app, ["plan", "validate", str(path), *memory, "--now", NOW])
    after = runner.invoke(app, ["plan", "validate", str(path), *memory, "--now", "2026-09-20T10:00:00Z"])
    assert "contraindicated" in {e["code"] for e in json.loads(during.output)["errors"]}
    assert "contraindicated" not in {e["code"] for e in json.loads(after.output)["errors"]}


def test_generate_prints_a_valid_week(tmp_path: Path) -> None:
    memory = str(write_memory(tmp_path))
    args = [
        "plan",
        "generate",
        "--memory",
        memory,
        "--days",
        "monday,tuesday,thursday,saturday",
        "--minutes",
        "45",
    ]
    result = runner.invoke(
        app, [*args, "--focus", "saturday=arms,shoulders", "--week-start", "2026-09-14", "--now", NOW]
    )
    assert result.exit_code == 0, result.output
    week = json.loads(result.stdout)
    training = [d for d, body in week["days"].items() if not body["is_rest_day"]]
    assert training == ["monday", "tuesday", "thursday", "saturday"]
    plan = tmp_path / "week.json"
    plan.write_text(result.stdout)
    check = runner.invoke(
        app, ["plan", "validate", str(plan), "--memory", memory, "--now", NOW, "--minutes", "45"]
    )
    assert check.exit_code == 0, check.output


def test_generate_needs_days_or_count(tmp_path: Path) -> None:
    result = runner.invoke(app, ["plan", "generate", "--memory", str(write_memory(tmp_path))])
    assert result.exit_code == 2
