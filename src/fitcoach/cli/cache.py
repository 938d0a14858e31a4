"""`fitcoach cache stats`: the Gemini context cache's hits, misses and hit rate across all workers (R39)."""

from __future__ import annotations

import typer

from fitcoach.cli.common import echo_json, open_database
from fitcoach.storage.db import make_sessionmaker

app = typer.Typer(no_args_is_help=True, help="Inspect the shared provider context cache.")


@app.command("stats")
def stats() -> None:
    """Print {"hits", "misses", "hit_rate"} summed over every cache; hit_rate is null before any turn."""
    from fitcoach.agent.providers.gemini.cache_db import DatabaseCacheRegistry  # the SDK is heavy to import

    engine = open_database()
    try:
        totals = DatabaseCacheRegistry(make_sessionmaker(engine)).stats()
    finally:
        engine.dispose()
    echo_json({"hits": totals.hits, "misses": totals.misses, "hit_rate": totals.hit_rate})
