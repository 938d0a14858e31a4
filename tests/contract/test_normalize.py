"""The normaliser fills exactly the server-owned fields (R31) and nothing the model decided."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fitcoach.contract.models import CoachReply, DayPlan, Proposal, ProposalType, Weekday, WeeklyPlan
from fitcoach.contract.normalize import (
    REST_DAY_TITLE,
    clean_raw_reply,
    missing_server_fields,
    monday_of,
    normalize_reply,
)
from fitcoach.library import get_library


def _raw(data_dir: Path, name: str) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads((data_dir / "seeds" / name).read_text())
    return raw


def _week(data_dir: Path) -> WeeklyPlan:
    data = CoachReply.model_validate(_raw(data_dir, "onboarding_update_week.json")).proposal.data
    assert isinstance(data, WeeklyPlan)
    return data


def test_update_day_takes_its_date_from_the_active_plan_week(data_dir: Path) -> None:
    raw = _raw(data_dir, "monday_update_day.json")
    raw["proposal"]["target_day"] = "thursday"
    raw["proposal"]["data"]["date"] = "2031-01-01"
    raw["proposal"]["data"]["day_of_week"] = "Monday"
    plan = _week(data_dir)  # week of Monday 2026-09-14
    reply = normalize_reply(
        CoachReply.model_validate(raw), library=get_library(), week_start=date(2030, 1, 7), plan=plan
    )
    day = reply.proposal.data
    assert isinstance(day, DayPlan)
    assert (day.date, day.day_of_week, day.status) == (date(2026, 9, 17), "Thursday", "scheduled")
    assert [e.name for e in day.exercises()] == [
        "Incline DB Bench Press",
        "DB Lateral Raise",
        "Overhead DB Tricep Extension",
    ]
    # everything the model decided is untouched
    assert reply.message == raw["message"]
    assert [e.target_sets for e in day.exercises()] == [3, 3, 3]


def test_week_gets_seven_days_and_keeps_the_days_it_was_given(data_dir: Path) -> None:
    reply = CoachReply.model_validate(_raw(data_dir, "onboarding_update_week.json"))
    args: dict[str, Any] = {"library": get_library(), "week_start": None, "plan": None}
    missing = missing_server_fields(reply, **args)
    week = normalize_reply(reply, **args).proposal.data
    assert isinstance(week, WeeklyPlan)
    assert list(week.days) == list(Weekday)
    assert week.days[Weekday.MONDAY].title == "Upper Body Push & Delt Focus"
    assert [d.date for d in week.days.values()] == [date(2026, 9, 14 + i) for i in range(7)]
    added = [day for day in Weekday if day is not Weekday.MONDAY]
    assert all(week.days[day].is_rest_day and week.days[day].title == REST_DAY_TITLE for day in added)
    assert missing == [f"proposal.data.days.{day.value}" for day in added]


def test_week_start_from_the_caller_moves_every_date(data_dir: Path) -> None:
    reply = CoachReply.model_validate(_raw(data_dir, "onboarding_update_week.json"))
    week = normalize_reply(
        reply, library=get_library(), week_start=date(2026, 9, 23), plan=None
    ).proposal.data
    assert isinstance(week, WeeklyPlan)
    assert week.week_start_date == date(2026, 9, 21)
    assert week.days[Weekday.SUNDAY].date == date(2026, 9, 27)


def test_a_completed_day_is_kept_and_a_wrong_name_is_corrected(data_dir: Path) -> None:
    raw = _raw(data_dir, "onboarding_update_week.json")
    monday = raw["proposal"]["data"]["days"]["monday"]
    monday.update(status="completed", completed_log_id="log_1", completed_at="2026-09-14T18:00:00Z")
    monday["blocks"][0]["exercises"][0]["name"] = "Bench of Dreams"
    reply = CoachReply.model_validate(raw)
    args: dict[str, Any] = {"library": get_library(), "week_start": None, "plan": None}
    missing = missing_server_fields(reply, **args)
    week = normalize_reply(reply, **args).proposal.data
    assert isinstance(week, WeeklyPlan)
    day = week.days[Weekday.MONDAY]
    assert (day.status, day.completed_log_id) == ("completed", "log_1")
    assert day.blocks[0].exercises[0].name == "Incline DB Bench Press"
    assert "proposal.data.days.monday.blocks[0].exercises[0].name" in missing
    assert "proposal.data.days.monday.status" not in missing


def test_an_unknown_slug_keeps_its_name_for_the_guard(data_dir: Path) -> None:
    raw = _raw(data_dir, "monday_update_day.json")
    raw["proposal"]["data"]["blocks"][0]["exercises"][0]["exercise_id"] = "moon-press"
    reply = normalize_reply(CoachReply.model_validate(raw), library=get_library(), week_start=None, plan=None)
    day = reply.proposal.data
    assert isinstance(day, DayPlan)
    assert day.blocks[0].exercises[0].name is None
    assert day.date == date(2026, 9, 14)  # no week known: the model's date stays


@pytest.mark.parametrize(
    ("proposal", "expected"),
    [
        (
            {"type": "NONE", "target_day": "Monday", "summary_diff": "x", "data": {"title": "x"}},
            {"type": "NONE", "target_day": None, "summary_diff": None, "data": None},
        ),
        ({"type": "UPDATE_DAY", "target_day": " Friday "}, {"type": "UPDATE_DAY", "target_day": "friday"}),
    ],
)
def test_raw_cleaning(proposal: dict[str, Any], expected: dict[str, Any]) -> None:
    cleaned = clean_raw_reply({"message": "ok", "proposal": proposal, "memory_mutations": []})
    assert cleaned["proposal"] == expected


def test_a_none_reply_with_stray_data_parses_after_cleaning() -> None:
    raw = {"message": "Keep going.", "proposal": {"type": "NONE", "data": {"title": "x"}}}
    reply = CoachReply.model_validate(clean_raw_reply(raw))
    assert reply.proposal == Proposal.none()
    assert reply.proposal.type is ProposalType.NONE


@pytest.mark.parametrize("raw", [None, [], "text", {"message": "no proposal"}])
def test_raw_cleaning_leaves_other_shapes_to_the_validator(raw: Any) -> None:
    assert clean_raw_reply(raw) == raw


@settings(max_examples=60, deadline=None)
@given(
    target=st.sampled_from(list(Weekday)),
    anchor=st.dates(min_value=date(2024, 1, 1), max_value=date(2030, 12, 31)),
    drop=st.sets(st.sampled_from(["status", "completed_log_id", "completed_at", "date", "day_of_week"])),
)
def test_normalising_is_complete_and_idempotent(target: Weekday, anchor: date, drop: set[str]) -> None:
    """Whatever server-owned fields a day answer omits, one pass fills them all and a second changes
    nothing; the date always falls on the target weekday of the anchor's week."""
    raw = json.loads((Path(__file__).parents[1] / "data/seeds/monday_update_day.json").read_text())
    raw["proposal"]["target_day"] = target.value
    for field in drop:
        raw["proposal"]["data"].pop(field, None)
    args: dict[str, Any] = {"library": get_library(), "week_start": anchor, "plan": None}
    once = normalize_reply(CoachReply.model_validate(raw), **args)
    assert missing_server_fields(once, **args) == []
    assert normalize_reply(once, **args) == once
    day = once.proposal.data
    assert isinstance(day, DayPlan) and day.date is not None
    assert Weekday.of(day.date) is target
    assert monday_of(anchor) <= day.date < monday_of(anchor) + timedelta(days=7)
