"""What the program reads (issue 18): the user's logged sets with their session, and every tier-2 note
of a period, resolved or expired ones included (an injury's end starts a return ramp)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Row, Table, bindparam, select
from sqlalchemy.orm import Session

from fitcoach.contract.models import Tier
from fitcoach.storage.tables import MemoryItemRow, WorkoutLog, WorkoutSet

_LOG_TABLE = cast(Table, WorkoutLog.__table__).c
_SET_TABLE = cast(Table, WorkoutSet.__table__).c
_LOGS = (
    select(WorkoutLog.id, WorkoutLog.completed_at, WorkoutLog.plan_day, WorkoutLog.notes)
    .where(WorkoutLog.user_id == bindparam("user_id"), WorkoutLog.completed_at >= bindparam("since"))
    .order_by(WorkoutLog.completed_at, WorkoutLog.id)
)
_SETS = (
    select(
        _SET_TABLE.log_id,
        _SET_TABLE.exercise_index,
        _SET_TABLE.exercise_id,
        _SET_TABLE.weight,
        _SET_TABLE.unit,
        _SET_TABLE.reps,
        _SET_TABLE.rpe,
        _SET_TABLE.is_warmup,
        _SET_TABLE.duration_seconds,
    )
    .where(_SET_TABLE.user_id == bindparam("user_id"), _SET_TABLE.completed_at >= bindparam("since"))
    .order_by(_SET_TABLE.completed_at, _SET_TABLE.log_id, _SET_TABLE.exercise_index, _SET_TABLE.set_index)
)
"""Built once: statements are compiled from the cache, not rebuilt per roll."""


def logged_sessions(session: Session, *, user_id: str, since: datetime) -> Sequence[Row[*tuple[Any, ...]]]:
    """The sessions logged since `since`, oldest first: id, completed_at, plan_day, notes."""
    return session.execute(_LOGS, {"user_id": user_id, "since": since}).all()


def logged_sets(session: Session, *, user_id: str, since: datetime) -> Sequence[Row[*tuple[Any, ...]]]:
    """Their sets in session, exercise and set order (the user/time index; no timestamps decoded)."""
    # Core on the session's connection: no ORM row processing for thousands of plain tuples.
    return session.connection().execute(_SETS, {"user_id": user_id, "since": since}).all()


def physiological_notes(session: Session, *, user_id: str, since: datetime) -> list[MemoryItemRow]:
    """Tier-2 notes created since `since`, deleted (resolved) and expired ones included."""
    return list(
        session.execute(
            select(MemoryItemRow)
            .where(
                MemoryItemRow.user_id == user_id,
                MemoryItemRow.tier == Tier.PHYSIOLOGICAL.value,
                MemoryItemRow.created_at >= since,
            )
            .order_by(MemoryItemRow.created_at)
        ).scalars()
    )
