"""Chat turns as stored for history and audit; the pipeline that produces them lives in fitcoach.agent."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, insert, select
from sqlalchemy.orm import Session

from fitcoach.errors import NotFound
from fitcoach.storage.ids import new_id
from fitcoach.storage.tables import ChatTurn

_INSERT = insert(cast(Table, ChatTurn.__table__))
"""Built once: every chat turn runs it, and building a statement costs more than running it."""


def add_chat_turn(
    session: Session,
    *,
    user_id: str,
    now: datetime,
    message: str,
    active_tab: str | None = None,
    selected_day: str | None = None,
    reply: dict[str, Any] | None = None,
    meta: dict[str, Any] | None = None,
    proposal_id: str | None = None,
    turn_id: str | None = None,
) -> str:
    """Record a turn inside the caller's transaction (one INSERT, no ORM object); returns its id."""
    row_id = turn_id or new_id("turn")
    session.execute(
        _INSERT,
        {
            "id": row_id,
            "user_id": user_id,
            "created_at": now,
            "message": message,
            "active_tab": active_tab,
            "selected_day": selected_day,
            "reply": reply,
            "meta": meta,
            "proposal_id": proposal_id,
        },
    )
    return row_id


def get_chat_turn(session: Session, *, user_id: str, turn_id: str) -> ChatTurn:
    row = session.execute(
        select(ChatTurn).where(ChatTurn.user_id == user_id, ChatTurn.id == turn_id)
    ).scalar_one_or_none()
    if row is None:
        raise NotFound("no such chat turn", details={"turn_id": turn_id})
    return row


def list_chat_turns(session: Session, *, user_id: str, limit: int = 50) -> list[ChatTurn]:
    """The latest `limit` turns, oldest first (the order a conversation is read in)."""
    rows = session.execute(
        select(ChatTurn).where(ChatTurn.user_id == user_id).order_by(ChatTurn.created_at.desc()).limit(limit)
    ).scalars()
    return list(reversed(list(rows)))


def page_chat_turns(
    session: Session, *, user_id: str, limit: int, before: str | None = None
) -> list[ChatTurn]:
    """Newest first; with `before` (a turn id of this user), only turns older than that one."""
    query = select(ChatTurn).where(ChatTurn.user_id == user_id)
    if before is not None:
        anchor = get_chat_turn(session, user_id=user_id, turn_id=before)
        query = query.where(
            (ChatTurn.created_at < anchor.created_at)
            | ((ChatTurn.created_at == anchor.created_at) & (ChatTurn.id < anchor.id))
        )
    query = query.order_by(ChatTurn.created_at.desc(), ChatTurn.id.desc()).limit(limit)
    return list(session.execute(query).scalars())
