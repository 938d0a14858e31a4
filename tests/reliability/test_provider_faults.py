"""Provider faults through the fake servers (OpenAI and Gemini wire formats) and the real SDKs, 100
turns of each kind: every turn is answered with a valid reply over HTTP, nothing invalid is staged,
the stored plan never moves."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Literal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.clock import FrozenClock
from fitcoach.testing.gemini_server import FakeGeminiServer, GeminiReply
from fitcoach.testing.openai_server import ChatReply, FakeOpenAIServer
from fitcoach.testing.server import Fault
from tests.conftest import MakeUser, TestUser
from tests.reliability.support import (
    assert_staged_proposals_valid,
    assert_valid_reply,
    barbell_day,
    barbell_week,
    llm_app,
    seed_answer,
    spinal_superset,
    stored_plan,
)
from tests.seeding import seed_athlete

TURNS = {"openai": 100, "gemini": 20}
"""Turns per fault kind: 100 through the OpenAI wire format; the Gemini fake repeats every kind at a
fifth of the count to prove the second SDK's path without doubling the suite's run time."""
TIMEOUT_S = 0.2
"""FITCOACH_LLM_TIMEOUT_S for the timeout case: every timed-out turn waits this long, then falls back."""
TIMEOUT_WORKERS = 10
"""Each timed-out turn must really wait out the timeout; ten at a time keep 100 of them near 2 s."""

MESSAGES = [
    "Trim Monday to 30 minutes please",
    "Should I add weight on incline press?",
    "Je n'ai que 20 minutes lundi",
    "Estou com dor no ombro hoje",
    "Сделай понедельник короче",
    "我今天只有二十分钟",
    "Give me a new week",
]


def _reply(answer: dict[str, Any]) -> str:
    """An answer text; the script wraps it in the provider's reply type."""
    return json.dumps(answer)


NOT_JSON_ANSWER = '{"message": "Here is your plan", "proposal": {"type": "UPDATE_DAY", "data": {'

FAULTS: dict[str, Callable[[], Iterator[Any]]] = {
    "http_500": lambda: itertools.repeat(Fault.http(500)),
    "http_503": lambda: itertools.repeat(Fault.http(503)),
    "http_429": lambda: itertools.repeat(Fault.http(429)),
    "malformed_body": lambda: itertools.repeat(Fault.malformed()),
    # A truncated body is the next entry's JSON cut in half: script the pair for every request.
    "truncated_body": lambda: itertools.cycle([Fault.truncated(), _reply(seed_answer("monday_update_day"))]),
    "answer_not_json": lambda: itertools.repeat(NOT_JSON_ANSWER),
    "rule_breaking_plan": lambda: itertools.cycle(
        [_reply(barbell_day()), _reply(barbell_week()), _reply(spinal_superset())]
    ),
}
REQUESTS_PER_TURN = {"rule_breaking_plan": 2}
"""A parsed answer that breaks the rules gets one repair round; an answer that is not JSON at all
is the provider's error (ModelOutputInvalid) and falls back at once, like a transport fault."""


class Script:
    """What the module's fake answers to every request: an endless stream set per test, answer texts
    wrapped in the provider's reply type."""

    def __init__(self) -> None:
        self.entries: Iterator[Any] = iter(())
        self.wrap: Callable[[str], Any] = ChatReply

    def __call__(self, body: dict[str, Any]) -> Any:
        entry = next(self.entries, None)
        return self.wrap(entry) if isinstance(entry, str) else entry


FakeServer = FakeOpenAIServer | FakeGeminiServer


@pytest.fixture(scope="module")
def script() -> Script:
    return Script()


@pytest.fixture(scope="module", params=["openai", "gemini"])
def fake(request: pytest.FixtureRequest, script: Script) -> Iterator[FakeServer]:
    server: FakeServer
    if request.param == "openai":
        server, script.wrap = FakeOpenAIServer(fallback=script), ChatReply
    else:
        server, script.wrap = FakeGeminiServer(fallback=script), GeminiReply
    with server:
        yield server


def provider_of(fake: FakeServer) -> Literal["openai", "gemini"]:
    return "openai" if isinstance(fake, FakeOpenAIServer) else "gemini"


