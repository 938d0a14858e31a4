"""Provider faults through the fake OpenAI server and the real SDK, 100 turns of each kind: every turn
is answered with a valid reply over HTTP, nothing invalid is staged, the stored plan never moves."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.agent.fakes.openai_server import ChatReply, FakeOpenAIServer
from fitcoach.agent.fakes.server import Fault
from fitcoach.clock import FrozenClock
from tests.conftest import MakeUser, TestUser
from tests.reliability.support import (
    assert_staged_proposals_valid,
    assert_valid_reply,
    barbell_day,
    barbell_week,
    llm_app,
    seed_answer,
    seed_athlete,
    spinal_superset,
    stored_plan,
)

TURNS = 100
TIMEOUT_S = 0.2
"""FITCOACH_LLM_TIMEOUT_S for this module: every timed-out turn waits this long before falling back."""
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


def _reply(answer: dict[str, Any]) -> ChatReply:
    return ChatReply(json.dumps(answer))


NOT_JSON_ANSWER = '{"message": "Here is your plan", "proposal": {"type": "UPDATE_DAY", "data": {'

FAULTS: dict[str, Callable[[], Iterator[Any]]] = {
    "http_500": lambda: itertools.repeat(Fault.http(500)),
    "http_503": lambda: itertools.repeat(Fault.http(503)),
    "http_429": lambda: itertools.repeat(Fault.http(429)),
    "malformed_body": lambda: itertools.repeat(Fault.malformed()),
    # A truncated body is the next entry's JSON cut in half: script the pair for every request.
    "truncated_body": lambda: itertools.cycle([Fault.truncated(), _reply(seed_answer("monday_update_day"))]),
    "answer_not_json": lambda: itertools.repeat(ChatReply(NOT_JSON_ANSWER)),
    "rule_breaking_plan": lambda: itertools.cycle(
        [_reply(barbell_day()), _reply(barbell_week()), _reply(spinal_superset())]
    ),
}
REQUESTS_PER_TURN = {"rule_breaking_plan": 2}
"""A parsed answer that breaks the rules gets one repair round; an answer that is not JSON at all
is the provider's error (ModelOutputInvalid) and falls back at once, like a transport fault."""


class Script:
    """What the module's fake answers to every request: an endless stream set per test."""

    def __init__(self) -> None:
        self.entries: Iterator[Any] = iter(())

    def __call__(self, body: dict[str, Any]) -> Any:
        return next(self.entries, None)


@pytest.fixture(scope="module")
def script() -> Script:
    return Script()


@pytest.fixture(scope="module")
def fake(script: Script) -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(fallback=script) as server:
        yield server


@pytest.fixture
def llm(
    fake: FakeOpenAIServer, database_url: str, engine: Engine, clock: FrozenClock
) -> Iterator[TestClient]:
    app = llm_app(
        database_url=database_url,
        engine=engine,
        clock=clock,
        base_url=fake.openai_base_url,
        timeout_s=TIMEOUT_S,
    )
    with TestClient(app) as client:
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
    fake: FakeOpenAIServer,
    script: Script,
    athlete: TestUser,
    engine: Engine,
    clock: FrozenClock,
) -> None:
    before = stored_plan(engine, athlete.id)
    requests_before = len(fake.completions())
    script.entries = FAULTS[fault]()
    bodies = []
    for number in range(TURNS):
        bodies.append(_turn(llm, athlete, number))
        assert_staged_proposals_valid(engine, athlete.id, clock.now())
    script.entries = iter(())
    # Every turn saw the fault: it was answered by the fallback or by an engine repair.
    assert all(b["meta"]["degraded"] or b["meta"]["repairs"] for b in bodies), fault
    assert len(fake.completions()) - requests_before == TURNS * REQUESTS_PER_TURN.get(fault, 1)
    assert stored_plan(engine, athlete.id) == before
    assert_staged_proposals_valid(engine, athlete.id, clock.now())


def test_timeouts_fall_back_after_the_configured_budget(
    llm: TestClient,
    fake: FakeOpenAIServer,
    script: Script,
    athlete: TestUser,
    engine: Engine,
    clock: FrozenClock,
) -> None:
    before = stored_plan(engine, athlete.id)
    requests_before = len(fake.completions())
    script.entries = itertools.repeat(Fault.delay(TIMEOUT_S * 5))
    with ThreadPoolExecutor(TIMEOUT_WORKERS) as pool:
        bodies = list(pool.map(lambda number: _turn(llm, athlete, number), range(TURNS)))
    script.entries = iter(())
    assert all(b["meta"]["degraded"] and b["meta"]["provider"] == "offline" for b in bodies)
    assert all(b["meta"]["latency_ms"] >= TIMEOUT_S * 1000 for b in bodies)
    assert len(fake.completions()) - requests_before == TURNS
    assert stored_plan(engine, athlete.id) == before
    assert_staged_proposals_valid(engine, athlete.id, clock.now())
