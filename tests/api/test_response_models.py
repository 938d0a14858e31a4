"""Every route's success body on SQLite and PostgreSQL: the known-good requests of the schemathesis run
(which is SQLite only) answer 2xx with a status, content type and body the OpenAPI document gives them
(a body written past FastAPI's response model, as the streamed export is, included), and every
timestamp the server writes has one format, UTC to the second with a trailing Z."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from fastapi import FastAPI
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


def body_arguments(request: dict[str, Any]) -> dict[str, Any]:
    """The client's keyword arguments for a step's body: JSON, or a multipart form whose bytes are files."""
    body = request.get("body")
    media_type = request.get("media_type", "application/json")
    if media_type == "application/json":
        return {"json": body}
    assert media_type == "multipart/form-data", f"send {media_type} bodies"
    assert isinstance(body, dict)
    return {
        "files": {name: value for name, value in body.items() if isinstance(value, bytes)},
        "data": {name: value for name, value in body.items() if not isinstance(value, bytes)},
    }


def assert_documented(document: dict[str, Any], label: str, response: Any) -> None:
    """The status is documented for the operation, with the content type answered, and a JSON body
    is valid against the schema documented for it."""
    method, template = label.split(" ", 1)
    responses = document["paths"][template][method.lower()]["responses"]
    assert str(response.status_code) in responses, f"{label}: {response.status_code} is not documented"
    content = responses[str(response.status_code)].get("content", {})
    if not response.content:
        assert not content, f"{label}: documents a body, answered none"
        return
    media_type = response.headers["content-type"].split(";")[0]
    assert media_type in content, f"{label}: {media_type} is not documented"
    if media_type == "application/json":
        schema = content[media_type].get("schema")
        assert schema is not None, f"{label}: its JSON body has no documented schema"
        validator = jsonschema_rs.validator_for({**schema, "components": document["components"]})
        errors = [str(error) for error in validator.iter_errors(response.json())]
        assert not errors, f"{label}: {errors}"


def test_every_route_answers_its_documented_body(seeded: tuple[TestClient, TestUser, Context]) -> None:
    client, user, context = seeded
    assert isinstance(client.app, FastAPI)
    document = client.app.openapi()
    operations = {f"{method.upper()} {path}" for path, item in document["paths"].items() for method in item}
    assert {step.label for step in STEPS} == operations, "add the new operation to known_good.STEPS"
    seen: set[str] = set()
    for step in STEPS:
        request = step.request(context)
        method, template = step.label.split(" ", 1)
        response = client.request(
            method,
            template.format(**request.get("path_parameters", {})),
            params=request.get("query"),
            headers={**user.headers, **request.get("headers", {}), **request.get("call_headers", {})},
            **body_arguments(request),
        )
        ok = response.status_code == step.expect if step.expect else 200 <= response.status_code < 300
        assert ok, f"{step.label}: {response.text}"
        assert_documented(document, step.label, response)
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
