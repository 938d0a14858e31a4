"""Allow `python -m fitcoach`."""

from fitcoach.cli.main import app

app()
