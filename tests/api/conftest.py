"""A chat app around a scripted brain, shared by the API tests that script the coach's answers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.services.brains import Brains


@pytest.fixture
def scripted() -> ScriptedProvider:
    return ScriptedProvider()


@pytest.fixture
def coach_app(database_url: str, engine: Engine, clock: FrozenClock, scripted: ScriptedProvider) -> FastAPI:
    return create_app(
        Settings(database_url=database_url), clock=clock, engine=engine, brains=Brains(scripted, None)
    )


@pytest.fixture
def coach(coach_app: FastAPI) -> Iterator[TestClient]:
    with TestClient(coach_app) as client:
        yield client
