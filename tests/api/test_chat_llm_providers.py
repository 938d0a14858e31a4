"""`POST /api/coach/chat` end to end with FITCOACH_PROVIDER=gemini and =openai: the app builds its own
brains from settings (`make_brains`), the real SDKs talk HTTP to the local fake servers, the real
analytics tools read the user's logged workouts, and provider faults fall back to the offline coach."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from fitcoach.agent.providers.gemini.cache_db import DatabaseCacheRegistry
from fitcoach.agent.providers.gemini.support import REPLY_FUNCTION
from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.plans import get_active_plan
from fitcoach.testing.gemini_server import FakeGeminiServer, GeminiReply, parameters_json_schema
from fitcoach.testing.openai_server import ChatReply, FakeOpenAIServer
from fitcoach.testing.server import Fault
from tests.conftest import MakeUser, TestUser
from tests.lean_answers import lean_shaped
from tests.seeding import seed_athlete

GEMINI_MODEL = "gemini-3-flash-preview"
OPENAI_MODEL = "local-model"
CONFIG_KEYS = ("systemInstruction", "tools", "toolConfig")
NONE_ANSWER = json.dumps(
    {
        "message": "Your goblet squats went up 5 lb in a week: keep that weight and add a rep.",
        "proposal": {"id": None, "type": "NONE", "target_day": None, "summary_diff": None, "data": None},
        "memory_mutations": [],
    }
)
GOBLET_LOG = {
    "plan_day": "monday",
    "completed_at": "2026-09-07T18:30:00Z",
    "exercises_logged": [
        {"exercise_id": "goblet-squat", "sets": [{"weight": 45, "unit": "lb", "reps": 10, "rpe": 8}] * 3}
    ],
}


@pytest.fixture
def gemini() -> Iterator[FakeGeminiServer]:
    with FakeGeminiServer() as fake:
        yield fake


@pytest.fixture
def openai() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


def serve(settings: Settings, engine: Engine, clock: FrozenClock) -> Iterator[TestClient]:
    # No `brains=`: the app builds them from settings, as `fitcoach serve` does.
    with TestClient(create_app(settings, clock=clock, engine=engine)) as client:
        yield client


@pytest.fixture
def gemini_coach(
    gemini: FakeGeminiServer,
    database_url: str,
    engine: Engine,
    clock: FrozenClock,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[TestClient]:
    monkeypatch.setenv("GEMINI_API_KEY", "test-key")
    settings = Settings(
        database_url=database_url,
        provider="gemini",
        model=GEMINI_MODEL,
        gemini_base_url=gemini.base_url,
        llm_timeout_s=5,
    )
    yield from serve(settings, engine, clock)


@pytest.fixture
def openai_coach(
    openai: FakeOpenAIServer, database_url: str, engine: Engine, clock: FrozenClock
) -> Iterator[TestClient]:
    settings = Settings(
        database_url=database_url,
        provider="openai",
        model=OPENAI_MODEL,
        openai_base_url=openai.openai_base_url,
        llm_timeout_s=5,
    )
    yield from serve(settings, engine, clock)


@pytest.fixture
def seed_user(make_user: MakeUser, engine: Engine, clock: FrozenClock) -> MakeUser:
    """`seed_user(name)`: a user with the seed's home-gym memory and its 4-day plan as version 1."""

    def make(name: str = "ana") -> TestUser:
        return seed_athlete(make_user, engine, clock.now(), name)

    return make


def monday_answer(data_dir: Path) -> str:
    return (data_dir / "seeds/monday_update_day.json").read_text()


def chat(client: TestClient, user: TestUser, message: str, **extra: Any) -> dict[str, Any]:
    body = {"message": message, "active_tab": "coach", **extra}
    response = client.post("/api/coach/chat", json=body, headers=user.headers)
    assert response.status_code == 200, response.text
    reply: dict[str, Any] = response.json()
    return reply


def log_goblet_squats(client: TestClient, user: TestUser) -> str:
    response = client.post("/api/workouts/log", json=GOBLET_LOG, headers=user.headers)
    assert response.status_code in (200, 201), response.text
    log_id: str = response.json()["id"]
    return log_id


def plan_version(engine: Engine, user: TestUser) -> int | None:
    with Session(engine) as session:
        row = get_active_plan(session, user_id=user.id)
        return None if row is None else row.version


