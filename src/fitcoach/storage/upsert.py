"""INSERT … ON CONFLICT DO UPDATE for both backends, for rows that serialise their writers."""

from __future__ import annotations

from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session
from sqlalchemy.sql.dml import Insert


def upsert(
    session: Session, table: Any, *, values: dict[str, Any], keys: list[str], update: dict[str, Any]
) -> None:
    """Insert `values`, or on a key conflict apply `update` (column → value or SQL expression)."""
    dialect = session.get_bind().dialect.name
    insert_: Any = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert_(table).values(**values)
    assert isinstance(statement, Insert)
    session.execute(statement.on_conflict_do_update(index_elements=keys, set_=update))  # type: ignore[attr-defined]
