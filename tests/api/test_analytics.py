"""The analytics routes: the tools' results over HTTP, scoped to the caller, bad arguments as 4xx."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from tests.conftest import DATA, MakeUser, TestUser


def _load_fixture_logs(client: TestClient, user: TestUser) -> None:
    for raw in json.loads((DATA / "fixtures" / "logs_home_3weeks.json").read_text()):
        raw.pop("id")
        assert client.post("/api/workouts/log", json=raw, headers=user.headers).status_code == 201


def test_routes_return_the_tool_results(client: TestClient, make_user: MakeUser) -> None:
    user, stranger = make_user("home"), make_user("stranger")
    _load_fixture_logs(client, user)
    history = client.get(
        "/api/analytics/exercise-history?exercise_slug=flat-db-bench-press&limit_sessions=2",
        headers=user.headers,
    ).json()
    assert [s["completed_at"] for s in history["sessions"]] == [
        "2026-09-07T18:30:00Z",
        "2026-08-31T18:30:00Z",
    ]
    trends = client.get(
        "/api/analytics/volume-trends?muscle_group=Chest&weeks_back=3", headers=user.headers
    ).json()
    assert [(w["week_start"], w["tonnage_lbs"], w["hard_sets"]) for w in trends["weeks"]][:3] == [
        ("2026-08-24", 4210.0, 13.0),
        ("2026-08-31", 4615.0, 13.0),
        ("2026-09-07", 5140.0, 13.0),
    ]
    prs = client.get("/api/analytics/prs/goblet-squat", headers=user.headers).json()
    assert prs["max_weight_set"]["reps"] == 12 and prs["estimated_1rm"]["value_lbs"] == 70.0  # 50 × 1.4
    theirs = client.get("/api/analytics/prs/goblet-squat", headers=stranger.headers).json()
    assert theirs["max_weight_set"] is None
    empty = client.get("/api/analytics/exercise-history?exercise_slug=goblet-squat", headers=stranger.headers)
    assert empty.json()["sessions"] == []


def test_bad_arguments(client: TestClient, make_user: MakeUser) -> None:
    user = make_user()
    cases = [
        ("/api/analytics/exercise-history?exercise_slug=moon-press", 422),
        ("/api/analytics/exercise-history?exercise_slug=goblet-squat&limit_sessions=11", 422),
        ("/api/analytics/volume-trends?muscle_group=wings", 422),
        ("/api/analytics/volume-trends?muscle_group=Chest&weeks_back=13", 422),
        ("/api/analytics/prs/moon-press", 404),
    ]
    for path, status in cases:
        response = client.get(path, headers=user.headers)
        assert response.status_code == status, path
        assert response.json()["error"]["code"] in {"invalid_input", "not_found"}
    assert "Chest" in client.get(cases[2][0], headers=user.headers).json()["error"]["details"]["valid_values"]
