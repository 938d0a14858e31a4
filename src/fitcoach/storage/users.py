"""Users: creation, settings and the per-user write lock. Tokens live in `storage/tokens.py` (the
names below are kept here too, since most callers create a user and a token together)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from fitcoach.errors import NotFound
from fitcoach.storage.ids import new_id
from fitcoach.storage.tables import User
from fitcoach.storage.tokens import hash_token, issue_token, user_for_token

__all__ = [
    "create_user",
    "get_user",
    "hash_token",
    "issue_token",
    "learn_units",
    "lock_user",
    "user_for_token",
]

DEFAULT_SETTINGS: dict[str, Any] = {}
"""No language and no units: a stored value is the user's own choice (or, for units, what they wrote in
a chat message), which every device they sign in on follows; until then each device shows its browser's
language and its locale's usual unit."""


def create_user(
    session: Session, *, name: str, now: datetime, settings: dict[str, Any] | None = None
) -> User:
    user = User(
        id=new_id("usr"), name=name, created_at=now, settings={**DEFAULT_SETTINGS, **(settings or {})}
    )
    session.add(user)
    session.flush()
    return user


def learn_units(session: Session, *, user_id: str, unit: str) -> bool:
    """Store `unit` as the user's units unless they already have some (picked or learned before: a
    choice is never overwritten by a guess). Call it under the user's write lock (`lock_user`), in the
    transaction whose other writes it belongs with; True when it stored the unit."""
    user = get_user(session, user_id=user_id)
    if user.settings.get("units") is not None:
        return False
    user.settings = {**user.settings, "units": unit}
    return True


def get_user(session: Session, *, user_id: str) -> User:
    user = session.get(User, user_id)
    if user is None:
        raise NotFound("unknown user", details={"user_id": user_id})
    return user


def lock_user(session: Session, *, user_id: str) -> None:
    """Serialise one user's writers for the rest of this transaction.

    A no-op UPDATE of the user's row, as the transaction's first statement, takes the row lock on
    PostgreSQL and SQLite's write lock, so every later read in it sees the previous writer's result.
    On SQLite it also makes the driver open the transaction here: a SAVEPOINT issued first would
    otherwise start (and its RELEASE commit) a transaction of its own, half-writing the request.
    """
    session.execute(update(User).where(User.id == user_id).values(name=User.name))
