"""Schemathesis with non-finite and out-of-range numbers switched on, on both backends: every JSON body
the document describes is generated, one of its numbers (or, without one, any value) is replaced by
NaN, ±Infinity or a huge number, and the raw text is sent. NaN/Infinity are refused as invalid JSON,
nothing answers 5xx, and afterwards no absurd number is stored anywhere."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, inspect, text

from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.storage.accounts import create_account
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.users import issue_token

NON_FINITE = [math.nan, math.inf, -math.inf]
OUT_OF_RANGE = [1e308, -1e308, 1e20, -1e20, 10**30]
EXAMPLES_PER_OPERATION = 12
LARGEST_STORED = 1e7
"""No number a client or a model sends is stored beyond this (the largest bound is a week's volume)."""


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from leaves(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from leaves(inner, (*path, index))
    else:
        yield path, value


def poisoned(body: Any, poison: float | int, pick: int) -> Any:
    """`body` with one number (else one leaf, else the whole body) replaced by `poison`."""
    found = list(leaves(body))
    numbers = [p for p, v in found if isinstance(v, int | float) and not isinstance(v, bool)]
    targets = numbers or [p for p, _ in found if p]
    if not targets:
        return poison
    path = targets[pick % len(targets)]
    copy = json.loads(json.dumps(body))
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = poison
    return copy


def stored_numbers(engine: Engine) -> Iterator[tuple[str, float]]:
    """Every number in every row of every table (JSON documents opened up)."""
    with engine.connect() as connection:
        for table in inspect(engine).get_table_names():
            for row in connection.execute(text(f'SELECT * FROM "{table}"')).mappings():
                for column, value in row.items():
                    if isinstance(value, str) and value[:1] in "[{":
                        try:
                            value = json.loads(value)
                        except ValueError:
                            continue
                    for _, leaf in leaves(value):
                        if isinstance(leaf, int | float) and not isinstance(leaf, bool):
                            yield f"{table}.{column}", float(leaf)


@pytest.fixture
def fuzzed(
    database_url: str, engine: Engine, clock: FrozenClock
) -> Iterator[tuple[TestClient, dict[str, str]]]:
    with make_sessionmaker(engine).begin() as session:
        user = create_account(session, username="fuzz", password="fuzz-password-1", now=clock.now())
        token = issue_token(session, user_id=user.id, now=clock.now())
    app_settings = Settings(
        database_url=database_url,
        chat_rate_per_minute=0,
        memory_write_rate_per_minute=0,
        signup_rate_per_hour=0,
        allow_signup=True,
    )
    with TestClient(create_app(app_settings, clock=clock, engine=engine)) as client:
        yield client, {"Authorization": f"Bearer {token}"}


def test_non_finite_and_out_of_range_numbers_are_refused(
    fuzzed: tuple[TestClient, dict[str, str]], engine: Engine
) -> None:
    client, headers = fuzzed
    schema = schemathesis.openapi.from_asgi("/openapi.json", client.app)
    operations = [op for op in (r.ok() for r in schema.get_all_operations()) if op.body]
    assert {op.label for op in operations} >= {
        "POST /api/memory",
        "POST /api/workouts/log",
        "POST /api/coach/chat",
    }
    sent: dict[str, int] = {}

    for operation in operations:
        if operation.label == "POST /api/auth/logout":
            continue

        @given(
            case=operation.as_strategy(),
            poison=st.sampled_from(NON_FINITE + OUT_OF_RANGE),
            pick=st.integers(min_value=0, max_value=10_000),
        )
        @settings(
            max_examples=EXAMPLES_PER_OPERATION,
            derandomize=True,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            database=None,
            phases=[Phase.generate],
        )
        def check(case: Any, poison: float | int, pick: int) -> None:
            body = poisoned(case.body, poison, pick)
            response = client.request(
                case.method,
                case.formatted_path,
                params=case.query,
                content=json.dumps(body).encode(),  # Python writes NaN/Infinity, as a hostile client would
                headers={**headers, **(case.headers or {}), "Content-Type": "application/json"},
            )
            label = f"{case.method} {case.formatted_path} {json.dumps(body)[:300]}"
            assert response.status_code < 500, f"{label}: {response.status_code} {response.text}"
            if isinstance(poison, float) and not math.isfinite(poison):
                # A NUL in the same body is refused first, as invalid input; either way nothing runs.
                code = "invalid_input" if "\\u0000" in json.dumps(body) else "invalid_json"
                assert response.status_code == 422, label
                assert response.json()["error"]["code"] == code, label
            sent[case.operation.label] = sent.get(case.operation.label, 0) + 1

        check()
    assert sum(sent.values()) >= EXAMPLES_PER_OPERATION * len(sent) >= 60
    absurd = [(where, value) for where, value in stored_numbers(engine) if not abs(value) <= LARGEST_STORED]
    assert absurd == []
