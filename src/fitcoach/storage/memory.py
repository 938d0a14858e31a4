"""Persistence for memory items and their history; the memory rules themselves live in fitcoach.memory."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from fitcoach.errors import NotFound
from fitcoach.facts.model import StructuredFact
from fitcoach.storage.tables import MemoryEventRow, MemoryItemRow

EventKind = Literal["created", "updated", "deleted", "expired", "merged", "forgotten"]
Actor = Literal["agent", "user", "system"]


def insert_memory_item(
    session: Session,
    *,
    user_id: str,
    item_id: str,
    tier: str,
    entry: dict[str, Any],
    now: datetime,
    expires_at: datetime | None = None,
    facts: StructuredFact | None = None,
) -> MemoryItemRow:
    row = MemoryItemRow(
        user_id=user_id,
        id=item_id,
        tier=tier,
        entry=entry,
        created_at=now,
        updated_at=now,
        expires_at=expires_at,
        deleted_at=None,
        facts=facts,
    )
    session.add(row)
    session.flush()
    return row


def get_memory_item(session: Session, *, user_id: str, item_id: str) -> MemoryItemRow:
    """The user's item (soft-deleted ones included); another user's id is NotFound."""
    row = session.get(MemoryItemRow, (user_id, item_id))
    if row is None:
        raise NotFound("no such memory item", details={"memory_id": item_id})
    return row


def list_memory_items(
    session: Session, *, user_id: str, active_at: datetime | None = None, include_deleted: bool = False
) -> list[MemoryItemRow]:
    """Items oldest first; with `active_at`, only those not yet expired at that instant."""
    query = select(MemoryItemRow).where(MemoryItemRow.user_id == user_id)
    if not include_deleted:
        query = query.where(MemoryItemRow.deleted_at.is_(None))
    if active_at is not None:
        query = query.where(or_(MemoryItemRow.expires_at.is_(None), MemoryItemRow.expires_at > active_at))
    return list(session.execute(query.order_by(MemoryItemRow.created_at, MemoryItemRow.id)).scalars())


def update_memory_item(
    session: Session,
    *,
    user_id: str,
    item_id: str,
    entry: dict[str, Any],
    now: datetime,
    expires_at: datetime | None = None,
    facts: StructuredFact | None = None,
) -> MemoryItemRow:
    row = get_memory_item(session, user_id=user_id, item_id=item_id)
    row.entry = entry
    row.facts = facts
    row.expires_at = expires_at
    row.updated_at = now
    session.flush()
    return row


def soft_delete_memory_item(session: Session, *, user_id: str, item_id: str, now: datetime) -> MemoryItemRow:
    row = get_memory_item(session, user_id=user_id, item_id=item_id)
    row.deleted_at = now
    row.updated_at = now
    session.flush()
    return row


def purge_memory_item(session: Session, *, user_id: str, item_id: str) -> None:
    """Remove an item and its history for good (the user asked to be forgotten)."""
    get_memory_item(session, user_id=user_id, item_id=item_id)
    session.execute(
        delete(MemoryEventRow).where(MemoryEventRow.user_id == user_id, MemoryEventRow.item_id == item_id)
    )
    session.execute(
        delete(MemoryItemRow).where(MemoryItemRow.user_id == user_id, MemoryItemRow.id == item_id)
    )
    session.flush()


def add_memory_event(
    session: Session,
    *,
    user_id: str,
    item_id: str,
    kind: EventKind,
    actor: Actor,
    now: datetime,
    reason: str = "",
    turn_id: str | None = None,
    snapshot: dict[str, Any] | None = None,
) -> MemoryEventRow:
    row = MemoryEventRow(
        user_id=user_id,
        item_id=item_id,
        kind=kind,
        actor=actor,
        turn_id=turn_id,
        reason=reason,
        at=now,
        snapshot=snapshot,
    )
    session.add(row)
    session.flush()
    return row


def list_memory_events(session: Session, *, user_id: str, item_id: str | None = None) -> list[MemoryEventRow]:
    query = select(MemoryEventRow).where(MemoryEventRow.user_id == user_id)
    if item_id is not None:
        query = query.where(MemoryEventRow.item_id == item_id)
    return list(session.execute(query.order_by(MemoryEventRow.at, MemoryEventRow.id)).scalars())
