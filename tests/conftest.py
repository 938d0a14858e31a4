"""Shared fixtures: eval data paths, a migrated database per test (SQLite always, PostgreSQL when
FITCOACH_TEST_POSTGRES_URL is set), an app and client bound to it, and users with tokens."""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import psycopg
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from sqlalchemy import Engine, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock, parse_instant
from fitcoach.config import Settings
from fitcoach.storage.db import make_engine, make_sessionmaker, migrate, normalize_url
from fitcoach.storage.users import create_user, issue_token

# Properties are judged on what they hold, never on how long an example takes: a shared CI machine
# under load made examples miss hypothesis's default 200 ms deadline (timed assertions are banned).
settings.register_profile("fitcoach", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("fitcoach")

DATA = Path(__file__).parent / "data"
POSTGRES_URL = os.environ.get("FITCOACH_TEST_POSTGRES_URL")
BACKENDS = ["sqlite", "postgres"] if POSTGRES_URL else ["sqlite"]
DEFAULT_NOW = "2026-09-14T10:00:00Z"
"""A Monday, the `now` of most eval cases."""


@pytest.fixture
def data_dir() -> Path:
    return DATA


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Migrate once per worker; each test gets a copy of the file (much faster than migrating)."""
    path = tmp_path_factory.mktemp("template") / "fitcoach.db"
    engine = make_engine(f"sqlite:///{path}")
    migrate(engine)
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    engine.dispose()
    return path


@pytest.fixture(scope="session")
def postgres_database_url() -> Iterator[str]:
    """A database of our own on the test server, migrated, dropped at the end. An unreachable server
    is an error, never a skip: CI sets the variable precisely so these tests run."""
    assert POSTGRES_URL is not None
    name = f"fitcoach_test_{uuid.uuid4().hex[:12]}"
    admin_url = make_url(normalize_url(POSTGRES_URL))
    conninfo = admin_url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = admin_url.set(database=name).render_as_string(hide_password=False)
    engine = make_engine(url)
    migrate(engine)
    engine.dispose()
    try:
        yield url
    finally:
        with psycopg.connect(conninfo, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _truncate_all(url: str) -> None:
    engine = make_engine(url)
    names = [n for n in inspect(engine).get_table_names() if n != "alembic_version"]
    with engine.begin() as connection:
        connection.execute(text(f"TRUNCATE {', '.join(names)} RESTART IDENTITY CASCADE"))
    engine.dispose()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A migrated, empty database for this test."""
    if request.param == "sqlite":
        path = tmp_path / "fitcoach.db"
        shutil.copy(request.getfixturevalue("sqlite_template"), path)
        yield f"sqlite:///{path}"
        return
    url: str = request.getfixturevalue("postgres_database_url")
    _truncate_all(url)
    yield url
    _truncate_all(url)


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    engine = make_engine(database_url)
    yield engine
    engine.dispose()


@pytest.fixture
def session(engine: Engine) -> Iterator[Session]:
    with make_sessionmaker(engine)() as session:
        yield session


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock(parse_instant(DEFAULT_NOW))


@pytest.fixture
def app(database_url: str, engine: Engine, clock: FrozenClock) -> FastAPI:
    return create_app(Settings(database_url=database_url), clock=clock, engine=engine)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


@dataclass(frozen=True)
class TestUser:
    __test__ = False

    id: str
    name: str
    token: str
    headers: dict[str, str] = field(default_factory=dict)


MakeUser = Callable[..., TestUser]


@pytest.fixture
def make_user(engine: Engine, clock: FrozenClock) -> MakeUser:
    """`make_user("ana")` creates a user with a fresh token; `.headers` authenticates a request."""

    def make(name: str = "athlete", *, now: datetime | None = None) -> TestUser:
        with make_sessionmaker(engine)() as session:
            user = create_user(session, name=name, now=now or clock.now())
            token = issue_token(session, user_id=user.id, now=now or clock.now())
            session.commit()
            return TestUser(user.id, name, token, {"Authorization": f"Bearer {token}"})

    return make