def assert_day_staged_not_written(
    client: TestClient, user: TestUser, engine: Engine, body: dict[str, Any]
) -> None:
    assert body["proposal"]["type"] == "UPDATE_DAY" and body["proposal"]["target_day"] == "monday"
    assert body["proposal"]["id"].startswith("prop_")
    assert plan_version(engine, user) == 1
    staged = client.get("/api/coach/proposals?status=staged", headers=user.headers).json()["items"]
    assert [p["id"] for p in staged] == [body["proposal"]["id"]]
    accepted = client.post(f"/api/coach/proposals/{body['proposal']['id']}/accept", headers=user.headers)
    assert accepted.status_code == 200 and accepted.json()["version"] == 2


# --- Gemini ---------------------------------------------------------------------------------------


def test_gemini_day_change_is_staged_with_token_counts(
    gemini: FakeGeminiServer, gemini_coach: TestClient, seed_user: MakeUser, engine: Engine, data_dir: Path
) -> None:
    user = seed_user()
    gemini.enqueue(GeminiReply(monday_answer(data_dir), output_tokens=321))
    body = chat(gemini_coach, user, "Hamstrings are sore, adjust today", selected_day="monday")
    meta = body["meta"]
    # `model` is the version the server says answered (the fake reports "fake-gemini").
    assert (meta["provider"], meta["model"], meta["path"]) == ("gemini", "fake-gemini", "fast")
    assert meta["degraded"] is False and meta["repairs"] == []
    tokens = meta["tokens"]
    assert tokens["output_tokens"] == 321
    assert tokens["cached_tokens"] >= 4096 and tokens["prompt_tokens"] > tokens["cached_tokens"]
    assert_day_staged_not_written(gemini_coach, user, engine, body)


def test_a_gemini_answer_without_server_fields_reaches_the_user_with_them(
    gemini: FakeGeminiServer, gemini_coach: TestClient, seed_user: MakeUser, engine: Engine, data_dir: Path
) -> None:
    """What the lean schema lets Gemini write: no id, names, calendar, status or estimates."""
    user = seed_user()
    gemini.enqueue(GeminiReply(json.dumps(lean_shaped(json.loads(monday_answer(data_dir))))))
    body = chat(gemini_coach, user, "Hamstrings are sore, adjust today", selected_day="monday")
    assert body["meta"]["degraded"] is False and body["meta"]["repairs"] == []
    day = body["proposal"]["data"]
    assert (day["date"], day["day_of_week"], day["status"]) == ("2026-09-14", "Monday", "scheduled")
    assert day["completed_log_id"] is None and day["completed_at"] is None
    assert day["duration_minutes"] > 0 and day["estimated_volume_lbs"] > 0
    assert day["muscle_focus"] and all(0 <= f["intensity"] <= 100 for f in day["muscle_focus"])
    names = [e["name"] for block in day["blocks"] for e in block["exercises"]]
    assert names == ["Incline DB Bench Press", "DB Lateral Raise", "Overhead DB Tricep Extension"]
    assert_day_staged_not_written(gemini_coach, user, engine, body)


def test_gemini_tool_round_trip_reads_the_users_logs_and_returns_them_to_the_model(
    gemini: FakeGeminiServer, gemini_coach: TestClient, seed_user: MakeUser
) -> None:
    user = seed_user()
    log_id = log_goblet_squats(gemini_coach, user)
    gemini.enqueue(
        GeminiReply.calling("get_historical_exercise_logs", exercise_slug="goblet-squat", limit_sessions=3),
        GeminiReply(NONE_ANSWER),
    )
    body = chat(gemini_coach, user, "How are my goblet squats going?")
    assert body["meta"]["path"] == "tool" and body["meta"]["degraded"] is False
    assert [call["name"] for call in body["meta"]["tools_called"]] == ["get_historical_exercise_logs"]
    second = gemini.bodies("generate")[1]
    assert not any(key in second for key in CONFIG_KEYS)
    returned = second["contents"][-1]["parts"][0]["functionResponse"]
    assert returned["name"] == "get_historical_exercise_logs"
    (session,) = returned["response"]["sessions"]
    assert session["log_id"] == log_id
    assert [s["weight"] for s in session["sets"]] == [45, 45, 45]


def test_gemini_cache_is_created_once_for_two_users_and_counted_in_the_database(
    gemini: FakeGeminiServer,
    gemini_coach: TestClient,
    seed_user: MakeUser,
    engine: Engine,
    clock: FrozenClock,
) -> None:
    ana, ben = seed_user("ana"), seed_user("ben")
    gemini.enqueue(GeminiReply(NONE_ANSWER), GeminiReply(NONE_ANSWER))
    replies = [chat(gemini_coach, user, f"Hello from {user.name}") for user in (ana, ben)]
    assert len(gemini.bodies("cache")) == 1
    generates = gemini.bodies("generate")
    assert [g["cachedContent"] for g in generates] == ["cachedContents/fake1"] * 2
    for body in generates:
        assert not any(key in body for key in CONFIG_KEYS)
    assert "Hello from ana" in json.dumps(generates[0]["contents"])
    assert "Hello from ben" in json.dumps(generates[1]["contents"])
    assert all(reply["meta"]["tokens"]["cached_tokens"] >= 4096 for reply in replies)
    stats = DatabaseCacheRegistry(make_sessionmaker(engine), clock=clock).stats()
    assert (stats.hits, stats.misses) == (1, 1)


