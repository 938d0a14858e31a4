"""Fixtures for provider tests (a recording tool runner, a turn request, a valid answer) and for the
chat turn over HTTP with a scripted brain."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.agent.prompt import static_prefix
from fitcoach.agent.providers.base import ProviderRequest, TurnInput
from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.agent.tools import TOOL_DECLARATIONS
from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.library import get_library
from fitcoach.services.brains import Brains
from tests.conftest import MakeUser, TestUser
from tests.seeding import seed_athlete


class RecordingToolRunner:
    """A tool runner that answers from a table and records every call (the real tools are the
    foundation's; the providers only need something that answers)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def call(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        self.calls.append((name, args))
        if name == "get_historical_exercise_logs":
            return {"exercise_slug": args.get("exercise_slug"), "sessions": [{"log_id": "log_7", "sets": []}]}
        return {"error": f"unknown tool {name}", "valid": [d["name"] for d in TOOL_DECLARATIONS]}

    def declarations(self) -> list[dict[str, Any]]:
        return TOOL_DECLARATIONS


NONE_ANSWER = json.dumps(
    {
        "message": "Keep the weight; add a rep per set first.",
        "proposal": {"id": None, "type": "NONE", "target_day": None, "summary_diff": None, "data": None},
        "memory_mutations": [],
    }
)


def make_request(message: str = "Should I add weight?", user: str = "u1") -> ProviderRequest:
    turn = TurnInput(
        message=message,
        now=datetime(2026, 9, 14, 10, tzinfo=UTC),
        active_tab="coach",
        selected_day=None,
        memory=[],
        plan=None,
        library=get_library(),
    )
    block = f"[RUNTIME CONTEXT BLOCK]\nUSER: {user}\n[USER MESSAGE / CHIP INPUT]\n{json.dumps(message)}"
    return ProviderRequest(prefix=static_prefix(get_library()), runtime_block=block, turn=turn)


@pytest.fixture
def runner() -> RecordingToolRunner:
    return RecordingToolRunner()


# --- the chat turn over HTTP with a scripted brain (pipeline tests) ---------------------------------


@pytest.fixture
def scripted() -> ScriptedProvider:
    return ScriptedProvider()


@pytest.fixture
def coach_app(database_url: str, engine: Engine, clock: FrozenClock, scripted: ScriptedProvider) -> FastAPI:
    return create_app(
        Settings(database_url=database_url),
        clock=clock,
        engine=engine,
        brains=Brains(provider=scripted, fallback=None),
    )


@pytest.fixture
def coach(coach_app: FastAPI) -> Iterator[TestClient]:
    with TestClient(coach_app) as client:
        yield client


@pytest.fixture
def athlete(make_user: MakeUser, engine: Engine, clock: FrozenClock) -> TestUser:
    """A user with the seed's home-gym memory and the seed's 4-day plan as version 1."""
    return seed_athlete(make_user, engine, clock.now())
