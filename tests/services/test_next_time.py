"""The workout summary's "next time" (issue 15): after a session, what the program will change for its
exercises, judged as next week's roll judges them, with each reason in the user's language."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.clock import FrozenClock, parse_instant
from tests.conftest import MakeUser, TestUser
from tests.seeding import seed_athlete


def log(client: TestClient, user: TestUser, sets: list[dict[str, Any]], at: str = "18:00") -> None:
    body = {
        "plan_day": "monday",
        "completed_at": f"2026-09-14T{at}:00Z",
        "exercises_logged": [{"exercise_id": "incline-db-bench-press", "sets": sets}],
    }
    response = client.post("/api/workouts/log", json=body, headers=user.headers)
    assert response.status_code in (200, 201), response.text


def next_time(client: TestClient, user: TestUser) -> list[dict[str, Any]]:
    response = client.get("/api/workouts/next-time", headers=user.headers)
    assert response.status_code == 200, response.text
    changes: list[dict[str, Any]] = response.json()["changes"]
    return changes


def test_a_session_at_the_top_of_the_range_moves_the_load_up_next_time(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    user = seed_athlete(make_user, engine, clock.now())
    assert next_time(client, user) == []  # nothing logged yet
    clock.set(parse_instant("2026-09-14T19:00:00Z"))
    log(client, user, [{"weight": 40, "unit": "lb", "reps": 12, "rpe": 8}] * 4)
    (change,) = next_time(client, user)
    assert change["exercise_id"] == "incline-db-bench-press" and change["kind"] == "load"
    assert "40 → 45" in change["text"]


def test_a_session_in_the_range_changes_nothing_and_a_french_user_reads_french(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    user = seed_athlete(make_user, engine, clock.now())
    patched = client.patch("/api/me", json={"settings": {"language": "fr"}}, headers=user.headers)
    assert patched.status_code == 200
    clock.set(parse_instant("2026-09-14T19:00:00Z"))
    log(client, user, [{"weight": 40, "unit": "lb", "reps": 9, "rpe": 8}] * 4)
    assert next_time(client, user) == []  # reps to earn first, at the same load
    clock.set(parse_instant("2026-09-14T21:00:00Z"))
    log(client, user, [{"weight": 40, "unit": "lb", "reps": 5, "rpe": 10}] * 4, at="20:30")
    (change,) = next_time(client, user)
    assert change["kind"] == "load" and "40 → 35" in change["text"]
    assert "développé" in change["text"].lower(), change["text"]
