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

_SETS = (
    select(
        WorkoutLog.id,
        WorkoutLog.completed_at,
        WorkoutLog.plan_day,
        WorkoutLog.notes,
        WorkoutSet.exercise_id,
        WorkoutSet.exercise_index,
        WorkoutSet.weight,
        WorkoutSet.unit,
        WorkoutSet.reps,
        WorkoutSet.rpe,
        WorkoutSet.is_warmup,
    )
    .join(WorkoutSet, WorkoutSet.log_id == WorkoutLog.id)
    .order_by(WorkoutLog.completed_at, WorkoutLog.id, WorkoutSet.exercise_index, WorkoutSet.set_index)
)


def logged_sets(session: Session, *, user_id: str, since: datetime) -> Sequence[Row[*tuple[Any, ...]]]:
    """Every set logged since `since`, session by session in time order, with the session's plan day
    and notes (one query over the user/time index)."""
    return session.execute(_SETS.where(WorkoutLog.user_id == user_id, WorkoutLog.completed_at >= since)).all()


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
