"""The connection pool is sized from the environment (FITCOACH_DB_POOL_SIZE), on both databases."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError
from sqlalchemy.pool import QueuePool

from fitcoach.api.app import create_app
from fitcoach.config import Settings


def test_pool_size_and_timeout_come_from_the_environment(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FITCOACH_DATABASE_URL", database_url)
    monkeypatch.setenv("FITCOACH_DB_POOL_SIZE", "3")
    monkeypatch.setenv("FITCOACH_DB_POOL_TIMEOUT_S", "2.5")
    app = create_app(Settings())
    pool = app.state.engine.pool
    try:
        assert isinstance(pool, QueuePool)
        assert (pool.size(), pool._max_overflow, pool._timeout) == (3, 0, 2.5)
        with TestClient(app) as client:
            assert client.get("/api/health").status_code == 200
    finally:
        app.state.engine.dispose()


def test_without_a_setting_the_pool_keeps_sqlalchemys_defaults(database_url: str) -> None:
    app = create_app(Settings(database_url=database_url))
    try:
        assert (app.state.engine.pool.size(), app.state.engine.pool._max_overflow) == (5, 10)
    finally:
        app.state.engine.dispose()


@pytest.mark.parametrize("value", ["0", "-2", "many", "5000"])
def test_a_nonsense_pool_size_is_refused_at_start_up(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FITCOACH_DB_POOL_SIZE", value)
    with pytest.raises(ValidationError, match="db_pool_size"):
        Settings()
