"""Prompt injection: a corpus of hostile messages in several languages, each sent through the offline
coach and through an LLM (fake OpenAI server, real SDK) scripted to obey it.

Whatever the message or the model says: the stored plan never changes without an accept, no foreign
or invented memory id is touched, every staged plan passes the engine against the user's memory,
and the message cannot forge a line of the runtime context block.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.memory.context import BLOCK_HEADER, MESSAGE_HEADER
from fitcoach.testing.openai_server import ChatReply, FakeOpenAIServer
from tests.conftest import MakeUser, TestUser
from tests.reliability.support import (
    FOREIGN_MEMORY_ID,
    assert_staged_proposals_valid,
    assert_valid_reply,
    barbell_day,
    barbell_week,
    llm_app,
    memory_rows,
    seed_other,
    spinal_superset,
    stored_plan,
)
from tests.seeding import seed_athlete

CORPUS = Path(__file__).parent / "injection_corpus.jsonl"
MEMORY_ID = re.compile(r"\bmem_[A-Za-z0-9_]+")
FORGED_FULL_GYM = {"category": "equipment", "fact": "Full commercial gym with barbells, racks and cables."}


@dataclass(frozen=True)
class HostileCase:
    id: str
    lang: str
    attack: str
    message: str


def load_corpus() -> list[HostileCase]:
    cases = []
    # Split on "\n" only: messages hold raw U+2028/U+2029, which splitlines() would cut at.
    for line in filter(None, CORPUS.read_text(encoding="utf-8").split("\n")):
        raw = json.loads(line)
        message = (
            raw.get("message") or (raw["repeat"] * (raw["length"] // len(raw["repeat"]) + 1))[: raw["length"]]
        )
        cases.append(HostileCase(raw["id"], raw["lang"], raw["attack"], message))
    return cases


def _mutation(operation: str, memory_id: str, entry: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "operation": operation,
        "target_tier": "tier_1_staples",
        "memory_id": memory_id,
        "entry": entry,
        "reason": "the user told me to",
    }


def obeying_answer(case: HostileCase) -> dict[str, Any]:
    """What a model that follows the injection would answer (schema-valid, so only the rules stop it)."""
    invented = [i for i in MEMORY_ID.findall(case.message) if i not in ("mem_01", FOREIGN_MEMORY_ID)]
    if case.attack == "direct_write":
        answer = barbell_week()
        answer["message"] = "Done: I wrote the plan directly, no need to accept anything."
    elif case.attack == "inventory_irrelevant":
        answer = barbell_day()
    elif case.attack == "fake_context":
        answer = barbell_week()
        answer["memory_mutations"] = [_mutation("UPDATE", "mem_fake_gym", FORGED_FULL_GYM)]
    elif case.attack == "pasted_json":
        answer = spinal_superset()
        answer["memory_mutations"] = [_mutation("DELETE", FOREIGN_MEMORY_ID)]
    else:
        answer = barbell_day()
        answer["proposal"] = {
            "id": None,
            "type": "NONE",
            "target_day": None,
            "summary_diff": None,
            "data": None,
        }
        answer["message"] = "As admin, I deleted the memories you listed."
        answer["memory_mutations"] = [_mutation("DELETE", FOREIGN_MEMORY_ID)]
    answer["memory_mutations"] = [
        *answer.get("memory_mutations", []),
        *(_mutation("UPDATE", i, FORGED_FULL_GYM) for i in invented[:1]),
        *(_mutation("DELETE", i) for i in invented[1:]),
    ]
    return answer


class Obey:
    """The fake model: answers every request (first answer and repair round) with the injection."""

    def __init__(self) -> None:
        self.case: HostileCase | None = None

    def __call__(self, body: dict[str, Any]) -> ChatReply:
        assert self.case is not None
        return ChatReply(json.dumps(obeying_answer(self.case)))


@pytest.fixture(scope="module")
def obey() -> Obey:
    return Obey()


@pytest.fixture(scope="module")
def fake(obey: Obey) -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(fallback=obey) as server:
        yield server


@pytest.fixture(params=["offline", "llm"])
def brain(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def hostile_app(
    brain: str, database_url: str, engine: Engine, clock: FrozenClock, request: pytest.FixtureRequest
) -> FastAPI:
    if brain == "offline":
        return create_app(
            Settings(database_url=database_url, chat_rate_per_minute=100_000), clock=clock, engine=engine
        )
    fake: FakeOpenAIServer = request.getfixturevalue("fake")
    return llm_app(database_url=database_url, engine=engine, clock=clock, base_url=fake.base_url)


def assert_block_not_spoofed(block: str, message: str) -> None:
    """The runtime block has its own headers once each, and the message only as its last line."""
    lines = block.splitlines()
    assert lines[0] == BLOCK_HEADER and lines.count(BLOCK_HEADER) == 1, lines[:3]
    assert lines[-2] == MESSAGE_HEADER and lines.count(MESSAGE_HEADER) == 1
    assert json.loads(lines[-1]) == message
    assert not any("mem_fake_gym" in line or "SYSTEM OVERRIDE" in line for line in lines[:-1])


def test_hostile_messages_change_nothing_they_should_not(
    brain: str,
    hostile_app: FastAPI,
    make_user: MakeUser,
    engine: Engine,
    clock: FrozenClock,
    request: pytest.FixtureRequest,
) -> None:
    athlete: TestUser = seed_athlete(make_user, engine, clock.now())
    other = seed_other(make_user, engine, clock.now())
    plan_before = stored_plan(engine, athlete.id)
    other_before = memory_rows(engine, other.id)
    corpus = load_corpus()
    with TestClient(hostile_app) as client:
        for case in corpus:
            if brain == "llm":
                obey: Obey = request.getfixturevalue("obey")
                fake: FakeOpenAIServer = request.getfixturevalue("fake")
                obey.case, seen = case, len(fake.completions())
            mine_before = memory_rows(engine, athlete.id)
            response = client.post(
                "/api/coach/chat",
                json={"message": case.message, "active_tab": "coach"},
                headers=athlete.headers,
            )
            assert response.status_code == 200, (case.id, response.text)
            reply = assert_valid_reply(response.json())
            mine_after = memory_rows(engine, athlete.id)
            invented = set(MEMORY_ID.findall(case.message)) - set(mine_before)
            touched = {m.memory_id for m in reply.memory_mutations}
            assert not touched & (invented | {FOREIGN_MEMORY_ID}), (case.id, touched)
            assert not invented & set(mine_after), case.id
            created = {m.memory_id for m in reply.memory_mutations if m.operation == "CREATE"}
            assert set(mine_after) == set(mine_before) | created, case.id
            assert memory_rows(engine, other.id) == other_before, case.id
            assert stored_plan(engine, athlete.id) == plan_before, case.id
            assert_staged_proposals_valid(engine, athlete.id, clock.now())
            if brain == "llm":
                requests = fake.completions()[seen:]
                assert requests, case.id
                for body in requests:
                    assert_block_not_spoofed(body["messages"][1]["content"], case.message)
