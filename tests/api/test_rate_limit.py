"""The per-user chat rate limit: a sliding minute on the injected clock, 429 with Retry-After, counted in
the database (both backends; `tests/reliability/test_shared_limits.py` runs two server processes)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock, parse_instant
from fitcoach.config import Settings
from fitcoach.errors import RateLimited
from fitcoach.services.brains import Brains
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.rate_limits import DatabaseRateLimiter
from fitcoach.storage.tables import ChatTurn
from tests.agent.test_pipeline import none_answer
from tests.conftest import MakeUser

T0 = parse_instant("2026-09-14T10:00:00Z")


def turns(engine: Engine, user_id: str) -> int:
    with Session(engine) as session:
        return int(
            session.execute(
                select(func.count()).select_from(ChatTurn).where(ChatTurn.user_id == user_id)
            ).scalar_one()
        )


def test_chat_is_limited_per_user_and_reopens_as_the_window_slides(
    database_url: str, engine: Engine, clock: FrozenClock, make_user: MakeUser
) -> None:
    scripted = ScriptedProvider()
    app = create_app(
        Settings(database_url=database_url, chat_rate_per_minute=3),
        clock=clock,
        engine=engine,
        brains=Brains(provider=scripted, fallback=None),
    )
    ana, bo = make_user("ana"), make_user("bo")
    with TestClient(app) as client:

        def chat(headers: dict[str, str]) -> int:
            scripted.enqueue(none_answer())
            return client.post("/api/coach/chat", json={"message": "hi"}, headers=headers).status_code

        for _ in range(3):
            assert chat(ana.headers) == 200
            clock.advance(timedelta(seconds=10))
        refused = client.post("/api/coach/chat", json={"message": "hi"}, headers=ana.headers)
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate_limited"
        assert refused.headers["retry-after"] == "30"  # the first turn (t0) leaves the window at t0 + 60 s
        assert turns(engine, ana.id) == 3
        assert chat(bo.headers) == 200  # another user has a window of their own
        clock.advance(timedelta(seconds=30))
        assert chat(ana.headers) == 200
        refused = client.post("/api/coach/chat", json={"message": "hi"}, headers=ana.headers)
        assert refused.status_code == 429 and refused.headers["retry-after"] == "10"
        assert turns(engine, ana.id) == 4


@pytest.mark.parametrize(
    ("limit", "offsets_s", "expected"),
    [
        (2, [0, 1], None),
        (2, [0, 1, 2], 58),
        (2, [0, 59.5, 59.9], 1),  # a fraction of a second still waits a whole second
        (2, [0, 1, 60], None),  # the event at 0 left the window exactly at 60 s
        (1, [0, 30, 61], None),  # the refused hit at 30 s was not counted
        (0, [0, 0, 0, 0], None),  # 0 disables the limit
    ],
)
def test_sliding_window(engine: Engine, limit: int, offsets_s: list[float], expected: int | None) -> None:
    limiter = DatabaseRateLimiter(
        make_sessionmaker(engine), scope="test", limit=limit, window=timedelta(minutes=1), what="tries"
    )
    last: int | None = None
    for offset in offsets_s:
        try:
            limiter.hit("ana", now=T0 + timedelta(seconds=offset))
            last = None
        except RateLimited as exc:
            last = exc.retry_after_s
    assert last == expected
