"""API core: health, auth on every route, error shape, unknown routes and the body-size limit."""

from __future__ import annotations

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from fitcoach.api.app import ROUTERS
from tests.conftest import MakeUser

PUBLIC = {
    "/api/health",
    "/api/health/ready",
    "/api/auth/options",
    "/api/auth/login",
    "/api/auth/signup",
    "/api/auth/default",
}
PATH_EXAMPLES = {
    "/api/exercises/{slug}": "/api/exercises/goblet-squat",
    "/api/workouts/{log_id}": "/api/workouts/log_123",
    "/api/analytics/prs/{exercise_slug}": "/api/analytics/prs/goblet-squat",
    "/api/memory/{item_id}": "/api/memory/mem_123",
    "/api/coach/proposals/{proposal_id}/accept": "/api/coach/proposals/prop_123/accept",
    "/api/coach/proposals/{proposal_id}/dismiss": "/api/coach/proposals/prop_123/dismiss",
    "/api/me/tokens/{token_id}": "/api/me/tokens/tok_123",
    "/api/imports/{import_id}/mapping": "/api/imports/imp_123/mapping",
}
PROTECTED = [
    ("GET", "/api/exercises"),
    ("GET", "/api/exercises/goblet-squat"),
    ("POST", "/api/workouts/log"),
    ("GET", "/api/workouts"),
    ("GET", "/api/workouts/next-time"),
    ("GET", "/api/workouts/log_123"),
    ("DELETE", "/api/workouts/log_123"),
    ("GET", "/api/analytics/exercise-history?exercise_slug=goblet-squat"),
    ("GET", "/api/analytics/volume-trends?muscle_group=Chest"),
    ("GET", "/api/analytics/prs/goblet-squat"),
    ("GET", "/api/memory"),
    ("POST", "/api/memory"),
    ("GET", "/api/memory/history"),
    ("DELETE", "/api/memory/mem_123"),
    ("DELETE", "/api/memory"),
    ("GET", "/api/coach/context"),
    ("POST", "/api/coach/chat"),
    ("GET", "/api/coach/proposals"),
    ("POST", "/api/coach/proposals/prop_123/accept"),
    ("POST", "/api/coach/proposals/prop_123/dismiss"),
    ("GET", "/api/coach/history"),
    ("GET", "/api/plan"),
    ("GET", "/api/plan/today"),
    ("GET", "/api/plan/versions"),
    ("POST", "/api/plan/revert"),
    ("GET", "/api/me"),
    ("PATCH", "/api/me"),
    ("GET", "/api/me/tokens"),
    ("DELETE", "/api/me/tokens/tok_123"),
    ("POST", "/api/auth/logout"),
    ("POST", "/api/import"),
    ("GET", "/api/imports"),
    ("POST", "/api/imports/imp_123/mapping"),
    ("GET", "/api/export"),
    ("DELETE", "/api/me"),
]


def test_health_needs_no_token(client: TestClient) -> None:
    response = client.get("/api/health")
    assert response.status_code == 200 and response.json()["status"] == "ok"


@pytest.mark.parametrize(("method", "path"), PROTECTED)
@pytest.mark.parametrize("header", [None, "Bearer fc_not-a-real-token", "Basic abc"])
def test_every_api_route_requires_a_valid_token(
    client: TestClient, method: str, path: str, header: str | None
) -> None:
    headers = {"Authorization": header} if header else {}
    response = client.request(method, path, headers=headers, json={})
    assert response.status_code == 401
    assert response.json()["error"]["code"] in {"missing_token", "invalid_token"}
    assert response.headers["www-authenticate"] == "Bearer"


def test_every_protected_route_is_listed() -> None:
    """A new /api route must join PROTECTED above, so nothing ships without an auth test. (This read
    `app.routes`, where FastAPI now keeps included routers as one entry each, so it compared nothing.)"""
    listed = {(method, path.split("?")[0]) for method, path in PROTECTED}
    table = {
        (method, route.path)
        for router in ROUTERS
        for route in router.routes
        if isinstance(route, APIRoute)
        for method in route.methods
    }
    assert len(table) >= 27
    concrete = {(method, PATH_EXAMPLES.get(path, path)) for method, path in table if path not in PUBLIC}
    assert concrete == listed


def test_unknown_route_is_a_json_404(client: TestClient, make_user: MakeUser) -> None:
    response = client.get("/api/nothing-here", headers=make_user().headers)
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_bad_query_is_422_invalid_input(client: TestClient, make_user: MakeUser) -> None:
    response = client.get("/api/workouts?limit=0", headers=make_user().headers)
    assert response.status_code == 422
    body = response.json()["error"]
    assert body["code"] == "invalid_input" and body["details"][0]["loc"] == ["query", "limit"]


def test_oversized_body_is_413(client: TestClient, make_user: MakeUser) -> None:
    user = make_user()
    big = b"{" + b" " * (256 * 1024) + b"}"
    response = client.post(
        "/api/workouts/log", content=big, headers={**user.headers, "Content-Type": "application/json"}
    )
    assert response.status_code == 413 and response.json()["error"]["code"] == "payload_too_large"


def test_oversized_chunked_body_is_413(client: TestClient, make_user: MakeUser) -> None:
    user = make_user()

    def chunks():  # type: ignore[no-untyped-def]
        for _ in range(300):
            yield b" " * 1024

    response = client.post(
        "/api/workouts/log", content=chunks(), headers={**user.headers, "Content-Type": "application/json"}
    )
    assert response.status_code == 413
