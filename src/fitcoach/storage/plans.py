"""Versioned weekly plans: every accepted change is a new version; the active plan is the highest."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal

from sqlalchemy import Text, bindparam, cast, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from fitcoach.contract.models import Weekday, WeeklyPlan
from fitcoach.errors import Conflict
from fitcoach.storage.tables import PlanVersion

PlanReason = Literal["initial", "accepted_proposal", "revert"]

VERSION_RETRIES = 5
"""Two writers racing for the same version number: the loser retries with the next number."""


_PLANS = PlanVersion.__table__
_ACTIVE_DOCUMENT = (
    select(_PLANS.c.version, cast(_PLANS.c.plan, Text).label("document"))
    .where(_PLANS.c.user_id == bindparam("user_id"))
    .order_by(_PLANS.c.version.desc())
    .limit(1)
)
"""Built once: a chat turn reads it every time, and building a statement costs more than running it."""


def get_active_document(session: Session, *, user_id: str) -> tuple[int, str] | None:
    """The active plan's version and stored JSON text, undecoded: the chat turn parses it straight
    into a `WeeklyPlan` and keys its render cache on the text itself (R29)."""
    row = session.execute(_ACTIVE_DOCUMENT, {"user_id": user_id}).one_or_none()
    return None if row is None else (row.version, row.document)


def get_active_plan(session: Session, *, user_id: str) -> PlanVersion | None:
    return session.execute(
        select(PlanVersion)
        .where(PlanVersion.user_id == user_id)
        .order_by(PlanVersion.version.desc())
        .limit(1)
    ).scalar_one_or_none()


def get_plan_version(session: Session, *, user_id: str, version: int) -> PlanVersion | None:
    return session.execute(
        select(PlanVersion).where(PlanVersion.user_id == user_id, PlanVersion.version == version)
    ).scalar_one_or_none()


def list_plan_versions(session: Session, *, user_id: str) -> list[PlanVersion]:
    """All versions, newest first."""
    return list(
        session.execute(
            select(PlanVersion).where(PlanVersion.user_id == user_id).order_by(PlanVersion.version.desc())
        ).scalars()
    )


def add_plan_version(
    session: Session,
    *,
    user_id: str,
    plan: WeeklyPlan,
    now: datetime,
    reason: PlanReason,
    proposal_id: str | None = None,
) -> PlanVersion:
    """Store `plan` as the next version. Atomic under concurrency: the unique (user_id, version)
    constraint rejects a racing duplicate inside a savepoint, and we retry with the next number."""
    document = plan.model_dump(mode="json")
    for _ in range(VERSION_RETRIES):
        current = session.execute(
            select(func.max(PlanVersion.version)).where(PlanVersion.user_id == user_id)
        ).scalar_one()
        row = PlanVersion(
            user_id=user_id,
            version=(current or 0) + 1,
            week_start_date=plan.week_start_date,
            plan=document,
            created_at=now,
            reason=reason,
            proposal_id=proposal_id,
        )
        try:
            with session.begin_nested():
                session.add(row)
        except IntegrityError:
            continue
        return row
    raise Conflict("the plan changed concurrently; try again", code="plan_version_conflict")


def mark_day_completed(
    session: Session, *, user_id: str, week_start: date, day: Weekday, log_id: str, completed_at: datetime
) -> bool:
    """Mark the active plan's day done in place (logging is not a plan change, so no new version).

    Only when the active plan is for the log's week; returns whether a day was marked."""
    return _set_day_status(
        session,
        user_id=user_id,
        week_start=week_start,
        day=day,
        update={"status": "completed", "completed_log_id": log_id, "completed_at": completed_at},
        only_if_log=None,
    )


def unmark_day_completed(
    session: Session, *, user_id: str, week_start: date, day: Weekday, log_id: str
) -> bool:
    """Undo `mark_day_completed` when that log is deleted (a later log of the same day keeps it)."""
    return _set_day_status(
        session,
        user_id=user_id,
        week_start=week_start,
        day=day,
        update={"status": "scheduled", "completed_log_id": None, "completed_at": None},
        only_if_log=log_id,
    )


def _set_day_status(
    session: Session,
    *,
    user_id: str,
    week_start: date,
    day: Weekday,
    update: dict[str, Any],
    only_if_log: str | None,
) -> bool:
    active = get_active_plan(session, user_id=user_id)
    if active is None or active.week_start_date != week_start:
        return False
    days = active.plan.get("days", {})
    current = days.get(day.value)
    if current is None or (only_if_log is not None and current.get("completed_log_id") != only_if_log):
        return False
    rendered = {
        key: value.isoformat().replace("+00:00", "Z") if isinstance(value, datetime) else value
        for key, value in update.items()
    }
    # A new dict object: SQLAlchemy's JSON columns only notice reassignment, not in-place mutation.
    active.plan = {**active.plan, "days": {**days, day.value: {**current, **rendered}}}
    session.flush()
    return True
