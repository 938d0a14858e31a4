"""Column types that behave the same on SQLite and PostgreSQL: aware UTC instants and JSON documents."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

from fitcoach.clock import ensure_utc

JsonDocument = JSON().with_variant(JSONB(), "postgresql")


class UTCDateTime(TypeDecorator[datetime]):
    """Stores instants as UTC; always returns timezone-aware UTC datetimes.

    SQLite has no time zones, so values go in as naive UTC text, which also keeps their text order
    equal to time order for range queries.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        utc = ensure_utc(value)
        return utc.replace(tzinfo=None) if dialect.name == "sqlite" else utc

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        return None if value is None else ensure_utc(value)
