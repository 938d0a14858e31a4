"""Accounts with passwords, and an app whose settings a test chooses (sign-up, token lifetime, …)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.storage.accounts import create_account
from fitcoach.storage.db import make_sessionmaker

PASSWORD = "correct horse battery"

MakeClient = Callable[..., TestClient]


@pytest.fixture
def make_client(database_url: str, engine: Engine, clock: FrozenClock) -> Iterator[MakeClient]:
    """`make_client(allow_signup=True, …)`: a client on an app with these settings over the test database."""
    clients: list[TestClient] = []

    def make(
        client_host: str = "203.0.113.7", base_url: str = "http://testserver", **settings: Any
    ) -> TestClient:
        app = create_app(Settings(database_url=database_url, **settings), clock=clock, engine=engine)
        client = TestClient(app, base_url=base_url, client=(client_host, 50000))
        clients.append(client.__enter__())
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def account(engine: Engine, clock: FrozenClock) -> Callable[..., str]:
    """`account("ana", email=…)` creates a password account and returns its user id."""

    def make(username: str = "ana", *, email: str | None = None, password: str = PASSWORD) -> str:
        with make_sessionmaker(engine).begin() as session:
            return create_account(
                session, username=username, password=password, email=email, now=clock.now()
            ).id

    return make


def login(client: TestClient, who: str = "ana", password: str = PASSWORD, device: str = "") -> Any:
    return client.post("/api/auth/login", json={"login": who, "password": password, "device_name": device})


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
