"""Entry point of the `fitcoach` console script; command groups register here."""

from __future__ import annotations

import typer

from fitcoach import __version__
from fitcoach.cli import assistant, cache, exercises, memory, nlu, plan, server, transfer, users
from fitcoach.cli import eval as eval_cli

app = typer.Typer(no_args_is_help=True, add_completion=False, help="fitcoach: the AI personal trainer.")
app.add_typer(plan.app, name="plan")


@app.command()
def version() -> None:
    """Print the installed version."""
    typer.echo(__version__)


app.command("serve")(server.serve)
app.command("migrate")(server.migrate_command)
app.add_typer(users.app, name="user")
app.add_typer(exercises.app, name="exercises")
app.add_typer(memory.app, name="memory")
app.add_typer(cache.app, name="cache")
app.add_typer(nlu.app, name="nlu")
app.command("eval")(eval_cli.eval_cases)
app.command("import")(transfer.import_command)
app.command("export")(transfer.export_command)
app.command("mcp")(assistant.mcp_command)
users.app.command("delete")(transfer.delete_user_command)
