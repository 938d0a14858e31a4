"""`fitcoach mcp`: the coach's tools for a desktop AI assistant over stdio, as the user whose token is
in FITCOACH_TOKEN."""

from __future__ import annotations

import os
from datetime import timedelta

import typer

from fitcoach.assistants.coach_tools import CoachDeps
from fitcoach.assistants.server import Identity, build_mcp_server
from fitcoach.cli.common import open_database
from fitcoach.clock import SystemClock
from fitcoach.config import Settings
from fitcoach.errors import Unauthorized
from fitcoach.services.brains import make_brains
from fitcoach.storage.db import make_sessionmaker

TOKEN_VARIABLE = "FITCOACH_TOKEN"


def mcp_command() -> None:
    """Serve the MCP tools over stdio (configure your assistant to run this command)."""
    token = os.environ.get(TOKEN_VARIABLE, "").strip()
    if not token:
        typer.echo(f"error: set {TOKEN_VARIABLE} to the user's API token", err=True)
        raise typer.Exit(2)
    settings = Settings()
    engine = open_database(settings)
    sessions = make_sessionmaker(engine)
    clock = SystemClock()
    deps = CoachDeps(
        sessions=sessions, clock=clock, brains=make_brains(settings, sessions=sessions, clock=clock)
    )
    ttl = timedelta(days=settings.token_ttl_days)
    try:
        Identity(deps, token=token, ttl=ttl).user_id(token)
    except Unauthorized as error:
        typer.echo(f"error: {TOKEN_VARIABLE}: {error.message}", err=True)
        raise typer.Exit(1) from error
    try:
        build_mcp_server(deps, token=token, token_ttl=ttl).run("stdio")
    finally:
        engine.dispose()
