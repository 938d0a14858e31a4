"""Every route's success body on SQLite and PostgreSQL: the known-good requests of the schemathesis run
(which is SQLite only) answer 2xx through their response models, and every timestamp the server writes
has one format, UTC to the second with a trailing Z."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.contract.models import MemoryMutation
from fitcoach.storage.accounts import set_password
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.tables import User
from tests.api.known_good import FUZZ_LOGIN, STEPS, Context, seed_user
from tests.conftest import MakeUser, TestUser

INSTANT = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
INSTANT_KEYS = {
    "created_at",
    "updated_at",
    "decided_at",
    "expires_at",
    "completed_at",
    "at",
    "since",
    "until",
}


@pytest.fixture
def seeded(
    database_url: str, engine: Engine, clock: FrozenClock, make_user: MakeUser, tmp_path: Path
) -> Iterator[tuple[TestClient, TestUser, Context]]:
    # A clock with microseconds, as the system clock has: plan versions, proposals and chat turns
    # used to be written with them while every other timestamp was to the second.
    clock.advance(timedelta(microseconds=123_456))
    user = make_user("ana")
    with make_sessionmaker(engine).begin() as session:
        row = session.get(User, user.id)
        assert row is not None
        row.username = FUZZ_LOGIN["login"]
        set_password(session, user=row, password=FUZZ_LOGIN["password"])
    default_user = tmp_path / "default-user.json"
    default_user.write_text(json.dumps({"token": user.token, "name": user.name, "id": user.id}))
    settings = Settings(
        database_url=database_url, default_login=True, default_user_file=default_user, allow_signup=True
    )
    context = seed_user(engine, user_id=user.id, now=clock.now())
    with TestClient(create_app(settings, clock=clock, engine=engine)) as client:
        yield client, user, context


def _instants(body: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """(key, value) of every server-written timestamp; a memory `entry` is the fact as stated."""
    if isinstance(body, dict):
        for name, value in body.items():
            if name != "entry":
                yield from _instants(value, name)
    elif isinstance(body, list):
        for item in body:
            yield from _instants(item, key)
    elif key in INSTANT_KEYS and body is not None:
        yield key, body


def test_every_route_answers_its_documented_body(seeded: tuple[TestClient, TestUser, Context]) -> None:
    client, user, context = seeded
    seen: set[str] = set()
    for step in STEPS:
        request = step.request(context)
        method, template = step.label.split(" ", 1)
        response = client.request(
            method,
            template.format(**request.get("path_parameters", {})),
            params=request.get("query"),
            json=request.get("body"),
            headers={**user.headers, **request.get("headers", {}), **request.get("call_headers", {})},
        )
        ok = response.status_code == step.expect if step.expect else 200 <= response.status_code < 300
        assert ok, f"{step.label}: {response.text}"
        body = response.json() if response.content else None
        context[step.label] = body
        for key, value in _instants(body):
            seen.add(key)
            assert INSTANT.match(value), f"{step.label}: {key}={value!r}"
    assert {"created_at", "decided_at", "updated_at", "at", "since"} <= seen


def test_stated_facts_list_whole_memory_mutations(seeded: tuple[TestClient, TestUser, Context]) -> None:
    """`applied` holds MemoryMutations written whole, as a chat reply's `memory_mutations` are (it used
    to drop null fields, so the same model had two shapes on the wire)."""
    client, user, _ = seeded
    fact = {"target_tier": "tier_1_staples", "entry": {"category": "goal", "fact": "Run a 10k"}}
    stated = client.post("/api/memory", json=fact, headers=user.headers)
    assert stated.status_code == 201
    assert [set(m) for m in stated.json()["applied"]] == [set(MemoryMutation.model_fields)]
