"""A chat turn holds no pooled database connection while the model thinks or between tool rounds.

Held, a handful of slow LLM turns drained the pool (5 + 10 connections) and, with Gemini's database
cache registry needing one more per turn, deadlocked every request until the pool timeout.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.agent.providers.base import ProviderRequest, ToolRunner
from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.services.brains import Brains
from tests.conftest import MakeUser
from tests.seeding import seed_athlete


def test_no_connection_is_checked_out_while_the_model_thinks(
    database_url: str, engine: Engine, clock: FrozenClock, make_user: MakeUser
) -> None:
    athlete = seed_athlete(make_user, engine, clock.now())
    held: list[int] = []

    def thinking(request: ProviderRequest, tools: ToolRunner) -> dict[str, Any]:
        held.append(engine.pool.checkedout())  # type: ignore[attr-defined]
        result = tools.call("get_pr_records", {"exercise_slug": "incline-db-bench-press"})
        assert "error" not in result, result
        held.append(engine.pool.checkedout())  # type: ignore[attr-defined]
        return {
            "message": "Your records are in; keep the plan as it is.",
            "proposal": {"id": None, "type": "NONE", "target_day": None, "summary_diff": None, "data": None},
            "memory_mutations": [],
        }

    scripted = ScriptedProvider()
    scripted.enqueue(thinking)
    app = create_app(
        Settings(database_url=database_url), clock=clock, engine=engine, brains=Brains(scripted, None)
    )
    with TestClient(app) as client:
        response = client.post(
            "/api/coach/chat", json={"message": "What are my records?"}, headers=athlete.headers
        )
    assert response.status_code == 200, response.text
    assert response.json()["meta"]["tools_called"][0]["name"] == "get_pr_records"
    assert held == [0, 0]
