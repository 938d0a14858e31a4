"""Engines, sessions and in-code Alembic migrations, so an installed package can migrate itself."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from fitcoach.contract.finite import dumps_finite

SQLITE_BUSY_TIMEOUT_MS = 5000
"""Writers wait this long for SQLite's single write lock before failing with 'database is locked'."""


def normalize_url(url: str) -> str:
    """Map `postgresql://` / `postgres://` to the psycopg 3 driver; leave other URLs alone."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _sqlite_pragmas(busy_timeout_ms: int) -> Callable[[Any, Any], None]:
    def apply(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    return apply


def make_engine(
    url: str,
    *,
    busy_timeout_ms: int = SQLITE_BUSY_TIMEOUT_MS,
    pool_size: int | None = None,
    pool_timeout: float = 30.0,
) -> Engine:
    """An engine for the URL; a SQLite file's directory is created so a fresh clone just works.

    `busy_timeout_ms` bounds how long a SQLite writer waits for the write lock (tests shorten it).
    `pool_size` caps the pool at exactly that many connections (no overflow), e.g. for a test proving
    that no request needs two connections at once; by default SQLAlchemy's pool sizes apply."""
    url = normalize_url(url)
    parsed = make_url(url)
    pool: dict[str, Any] = {}
    if pool_size is not None:
        pool = {"pool_size": pool_size, "max_overflow": 0, "pool_timeout": pool_timeout}
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url, connect_args={"check_same_thread": False}, json_serializer=dumps_finite, **pool
        )
        event.listen(engine, "connect", _sqlite_pragmas(busy_timeout_ms))
        return engine
    return create_engine(url, pool_pre_ping=True, json_serializer=dumps_finite, **pool)


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)


def alembic_config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", "fitcoach.storage:migrations")
    config.attributes["engine"] = engine
    return config


def migrate(engine: Engine, revision: str = "head") -> None:
    """Apply migrations up to `revision` (idempotent: an up-to-date database is left alone)."""
    command.upgrade(alembic_config(engine), revision)
