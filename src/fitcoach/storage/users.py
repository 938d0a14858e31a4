"""Users and their API tokens; a token is shown once and stored only as its SHA-256 hash."""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, select, update
from sqlalchemy.orm import Session

from fitcoach.errors import NotFound
from fitcoach.storage.ids import new_id
from fitcoach.storage.tables import ApiToken, User

TOKEN_PREFIX = "fc_"
LAST_USED_RESOLUTION = timedelta(minutes=1)
"""Recording every use would turn each read into a write; a minute is precise enough for audits."""
DEFAULT_SETTINGS: dict[str, Any] = {}
"""No language and no units: a stored value is the user's own choice (or, for units, what they wrote in
a chat message), which every device they sign in on follows; until then each device shows its browser's
language and its locale's usual unit."""


_TOKEN = select(ApiToken).where(ApiToken.token_hash == bindparam("token_hash"))
"""Built once: every request authenticates, and building a statement costs more than running it."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


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


def issue_token(session: Session, *, user_id: str, now: datetime) -> str:
    """Create a new random token for the user and return it in clear text (the only time it exists)."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    session.add(ApiToken(token_hash=hash_token(token), user_id=user_id, created_at=now, last_used_at=None))
    session.flush()
    return token


def user_for_token(session: Session, *, token: str, now: datetime) -> User | None:
    """The token's owner, or None for an unknown token; records when the token was last used."""
    row = session.execute(_TOKEN, {"token_hash": hash_token(token)}).scalar_one_or_none()
    if row is None:
        return None
    if row.last_used_at is None or now - row.last_used_at > LAST_USED_RESOLUTION:
        row.last_used_at = now
    return session.get(User, row.user_id)


def lock_user(session: Session, *, user_id: str) -> None:
    """Serialise one user's writers for the rest of this transaction.

    A no-op UPDATE of the user's row, as the transaction's first statement, takes the row lock on
    PostgreSQL and SQLite's write lock, so every later read in it sees the previous writer's result.
    On SQLite it also makes the driver open the transaction here: a SAVEPOINT issued first would
    otherwise start (and its RELEASE commit) a transaction of its own, half-writing the request.
    """
    session.execute(update(User).where(User.id == user_id).values(name=User.name))
