"""No request may hold two pooled connections at once: with many threads that starves the pool and every
request times out waiting (found by the load benchmark: chat turns failed with QueuePool timeouts)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.storage.db import make_engine
from tests.conftest import MakeUser
from tests.reliability.test_crash import CHAT_MESSAGES, FIRST_MESSAGE


@pytest.fixture
def one_connection_engine(database_url: str) -> Iterator[Engine]:
    engine = make_engine(database_url, pool_size=1, pool_timeout=2.0)
    yield engine
    engine.dispose()


def test_every_request_of_a_coaching_session_runs_on_a_single_connection(
    database_url: str, one_connection_engine: Engine, clock: FrozenClock, make_user: MakeUser
) -> None:
    app = create_app(Settings(database_url=database_url), clock=clock, engine=one_connection_engine)
    user = make_user("solo")
    with TestClient(app) as client:
        first = client.post("/api/coach/chat", json={"message": FIRST_MESSAGE}, headers=user.headers)
        assert first.status_code == 200, first.text
        accepted = client.post(
            f"/api/coach/proposals/{first.json()['proposal']['id']}/accept", headers=user.headers
        )
        assert accepted.status_code == 200, accepted.text
        turn = client.post("/api/coach/chat", json={"message": CHAT_MESSAGES[0]}, headers=user.headers)
        assert turn.status_code == 200, turn.text
        assert turn.json()["proposal"]["id"] is not None
        log = {
            "plan_day": "monday",
            "completed_at": "2026-09-14T09:00:00Z",
            "exercises_logged": [
                {"exercise_id": "goblet-squat", "sets": [{"weight": 20, "unit": "kg", "reps": 8}]}
            ],
        }
        logged = client.post("/api/workouts/log", json=log, headers={**user.headers, "Idempotency-Key": "k1"})
        assert logged.status_code == 201, logged.text
        for path in ("/api/plan", "/api/plan/today", "/api/coach/history", "/api/workouts"):
            response = client.get(path, headers=user.headers)
            assert response.status_code == 200, (path, response.text)
