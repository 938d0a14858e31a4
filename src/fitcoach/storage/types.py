"""Column types that behave the same on SQLite and PostgreSQL: aware UTC instants and JSON documents."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

from fitcoach.clock import ensure_utc
from fitcoach.facts.model import StructuredFact

JsonDocument = JSON().with_variant(JSONB(), "postgresql")


class StructuredFactColumn(TypeDecorator[StructuredFact]):
    """A memory item's structured facts as typed JSON: validated on the way in and out, so a row can
    only hold what `StructuredFact` describes."""

    impl = JsonDocument
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> dict[str, Any] | None:
        if value is None:
            return None
        fact = value if isinstance(value, StructuredFact) else StructuredFact.model_validate(value)
        dumped: dict[str, Any] = fact.model_dump(mode="json", exclude_defaults=True)
        return dumped

    def process_result_value(self, value: Any, dialect: Dialect) -> StructuredFact | None:
        return None if value is None else StructuredFact.model_validate(value)


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
