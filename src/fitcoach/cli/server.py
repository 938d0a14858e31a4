"""`fitcoach serve` and `fitcoach migrate`."""

from __future__ import annotations

import os

import typer
import uvicorn

from fitcoach.auth.loopback import is_loopback_bind
from fitcoach.cli.common import open_database
from fitcoach.config import Settings
from fitcoach.storage.db import make_engine, migrate

APP_FACTORY = "fitcoach.api.app:app_from_env"


def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to listen on."),
    port: int = typer.Option(8000, min=1, max=65535, help="Port to listen on."),
    workers: int = typer.Option(1, min=1, max=64, help="Server processes (e.g. one per core)."),
) -> None:
    """Run the API server (the database is created and migrated on first start)."""
    settings = Settings()
    loopback = is_loopback_bind(host)
    if settings.default_login and not loopback:
        typer.echo(
            f"fitcoach: refusing to start: one-click sign-in (FITCOACH_DEFAULT_LOGIN) is on and --host {host}"
            " "
            "is reachable from other machines, where anyone could sign in as the local user. Serve on "
            "127.0.0.1, or turn FITCOACH_DEFAULT_LOGIN off and sign in with a password or a token.",
            err=True,
        )
        raise typer.Exit(2)
    if not loopback and settings.trusted_hosts == ["*"]:
        typer.echo(
            "fitcoach: warning: answering any Host header on a network address; set FITCOACH_TRUSTED_HOSTS "
            "(e.g. '[\"coach.example.com\"]') to the names this server is reached by.",
            err=True,
        )
    # Every worker builds its settings from the environment: this is how they learn the bind address.
    os.environ["FITCOACH_BIND_HOST"] = host
    engine = open_database(settings)
    typer.echo(f"fitcoach: open http://{host}:{port}/  (database: {engine.url.render_as_string()})")
    # Migrations ran once above; each worker then builds its own app (and pool) from the environment.
    engine.dispose()
    uvicorn.run(APP_FACTORY, factory=True, host=host, port=port, workers=workers)


def migrate_command() -> None:
    """Apply database migrations to the configured database (FITCOACH_DATABASE_URL)."""
    engine = make_engine(Settings().database_url)
    migrate(engine)
    typer.echo(f"migrated {engine.url.render_as_string()}")
