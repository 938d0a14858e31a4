"""The three analytics tools on the eval fixture logs, against figures computed by hand below."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlalchemy.orm import Session

from fitcoach.analytics.tools import get_historical_exercise_logs, get_pr_records, get_volume_trends
from fitcoach.analytics.workouts import record_workout, remove_workout
from fitcoach.clock import FrozenClock
from fitcoach.contract.logs import LogCreate
from fitcoach.library import get_library
from fitcoach.storage.users import create_user
from tests.conftest import DATA


@pytest.fixture
def user_id(session: Session, clock: FrozenClock) -> str:
    """A user holding the 12 logs of fixtures/logs_home_3weeks.json (24 Aug - 11 Sep 2026), plus a
    stranger whose heavy logs must never leak into the user's figures."""
    uid = create_user(session, name="home", now=clock.now()).id
    stranger = create_user(session, name="stranger", now=clock.now()).id
    for raw in json.loads((DATA / "fixtures" / "logs_home_3weeks.json").read_text()):
        log_id = raw.pop("id")
        log = LogCreate.model_validate(raw)
        record_workout(session, user_id=uid, log=log, library=get_library(), now=clock.now(), log_id=log_id)
        heavy = raw | {
            "exercises_logged": [
                {"exercise_id": "incline-db-bench-press", "sets": [{"weight": 300, "reps": 10}]}
            ]
        }
        record_workout(
            session,
            user_id=stranger,
            log=LogCreate.model_validate(heavy),
            library=get_library(),
            now=clock.now(),
        )
    session.commit()
    return uid


def _weeks(result: dict[str, Any]) -> list[tuple[str, float, float]]:
    return [(w["week_start"], w["tonnage_lbs"], w["hard_sets"]) for w in result["weeks"]]


def test_volume_trends_chest(session: Session, clock: FrozenClock, user_id: str) -> None:
    # now = Mon 14 Sep 10:00, 3 weeks back = Mon 24 Aug 10:00, so log_0001 (18:30) is inside.
    # Week of 24 Aug: incline 40×31 + flat 40×30 + incline 35×30 + flye 20×36 = 4210 lb; 4+3+3+3 = 13 sets.
    # Week of 31 Aug: 40×34 + 40×33 + 35×33 + 20×39 = 4615; 13 sets. Week of 7 Sep: 40×40 + 40×36 + 35×36
    # + 20×42 = 5140; 13 sets. Week of 14 Sep: nothing yet.
    result = get_volume_trends(session, user_id=user_id, muscle_group="chest", weeks_back=3, now=clock.now())
    assert result["muscle_group"] == "Chest"
    assert _weeks(result) == [
        ("2026-08-24", 4210.0, 13.0),
        ("2026-08-31", 4615.0, 13.0),
        ("2026-09-07", 5140.0, 13.0),
        ("2026-09-14", 0.0, 0.0),
    ]


def test_volume_trends_counts_secondary_muscles_half(
    session: Session, clock: FrozenClock, user_id: str
) -> None:
    # Week of 24 Aug, triceps: overhead extension (primary) 30×30 twice = 1800 lb, 6 sets; presses as
    # secondary at 0.5: incline 40×31 → 620 lb / 2 sets, flat 40×30 → 600 / 1.5, seated shoulder press
    # 35×24 → 420 / 1.5, incline 35×30 → 525 / 1.5. Total 3965 lb and 12.5 hard sets.
    result = get_volume_trends(
        session, user_id=user_id, muscle_group="Triceps", weeks_back=3, now=clock.now()
    )
    assert _weeks(result)[0] == ("2026-08-24", 3965.0, 12.5)


def test_volume_trends_window_and_bounds(session: Session, clock: FrozenClock, user_id: str) -> None:
    one_week = get_volume_trends(
        session, user_id=user_id, muscle_group="CHEST", weeks_back=1, now=clock.now()
    )
    # since = Mon 7 Sep 10:00: the whole week of 7 Sep (sessions at 18:30) is inside.
    assert _weeks(one_week) == [("2026-09-07", 5140.0, 13.0), ("2026-09-14", 0.0, 0.0)]
    clamped = get_volume_trends(
        session, user_id=user_id, muscle_group="chest", weeks_back=99, now=clock.now()
    )
    assert clamped["weeks_back"] == 12 and len(clamped["weeks"]) == 13


