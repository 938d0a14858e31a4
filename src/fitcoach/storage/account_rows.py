"""Every row of one account, found from the table definitions themselves (so a table added later is
covered without a change here): counted for the deletion preview, read for the export, deleted."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlalchemy import Table, delete, func, select
from sqlalchemy.orm import Session

from fitcoach.storage import auth_tables, transfer_tables
from fitcoach.storage.tables import Base, User

_REGISTERED = (auth_tables, transfer_tables)
"""Imported for their tables: `Base.metadata` must hold every table before it is walked."""

NOT_EXPORTED = frozenset({"api_tokens", "deletion_requests"})
"""Secrets (hashes) and a pending confirmation; the export lists devices by name instead."""


def user_tables() -> list[Table]:
    """Tables with a `user_id` column, children before parents (the order deletes must run in)."""
    return [
        t for t in reversed(Base.metadata.sorted_tables) if "user_id" in t.c and t.name != User.__tablename__
    ]


def counts(session: Session, *, user_id: str) -> dict[str, int]:
    return {
        table.name: session.execute(
            select(func.count()).select_from(table).where(table.c.user_id == user_id)
        ).scalar_one()
        for table in user_tables()
    }


def exported_tables() -> list[Table]:
    return sorted((t for t in user_tables() if t.name not in NOT_EXPORTED), key=lambda t: t.name)


def rows_of(session: Session, table: Table, *, user_id: str, page: int = 500) -> Iterator[dict[str, Any]]:
    """The user's rows of one table in primary-key order, fetched `page` at a time."""
    order = list(table.primary_key.columns)
    query = select(table).where(table.c.user_id == user_id).order_by(*order)
    result = session.execute(query.execution_options(yield_per=page))
    for row in result.mappings():
        yield dict(row)


def delete_account_rows(session: Session, *, user_id: str) -> None:
    """Remove the user from every table, then the user: counters keyed by the user's id included."""
    for table in user_tables():
        session.execute(delete(table).where(table.c.user_id == user_id))
    session.execute(delete(auth_tables.AuthFailure).where(auth_tables.AuthFailure.key == f"user:{user_id}"))
    session.execute(delete(auth_tables.RateLimitHit).where(auth_tables.RateLimitHit.key == user_id))
    session.execute(delete(auth_tables.RateLimitBucket).where(auth_tables.RateLimitBucket.key == user_id))
    session.execute(delete(User).where(User.id == user_id))
    session.flush()
