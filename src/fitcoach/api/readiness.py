"""Whether the database is reachable and migrated to head, for `/api/health/ready` and for a gate that
answers 503 `database_not_migrated` on every API route until it is (instead of a 500 per route)."""

from __future__ import annotations

import threading

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import Engine, text
from sqlalchemy.exc import SQLAlchemyError
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from fitcoach.api.errors import error_body
from fitcoach.storage.db import alembic_config

OPEN_PATHS = frozenset({"/api/health", "/api/health/ready"})
"""Liveness answers whatever the database's state; readiness reports it itself."""


class Schema:
    """The database's migration state; once at head it is remembered (migrations only move forward
    while a server runs), so a ready server pays for the check once."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.heads = frozenset(ScriptDirectory.from_config(alembic_config(engine)).get_heads())
        self._ready = False
        self._lock = threading.Lock()

    @property
    def known_ready(self) -> bool:
        """At head at the last check (no database round trip)."""
        return self._ready

    def current(self) -> frozenset[str]:
        """The revisions the database is at (empty for an unmigrated one); raises when unreachable."""
        with self.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
            return frozenset(MigrationContext.configure(connection).get_current_heads())

    def at_head(self) -> bool:
        if self._ready:
            return True
        at_head = self.current() == self.heads
        with self._lock:
            self._ready = self._ready or at_head
        return at_head


class MigrationGate:
    """503 `database_not_migrated` on `/api/*` while the schema is not at head (then free)."""

    def __init__(self, app: ASGIApp, *, schema: Schema) -> None:
        self.app = app
        self.schema = schema

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if (
            scope["type"] != "http"
            or not path.startswith("/api/")
            or path in OPEN_PATHS
            or self.schema.known_ready
        ):
            await self.app(scope, receive, send)
            return
        try:
            ready = await run_in_threadpool(self.schema.at_head)
        except SQLAlchemyError:  # unreachable: the routes' own handler answers database_unavailable
            ready = True
        if not ready:
            body = error_body(
                "database_not_migrated",
                "the database is not migrated to this version; run `fitcoach migrate`",
                {"expected": sorted(self.schema.heads)},
            )
            await JSONResponse(body, status_code=503, headers={"Retry-After": "5"})(scope, receive, send)
            return
        await self.app(scope, receive, send)
