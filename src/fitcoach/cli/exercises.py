"""`fitcoach exercises import FILE`: admin import of library entries, all or nothing."""

from __future__ import annotations

from pathlib import Path

import typer
from pydantic import ValidationError

from fitcoach.cli.common import echo_json, open_database
from fitcoach.clock import SystemClock
from fitcoach.errors import FitcoachError
from fitcoach.library.loader import parse_entries
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.library import import_exercises

app = typer.Typer(no_args_is_help=True, help="Administer the exercise library.")


@app.command("import")
def import_file(file: Path = typer.Argument(..., exists=True, dir_okay=False, readable=True)) -> None:
    """Import a JSON list of library entries; one bad entry rejects the whole file with the reason."""
    try:
        entries = parse_entries(file.read_bytes())
    except (ValidationError, ValueError) as exc:
        typer.echo(f"rejected {file}: {exc}", err=True)
        raise typer.Exit(1) from exc
    with make_sessionmaker(open_database())() as session:
        try:
            imported = import_exercises(session, entries=entries, now=SystemClock().now())
        except FitcoachError as exc:
            typer.echo(f"rejected {file}: {exc.message}: {exc.details}", err=True)
            raise typer.Exit(1) from exc
        session.commit()
    echo_json({"imported": imported})
