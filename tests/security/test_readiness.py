"""Readiness on both backends: an empty database is live but not ready, and every API route answers
503 `database_not_migrated` (not a 500) until `fitcoach migrate`; then the same server is ready."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from fitcoach.api.app import create_app
from fitcoach.config import Settings
from fitcoach.storage.db import alembic_config, make_engine, migrate, normalize_url
from tests.conftest import BACKENDS, POSTGRES_URL


@pytest.fixture(params=BACKENDS)
def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.db'}"
        return
    assert POSTGRES_URL is not None
    admin = make_url(normalize_url(POSTGRES_URL))
    conninfo = admin.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"fitcoach_empty_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(conninfo, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield admin.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(conninfo, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


ROUTES = [("GET", "/api/me"), ("GET", "/api/plan"), ("POST", "/api/coach/chat"), ("GET", "/api/auth/options")]


def test_an_unmigrated_database_is_live_not_ready_and_every_route_says_so(empty_database_url: str) -> None:
    engine = make_engine(empty_database_url)
    try:
        with TestClient(create_app(Settings(database_url=empty_database_url), engine=engine)) as client:
            assert client.get("/api/health").status_code == 200
            ready = client.get("/api/health/ready")
            assert ready.status_code == 503 and ready.json()["error"]["code"] == "database_not_migrated"
            assert ready.json()["error"]["details"]["current"] == []
            for method, path in ROUTES:
                answer = client.request(method, path, headers={"Authorization": "Bearer fc_x"}, json={})
                assert answer.status_code == 503, f"{method} {path}: {answer.text}"
                assert answer.json()["error"]["code"] == "database_not_migrated"
                assert answer.headers["retry-after"]
            assert client.get("/").status_code == 200  # the client still loads, and says what is wrong
            migrate(engine)
            ready = client.get("/api/health/ready")
            assert ready.status_code == 200 and ready.json()["status"] == "ready"
            assert client.get("/api/me", headers={"Authorization": "Bearer fc_x"}).status_code == 401
    finally:
        engine.dispose()


def test_a_database_behind_the_code_is_not_ready(empty_database_url: str) -> None:
    engine = make_engine(empty_database_url)
    try:
        migrate(engine)
        command.downgrade(alembic_config(engine), "0001_initial")
        with TestClient(create_app(Settings(database_url=empty_database_url), engine=engine)) as client:
            ready = client.get("/api/health/ready")
            assert ready.status_code == 503
            assert ready.json()["error"]["details"]["current"] == ["0001_initial"]
            assert client.get("/api/me").json()["error"]["code"] == "database_not_migrated"
    finally:
        engine.dispose()
