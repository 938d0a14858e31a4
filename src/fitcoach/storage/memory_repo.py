"""Memory persistence for the rules in fitcoach.memory: load the profile, store a turn's plan, forget, prune.

Nothing here commits: a turn's memory changes are flushed into the caller's transaction and land
together with the turn record, or not at all (R27). The reads every chat turn makes are Core
statements built once at import: building and ORM-loading them cost more than the queries themselves.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, cast

from sqlalchemy import Row, Table, and_, bindparam, delete, exists, or_, select, tuple_
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import BindParameter

from fitcoach.contract.models import ENTRY_MODEL, Operation, Tier
from fitcoach.facts.model import StructuredFact
from fitcoach.memory.events import EventKind, MemoryEvent, expiry_events
from fitcoach.memory.facts import structured
from fitcoach.memory.model import Entry, MemoryItem
from fitcoach.memory.plan import MutationPlan
from fitcoach.storage import memory as rows
from fitcoach.storage.tables import ChatTurn, MemoryEventRow, MemoryItemRow

_ITEMS = cast(Table, MemoryItemRow.__table__)
_EVENTS = cast(Table, MemoryEventRow.__table__)
_ITEM_COLUMNS = (
    _ITEMS.c.id,
    _ITEMS.c.tier,
    _ITEMS.c.entry,
    _ITEMS.c.created_at,
    _ITEMS.c.updated_at,
    _ITEMS.c.expires_at,
    _ITEMS.c.facts,
)
_USER: BindParameter[str] = bindparam("user_id")
_NOW: BindParameter[dt.datetime] = bindparam("now")

_ACTIVE_ITEMS = (
    select(*_ITEM_COLUMNS)
    .where(
        _ITEMS.c.user_id == _USER,
        _ITEMS.c.deleted_at.is_(None),
        or_(_ITEMS.c.expires_at.is_(None), _ITEMS.c.expires_at > _NOW),
    )
    .order_by(_ITEMS.c.created_at, _ITEMS.c.id)
)
"""Not deleted, not expired at `now`, oldest first (R28)."""

_OWNED_IDS = select(_ITEMS.c.id).where(_ITEMS.c.user_id == _USER)

_UNRECORDED_EXPIRIES = select(*_ITEM_COLUMNS).where(
    _ITEMS.c.user_id == _USER,
    _ITEMS.c.deleted_at.is_(None),
    _ITEMS.c.expires_at.is_not(None),
    _ITEMS.c.expires_at <= _NOW,
    ~exists().where(
        and_(
            _EVENTS.c.user_id == _ITEMS.c.user_id,
            _EVENTS.c.item_id == _ITEMS.c.id,
            _EVENTS.c.kind == EventKind.EXPIRED.value,
        )
    ),
)
"""Expired, not deleted, and without an `expired` event yet: usually nothing, in one indexed query."""


def to_item(row: MemoryItemRow | Row[*tuple[Any, ...]]) -> MemoryItem:
    """The domain view of a stored row; the tier decides which entry schema applies."""
    tier = Tier(row.tier)
    entry: Entry = ENTRY_MODEL[tier].model_validate(row.entry)  # type: ignore[assignment]
    facts: StructuredFact | None = row.facts
    return MemoryItem(
        id=row.id,
        tier=tier,
        entry=entry,
        created_at=row.created_at,
        updated_at=row.updated_at,
        expires_at=row.expires_at,
        # An item written outside the memory rules (an import, an old row) is read from its text.
        facts=facts if facts is not None else structured(entry),
    )


def _entry_json(item: MemoryItem) -> dict[str, Any]:
    return item.entry.model_dump(mode="json", exclude_none=True)


def load_active_items(session: Session, *, user_id: str, now: dt.datetime) -> list[MemoryItem]:
    """The user's memory as every reader must see it: not deleted, not expired at `now` (R28)."""
    return [to_item(row) for row in session.execute(_ACTIVE_ITEMS, {"user_id": user_id, "now": now})]


def owned_ids(session: Session, *, user_id: str) -> set[str]:
    """Every id this user has (deleted and expired included), so reuse is impossible and a foreign id
    is told apart from an expired one."""
    return set(session.execute(_OWNED_IDS, {"user_id": user_id}).scalars())