def test_volume_trends_unknown_group_names_the_valid_ones(
    session: Session, clock: FrozenClock, user_id: str
) -> None:
    result = get_volume_trends(session, user_id=user_id, muscle_group="wings", now=clock.now())
    assert "wings" in result["error"]
    assert {
        "Chest",
        "Back",
        "Shoulders",
        "Quads",
        "Hamstrings",
        "Glutes",
        "Biceps",
        "Triceps",
        "Calves",
        "Core",
    } <= set(result["valid_values"])


def test_history_newest_first_with_limit_and_its_alias(session: Session, user_id: str) -> None:
    result = get_historical_exercise_logs(session, user_id=user_id, exercise_slug="incline-db-bench-press")
    assert [s["log_id"] for s in result["sessions"]] == ["log_0012", "log_0009", "log_0008"]
    assert result["sessions"][0]["completed_at"] == "2026-09-11T18:30:00Z"
    assert [(s["weight"], s["reps"]) for s in result["sessions"][1]["sets"]] == [(40, 10)] * 4
    via_limit = get_historical_exercise_logs(
        session, user_id=user_id, exercise_slug="incline-db-bench-press", limit=5
    )
    assert [s["log_id"] for s in via_limit["sessions"]] == [
        "log_0012",
        "log_0009",
        "log_0008",
        "log_0005",
        "log_0004",
    ]
    clamped = get_historical_exercise_logs(
        session, user_id=user_id, exercise_slug="incline-db-bench-press", limit_sessions=50
    )
    assert clamped["limit_sessions"] == 10 and len(clamped["sessions"]) == 6  # it was done 6 times


def test_history_unknown_slug(session: Session, user_id: str) -> None:
    result = get_historical_exercise_logs(session, user_id=user_id, exercise_slug="moon-press")
    assert "moon-press" in result["error"] and "incline-db-bench-press" in result["valid_values"]


def test_pr_records_and_recompute_on_delete(session: Session, clock: FrozenClock, user_id: str) -> None:
    # Heaviest working set is 40 lb; at equal weight more reps wins: 40×10 on 7 Sep (log_0009).
    # Epley: 40×10 → 53.33 beats 35×12 → 49.00. The 12-rep record is 35×12 (log_0012).
    prs = get_pr_records(session, user_id=user_id, exercise_slug="incline-db-bench-press")
    assert prs["estimated_1rm"]["value_lbs"] == pytest.approx(53.33, abs=0.01)
    assert prs["max_weight_set"] == {
        "weight": 40,
        "reps": 10,
        "unit": "lb",
        "log_id": "log_0009",
        "completed_at": "2026-09-07T18:30:00Z",
    }
    by_reps = {k: (v["log_id"], v["weight"], v["reps"]) for k, v in prs["rep_records"].items()}
    assert by_reps["1"] == by_reps["10"] == ("log_0009", 40, 10) and by_reps["12"] == ("log_0012", 35, 12)
    remove_workout(session, user_id=user_id, log_id="log_0009", now=clock.now())
    # Without log_0009: 40×9 (log_0005) → 52.00 is best; ≥10 reps is now 35×12 (log_0012).
    after = get_pr_records(session, user_id=user_id, exercise_slug="incline-db-bench-press")
    assert after["estimated_1rm"]["value_lbs"] == pytest.approx(52.0, abs=0.01)
    assert after["estimated_1rm"]["from_set"]["log_id"] == "log_0005"
    assert after["rep_records"]["10"]["log_id"] == "log_0012"


def test_pr_records_never_logged_and_unknown(session: Session, user_id: str) -> None:
    empty = get_pr_records(session, user_id=user_id, exercise_slug="barbell-back-squat")
    assert empty["estimated_1rm"] is None and empty["sets_counted"] == 0
    assert set(get_pr_records(session, user_id=user_id, exercise_slug="nope")) == {"error", "valid_values"}
