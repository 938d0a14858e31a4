"""The guard fills every field the server owns (R31, R33) when a model leaves it out, as a model
under Gemini's lean response schema always does, and keeps what a full-contract answer wrote."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fitcoach.agent.guard import GuardContext, check_answer
from fitcoach.contract.models import DayPlan, WeeklyPlan
from fitcoach.engine.estimators import fill_estimates
from fitcoach.library import get_library
from fitcoach.memory.model import MemoryItem
from tests.engine.helpers import staple
from tests.lean_answers import lean_shaped

NOW = datetime(2026, 9, 14, 10, tzinfo=UTC)


def _seed(data_dir: Path, name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((data_dir / "seeds" / name).read_text())
    return loaded


def _ctx(data_dir: Path, *, plan: bool, memory: list[MemoryItem] | None = None) -> GuardContext:
    active = WeeklyPlan.model_validate_json((data_dir / "fixtures/home_db_4day.json").read_text())
    return GuardContext(library=get_library(), memory=memory or [], plan=active if plan else None, now=NOW)


def test_a_lean_week_is_accepted_with_calendar_status_names_estimates_and_summary(data_dir: Path) -> None:
    verdict = check_answer(
        json.dumps(lean_shaped(_seed(data_dir, "onboarding_update_week.json"))), _ctx(data_dir, plan=False)
    )
    assert verdict.ok, verdict.problems
    assert verdict.reply is not None
    week = verdict.reply.proposal.data
    assert isinstance(week, WeeklyPlan)
    assert week == fill_estimates(week, get_library())  # every estimate is the engine's own
    assert week.summary.frequency == len(week.training_days()) > 0
    for offset, (weekday, day) in enumerate(week.days.items()):
        assert (day.day_of_week, day.status, day.completed_log_id) == (weekday.display, "scheduled", None)
        assert day.date is not None and (day.date - week.week_start_date).days == offset
        assert all(exercise.name for exercise in day.exercises())
    training = week.days[week.training_days()[0]]
    assert training.duration_minutes > 0 and training.estimated_volume_lbs > 0 and training.muscle_focus


def test_a_lean_day_gets_the_engines_estimates(data_dir: Path) -> None:
    home = staple("equipment", "Home gym with dumbbells up to 50 lbs and adjustable bench.")
    ctx = _ctx(data_dir, plan=True, memory=[home])
    verdict = check_answer(json.dumps(lean_shaped(_seed(data_dir, "monday_update_day.json"))), ctx)
    assert verdict.ok, verdict.problems
    assert verdict.reply is not None
    day = verdict.reply.proposal.data
    assert isinstance(day, DayPlan)
    expected = fill_estimates(day, get_library())
    assert (day.duration_minutes, day.estimated_volume_lbs) == (
        expected.duration_minutes,
        expected.estimated_volume_lbs,
    )
    assert day.muscle_focus == expected.muscle_focus and day.muscle_focus
    assert str(day.date) == "2026-09-14" and day.status == "scheduled"


def test_estimates_a_model_wrote_are_kept(data_dir: Path) -> None:
    home = staple("equipment", "Home gym with dumbbells up to 50 lbs and adjustable bench.")
    verdict = check_answer(
        json.dumps(_seed(data_dir, "monday_update_day.json")), _ctx(data_dir, plan=True, memory=[home])
    )
    assert verdict.ok, verdict.problems
    assert verdict.reply is not None
    day = verdict.reply.proposal.data
    assert isinstance(day, DayPlan)
    assert (day.duration_minutes, day.estimated_volume_lbs) == (30, 7200)
    assert [focus.muscle for focus in day.muscle_focus] == ["Chest", "Shoulders"]
