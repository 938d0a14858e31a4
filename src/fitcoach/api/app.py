"""The FastAPI application factory: settings, clock and database in, a ready app out."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

from fastapi import APIRouter, FastAPI
from sqlalchemy import Engine
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.routing import Route

from fitcoach import __version__
from fitcoach.api.errors import install_error_handlers
from fitcoach.api.finite import RejectNonFinite
from fitcoach.api.limits import BodySizeLimit
from fitcoach.api.nul import RejectNul
from fitcoach.api.readiness import MigrationGate, Schema
from fitcoach.api.routes import (
    account,
    analytics,
    auth,
    coach,
    exercises,
    health,
    me,
    memory,
    plan,
    tokens,
    transfer,
    workouts,
)
from fitcoach.api.security import SecurityHeaders
from fitcoach.assistants.coach_tools import CoachDeps
from fitcoach.assistants.server import MCP_PATH, build_mcp_server, http_endpoint, serving
from fitcoach.clock import Clock, SystemClock
from fitcoach.config import Settings
from fitcoach.languages.detect import warm_up_detection
from fitcoach.services.brains import Brains, make_brains
from fitcoach.storage.db import make_engine, make_sessionmaker
from fitcoach.storage.rate_limits import DatabaseRateLimiter
from fitcoach.transfer.cells import MAX_IMPORT_BYTES
from fitcoach.web import mount_web

UPLOAD_OVERHEAD = 64 * 1024
"""A multipart upload's boundaries and form fields around the file."""

# Every router, in one list: a new area adds one line here.
ROUTERS: list[APIRouter] = [
    health.router,
    auth.router,
    exercises.router,
    workouts.router,
    analytics.router,
    memory.router,
    coach.router,
    plan.router,
    me.router,
    tokens.router,
    transfer.router,
    account.router,
]


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    async with serving(app.state.mcp):
        yield


def create_app(
    settings: Settings,
    *,
    clock: Clock | None = None,
    engine: Engine | None = None,
    brains: Brains | None = None,
) -> FastAPI:
    """Build the app. `engine` defaults to one for `settings.database_url` (migrations are the
    caller's job: `fitcoach serve` and `fitcoach migrate` run them)."""
    app = FastAPI(title="fitcoach", version=__version__, lifespan=_lifespan)
    app.state.settings = settings
    app.state.clock = clock or SystemClock()
    app.state.engine = engine or make_engine(
        settings.database_url, pool_size=settings.db_pool_size, pool_timeout=settings.db_pool_timeout_s
    )
    app.state.sessionmaker = make_sessionmaker(app.state.engine)
    app.state.brains = brains or make_brains(settings, sessions=app.state.sessionmaker, clock=app.state.clock)
    # Counted in the database, so every worker process enforces the same limit.
    per_minute, per_hour = timedelta(minutes=1), timedelta(hours=1)
    for name, scope, limit, window, what in [
        ("chat_limiter", "chat", settings.chat_rate_per_minute, per_minute, "messages"),
        ("memory_limiter", "memory_write", settings.memory_write_rate_per_minute, per_minute, "facts stated"),
        ("signup_limiter", "signup", settings.signup_rate_per_hour, per_hour, "sign-ups"),
    ]:
        limiter = DatabaseRateLimiter(
            app.state.sessionmaker, scope=scope, limit=limit, window=window, what=what
        )
        setattr(app.state, name, limiter)
    app.state.schema = Schema(app.state.engine)
    install_error_handlers(app)
    for router in ROUTERS:
        app.include_router(router)
    ttl = timedelta(days=settings.token_ttl_days)
    deps = CoachDeps(
        sessions=app.state.sessionmaker,
        clock=app.state.clock,
        brains=app.state.brains,
        chat_limiter=app.state.chat_limiter,
    )
    app.state.mcp = build_mcp_server(deps, token_ttl=ttl)
    app.router.routes.append(Route(MCP_PATH, endpoint=http_endpoint(app.state.mcp, deps, token_ttl=ttl)))
    mount_web(app)
    # Outermost last: headers go on every answer (a refused host or body included); the host check
    # runs before anything reads the body; the migration gate sits next to the routes.
    app.add_middleware(MigrationGate, schema=app.state.schema)
    app.add_middleware(RejectNonFinite)
    app.add_middleware(RejectNul)  # inside the size limit: it reads only bodies that fit
    app.add_middleware(
        BodySizeLimit,
        max_bytes=settings.max_body_bytes,
        larger={"/api/import": MAX_IMPORT_BYTES + UPLOAD_OVERHEAD},
    )
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=settings.trusted_hosts)
    app.add_middleware(SecurityHeaders, hsts=settings.hsts)
    return app


def app_from_env() -> FastAPI:
    """The app for `fitcoach serve` as an import-string factory, so every uvicorn worker process
    builds its own engine and pool from the environment (FITCOACH_*) instead of inheriting sockets.
    The language detector's models load here, not on a user's first chat turn."""
    warm_up_detection()
    return create_app(Settings(), clock=SystemClock())