def record_expiries(session: Session, *, user_id: str, now: dt.datetime) -> list[MemoryEvent]:
    """Append an `expired` event for each item that has expired since we last looked (idempotent)."""
    expired = session.execute(_UNRECORDED_EXPIRIES, {"user_id": user_id, "now": now})
    items = [to_item(row) for row in expired]
    if not items:
        return []
    events = expiry_events(items, recorded=set(), now=now)
    for event in events:
        _add_event(session, user_id=user_id, event=event, turn_id=None)
    return events


def _add_event(session: Session, *, user_id: str, event: MemoryEvent, turn_id: str | None) -> None:
    rows.add_memory_event(
        session,
        user_id=user_id,
        item_id=event.item_id,
        kind=event.kind.value,
        actor=event.actor.value,
        now=event.at,
        reason=event.reason,
        turn_id=turn_id,
        snapshot=event.entry,
    )


def persist_plan(session: Session, *, user_id: str, plan: MutationPlan, turn_id: str | None) -> None:
    """Perform a planned turn inside the caller's transaction: inserts, updates, soft-deletes, events."""
    for operation in plan.operations:
        item = operation.item
        if operation.action is Operation.CREATE:
            rows.insert_memory_item(
                session,
                user_id=user_id,
                item_id=item.id,
                tier=item.tier.value,
                entry=_entry_json(item),
                now=item.created_at,
                expires_at=item.expires_at,
                facts=item.facts,
            )
        elif operation.action is Operation.UPDATE:
            rows.update_memory_item(
                session,
                user_id=user_id,
                item_id=item.id,
                entry=_entry_json(item),
                now=item.updated_at,
                expires_at=item.expires_at,
                facts=item.facts,
            )
        else:
            rows.soft_delete_memory_item(session, user_id=user_id, item_id=item.id, now=operation.event.at)
        _add_event(session, user_id=user_id, event=operation.event, turn_id=turn_id)


def forget(session: Session, *, user_id: str, item_id: str) -> None:
    """The user's right to be forgotten: the item, its history and its text in past replies, for good.

    Another user's id raises NotFound, exactly like an unknown one.
    """
    rows.purge_memory_item(session, user_id=user_id, item_id=item_id)
    # Past replies repeat the fact in their `memory_mutations`; scrub it there too.
    turns = session.execute(select(ChatTurn).where(ChatTurn.user_id == user_id, ChatTurn.reply.is_not(None)))
    for turn in turns.scalars():
        scrubbed = _scrub_reply(turn.reply, item_id)
        if scrubbed is not None:
            turn.reply = scrubbed
    session.flush()


def _scrub_reply(reply: dict[str, Any] | None, item_id: str) -> dict[str, Any] | None:
    """The reply with this item's entries emptied and reasons blanked, or None when it never mentions
    it. An entry becomes `{}`, not null: a CREATE or UPDATE without an entry no longer fits the
    contract, and the history would refuse the whole reply."""
    if not reply or not isinstance(reply.get("memory_mutations"), list):
        return None
    mutations = reply["memory_mutations"]
    if not any(isinstance(m, dict) and m.get("memory_id") == item_id for m in mutations):
        return None
    cleaned = [
        {**m, "entry": None if m.get("entry") is None else {}, "reason": ""}
        if isinstance(m, dict) and m.get("memory_id") == item_id
        else m
        for m in mutations
    ]
    return {**reply, "memory_mutations": cleaned}


def prune(session: Session, *, older_than_days: int, now: dt.datetime) -> int:
    """Delete items (any user) that expired more than `older_than_days` ago, with their history."""
    cutoff = now - dt.timedelta(days=older_than_days)
    stale = MemoryItemRow.expires_at.is_not(None) & (MemoryItemRow.expires_at <= cutoff)
    stale_keys = select(MemoryItemRow.user_id, MemoryItemRow.id).where(stale)
    removed = len(session.execute(stale_keys).all())
    session.execute(
        delete(MemoryEventRow).where(tuple_(MemoryEventRow.user_id, MemoryEventRow.item_id).in_(stale_keys))
    )
    session.execute(delete(MemoryItemRow).where(stale))
    session.flush()
    return removed
