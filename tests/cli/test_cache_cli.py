"""`fitcoach cache stats` reads the shared provider_cache table and prints the R39 hit rate as JSON."""

from __future__ import annotations

import json
from datetime import timedelta

from sqlalchemy import Engine
from typer.testing import CliRunner

from fitcoach.clock import FrozenClock
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.provider_cache import count_cache_use, put_cache_entry

runner = CliRunner()


def _stats(database_url: str) -> dict[str, object]:
    from fitcoach.cli.main import app

    result = runner.invoke(app, ["cache", "stats"], env={"FITCOACH_DATABASE_URL": database_url})
    assert result.exit_code == 0, result.output
    payload: dict[str, object] = json.loads(result.stdout)
    return payload


def test_no_turn_yet_has_no_hit_rate(database_url: str) -> None:
    assert _stats(database_url) == {"hits": 0, "misses": 0, "hit_rate": None}


def test_stats_sum_every_cache(database_url: str, engine: Engine, clock: FrozenClock) -> None:
    now = clock.now()
    with make_sessionmaker(engine).begin() as session:
        for key, hits in (("tools", 7), ("plain", 2)):
            put_cache_entry(
                session,
                key=key,
                provider="gemini",
                model="gemini-2.5-flash",
                cache_name=f"cachedContents/{key}",
                expires_at=now + timedelta(hours=1),
                now=now,
                replaceable_until=now,
            )
            count_cache_use(session, key=key, hit=False)
            for _ in range(hits):
                count_cache_use(session, key=key, hit=True)
    assert _stats(database_url) == {"hits": 9, "misses": 2, "hit_rate": 9 / 11}
