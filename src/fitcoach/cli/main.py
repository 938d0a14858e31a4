"""Entry point of the `fitcoach` console script; command groups register here."""

from __future__ import annotations

import typer

from fitcoach import __version__

app = typer.Typer(no_args_is_help=True, add_completion=False, help="fitcoach: the AI personal trainer.")


@app.command()
def version() -> None:
    """Print the installed version."""
    typer.echo(__version__)


from fitcoach.cli import plan as _plan  # noqa: E402  (command groups register after the app exists)

app.add_typer(_plan.app, name="plan")
