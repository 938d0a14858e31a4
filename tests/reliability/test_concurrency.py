"""Concurrency against a real uvicorn server: threads, one HTTP connection each, released together.

Parallel accepts of one proposal apply it once; two conflicting proposals accepted in parallel apply
one and answer the other 409; parallel posts of one log with one Idempotency-Key store one log.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.services.brains import Brains
from fitcoach.storage.tables import PlanVersion, ProposalRow, WorkoutLog, WorkoutSet
from fitcoach.testing.server import ThreadedServer
from tests.api.test_workouts import GOOD
from tests.conftest import MakeUser, TestUser
from tests.reliability.support import seed_answer
from tests.seeding import seed_athlete

ACCEPTS = 20
LOG_POSTS = 50
CONFLICT_ROUNDS = 5
"""Both orders of the race should come up; each round is a fresh user with two fresh proposals."""


@pytest.fixture
def scripted() -> ScriptedProvider:
    return ScriptedProvider()


@pytest.fixture
def server(
    database_url: str, engine: Engine, clock: FrozenClock, scripted: ScriptedProvider
) -> Iterator[ThreadedServer]:
    settings = Settings(database_url=database_url, chat_rate_per_minute=100_000)
    app = create_app(settings, clock=clock, engine=engine, brains=Brains(provider=scripted, fallback=None))
    with ThreadedServer(app) as running:
        yield running


def in_parallel(
    count: int, call: Callable[[httpx.Client, int], httpx.Response], base_url: str
) -> list[httpx.Response]:
    """Run `call(client, index)` on `count` threads, each with its own connection, all released at
    one barrier; responses come back in index order."""
    barrier = threading.Barrier(count)

    def one(index: int) -> httpx.Response:
        with httpx.Client(base_url=base_url, timeout=60) as client:
            client.get("/api/health")  # open the connection before the race starts
            barrier.wait()
            return call(client, index)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(one, range(count)))


def stage(server: ThreadedServer, scripted: ScriptedProvider, user: TestUser, answer: dict[str, Any]) -> str:
    scripted.enqueue(answer)
    response = httpx.post(
        f"{server.base_url}/api/coach/chat",
        json={"message": "Change my plan", "active_tab": "coach"},
        headers=user.headers,
        timeout=30,
    )
    assert response.status_code == 200, response.text
    proposal_id: str = response.json()["proposal"]["id"]
    assert proposal_id
    return proposal_id


def count_rows(engine: Engine, model: Any, user_id: str) -> int:
    with Session(engine) as session:
        return int(
            session.execute(
                select(func.count()).select_from(model).where(model.user_id == user_id)
            ).scalar_one()
        )


def accept_each(server: ThreadedServer, user: TestUser, ids: list[str]) -> list[httpx.Response]:
    """Accept proposal `ids[i]` on thread i, all at once."""
    return in_parallel(
        len(ids),
        lambda client, index: client.post(f"/api/coach/proposals/{ids[index]}/accept", headers=user.headers),
        server.base_url,
    )


def proposal_statuses(engine: Engine, user_id: str) -> dict[str, str]:
    with Session(engine) as session:
        rows = session.execute(select(ProposalRow).where(ProposalRow.user_id == user_id)).scalars()
        return {row.id: row.status for row in rows}


def test_parallel_accepts_of_one_proposal_apply_it_once(
    server: ThreadedServer,
    scripted: ScriptedProvider,
    make_user: MakeUser,
    engine: Engine,
    clock: FrozenClock,
) -> None:
    athlete = seed_athlete(make_user, engine, clock.now())
    proposal_id = stage(server, scripted, athlete, seed_answer("monday_update_day"))
    responses = in_parallel(
        ACCEPTS,
        lambda client, _: client.post(f"/api/coach/proposals/{proposal_id}/accept", headers=athlete.headers),
        server.base_url,
    )
    assert [r.status_code for r in responses] == [200] * ACCEPTS, [
        r.text for r in responses if r.status_code != 200
    ]
    assert {r.json()["version"] for r in responses} == {2}
    assert count_rows(engine, PlanVersion, athlete.id) == 2
    assert proposal_statuses(engine, athlete.id) == {proposal_id: "accepted"}


def test_two_conflicting_proposals_accepted_in_parallel_apply_one(
    server: ThreadedServer,
    scripted: ScriptedProvider,
    make_user: MakeUser,
    engine: Engine,
    clock: FrozenClock,
) -> None:
    for round_number in range(CONFLICT_ROUNDS):
        athlete = seed_athlete(make_user, engine, clock.now(), name=f"ana{round_number}")
        ids = [
            stage(server, scripted, athlete, seed_answer("onboarding_update_week")),
            stage(server, scripted, athlete, seed_answer("monday_update_day")),
        ]
        responses = accept_each(server, athlete, ids)
        codes = [r.status_code for r in responses]
        assert sorted(codes) == [200, 409], [r.text for r in responses]
        assert responses[codes.index(409)].json()["error"]["code"] == "plan_changed"
        assert responses[codes.index(200)].json()["version"] == 2
        assert count_rows(engine, PlanVersion, athlete.id) == 2
        statuses = proposal_statuses(engine, athlete.id)
        assert statuses == {ids[codes.index(200)]: "accepted", ids[codes.index(409)]: "staged"}


def test_parallel_posts_of_one_log_with_one_idempotency_key_store_one(
    server: ThreadedServer, make_user: MakeUser, engine: Engine
) -> None:
    athlete = make_user("ana")
    headers = {**athlete.headers, "Idempotency-Key": "session-2026-09-14"}
    responses = in_parallel(
        LOG_POSTS,
        lambda client, _: client.post("/api/workouts/log", json=GOOD, headers=headers),
        server.base_url,
    )
    codes = sorted(r.status_code for r in responses)
    assert codes == [200] * (LOG_POSTS - 1) + [201], [r.text for r in responses if r.status_code >= 300]
    assert len({r.json()["id"] for r in responses}) == 1
    assert count_rows(engine, WorkoutLog, athlete.id) == 1
    assert count_rows(engine, WorkoutSet, athlete.id) == sum(len(e["sets"]) for e in GOOD["exercises_logged"])
