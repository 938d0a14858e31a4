"""Sign-in tokens, one per device: shown once, stored only as a SHA-256 hash, with a name, created and
last-used times and a sliding expiry; revoked by deleting the row, so the next request with it is a 401."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import bindparam, delete, select
from sqlalchemy.orm import Session

from fitcoach.storage.ids import new_id
from fitcoach.storage.tables import ApiToken, User

TOKEN_PREFIX = "fc_"
DEFAULT_TTL = timedelta(days=30)
"""How long a token lives without use (`FITCOACH_TOKEN_TTL_DAYS`)."""
LAST_USED_RESOLUTION = timedelta(minutes=1)
"""Recording every use would turn each read into a write; a minute is precise enough for audits and
for sliding an expiry measured in days."""
MAX_DEVICE_NAME = 120


_TOKEN = select(ApiToken).where(ApiToken.token_hash == bindparam("token_hash"))
"""Built once: every request authenticates, and building a statement costs more than running it."""


@dataclass(frozen=True)
class Authenticated:
    user: User
    token: ApiToken


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_token(
    session: Session, *, user_id: str, now: datetime, name: str = "", ttl: timedelta = DEFAULT_TTL
) -> str:
    """Create a new random token for the user and return it in clear text (the only time it exists)."""
    return issue_token_row(session, user_id=user_id, now=now, name=name, ttl=ttl)[0]


def issue_token_row(
    session: Session, *, user_id: str, now: datetime, name: str = "", ttl: timedelta = DEFAULT_TTL
) -> tuple[str, ApiToken]:
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    row = ApiToken(
        token_hash=hash_token(token),
        id=new_id("tok"),
        user_id=user_id,
        name=" ".join(name.split())[:MAX_DEVICE_NAME],
        created_at=now,
        last_used_at=None,
        expires_at=now + ttl,
    )
    session.add(row)
    session.flush()
    return token, row


def authenticate(
    session: Session, *, token: str, now: datetime, ttl: timedelta = DEFAULT_TTL
) -> Authenticated | None:
    """The token's owner and row, or None for an unknown or expired token. A use slides the expiry
    (to the minute); an expired row is deleted on sight. A disabled owner is returned: the caller
    decides how to refuse them."""
    row = session.execute(_TOKEN, {"token_hash": hash_token(token)}).scalar_one_or_none()
    if row is None:
        return None
    if now >= row.expires_at:
        session.delete(row)
        return None
    if row.last_used_at is None or now - row.last_used_at > LAST_USED_RESOLUTION:
        row.last_used_at = now
        row.expires_at = now + ttl
    user = session.get(User, row.user_id)
    return None if user is None else Authenticated(user, row)


def user_for_token(
    session: Session, *, token: str, now: datetime, ttl: timedelta = DEFAULT_TTL
) -> User | None:
    """The token's owner (None: unknown, expired, or the account is disabled)."""
    found = authenticate(session, token=token, now=now, ttl=ttl)
    return None if found is None or found.user.disabled_at is not None else found.user


def list_tokens(session: Session, *, user_id: str, now: datetime) -> list[ApiToken]:
    """The user's live tokens, most recently used first."""
    rows = session.execute(
        select(ApiToken).where(ApiToken.user_id == user_id, ApiToken.expires_at > now)
    ).scalars()
    return sorted(rows, key=lambda row: (row.last_used_at or row.created_at, row.id), reverse=True)


def revoke_token(session: Session, *, user_id: str, token_id: str) -> bool:
    """Delete one of the user's tokens; False when they have none with that id (or it is another's)."""
    result = session.execute(delete(ApiToken).where(ApiToken.user_id == user_id, ApiToken.id == token_id))
    return bool(result.rowcount)  # type: ignore[attr-defined]


def revoke_all_tokens(session: Session, *, user_id: str, keep: str | None = None) -> int:
    """Delete every token of the user (but `keep`, a token id); how many were deleted."""
    statement = delete(ApiToken).where(ApiToken.user_id == user_id)
    if keep is not None:
        statement = statement.where(ApiToken.id != keep)
    result = session.execute(statement)
    return int(result.rowcount)  # type: ignore[attr-defined]
