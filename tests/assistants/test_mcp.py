"""The MCP server through the official SDK's client: over streamable HTTP against the real app on a
local port, and over stdio against `fitcoach mcp` as a subprocess. Every tool is listed and called; a
plan change is only staged until accept_proposal names its id; another user's token sees nothing."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
from fastapi import FastAPI
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult
from sqlalchemy import Engine

from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.clock import FrozenClock, SystemClock
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.plans import get_active_plan
from tests.agent.test_pipeline import seed_answer
from tests.api.test_workouts import GOOD
from tests.conftest import MakeUser, TestUser
from tests.seeding import seed_athlete
from tests.web.browser import serve_in_thread

TOOLS = {
    "get_historical_exercise_logs",
    "get_volume_trends",
    "get_pr_records",
    "search_exercises",
    "get_plan",
    "get_memory",
    "log_workout",
    "chat_with_coach",
    "accept_proposal",
}
Session = Callable[[Client], Awaitable[None]]
WORKOUT = {**GOOD, "plan_day": "tuesday", "completed_at": "2026-09-08T08:00:00Z"}
"""Last week's: logging today's Monday would complete the day the staged proposal changes."""


@pytest.fixture
def base_url(coach_app: FastAPI) -> Iterator[str]:
    with serve_in_thread(coach_app) as url:
        yield url


def over_http(base_url: str, user: TestUser | None, body: Session) -> None:
    async def main() -> None:
        headers = user.headers if user else {}
        async with (
            httpx2.AsyncClient(headers=headers) as http,
            Client(streamable_http_client(f"{base_url}/mcp", http_client=http)) as client,
        ):
            await body(client)

    asyncio.run(main())


def result(answer: CallToolResult) -> dict[str, Any]:
    assert not answer.is_error, answer.content
    assert answer.structured_content is not None
    return answer.structured_content


def refusal(answer: CallToolResult) -> dict[str, Any]:
    assert answer.is_error
    text = answer.content[0].text  # type: ignore[union-attr]
    found: dict[str, Any] = json.loads(text[text.index("{") :])
    return found


def test_every_tool_over_http(
    base_url: str,
    make_user: MakeUser,
    engine: Engine,
    clock: FrozenClock,
    scripted: ScriptedProvider,
    data_dir: Path,
) -> None:
    ana = seed_athlete(make_user, engine, clock.now())
    scripted.enqueue(seed_answer(data_dir, "monday_update_day"))

    async def body(client: Client) -> None:
        listed = await client.list_tools()
        assert {tool.name for tool in listed.tools} == TOOLS
        assert all(tool.description for tool in listed.tools)

        logged = result(await client.call_tool("log_workout", {"workout": WORKOUT}))
        assert logged["exercises_logged"][0]["exercise_id"] == GOOD["exercises_logged"][0]["exercise_id"]
        slug = logged["exercises_logged"][0]["exercise_id"]
        history = result(await client.call_tool("get_historical_exercise_logs", {"exercise_slug": slug}))
        assert len(history["sessions"]) == 1
        too_many = await client.call_tool(
            "get_historical_exercise_logs", {"exercise_slug": slug, "limit_sessions": 11}
        )
        assert too_many.is_error  # the chat's limit: at most 10 sessions
        prs = result(await client.call_tool("get_pr_records", {"exercise_slug": slug}))
        assert prs["max_weight_set"]["log_id"] == logged["id"]
        volume = result(
            await client.call_tool("get_volume_trends", {"muscle_group": "Chest", "weeks_back": 2})
        )
        assert volume["weeks"]
        assert refusal(await client.call_tool("get_volume_trends", {"muscle_group": "Wings"}))["code"] == (
            "invalid_argument"
        )
        found = result(await client.call_tool("search_exercises", {"text": "développé couché"}))
        assert "flat-bb-bench-press" in [item["slug"] for item in found["items"]]
        plan = result(await client.call_tool("get_plan", {}))
        assert plan["version"] == 1 and plan["today"]["weekday"] == "monday"
        memory = result(await client.call_tool("get_memory", {}))
        assert memory["tier_1_staples"][0]["id"] == "mem_01"

        reply = result(await client.call_tool("chat_with_coach", {"message": "Trim Monday please"}))
        assert reply["proposal_staged"] and reply["proposal"]["type"] == "UPDATE_DAY"
        assert result(await client.call_tool("get_plan", {}))["version"] == 1  # staged, not applied
        missing = await client.call_tool("accept_proposal", {})
        assert missing.is_error  # the id is required
        assert refusal(await client.call_tool("accept_proposal", {"proposal_id": "prop_nope"}))["code"] == (
            "not_found"
        )
        accepted = result(await client.call_tool("accept_proposal", {"proposal_id": reply["proposal"]["id"]}))
        assert accepted["version"] == 2

    over_http(base_url, ana, body)
    with make_sessionmaker(engine)() as session:
        active = get_active_plan(session, user_id=ana.id)
        assert active is not None and active.version == 2


def test_a_foreign_token_sees_nothing(
    base_url: str,
    make_user: MakeUser,
    engine: Engine,
    clock: FrozenClock,
    scripted: ScriptedProvider,
    data_dir: Path,
) -> None:
    ana = seed_athlete(make_user, engine, clock.now())
    bea = make_user("bea")
    scripted.enqueue(seed_answer(data_dir, "monday_update_day"))
    staged: dict[str, Any] = {}

    async def as_ana(client: Client) -> None:
        result(await client.call_tool("log_workout", {"workout": WORKOUT}))
        staged.update(result(await client.call_tool("chat_with_coach", {"message": "Trim Monday please"})))

    async def as_bea(client: Client) -> None:
        slug = GOOD["exercises_logged"][0]["exercise_id"]
        history = result(await client.call_tool("get_historical_exercise_logs", {"exercise_slug": slug}))
        assert history["sessions"] == []
        assert (
            result(await client.call_tool("get_pr_records", {"exercise_slug": slug}))["max_weight_set"]
            is None
        )
        assert all(items == [] for items in result(await client.call_tool("get_memory", {})).values())
        assert refusal(await client.call_tool("get_plan", {}))["code"] == "no_plan"
        taken = await client.call_tool("accept_proposal", {"proposal_id": staged["proposal"]["id"]})
        assert refusal(taken)["code"] == "not_found"

    over_http(base_url, ana, as_ana)
    over_http(base_url, bea, as_bea)
    with make_sessionmaker(engine)() as session:
        active = get_active_plan(session, user_id=ana.id)
        assert active is not None and active.version == 1


@pytest.mark.parametrize("header", [None, "Bearer fc_not-a-real-token", "Basic abc"])
def test_the_http_endpoint_needs_a_valid_token(base_url: str, header: str | None) -> None:
    headers = {"Authorization": header} if header else {}
    ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    response = httpx.post(f"{base_url}/mcp", json=ping, headers=headers, timeout=10)
    assert response.status_code == 401
    assert response.headers["www-authenticate"] == "Bearer"


def test_stdio(
    database_url: str, make_user: MakeUser, engine: Engine, clock: FrozenClock, tmp_path: Path
) -> None:
    """`fitcoach mcp` as a desktop assistant runs it: a subprocess, the token in FITCOACH_TOKEN. The
    subprocess reads the real clock, so the tokens are issued now (a frozen past would expire them)."""
    now = SystemClock().now()

    def make_now(name: str = "athlete") -> TestUser:
        return make_user(name, now=now)

    ana = seed_athlete(make_now, engine, now)
    bea = make_now("bea")

    def params(user: TestUser) -> StdioServerParameters:
        env = {
            **os.environ,
            "FITCOACH_DATABASE_URL": database_url,
            "FITCOACH_PROVIDER": "offline",
            "FITCOACH_TOKEN": user.token,
        }
        return StdioServerParameters(
            command=sys.executable, args=["-m", "fitcoach", "mcp"], env=env, cwd=tmp_path
        )

    async def main() -> None:
        async with Client(params(ana)) as client:
            assert {tool.name for tool in (await client.list_tools()).tools} == TOOLS
            logged = result(await client.call_tool("log_workout", {"workout": WORKOUT}))
            slug = logged["exercises_logged"][0]["exercise_id"]
            assert (
                result(await client.call_tool("get_pr_records", {"exercise_slug": slug}))["sets_counted"] >= 1
            )
            assert result(await client.call_tool("get_plan", {}))["version"] == 1
            reply = result(await client.call_tool("chat_with_coach", {"message": "How is my week looking?"}))
            assert reply["message"]
        async with Client(params(bea)) as client:
            history = result(await client.call_tool("get_historical_exercise_logs", {"exercise_slug": slug}))
            assert history["sessions"] == []

    asyncio.run(main())
