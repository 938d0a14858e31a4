"""Hostile and absurd request bodies: each gets a clear 4xx with a stable code, and nothing is stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from fitcoach.storage.tables import (
    ChatTurn,
    MemoryEventRow,
    MemoryItemRow,
    PersonalRecord,
    PlanVersion,
    ProposalRow,
    User,
    WorkoutLog,
    WorkoutSet,
)
from tests.api.test_workouts import GOOD
from tests.conftest import MakeUser

TABLES: list[type[Any]] = [
    ChatTurn,
    MemoryEventRow,
    MemoryItemRow,
    PersonalRecord,
    PlanVersion,
    ProposalRow,
    User,
    WorkoutLog,
    WorkoutSet,
]

LOG = json.dumps(GOOD)
FIRST_WEIGHT = '"weight": 20'
COMPLETED = "2026-09-14T08:00:00Z"


def log_with(old: str, new: str) -> bytes:
    assert old in LOG
    return LOG.replace(old, new, 1).encode()


def memory(tier: str, **entry: Any) -> bytes:
    return json.dumps({"target_tier": tier, "entry": entry}).encode()


INJURY = {"body_part": "knee", "condition": "soreness", "fact": "sore knee"}
TRIP = {"event": "trip", "fact": "away all week"}

CASES: list[tuple[str, str, str, bytes, int, str]] = [
    # (name, method, path, raw body, status, code)
    (
        "oversized body",
        "POST",
        "/api/workouts/log",
        b'{"notes": "' + b"x" * 300_000 + b'"}',
        413,
        "payload_too_large",
    ),
    (
        "oversized chat",
        "POST",
        "/api/coach/chat",
        b'{"message": "' + b"x" * 300_000 + b'"}',
        413,
        "payload_too_large",
    ),
    ("nested 10,000 deep", "POST", "/api/workouts/log", b"[" * 10_000 + b"]" * 10_000, 400, "invalid_json"),
    (
        "nested inside a field",
        "POST",
        "/api/memory",
        b'{"entry": ' + b'{"a":' * 10_000 + b"1" + b"}" * 10_001,
        400,
        "invalid_json",
    ),
    (
        "invalid UTF-8",
        "POST",
        "/api/workouts/log",
        log_with('"monday"', '"mon\xff\xfeday"').replace(b"\xc3\xbf\xc3\xbe", b"\xff\xfe"),
        400,
        "invalid_json",
    ),
    ("lone surrogate", "POST", "/api/coach/chat", b'{"message": "hi \\ud800"}', 422, "invalid_input"),
    (
        "5,000-digit weight",
        "POST",
        "/api/workouts/log",
        log_with(FIRST_WEIGHT, '"weight": ' + "9" * 5000),
        400,
        "invalid_json",
    ),
    (
        "weight 1e400",
        "POST",
        "/api/workouts/log",
        log_with(FIRST_WEIGHT, '"weight": 1e400'),
        422,
        "invalid_input",
    ),
    (
        "huge reps",
        "POST",
        "/api/workouts/log",
        log_with('"reps": 10', '"reps": ' + "9" * 400),
        422,
        "invalid_input",
    ),
    (
        "negative weight",
        "POST",
        "/api/workouts/log",
        log_with(FIRST_WEIGHT, '"weight": -20'),
        422,
        "invalid_input",
    ),
    (
        "NaN weight",
        "POST",
        "/api/workouts/log",
        log_with(FIRST_WEIGHT, '"weight": NaN'),
        422,
        "invalid_json",
    ),
    (
        "Infinity weight",
        "POST",
        "/api/workouts/log",
        log_with(FIRST_WEIGHT, '"weight": Infinity'),
        422,
        "invalid_json",
    ),
    (
        "-Infinity weight",
        "POST",
        "/api/workouts/log",
        log_with(FIRST_WEIGHT, '"weight": -Infinity'),
        422,
        "invalid_json",
    ),
    ("NaN rpe", "POST", "/api/workouts/log", log_with('"rpe": 8}', '"rpe": NaN}'), 422, "invalid_json"),
    (
        "NaN duration",
        "POST",
        "/api/workouts/log",
        log_with('"duration_seconds": 60', '"duration_seconds": NaN'),
        422,
        "invalid_json",
    ),
    (
        "log in year 9999",
        "POST",
        "/api/workouts/log",
        log_with(COMPLETED, "9999-12-31T23:59:59Z"),
        422,
        "invalid_input",
    ),
    # Both of these overflowed `datetime` when shifted to UTC: a 500 before the date bounds.
    (
        "year 9999 west of UTC",
        "POST",
        "/api/workouts/log",
        log_with(COMPLETED, "9999-12-31T23:59:59-14:00"),
        422,
        "invalid_input",
    ),
    (
        "year 1 east of UTC",
        "POST",
        "/api/workouts/log",
        log_with(COMPLETED, "0001-01-01T00:00:00+14:00"),
        422,
        "invalid_input",
    ),
    (
        "injury from 9999",
        "POST",
        "/api/memory",
        memory("tier_2_physiological", **INJURY, effective_date="9999-12-31"),
        422,
        "memory_invalid_entry",
    ),
    (
        "trip week 9999",
        "POST",
        "/api/memory",
        memory("tier_3_situational", **TRIP, week_start_date="9999-12-27"),
        422,
        "memory_invalid_entry",
    ),
    (
        "trip ends 9999 west",
        "POST",
        "/api/memory",
        memory("tier_3_situational", **TRIP, expires_at="9999-12-31T23:59:59-14:00"),
        422,
        "memory_invalid_entry",
    ),
    ("revert to NaN", "POST", "/api/plan/revert", b'{"to_version": NaN}', 422, "invalid_json"),
    ("revert to 1e400", "POST", "/api/plan/revert", b'{"to_version": 1e400}', 422, "invalid_input"),
    ("units NaN", "PATCH", "/api/me", b'{"settings": {"units": NaN}}', 422, "invalid_json"),
    ("not JSON at all", "POST", "/api/coach/chat", b"\x00\x01\x02", 422, "invalid_json"),
    ("JSON but a list", "POST", "/api/coach/chat", b'["hello"]', 422, "invalid_input"),
    ("empty body", "POST", "/api/workouts/log", b"", 422, "invalid_input"),
    # PostgreSQL refuses NUL in text and jsonb: each of these was a 500 there (and stored on SQLite).
    ("NUL in chat", "POST", "/api/coach/chat", b'{"message": "hi\\u0000there"}', 422, "invalid_input"),
    (
        "NUL in notes",
        "POST",
        "/api/workouts/log",
        log_with('"plan_day"', '"notes": "a\\u0000", "plan_day"'),
        422,
        "invalid_input",
    ),
    (
        "NUL in a key",
        "POST",
        "/api/memory",
        memory("tier_1_staples", **{"fa\x00ct": "x"}),
        422,
        "invalid_input",
    ),
    (
        "NUL in a memory fact",
        "POST",
        "/api/memory",
        memory("tier_2_physiological", **{**INJURY, "fact": "sore\x00knee"}),
        422,
        "invalid_input",
    ),
    ("NUL in a proposal id", "POST", "/api/coach/proposals/%00/accept", b"", 422, "invalid_input"),
    ("NUL in a memory id", "DELETE", "/api/memory/a%00b", b"", 422, "invalid_input"),
]
QUERY_CASES: list[tuple[str, str, int, str]] = [
    # An unbounded offset overflowed SQLite's 64-bit integer: a 500 before MAX_OFFSET.
    ("offset past int64", "/api/workouts?offset=" + "9" * 30, 422, "invalid_input"),
    ("offset past the bound", "/api/workouts?offset=9999999999", 422, "invalid_input"),
    ("limit 0", "/api/workouts?limit=0", 422, "invalid_input"),
    (
        "weeks_back NaN",
        "/api/analytics/volume-trends?muscle_group=Chest&weeks_back=NaN",
        422,
        "invalid_input",
    ),
    ("history limit huge", "/api/coach/history?limit=" + "9" * 5000, 422, "invalid_input"),
    ("NUL in history's before", "/api/coach/history?before=turn_%00", 422, "invalid_input"),
    ("NUL in a log id", "/api/workouts/log_%00", 422, "invalid_input"),
    ("NUL in memory history's item_id", "/api/memory/history?item_id=%00", 422, "invalid_input"),
]


def counts(engine: Engine) -> dict[str, int]:
    with Session(engine) as session:
        return {
            t.__tablename__: int(session.execute(select(func.count()).select_from(t)).scalar_one())
            for t in TABLES
        }


@pytest.fixture
def headers(make_user: MakeUser) -> dict[str, str]:
    return {**make_user("ana").headers, "content-type": "application/json"}


@pytest.fixture
def lenient_client(client: TestClient) -> Iterator[TestClient]:
    """Our own 500s must come back as responses here, so a table row fails rather than the run."""
    client_ = TestClient(client.app, raise_server_exceptions=False)
    yield client_


@pytest.mark.parametrize(
    ("name", "method", "path", "raw", "status", "code"), CASES, ids=[c[0] for c in CASES]
)
def test_bad_bodies_are_refused_and_store_nothing(
    lenient_client: TestClient,
    engine: Engine,
    headers: dict[str, str],
    name: str,
    method: str,
    path: str,
    raw: bytes,
    status: int,
    code: str,
) -> None:
    before = counts(engine)
    response = lenient_client.request(method, path, content=raw, headers=headers)
    assert (response.status_code, response.json()["error"]["code"]) == (status, code), response.text
    assert response.json()["error"]["message"]
    assert counts(engine) == before


@pytest.mark.parametrize(("name", "url", "status", "code"), QUERY_CASES, ids=[c[0] for c in QUERY_CASES])
def test_bad_queries_are_refused(
    lenient_client: TestClient, headers: dict[str, str], name: str, url: str, status: int, code: str
) -> None:
    response = lenient_client.get(url, headers=headers)
    assert (response.status_code, response.json()["error"]["code"]) == (status, code), response.text


def test_the_good_log_in_this_table_is_accepted(lenient_client: TestClient, headers: dict[str, str]) -> None:
    """The bad bodies above differ from this one in one place each, so each refusal is about that place."""
    assert lenient_client.post("/api/workouts/log", content=LOG.encode(), headers=headers).status_code == 201


def test_an_escaped_backslash_before_u0000_is_ordinary_text(
    lenient_client: TestClient, headers: dict[str, str]
) -> None:
    """Only a decoded NUL is refused: the six characters `\\u0000` typed as text are a fine note."""
    raw = log_with('"plan_day"', '"notes": "path C:\\\\u0000", "plan_day"')
    response = lenient_client.post("/api/workouts/log", content=raw, headers=headers)
    assert response.status_code == 201, response.text
    assert response.json()["notes"] == "path C:\\u0000"
