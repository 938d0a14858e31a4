"""`GET /api/exercises` with its filters and `GET /api/exercises/{slug}`."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from fitcoach.library import get_library
from tests.conftest import MakeUser


def test_lists_the_whole_library(client: TestClient, make_user: MakeUser) -> None:
    body = client.get("/api/exercises", headers=make_user().headers).json()
    assert body["count"] == len(get_library()) == 41
    assert {item["slug"] for item in body["items"]} == set(get_library().slugs)


@pytest.mark.parametrize(
    ("query", "must_include", "must_exclude"),
    [
        ("gear=Dumbbells", "db-lateral-raise", "barbell-back-squat"),
        ("gear=Dumbbells&gear=Incline%20Bench", "incline-db-bench-press", "lat-pulldown"),
        ("muscle=Chest", "flat-db-bench-press", "goblet-squat"),
        ("muscle=triceps", "overhead-db-tricep-extension", "goblet-squat"),
        ("group=legs_quad", "goblet-squat", "flat-db-bench-press"),
        ("text=goblet", "goblet-squat", "flat-db-bench-press"),
    ],
)
def test_filters(
    client: TestClient, make_user: MakeUser, query: str, must_include: str, must_exclude: str
) -> None:
    response = client.get(f"/api/exercises?{query}", headers=make_user().headers)
    assert response.status_code == 200
    slugs = {item["slug"] for item in response.json()["items"]}
    assert must_include in slugs and must_exclude not in slugs


@pytest.mark.parametrize("query", ["gear=Spaceship", "muscle=wings", "group=toes"])
def test_unknown_filter_values_are_422(client: TestClient, make_user: MakeUser, query: str) -> None:
    response = client.get(f"/api/exercises?{query}", headers=make_user().headers)
    assert response.status_code == 422 and response.json()["error"]["code"] == "invalid_input"


def test_one_exercise_and_an_unknown_slug(client: TestClient, make_user: MakeUser) -> None:
    user = make_user()
    found = client.get("/api/exercises/goblet-squat", headers=user.headers)
    assert found.status_code == 200 and found.json()["name"] == get_library().require("goblet-squat").name
    missing = client.get("/api/exercises/moon-press", headers=user.headers)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
