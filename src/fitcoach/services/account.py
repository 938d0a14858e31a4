"""Deleting an account: a first request hands out a short-lived confirmation token, the second,
carrying it, removes every row of the user in one transaction (the caller commits)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from fitcoach.errors import Forbidden
from fitcoach.storage import account_rows
from fitcoach.storage.transfer_tables import DeletionRequest
from fitcoach.storage.users import get_user, lock_user

CONFIRMATION_TTL = timedelta(minutes=10)
"""Long enough to read the warning and confirm; short enough that a leaked token is soon useless."""


@dataclass(frozen=True)
class PendingDeletion:
    token: str
    expires_at: datetime
    counts: dict[str, int]


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def request_deletion(session: Session, *, user_id: str, now: datetime) -> PendingDeletion:
    """A new confirmation (any earlier one stops working) and what deleting would remove."""
    lock_user(session, user_id=user_id)
    token = secrets.token_urlsafe(24)
    expires = now + CONFIRMATION_TTL
    row = session.get(DeletionRequest, user_id)
    if row is None:
        session.add(DeletionRequest(user_id=user_id, token_hash=_hash(token), expires_at=expires))
    else:
        row.token_hash, row.expires_at = _hash(token), expires
    session.flush()
    counts = {name: n for name, n in account_rows.counts(session, user_id=user_id).items() if n}
    return PendingDeletion(token, expires, counts)


def confirm_deletion(session: Session, *, user_id: str, token: str, now: datetime) -> None:
    lock_user(session, user_id=user_id)
    row = session.get(DeletionRequest, user_id)
    if row is None or row.expires_at < now or not hmac.compare_digest(row.token_hash, _hash(token)):
        raise Forbidden(
            "ask for a deletion first (DELETE /api/me without a confirmation), then send its token",
            code="deletion_not_confirmed",
        )
    delete_account(session, user_id=user_id)


def delete_account(session: Session, *, user_id: str) -> None:
    """Every row of the user, in every table; for the operator's `fitcoach user delete` too."""
    get_user(session, user_id=user_id)
    account_rows.delete_account_rows(session, user_id=user_id)
