"""Two real server processes on one database (SQLite file and PostgreSQL) enforce one chat limit: the
hits are counted in the database, not in either process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from fitcoach.clock import SystemClock
from tests.conftest import MakeUser
from tests.web.live import LiveServer

LIMIT = 3


@pytest.fixture
def two_servers(database_url: str, tmp_path: Path) -> Iterator[list[LiveServer]]:
    servers = []
    try:
        for name in ("a", "b"):  # one after the other: the first start migrates, the second finds it done
            workdir = tmp_path / name
            workdir.mkdir()
            server = LiveServer(workdir)
            server.env["FITCOACH_DATABASE_URL"] = database_url
            server.env["FITCOACH_CHAT_RATE_PER_MINUTE"] = str(LIMIT)
            server.start()
            servers.append(server)
        yield servers
    finally:
        for server in servers:
            server.stop()


def test_two_workers_enforce_one_chat_limit(two_servers: list[LiveServer], make_user: MakeUser) -> None:
    user = make_user("ana", now=SystemClock().now())  # the servers run on the real clock
    statuses: list[tuple[str, int]] = []
    for turn in range(2 * LIMIT + 2):
        server = two_servers[turn % 2]
        with httpx.Client(base_url=server.url, headers=user.headers, timeout=60) as api:
            answer = api.post("/api/coach/chat", json={"message": "How is my week looking?"})
        statuses.append((server.url, answer.status_code))
        if answer.status_code == 429:
            assert (
                answer.json()["error"]["code"] == "rate_limited" and int(answer.headers["retry-after"]) >= 1
            )
    assert [status for _, status in statuses] == [200] * LIMIT + [429] * (LIMIT + 2)
    assert {url for url, status in statuses if status == 200} == {s.url for s in two_servers}  # both served