# --- OpenAI-compatible ----------------------------------------------------------------------------


def test_openai_day_change_is_staged_and_the_second_turn_reports_cached_tokens(
    openai: FakeOpenAIServer, openai_coach: TestClient, seed_user: MakeUser, engine: Engine, data_dir: Path
) -> None:
    user = seed_user()
    openai.enqueue(ChatReply(NONE_ANSWER), ChatReply(monday_answer(data_dir), output_tokens=222))
    first = chat(openai_coach, user, "Hi coach")
    body = chat(openai_coach, user, "Hamstrings are sore, adjust today", selected_day="monday")
    assert (body["meta"]["provider"], body["meta"]["model"]) == ("openai", OPENAI_MODEL)
    assert body["meta"]["degraded"] is False
    assert first["meta"]["tokens"]["cached_tokens"] == 0
    tokens = body["meta"]["tokens"]
    assert (
        tokens["output_tokens"] == 222
        and tokens["cached_tokens"] > 4096
        and tokens["prompt_tokens"] > tokens["cached_tokens"]
    )
    bodies = openai.completions()
    assert bodies[0]["messages"][0] == bodies[1]["messages"][0]  # byte-identical prefix first
    assert_day_staged_not_written(openai_coach, user, engine, body)


def test_openai_tool_round_trip_reads_the_users_logs_and_returns_them_to_the_model(
    openai: FakeOpenAIServer, openai_coach: TestClient, seed_user: MakeUser
) -> None:
    user = seed_user()
    log_id = log_goblet_squats(openai_coach, user)
    openai.enqueue(
        ChatReply.calling("get_historical_exercise_logs", exercise_slug="goblet-squat", limit_sessions=3),
        ChatReply(NONE_ANSWER),
    )
    body = chat(openai_coach, user, "How are my goblet squats going?")
    assert body["meta"]["path"] == "tool" and body["meta"]["degraded"] is False
    assert [call["name"] for call in body["meta"]["tools_called"]] == ["get_historical_exercise_logs"]
    tool_messages = [m for m in openai.completions()[1]["messages"] if m["role"] == "tool"]
    assert len(tool_messages) == 1
    (session,) = json.loads(tool_messages[0]["content"])["sessions"]
    assert session["log_id"] == log_id
    assert [s["weight"] for s in session["sets"]] == [45, 45, 45]


# --- Units: learned from the user's words, whichever brain answers --------------------------------


@pytest.mark.parametrize("provider", ["gemini", "openai"])
def test_the_users_unit_is_learned_from_their_message_not_the_models_reply(
    request: pytest.FixtureRequest, provider: str, make_user: MakeUser
) -> None:
    server = request.getfixturevalue(provider)
    coach: TestClient = request.getfixturevalue(f"{provider}_coach")
    user = make_user("olga")
    # The model's reply speaks of pounds (NONE_ANSWER's "5 lb"); the user wrote kilograms.
    server.enqueue(GeminiReply(NONE_ANSWER) if provider == "gemini" else ChatReply(NONE_ANSWER))
    body = chat(coach, user, "У меня гантели до 22 кг и скамья")
    assert body["meta"]["provider"] == provider and "lb" in body["message"]
    assert coach.get("/api/me", headers=user.headers).json()["settings"]["units"] == "kg"


# --- Faults: the offline coach answers, nothing invalid is staged ---------------------------------

FAULTS = [
    pytest.param(Fault.http(500), id="http-500"),
    pytest.param(Fault.http(429), id="http-429"),
    pytest.param(Fault.malformed(), id="malformed-body"),
    pytest.param("not json at all {", id="malformed-answer"),
]


