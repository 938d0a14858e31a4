"""What every CLI command shares: the configured database, migrated, and JSON output."""

from __future__ import annotations

import json
from typing import Any

import typer
from sqlalchemy import Engine

from fitcoach.config import Settings
from fitcoach.storage.db import make_engine, migrate


def open_database(settings: Settings | None = None) -> Engine:
    """The configured database, migrated to head (idempotent), so every command works on a fresh clone."""
    engine = make_engine((settings or Settings()).database_url)
    migrate(engine)
    return engine


def echo_json(payload: Any) -> None:
    typer.echo(json.dumps(payload, ensure_ascii=False))
