"""Workout logs, their sets as rows, and personal records; every query is scoped by user."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from sqlalchemy import delete, func, insert, select
from sqlalchemy.orm import Session

from fitcoach.contract.logs import LogCreate
from fitcoach.errors import NotFound
from fitcoach.storage.ids import new_id
from fitcoach.storage.tables import PersonalRecord, WorkoutLog, WorkoutSet


def insert_log(
    session: Session,
    *,
    user_id: str,
    log: LogCreate,
    now: datetime,
    idempotency_key: str | None = None,
    request_hash: str | None = None,
    log_id: str | None = None,
) -> WorkoutLog:
    """Store the log and its sets (one bulk insert); `log_id` lets a replay keep fixture ids."""
    row = WorkoutLog(
        id=log_id or new_id("log"),
        user_id=user_id,
        plan_day=log.plan_day.value,
        completed_at=log.completed_at,
        created_at=now,
        week_start_date=log.week_start,
        idempotency_key=idempotency_key,
        request_hash=request_hash,
        notes=log.notes,
    )
    session.add(row)
    session.flush()
    session.execute(
        insert(WorkoutSet),
        [
            {
                "log_id": row.id,
                "user_id": user_id,
                "exercise_id": exercise.exercise_id,
                "exercise_index": exercise_index,
                "set_index": set_index,
                "weight": item.weight,
                "unit": item.unit,
                "weight_lb": item.weight_lb,
                "reps": item.reps,
                "rpe": item.rpe,
                "duration_seconds": item.duration_seconds,
                "is_warmup": item.is_warmup,
                "completed_at": log.completed_at,
            }
            for exercise_index, exercise in enumerate(log.exercises_logged)
            for set_index, item in enumerate(exercise.sets)
        ],
    )
    return row


def find_log_by_idempotency_key(session: Session, *, user_id: str, key: str) -> WorkoutLog | None:
    return session.execute(
        select(WorkoutLog).where(WorkoutLog.user_id == user_id, WorkoutLog.idempotency_key == key)
    ).scalar_one_or_none()


def get_log(session: Session, *, user_id: str, log_id: str) -> WorkoutLog:
    """The user's log; another user's id is NotFound, exactly like an unknown one."""
    row = session.execute(
        select(WorkoutLog).where(WorkoutLog.user_id == user_id, WorkoutLog.id == log_id)
    ).scalar_one_or_none()
    if row is None:
        raise NotFound("no such workout log", details={"log_id": log_id})
    return row


def list_logs(session: Session, *, user_id: str, limit: int, offset: int = 0) -> list[WorkoutLog]:
    """Newest first (`completed_at` desc, then id for a stable page order)."""
    return list(
        session.execute(
            select(WorkoutLog)
            .where(WorkoutLog.user_id == user_id)
            .order_by(WorkoutLog.completed_at.desc(), WorkoutLog.id.desc())
            .limit(limit)
            .offset(offset)
        ).scalars()
    )


def logs_of_week(session: Session, *, user_id: str, week_start: date) -> list[WorkoutLog]:
    """The logs that complete days of the week starting `week_start`, oldest first."""
    return list(
        session.execute(
            select(WorkoutLog)
            .where(WorkoutLog.user_id == user_id, WorkoutLog.week_start_date == week_start)
            .order_by(WorkoutLog.completed_at)
        ).scalars()
    )


def count_logs(session: Session, *, user_id: str) -> int:
    return session.execute(select(func.count()).where(WorkoutLog.user_id == user_id)).scalar_one()


def sets_of_logs(session: Session, *, user_id: str, log_ids: Sequence[str]) -> dict[str, list[WorkoutSet]]:
    """Sets grouped by log, in logged order."""
    grouped: dict[str, list[WorkoutSet]] = defaultdict(list)
    if not log_ids:
        return grouped
    rows = session.execute(
        select(WorkoutSet)
        .where(WorkoutSet.user_id == user_id, WorkoutSet.log_id.in_(list(log_ids)))
        .order_by(WorkoutSet.log_id, WorkoutSet.exercise_index, WorkoutSet.set_index)
    ).scalars()
    for item in rows:
        grouped[item.log_id].append(item)
    return grouped


def exercises_of_log(session: Session, *, user_id: str, log_id: str) -> set[str]:
    rows = session.execute(
        select(WorkoutSet.exercise_id)
        .where(WorkoutSet.user_id == user_id, WorkoutSet.log_id == log_id)
        .distinct()
    )
    return set(rows.scalars())


def delete_log(session: Session, *, user_id: str, log_id: str) -> None:
    get_log(session, user_id=user_id, log_id=log_id)
    session.execute(delete(WorkoutSet).where(WorkoutSet.user_id == user_id, WorkoutSet.log_id == log_id))
    session.execute(delete(WorkoutLog).where(WorkoutLog.user_id == user_id, WorkoutLog.id == log_id))
    session.flush()


def sets_for_exercise(
    session: Session, *, user_id: str, exercise_id: str, since: datetime | None = None
) -> list[WorkoutSet]:
    query = select(WorkoutSet).where(WorkoutSet.user_id == user_id, WorkoutSet.exercise_id == exercise_id)
    if since is not None:
        query = query.where(WorkoutSet.completed_at >= since)
    return list(session.execute(query.order_by(WorkoutSet.completed_at, WorkoutSet.id)).scalars())


def recent_log_ids_with_exercise(
    session: Session, *, user_id: str, exercise_id: str, limit: int
) -> list[str]:
    """Ids of the latest `limit` logs containing the exercise, newest first (index range scan)."""
    rows = session.execute(
        select(WorkoutSet.log_id, func.max(WorkoutSet.completed_at).label("at"))
        .where(WorkoutSet.user_id == user_id, WorkoutSet.exercise_id == exercise_id)
        .group_by(WorkoutSet.log_id)
        .order_by(func.max(WorkoutSet.completed_at).desc(), WorkoutSet.log_id.desc())
        .limit(limit)
    )
    return [row.log_id for row in rows]


def sets_in_window(
    session: Session, *, user_id: str, exercise_ids: Sequence[str], since: datetime, until: datetime
) -> list[tuple[str, datetime, float, int, float | None, bool]]:
    """(exercise_id, completed_at, weight_lb, reps, rpe, is_warmup) rows for volume analytics."""
    if not exercise_ids:
        return []
    rows = session.execute(
        select(
            WorkoutSet.exercise_id,
            WorkoutSet.completed_at,
            WorkoutSet.weight_lb,
            WorkoutSet.reps,
            WorkoutSet.rpe,
            WorkoutSet.is_warmup,
        ).where(
            WorkoutSet.user_id == user_id,
            WorkoutSet.exercise_id.in_(list(exercise_ids)),
            WorkoutSet.completed_at >= since,
            WorkoutSet.completed_at <= until,
        )
    )
    return [(r.exercise_id, r.completed_at, r.weight_lb, r.reps, r.rpe, r.is_warmup) for r in rows]


def get_records(session: Session, *, user_id: str, exercise_id: str) -> dict[str, Any] | None:
    row = session.get(PersonalRecord, (user_id, exercise_id))
    return None if row is None else row.records


def put_records(
    session: Session, *, user_id: str, exercise_id: str, records: dict[str, Any] | None, now: datetime
) -> None:
    """Replace the stored records; None (no sets left) removes the row."""
    row = session.get(PersonalRecord, (user_id, exercise_id))
    if records is None:
        if row is not None:
            session.delete(row)
    elif row is None:
        session.add(PersonalRecord(user_id=user_id, exercise_id=exercise_id, records=records, updated_at=now))
    else:
        row.records = records
        row.updated_at = now
    session.flush()
