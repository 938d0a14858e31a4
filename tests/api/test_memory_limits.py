"""The issue's findings replayed through the API on both backends: a flood of long facts no longer
grows the runtime block, an 8,000-entry muscle list is refused, and memory writes are rate limited."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.contract.models import Tier
from fitcoach.memory.caps import MAX_ITEMS_PER_TIER, MAX_RUNTIME_BLOCK_CHARS
from tests.conftest import MakeUser


def fact(n: int) -> dict[str, object]:
    return {
        "target_tier": "tier_3_situational",
        "entry": {"event": f"trip {n}", "fact": f"{n} " + "long situational detail " * 20},
    }


def test_three_hundred_long_posts_hit_the_cap_and_the_block_stays_bounded(
    database_url: str, engine: Engine, clock: FrozenClock, make_user: MakeUser
) -> None:
    app = create_app(
        Settings(database_url=database_url, memory_write_rate_per_minute=0), clock=clock, engine=engine
    )
    user = make_user()
    with TestClient(app) as client:
        answers = [client.post("/api/memory", json=fact(n), headers=user.headers) for n in range(300)]
        cap = MAX_ITEMS_PER_TIER[Tier.SITUATIONAL]
        assert [a.status_code for a in answers[:cap]] == [201] * cap
        refused = answers[cap:]
        assert {(a.status_code, a.json()["error"]["code"]) for a in refused} == {(422, "memory_full")}
        block = client.get("/api/coach/context", params={"message": "hi"}, headers=user.headers).json()[
            "block"
        ]
        assert len(block) <= MAX_RUNTIME_BLOCK_CHARS
        assert "left out" in block


def test_an_endless_muscle_list_is_refused(client: TestClient, make_user: MakeUser) -> None:
    user = make_user()
    body = {
        "target_tier": "tier_1_staples",
        "entry": {"category": "goal", "fact": "Grow", "priority_muscles": ["Chest"] * 8000},
    }
    answer = client.post("/api/memory", json=body, headers=user.headers)
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "memory_invalid_entry"
    body["entry"]["priority_muscles"] = ["Chest", "glutes", "teeth"]  # type: ignore[index]
    answer = client.post("/api/memory", json=body, headers=user.headers)
    assert answer.status_code == 422 and "teeth" in answer.json()["error"]["message"]


def test_memory_writes_are_rate_limited(
    database_url: str, engine: Engine, clock: FrozenClock, make_user: MakeUser
) -> None:
    app = create_app(
        Settings(database_url=database_url, memory_write_rate_per_minute=3), clock=clock, engine=engine
    )
    ana, bo = make_user("ana"), make_user("bo")
    with TestClient(app) as client:
        for n in range(3):
            assert client.post("/api/memory", json=fact(n), headers=ana.headers).status_code == 201
        refused = client.post("/api/memory", json=fact(9), headers=ana.headers)
        assert refused.status_code == 429 and refused.headers["retry-after"] == "60"
        assert client.post("/api/memory", json=fact(9), headers=bo.headers).status_code == 201
