"""Entry point of the `fitcoach` console script; command groups register here."""

from __future__ import annotations

import typer

from fitcoach import __version__
from fitcoach.cli import plan

app = typer.Typer(no_args_is_help=True, add_completion=False, help="fitcoach: the AI personal trainer.")
app.add_typer(plan.app, name="plan")


@app.command()
def version() -> None:
    """Print the installed version."""
    typer.echo(__version__)