def generate_requests(fake: FakeServer) -> int:
    """How many answer requests the fake has seen (cache management calls not counted)."""
    if isinstance(fake, FakeOpenAIServer):
        return len(fake.completions())
    return len(fake.bodies("generate"))


def _client(
    fake: FakeServer, database_url: str, engine: Engine, clock: FrozenClock, timeout_s: float
) -> TestClient:
    app = llm_app(
        database_url=database_url,
        engine=engine,
        clock=clock,
        base_url=fake.base_url,
        timeout_s=timeout_s,
        provider=provider_of(fake),
    )
    return TestClient(app)


@pytest.fixture
def llm(fake: FakeServer, database_url: str, engine: Engine, clock: FrozenClock) -> Iterator[TestClient]:
    """A generous time budget: on a loaded machine a short one would turn other faults into timeouts."""
    with _client(fake, database_url, engine, clock, timeout_s=10.0) as client:
        yield client


@pytest.fixture
def llm_short_budget(
    fake: FakeServer, database_url: str, engine: Engine, clock: FrozenClock
) -> Iterator[TestClient]:
    with _client(fake, database_url, engine, clock, timeout_s=TIMEOUT_S) as client:
        yield client


@pytest.fixture
def athlete(make_user: MakeUser, engine: Engine, clock: FrozenClock) -> TestUser:
    return seed_athlete(make_user, engine, clock.now())


def _turn(client: TestClient, user: TestUser, number: int) -> dict[str, Any]:
    """One chat turn; its reply must fit the contract."""
    response = client.post(
        "/api/coach/chat",
        json={"message": MESSAGES[number % len(MESSAGES)], "active_tab": "coach"},
        headers=user.headers,
    )
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    assert_valid_reply(body)
    return body


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_every_faulty_turn_gets_a_valid_reply_and_stages_nothing_invalid(
    fault: str,
    llm: TestClient,
    fake: FakeServer,
    script: Script,
    athlete: TestUser,
    engine: Engine,
    clock: FrozenClock,
) -> None:
    before = stored_plan(engine, athlete.id)
    requests_before = generate_requests(fake)
    script.entries = FAULTS[fault]()
    turns = TURNS[provider_of(fake)]
    bodies = []
    for number in range(turns):
        bodies.append(_turn(llm, athlete, number))
        assert_staged_proposals_valid(engine, athlete.id, clock.now())
    script.entries = iter(())
    # Every turn saw the fault: it was answered by the fallback or by an engine repair.
    assert all(b["meta"]["degraded"] or b["meta"]["repairs"] for b in bodies), fault
    assert generate_requests(fake) - requests_before == turns * REQUESTS_PER_TURN.get(fault, 1)
    assert stored_plan(engine, athlete.id) == before
    assert_staged_proposals_valid(engine, athlete.id, clock.now())


def test_timeouts_fall_back_after_the_configured_budget(
    llm_short_budget: TestClient,
    fake: FakeServer,
    script: Script,
    athlete: TestUser,
    engine: Engine,
    clock: FrozenClock,
) -> None:
    before = stored_plan(engine, athlete.id)
    requests_before = generate_requests(fake)
    turns = TURNS[provider_of(fake)]
    script.entries = itertools.repeat(Fault.delay(TIMEOUT_S * 5))
    with ThreadPoolExecutor(TIMEOUT_WORKERS) as pool:
        bodies = list(pool.map(lambda number: _turn(llm_short_budget, athlete, number), range(turns)))
    script.entries = iter(())
    assert all(b["meta"]["degraded"] and b["meta"]["provider"] == "offline" for b in bodies)
    assert all(b["meta"]["latency_ms"] >= TIMEOUT_S * 1000 for b in bodies)
    # No retries. Fewer requests than turns is fine: the budget also covers Gemini's cache set-up, so
    # on a loaded machine a turn can time out before its answer request is sent.
    assert 0 < generate_requests(fake) - requests_before <= turns
    assert stored_plan(engine, athlete.id) == before
    assert_staged_proposals_valid(engine, athlete.id, clock.now())