def _script(server: FakeGeminiServer | FakeOpenAIServer, fault: Fault | str) -> None:
    """The fault, then the same again for a repair round: a fault is never followed by a good answer."""
    if isinstance(server, FakeGeminiServer):
        server.enqueue(*[fault if isinstance(fault, Fault) else GeminiReply(fault)] * 2)
    else:
        server.enqueue(*[fault if isinstance(fault, Fault) else ChatReply(fault)] * 2)


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("provider", ["gemini", "openai"])
def test_a_provider_fault_falls_back_to_the_offline_coach(
    request: pytest.FixtureRequest, provider: str, fault: Fault | str, seed_user: MakeUser, engine: Engine
) -> None:
    server = request.getfixturevalue(provider)
    coach: TestClient = request.getfixturevalue(f"{provider}_coach")
    user = seed_user()
    _script(server, fault)
    body = chat(coach, user, "Swap Monday's squats for something else please", selected_day="monday")
    assert body["meta"]["degraded"] is True
    assert body["meta"]["provider"] == "offline"
    assert body["message"].strip()
    assert plan_version(engine, user) == 1
    staged = coach.get("/api/coach/proposals?status=staged", headers=user.headers).json()["items"]
    if body["proposal"]["type"] == "NONE":
        assert staged == []
    else:
        assert [p["id"] for p in staged] == [body["proposal"]["id"]]


def test_a_timeout_falls_back_within_the_turn_budget(
    openai: FakeOpenAIServer, database_url: str, engine: Engine, clock: FrozenClock, seed_user: MakeUser
) -> None:
    settings = Settings(
        database_url=database_url,
        provider="openai",
        model=OPENAI_MODEL,
        openai_base_url=openai.openai_base_url,
    )
    settings = settings.model_copy(update={"llm_timeout_s": 0.5})
    user = seed_user()
    openai.enqueue(Fault.delay(3), ChatReply(NONE_ANSWER))
    for coach in serve(settings, engine, clock):
        body = chat(coach, user, "Hi coach")
        assert body["meta"]["degraded"] is True and body["meta"]["provider"] == "offline"


# --- The answer schema: compact, alike for every turn, and still only a first line of defence -------


def _sent_schema(server: FakeGeminiServer | FakeOpenAIServer) -> list[dict[str, Any]]:
    """The schema each model call was held to. Gemini's default contract mode declares it once, as
    the `coach_reply` function in the shared cache that every call names (and sends no schema)."""
    if isinstance(server, FakeGeminiServer):
        (cache,) = server.bodies("cache")
        declared = {d["name"]: d for tool in cache["tools"] for d in tool["functionDeclarations"]}
        generates = server.bodies("generate")
        for body in generates:
            assert body["cachedContent"] == generates[0]["cachedContent"]
            assert "responseJsonSchema" not in body.get("generationConfig", {})
        return [parameters_json_schema(declared[REPLY_FUNCTION])] * len(generates)
    formats = [body["response_format"] for body in server.completions()]
    assert all(f["type"] == "json_schema" and f["json_schema"]["strict"] is True for f in formats)
    return [f["json_schema"]["schema"] for f in formats]


def _reply(server: FakeGeminiServer | FakeOpenAIServer, text: str) -> GeminiReply | ChatReply:
    return GeminiReply(text) if isinstance(server, FakeGeminiServer) else ChatReply(text)


@pytest.mark.parametrize("provider", ["gemini", "openai"])
def test_the_compact_schema_is_sent_alike_for_every_user_and_a_violation_still_meets_the_guard(
    request: pytest.FixtureRequest, provider: str, seed_user: MakeUser, data_dir: Path
) -> None:
    server: FakeGeminiServer | FakeOpenAIServer = request.getfixturevalue(provider)
    coach: TestClient = request.getfixturevalue(f"{provider}_coach")
    ana, ben = seed_user("ana"), seed_user("ben")
    invented = json.loads(monday_answer(data_dir))
    invented["proposal"]["data"]["blocks"][0]["exercises"][0]["exercise_id"] = "turbo-hamstring-blaster"
    # A fake does not decode under the schema, so it can send what a constrained model could not:
    # the guard must still refuse it and ask for a repair.
    server.enqueue(_reply(server, NONE_ANSWER), _reply(server, json.dumps(invented)))
    server.enqueue(_reply(server, monday_answer(data_dir)))
    chat(coach, ana, "Hi coach")
    body = chat(coach, ben, "Hamstrings are sore, adjust today", selected_day="monday")
    assert body["meta"]["degraded"] is False
    assert body["meta"]["repairs"][0] == "model repaired its answer"
    assert "turbo-hamstring-blaster" not in json.dumps(body["proposal"])
    schemas = _sent_schema(server)
    assert len(schemas) == 3
    assert json.dumps(schemas[0]) == json.dumps(schemas[1]) == json.dumps(schemas[2])
    day = schemas[0]["$defs"]["PlannedExercise"]["properties"]["exercise_id"]
    assert "turbo-hamstring-blaster" not in day["enum"] and "goblet-squat" in day["enum"]
    repair_turn = json.dumps(
        server.bodies("generate")[-1] if provider == "gemini" else server.completions()[-1]
    )
    assert "turbo-hamstring-blaster" in repair_turn and "unknown exercise_id" in repair_turn
