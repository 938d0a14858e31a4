"""Serving the web client: client routes answer with the shell, assets are served, `/api` is untouched."""

from __future__ import annotations

import json

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fitcoach.contract.models import WEEKDAYS
from fitcoach.errors import NotFound
from fitcoach.web import CLIENT_ROUTES, STATIC_DIR, mount_web


@pytest.fixture
def bare_client() -> TestClient:
    app = FastAPI()

    @app.get("/api/health")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    mount_web(app)
    return TestClient(app)


SHELL_PATHS = [*CLIENT_ROUTES, *(f"/workouts/{day.value}" for day in WEEKDAYS)]


@pytest.mark.parametrize("path", SHELL_PATHS)
def test_every_client_route_serves_the_shell(bare_client: TestClient, path: str) -> None:
    response = bare_client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"
    assert '<script type="module" src="/static/js/app.js">' in response.text


def test_unknown_day_is_not_the_shell(bare_client: TestClient) -> None:
    with pytest.raises(NotFound):
        bare_client.get("/workouts/funday")


@pytest.mark.parametrize(
    ("path", "media_type"),
    [
        ("/static/js/app.js", "text/javascript"),
        ("/static/css/app.css", "text/css"),
        ("/static/vendor/uplot/uPlot.esm.js", "text/javascript"),
        ("/static/icons/coach.svg", "image/svg+xml"),
    ],
)
def test_assets_are_served_with_their_media_type(bare_client: TestClient, path: str, media_type: str) -> None:
    response = bare_client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].split(";")[0] == media_type
    assert response.content == (STATIC_DIR / path.removeprefix("/static/")).read_bytes()


def test_service_worker_is_served_from_the_root(bare_client: TestClient) -> None:
    response = bare_client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["content-type"].split(";")[0] == "text/javascript"
    assert response.headers["cache-control"] == "no-cache"
    assert "/api/" in response.text


def test_api_routes_are_left_alone(bare_client: TestClient) -> None:
    assert bare_client.get("/api/health").json() == {"status": "ok"}
    assert bare_client.get("/api/nothing-here").status_code == 404


def test_client_routes_are_not_in_the_openapi_schema(bare_client: TestClient) -> None:
    paths = bare_client.get("/openapi.json").json()["paths"]
    assert set(paths) == {"/api/health"}


@pytest.mark.parametrize("path", ["/", "/today", "/workouts/friday", "/workout/active"])
def test_the_real_app_serves_the_client(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert "/static/js/app.js" in response.text


def test_the_real_app_answers_unknown_days_and_assets_with_its_error_body(client: TestClient) -> None:
    for path in ("/workouts/funday", "/static/js/nothing.js"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not_found"
    assert client.get("/api/health").status_code == 200


def test_the_client_routes_come_from_the_clients_own_route_table() -> None:
    """Declared once (static/js/routes.json): the server serves the shell on exactly those paths."""
    table = json.loads((STATIC_DIR / "js" / "routes.json").read_text(encoding="utf-8"))
    paths = {spec["path"] for spec in table}
    assert set(CLIENT_ROUTES) - {"/"} | {"/workouts/{day}"} == paths
    # Neither side keeps a list of its own: no route patterns in app.js, no paths in mount.py.
    app_js = (STATIC_DIR / "js" / "app.js").read_text(encoding="utf-8")
    assert "re: /^" not in app_js
    mount_py = (STATIC_DIR.parent / "mount.py").read_text(encoding="utf-8")
    for path in paths:
        assert f'"{path}"' not in mount_py, f"mount.py declares {path} again"
