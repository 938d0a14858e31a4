"""Workout logging over HTTP: strict validation, idempotency, plan-day completion, list/get/delete."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select

from fitcoach.clock import parse_instant
from fitcoach.contract.models import WeeklyPlan
from fitcoach.storage import plans
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.tables import PersonalRecord, WorkoutLog, WorkoutSet
from tests.conftest import DATA, MakeUser, TestUser

GOOD: dict[str, Any] = {
    "plan_day": "monday",
    "completed_at": "2026-09-14T08:00:00Z",
    "exercises_logged": [
        {
            "exercise_id": "incline-db-bench-press",
            "sets": [
                {"weight": 20, "unit": "kg", "reps": 10, "is_warmup": True},
                {"weight": 40, "unit": "lb", "reps": 8, "rpe": 8},
                {"weight": 40, "unit": "lb", "reps": 8, "rpe": 8.5},
            ],
        },
        {"exercise_id": "plank", "sets": [{"weight": 0, "reps": 1, "duration_seconds": 60}]},
    ],
}


def _with(path: list[Any], value: Any) -> dict[str, Any]:
    body = copy.deepcopy(GOOD)
    target: Any = body
    for key in path[:-1]:
        target = target[key]
    if value is _DROP:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return body


_DROP = object()
SET0 = ["exercises_logged", 0, "sets", 1]

BAD_BODIES = [
    ("unknown slug", _with(["exercises_logged", 0, "exercise_id"], "moon-press"), "unknown_exercise"),
    ("weight over 1500 lb", _with([*SET0, "weight"], 1501), "invalid_input"),
    # 700 kg is 1,543 lb: over the limit only once converted.
    ("weight over 1500 lb in kg", _with(SET0, {"weight": 700, "unit": "kg", "reps": 1}), "invalid_input"),
    ("negative weight", _with([*SET0, "weight"], -5), "invalid_input"),
    ("reps over 100", _with([*SET0, "reps"], 101), "invalid_input"),
    ("negative reps", _with([*SET0, "reps"], -1), "invalid_input"),
    ("fractional reps", _with([*SET0, "reps"], 8.5), "invalid_input"),
    ("rpe below 1", _with([*SET0, "rpe"], 0.5), "invalid_input"),
    ("rpe above 10", _with([*SET0, "rpe"], 10.5), "invalid_input"),
    ("rpe not a half step", _with([*SET0, "rpe"], 7.3), "invalid_input"),
    ("unit stone", _with([*SET0, "unit"], "st"), "invalid_input"),
    ("unknown plan day", _with(["plan_day"], "someday"), "invalid_input"),
    ("missing completed_at", _with(["completed_at"], _DROP), "invalid_input"),
    ("naive completed_at", _with(["completed_at"], "2026-09-14T08:00:00"), "invalid_input"),
    ("25 h in the future", _with(["completed_at"], "2026-09-15T11:00:01Z"), "invalid_input"),
    ("no exercises", _with(["exercises_logged"], []), "invalid_input"),
    ("no sets", _with(["exercises_logged", 0, "sets"], []), "invalid_input"),
    ("51 exercises", _with(["exercises_logged"], [GOOD["exercises_logged"][1]] * 51), "invalid_input"),
    ("51 sets", _with(["exercises_logged", 1, "sets"], [{"weight": 0, "reps": 1}] * 51), "invalid_input"),
    ("unknown field", _with(["mood"], "great"), "invalid_input"),
    ("not an object", [1, 2, 3], "invalid_input"),
]


def _count(engine: Engine) -> tuple[int, int, int]:
    with make_sessionmaker(engine)() as session:
        return (
            session.execute(select(func.count()).select_from(WorkoutLog)).scalar_one(),
            session.execute(select(func.count()).select_from(WorkoutSet)).scalar_one(),
            session.execute(select(func.count()).select_from(PersonalRecord)).scalar_one(),
        )


def _post(client: TestClient, user: TestUser, body: Any, **headers: str) -> Any:
    return client.post("/api/workouts/log", json=body, headers={**user.headers, **headers})


@pytest.mark.parametrize(("case", "body", "code"), BAD_BODIES, ids=[c[0] for c in BAD_BODIES])
def test_bad_bodies_are_refused_and_nothing_is_stored(
    client: TestClient, make_user: MakeUser, engine: Engine, case: str, body: Any, code: str
) -> None:
    response = _post(client, make_user(), body)
    assert response.status_code == 422, case
    assert response.json()["error"]["code"] == code
    assert _count(engine) == (0, 0, 0)


def test_a_good_log_is_stored_with_sets_and_records(
    client: TestClient, make_user: MakeUser, engine: Engine
) -> None:
    user = make_user()
    response = _post(client, user, GOOD)
    assert response.status_code == 201
    body = response.json()
    assert body["id"].startswith("log_") and body["week_start_date"] == "2026-09-14"
    assert body["exercises_logged"][0]["name"] == "Incline DB Bench Press"
    assert body["exercises_logged"][0]["sets"][0] == {
        "weight": 20,
        "unit": "kg",
        "reps": 10,
        "rpe": None,
        "duration_seconds": None,
        "is_warmup": True,
    }
    assert _count(engine) == (1, 4, 2)
    prs = client.get("/api/analytics/prs/incline-db-bench-press", headers=user.headers).json()
    assert prs["max_weight_set"]["weight"] == 40  # the 20 kg (44 lb) warm-up does not count
    assert prs["estimated_1rm"]["value_lbs"] == pytest.approx(50.67, abs=0.01)  # 40 × (1 + 8/30)


def test_idempotency_key_returns_the_original_log(
    client: TestClient, make_user: MakeUser, engine: Engine
) -> None:
    user = make_user()
    first = _post(client, user, GOOD, **{"Idempotency-Key": "abc-1"})
    again = _post(client, user, GOOD, **{"Idempotency-Key": "abc-1"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json() and again.headers["idempotent-replayed"] == "true"
    assert _count(engine)[0] == 1
    changed = _post(client, user, _with(["plan_day"], "tuesday"), **{"Idempotency-Key": "abc-1"})
    assert changed.status_code == 409 and changed.json()["error"]["code"] == "idempotency_key_reused"
    other = make_user("other")
    assert _post(client, other, GOOD, **{"Idempotency-Key": "abc-1"}).status_code == 201  # keys are per user


def _seed_plan(engine: Engine, user: TestUser, week: str = "2026-09-14") -> None:
    raw = json.loads((DATA / "fixtures" / "home_db_4day.json").read_text())
    raw["week_start_date"] = week
    with make_sessionmaker(engine)() as session:
        plans.add_plan_version(
            session,
            user_id=user.id,
            plan=WeeklyPlan.model_validate(raw),
            now=parse_instant("2026-09-13T10:00:00Z"),
            reason="initial",
        )
        session.commit()


def _monday(engine: Engine, user: TestUser) -> tuple[int, dict[str, Any]]:
    with make_sessionmaker(engine)() as session:
        active = plans.get_active_plan(session, user_id=user.id)
        assert active is not None
        return active.version, active.plan["days"]["monday"]


def test_logging_marks_the_plan_day_and_deleting_reopens_it(
    client: TestClient, make_user: MakeUser, engine: Engine
) -> None:
    user = make_user()
    _seed_plan(engine, user)
    log_id = _post(client, user, GOOD).json()["id"]
    version, monday = _monday(engine, user)
    assert version == 1  # completion is not a plan change
    assert (monday["status"], monday["completed_log_id"], monday["completed_at"]) == (
        "completed",
        log_id,
        "2026-09-14T08:00:00Z",
    )
    assert client.delete(f"/api/workouts/{log_id}", headers=user.headers).status_code == 204
    _, monday = _monday(engine, user)
    assert (monday["status"], monday["completed_log_id"], monday["completed_at"]) == ("scheduled", None, None)
    assert _count(engine) == (0, 0, 0)


def test_a_log_from_another_week_leaves_the_plan_alone(
    client: TestClient, make_user: MakeUser, engine: Engine
) -> None:
    user = make_user()
    _seed_plan(engine, user)
    _post(client, user, _with(["completed_at"], "2026-09-07T08:00:00Z"))
    assert _monday(engine, user)[1]["completed_log_id"] is None


def test_list_is_paginated_newest_first(client: TestClient, make_user: MakeUser) -> None:
    user = make_user()
    ids = [
        _post(client, user, _with(["completed_at"], f"2026-09-{day:02d}T08:00:00Z")).json()["id"]
        for day in (1, 3, 2)
    ]
    first = client.get("/api/workouts?limit=2", headers=user.headers).json()
    assert [item["id"] for item in first["items"]] == [ids[1], ids[2]] and first["next_offset"] == 2
    second = client.get("/api/workouts?limit=2&offset=2", headers=user.headers).json()
    assert [item["id"] for item in second["items"]] == [ids[0]] and second["next_offset"] is None


def test_another_users_log_is_a_404(client: TestClient, make_user: MakeUser, engine: Engine) -> None:
    owner, stranger = make_user("owner"), make_user("stranger")
    log_id = _post(client, owner, GOOD).json()["id"]
    assert client.get(f"/api/workouts/{log_id}", headers=stranger.headers).status_code == 404
    assert client.delete(f"/api/workouts/{log_id}", headers=stranger.headers).status_code == 404
    assert client.get("/api/workouts", headers=stranger.headers).json()["items"] == []
    assert client.get(f"/api/workouts/{log_id}", headers=owner.headers).status_code == 200
    assert _count(engine)[0] == 1
