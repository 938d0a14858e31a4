"""The MCP server: the coach's tools for AI assistants, built once per process and served over stdio
(`fitcoach mcp`, the user's token from FITCOACH_TOKEN) or streamable HTTP at /mcp (the caller's bearer
token, checked on every request and again on every tool call)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
from functools import partial
from typing import Annotated, Any, TypeVar

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.transport_security import TransportSecuritySettings
from pydantic import Field
from starlette.types import Receive, Scope, Send

from fitcoach import __version__
from fitcoach.analytics.tools import MAX_SESSIONS, MAX_WEEKS_BACK
from fitcoach.assistants import coach_tools as tools
from fitcoach.assistants.coach_tools import CoachDeps
from fitcoach.contract.logs import LogCreate
from fitcoach.contract.models import ActiveTab
from fitcoach.errors import FitcoachError, Unauthorized
from fitcoach.storage.tokens import authenticate

T = TypeVar("T")
MCP_PATH = "/mcp"
INSTRUCTIONS = (
    "fitcoach is the user's personal trainer. Read their training history, records, volume, plan and "
    "memory; log workouts; talk to the coach. The coach's plan changes are only proposals: show the "
    "proposal to the user and call accept_proposal with its id only when they agree."
)


class Identity:
    """Whose data a tool call may touch: the stdio process's token, or the HTTP request's bearer."""

    def __init__(self, deps: CoachDeps, *, token: str | None, ttl: timedelta) -> None:
        self._deps = deps
        self._token = token
        self._ttl = ttl

    def token_of(self, ctx: Context[Any, Any]) -> str | None:
        headers = ctx.headers
        if headers is None:
            return self._token
        scheme, _, token = headers.get("authorization", "").partition(" ")
        return token.strip() if scheme.lower() == "bearer" and token.strip() else None

    def user_id(self, token: str | None) -> str:
        """The token's user; an unknown, expired, revoked or disabled one is refused."""
        if token is None:
            raise Unauthorized("send 'Authorization: Bearer <token>'", code="missing_token")
        with self._deps.sessions() as session:
            found = authenticate(session, token=token, now=self._deps.clock.now(), ttl=self._ttl)
            session.commit()
            if found is None:
                raise Unauthorized("unknown, expired or revoked token", code="invalid_token")
            if found.user.disabled_at is not None:
                raise Unauthorized("this account is disabled", code="account_disabled")
            return found.user.id


def _refusal(error: FitcoachError) -> ToolError:
    return ToolError(json.dumps({"code": error.code, "message": error.message, "details": error.details}))


