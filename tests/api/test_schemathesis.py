"""Schemathesis over the app's own OpenAPI document, in process (ASGI): a user with history, one
known-good request per operation (so every success body is checked), then generated requests; no 5xx,
and every status, content type and body (success and error) exactly as the document says."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.storage.accounts import create_account
from fitcoach.storage.db import make_engine, make_sessionmaker
from fitcoach.storage.users import issue_token
from tests.api.known_good import FUZZ_LOGIN, STEPS, Context, seed_user

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
"""What the document promises. Positive-data acceptance is left out: a string the document allows
(an exercise slug, a gear name) may still name nothing, and that is a correct 404/422."""

EXAMPLES_PER_OPERATION = 52
"""27 operations x 52 examples: over 1,000 generated requests once small spaces run out (asserted)."""


@pytest.fixture
def fuzz_app(
    tmp_path: Path, sqlite_template: Path, clock: FrozenClock
) -> Iterator[tuple[FastAPI, str, Context]]:
    """SQLite only: the generated requests test the HTTP layer, whose code is the same on both
    backends, and running them twice would double the suite's slowest test."""
    path = tmp_path / "fuzz.db"
    shutil.copy(sqlite_template, path)
    engine = make_engine(f"sqlite:///{path}")
    with make_sessionmaker(engine).begin() as session:
        user = create_account(session, username="fuzz", password=FUZZ_LOGIN["password"], now=clock.now())
        token = issue_token(session, user_id=user.id, now=clock.now())
        user_id = user.id
    context = {**seed_user(engine, user_id=user_id, now=clock.now()), "user_id": user_id}
    default_user = tmp_path / "default-user.json"
    default_user.write_text(json.dumps({"token": token, "name": "fuzz", "id": user_id}))
    # The rate limit is proven in test_rate_limit; here it would only cut generated chats short.
    settings_ = Settings(
        database_url=f"sqlite:///{path}",
        chat_rate_per_minute=0,
        memory_write_rate_per_minute=0,
        allow_signup=True,
        default_login=True,
        default_user_file=default_user,
    )
    yield create_app(settings_, clock=clock, engine=engine), token, context
    engine.dispose()


LOGOUT = "POST /api/auth/logout"


def test_generated_requests(fuzz_app: tuple[FastAPI, str, Context]) -> None:
    app, token, context = fuzz_app
    headers = {"Authorization": f"Bearer {token}"}

    def spare_token() -> str:
        with make_sessionmaker(app.state.engine).begin() as session:
            return issue_token(session, user_id=context["user_id"], now=app.state.clock.now())

    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    operations = {op.label: op for op in (result.ok() for result in schema.get_all_operations())}
    assert len(operations) >= 20
    # Generated from the document, so a new route cannot ship without a checked success body.
    assert [step.label for step in STEPS] == list(dict.fromkeys(step.label for step in STEPS))
    assert {step.label for step in STEPS} == set(operations), "add the new operation to known_good.STEPS"

    for step in STEPS:
        request = step.request(context)
        call_headers = {**headers, **request.pop("call_headers", {})}
        case = operations[step.label].Case(**request)
        response = case.call_and_validate(headers=call_headers, checks=CHECKS)
        ok = response.status_code == step.expect if step.expect else 200 <= response.status_code < 300
        assert ok, f"{step.label}: {response.status_code} {response.text}"
        context[step.label] = response.json() if response.content else None

    sent = 0
    for operation in operations.values():

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES_PER_OPERATION,
            derandomize=True,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            database=None,
            phases=[Phase.explicit, Phase.generate],
        )
        def check(case: Any) -> None:
            nonlocal sent
            sent += 1
            # A sign-out revokes the token it is sent with: give each its own, keep the shared one alive.
            own = {"Authorization": f"Bearer {spare_token()}"} if case.operation.label == LOGOUT else headers
            case.call_and_validate(headers=own, checks=CHECKS)

        check()
    assert sent >= 1000
