"""What the program reads (issue 18): the user's logged sets with their session, and every tier-2 note
of a period, resolved or expired ones included (an injury's end starts a return ramp)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Row, select
from sqlalchemy.orm import Session

from fitcoach.contract.models import Tier
from fitcoach.storage.tables import MemoryItemRow, WorkoutLog, WorkoutSet

_LOGS = select(WorkoutLog.id, WorkoutLog.completed_at, WorkoutLog.plan_day, WorkoutLog.notes).order_by(
    WorkoutLog.completed_at, WorkoutLog.id
)
_SETS = select(
    WorkoutSet.log_id,
    WorkoutSet.exercise_index,
    WorkoutSet.exercise_id,
    WorkoutSet.weight,
    WorkoutSet.unit,
    WorkoutSet.reps,
    WorkoutSet.rpe,
    WorkoutSet.is_warmup,
).order_by(WorkoutSet.completed_at, WorkoutSet.log_id, WorkoutSet.exercise_index, WorkoutSet.set_index)


def logged_sessions(session: Session, *, user_id: str, since: datetime) -> Sequence[Row[*tuple[Any, ...]]]:
    """The sessions logged since `since`, oldest first: id, completed_at, plan_day, notes."""
    return session.execute(_LOGS.where(WorkoutLog.user_id == user_id, WorkoutLog.completed_at >= since)).all()


def logged_sets(session: Session, *, user_id: str, since: datetime) -> Sequence[Row[*tuple[Any, ...]]]:
    """Their sets in session, exercise and set order (the user/time index; no timestamps decoded)."""
    return session.execute(_SETS.where(WorkoutSet.user_id == user_id, WorkoutSet.completed_at >= since)).all()


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
