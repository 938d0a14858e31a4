"""Database faults become 503 with Retry-After and leave nothing half-written: a SQLite write lock
held by another connection, and a PostgreSQL URL whose port refuses connections."""

from __future__ import annotations

import socket
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.api.app import create_app
from fitcoach.api.errors import database_fault
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.services.brains import Brains
from fitcoach.storage.db import make_engine, make_sessionmaker
from fitcoach.storage.tables import (
    ChatTurn,
    MemoryEventRow,
    MemoryItemRow,
    ProposalRow,
    WorkoutLog,
    WorkoutSet,
)
from fitcoach.storage.users import create_user, issue_token
from tests.api.test_workouts import GOOD

TABLES: list[type[Any]] = [WorkoutLog, WorkoutSet, ChatTurn, MemoryItemRow, MemoryEventRow, ProposalRow]

REMEMBERING_ANSWER: dict[str, Any] = {
    "message": "Noted: no overhead pressing while the shoulder heals.",
    "proposal": {"id": None, "type": "NONE", "target_day": None, "summary_diff": None, "data": None},
    "memory_mutations": [
        {
            "operation": "CREATE",
            "target_tier": "tier_2_physiological",
            "entry": {"body_part": "shoulder", "condition": "minor_strain", "fact": "Left shoulder strain."},
            "reason": "user reported pain",
        }
    ],
}


def counts(engine: Engine) -> dict[str, int]:
    with Session(engine) as session:
        return {
            table.__tablename__: int(session.execute(select(func.count()).select_from(table)).scalar_one())
            for table in TABLES
        }


@contextmanager
def sqlite_write_lock(url: str) -> Iterator[None]:
    """Another connection holds SQLite's single write lock until the block ends."""
    path = make_url(url).database
    assert path is not None
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def assert_unavailable(response: Any) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["retry-after"] == "1"
    assert response.json()["error"]["code"] == "database_unavailable"


def test_locked_sqlite_gives_503_and_writes_nothing(
    tmp_path: Path, sqlite_template: Path, clock: FrozenClock
) -> None:
    path = tmp_path / "locked.db"
    path.write_bytes(sqlite_template.read_bytes())
    url = f"sqlite:///{path}"
    # A short busy timeout so the locked writer gives up in 50 ms instead of the production 5 s.
    engine = make_engine(url, busy_timeout_ms=50)
    scripted = ScriptedProvider()
    app = create_app(
        Settings(database_url=url),
        clock=clock,
        engine=engine,
        brains=Brains(provider=scripted, fallback=None),
    )
    with make_sessionmaker(engine).begin() as session:
        user = create_user(session, name="ana", now=clock.now())
        headers = {"Authorization": f"Bearer {issue_token(session, user_id=user.id, now=clock.now())}"}
    with TestClient(app) as client:
        assert client.get("/api/me", headers=headers).status_code == 200  # records the token's use now
        before = counts(engine)
        with sqlite_write_lock(url):
            assert_unavailable(client.post("/api/workouts/log", json=GOOD, headers=headers))
            scripted.enqueue(REMEMBERING_ANSWER)
            chat = client.post("/api/coach/chat", json={"message": "my shoulder hurts"}, headers=headers)
            assert_unavailable(chat)
            assert client.get("/api/health").status_code == 200
        assert counts(engine) == before
        # Once the lock is gone the same requests go through whole: the fault was transient.
        assert client.post("/api/workouts/log", json=GOOD, headers=headers).status_code == 201
        scripted.enqueue(REMEMBERING_ANSWER)
        assert client.post(
            "/api/coach/chat", json={"message": "my shoulder hurts"}, headers=headers
        ).is_success
    after = counts(engine)
    assert after["workout_logs"] == before["workout_logs"] + 1
    assert after["workout_sets"] == before["workout_sets"] + 4
    assert after["chat_turns"] == before["chat_turns"] + 1
    assert after["memory_items"] == before["memory_items"] + 1
    engine.dispose()


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port  # closed again on exit: nothing listens there


def test_refused_postgres_connection_gives_503(clock: FrozenClock) -> None:
    url = f"postgresql://postgres@127.0.0.1:{closed_port()}/fitcoach"
    app = create_app(Settings(database_url=url), clock=clock, brains=Brains(ScriptedProvider(), None))
    with TestClient(app) as client:
        headers = {"Authorization": "Bearer some-token"}
        for method, path, body in [
            ("GET", "/api/me", None),
            ("POST", "/api/workouts/log", GOOD),
            ("POST", "/api/coach/chat", {"message": "hello"}),
        ]:
            assert_unavailable(client.request(method, path, json=body, headers=headers))
        assert client.get("/api/health").status_code == 200


@pytest.mark.parametrize("sql", ["SELECT * FROM no_such_table"])
def test_a_sqlite_schema_error_stays_a_500_not_a_retry(sql: str) -> None:
    with pytest.raises(OperationalError) as caught, make_engine("sqlite://").connect() as connection:
        connection.exec_driver_sql(sql)
    assert database_fault(caught.value) is None
