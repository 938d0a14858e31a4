"""`fitcoach memory …`: operator commands for the living memory."""

from __future__ import annotations

from typing import Annotated

import typer

from fitcoach.cli.common import echo_json, open_database
from fitcoach.clock import SystemClock
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.memory_repo import prune

app = typer.Typer(no_args_is_help=True, help="Living memory maintenance.")


@app.command("prune")
def prune_command(
    older_than: Annotated[int, typer.Option("--older-than", min=0, help="Days since expiry.")],
) -> None:
    """Delete memory items (and their history) that expired more than DAYS ago, for every user."""
    engine = open_database()
    try:
        with make_sessionmaker(engine)() as session:
            removed = prune(session, older_than_days=older_than, now=SystemClock().now())
            session.commit()
    finally:
        engine.dispose()
    echo_json({"pruned": removed, "older_than_days": older_than})