def build_mcp_server(deps: CoachDeps, *, token: str | None = None, token_ttl: timedelta) -> MCPServer:
    """The server with every tool registered. `token` is the stdio user's; over HTTP each request's
    bearer token decides, and a token of another user sees only that user's data."""
    identity = Identity(deps, token=token, ttl=token_ttl)
    # WARNING: the SDK configures the root logger when a server is built; keep it from adding INFO noise.
    server = MCPServer(name="fitcoach", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING")

    async def run(ctx: Context[Any, Any], action: Callable[[str], T]) -> T:
        """Authenticate, then run the blocking work in a worker thread; errors become tool errors."""

        def work() -> T:
            return action(identity.user_id(identity.token_of(ctx)))

        try:
            return await anyio.to_thread.run_sync(work)
        except FitcoachError as error:
            raise _refusal(error) from error

    @server.tool(
        description="The user's latest sessions with one exercise (sets, weight, reps, RPE), newest first."
    )
    async def get_historical_exercise_logs(
        ctx: Context[Any, Any],
        exercise_slug: Annotated[str, Field(description="Library slug, e.g. 'incline-db-bench-press'.")],
        limit_sessions: Annotated[int, Field(ge=1, le=MAX_SESSIONS, description="Sessions to fetch.")] = 3,
    ) -> dict[str, Any]:
        return await run(ctx, lambda user: tools.exercise_history(deps, user, exercise_slug, limit_sessions))

    @server.tool(description="Weekly tonnage (lb) and hard sets for one muscle group over the past weeks.")
    async def get_volume_trends(
        ctx: Context[Any, Any],
        muscle_group: Annotated[str, Field(description="Chest, Back, Shoulders, Quads, Hamstrings, ...")],
        weeks_back: Annotated[int, Field(ge=1, le=MAX_WEEKS_BACK, description="Weeks to aggregate.")] = 4,
    ) -> dict[str, Any]:
        return await run(ctx, lambda user: tools.volume_trends(deps, user, muscle_group, weeks_back))

    @server.tool(
        description="All-time personal records for one exercise: estimated 1RM, heaviest set, rep records."
    )
    async def get_pr_records(
        ctx: Context[Any, Any],
        exercise_slug: Annotated[str, Field(description="Library slug.")],
    ) -> dict[str, Any]:
        return await run(ctx, lambda user: tools.pr_records(deps, user, exercise_slug))

    @server.tool(description="Search the exercise library by name or alias (any language) and muscle group.")
    async def search_exercises(
        ctx: Context[Any, Any],
        text: Annotated[
            str | None, Field(max_length=80, description="Part of a name, alias or slug.")
        ] = None,
        muscle_group: Annotated[str | None, Field(description="Chest, Back, Quads, ...")] = None,
    ) -> dict[str, Any]:
        return await run(ctx, lambda _user: tools.search_exercises(deps, text, muscle_group))

    @server.tool(description="The user's active weekly plan, with today's session.")
    async def get_plan(ctx: Context[Any, Any]) -> dict[str, Any]:
        return await run(ctx, lambda user: tools.active_plan(deps, user))

    @server.tool(
        description="What the coach remembers about the user (gear, injuries, preferences), by tier."
    )
    async def get_memory(ctx: Context[Any, Any]) -> dict[str, Any]:
        return await run(ctx, lambda user: tools.memory(deps, user))

    @server.tool(description="Log a completed workout (exercise slugs, sets with weight, unit, reps, RPE).")
    async def log_workout(ctx: Context[Any, Any], workout: LogCreate) -> dict[str, Any]:
        return await run(ctx, lambda user: tools.log_workout(deps, user, workout))

    @server.tool(
        description=(
            "Send the coach a message and get its reply. A plan change comes back as a staged proposal "
            "with an id; nothing changes until accept_proposal is called with that id."
        )
    )
    async def chat_with_coach(
        ctx: Context[Any, Any],
        message: Annotated[str, Field(min_length=1, max_length=4000)],
        active_tab: ActiveTab = "coach",
    ) -> dict[str, Any]:
        return await run(ctx, lambda user: tools.chat(deps, user, message, active_tab))

    @server.tool(description="Accept a staged proposal by its id (from chat_with_coach): the plan changes.")
    async def accept_proposal(
        ctx: Context[Any, Any],
        proposal_id: Annotated[str, Field(min_length=1, max_length=40)],
    ) -> dict[str, Any]:
        return await run(ctx, lambda user: tools.accept(deps, user, proposal_id))

    return server


class BearerGate:
    """ASGI in front of the MCP endpoint: no valid bearer token, no MCP session (401 as elsewhere)."""

    def __init__(self, server: MCPServer, identity: Identity) -> None:
        self.server = server
        self.identity = identity

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        scheme, _, token = headers.get("authorization", "").partition(" ")
        try:
            await anyio.to_thread.run_sync(
                partial(self.identity.user_id, token.strip() if scheme.lower() == "bearer" else None)
            )
        except Unauthorized as error:
            body = json.dumps(
                {"error": {"code": error.code, "message": error.message, "details": None}}
            ).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 401,
                    "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        await self.server.session_manager.asgi_app(scope, receive, send)


def http_endpoint(server: MCPServer, deps: CoachDeps, *, token_ttl: timedelta) -> BearerGate:
    return BearerGate(server, Identity(deps, token=None, ttl=token_ttl))


@asynccontextmanager
async def serving(server: MCPServer) -> AsyncIterator[None]:
    """Run the streamable-HTTP session manager for an app's lifetime. A fresh manager each time (one
    can run only once), around the same server: its tools are built once per process. Stateless with
    JSON answers, so any worker process can answer any request. Host checks are the app's own
    (TrustedHostMiddleware), so the SDK's DNS-rebinding check is off."""
    server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        stateless_http=True,
        json_response=True,
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
    )
    async with server.session_manager.run():
        yield
