"""`fitcoach serve` and `fitcoach migrate`."""

from __future__ import annotations

import typer
import uvicorn

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
