"""Imported history: the keys of sessions already imported, bulk inserts of whole sessions, and the
import records; every query is scoped by user."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Table, insert, select
from sqlalchemy.orm import Session

from fitcoach.errors import NotFound
from fitcoach.storage.ids import new_id
from fitcoach.storage.tables import WorkoutLog, WorkoutSet
from fitcoach.storage.transfer_tables import ImportRecord
from fitcoach.transfer.plan import KEY_PREFIX, PlannedSession

WORKOUT_LOGS: Table = WorkoutLog.__table__  # type: ignore[assignment]
WORKOUT_SETS: Table = WorkoutSet.__table__  # type: ignore[assignment]


def imported_keys(session: Session, *, user_id: str) -> set[str]:
    """Idempotency keys of the user's imported sessions (one index range on (user, key))."""
    rows = session.execute(
        select(WorkoutLog.idempotency_key).where(
            WorkoutLog.user_id == user_id, WorkoutLog.idempotency_key.startswith(KEY_PREFIX)
        )
    ).scalars()
    return {key for key in rows if key is not None}


def insert_sessions(
    session: Session, *, user_id: str, sessions: Sequence[PlannedSession], now: datetime
) -> list[str]:
    """Two bulk inserts (logs, then sets) for the whole import; returns the new log ids in order."""
    if not sessions:
        return []
    ids = [new_id("log") for _ in sessions]
    # Core inserts on the tables, not ORM bulk inserts: the ORM splits rows whose optional values are
    # None into separate statements (thousands of round trips on PostgreSQL for one history).
    connection = session.connection()
    connection.execute(
        insert(WORKOUT_LOGS),
        [
            {
                "id": log_id,
                "user_id": user_id,
                "plan_day": planned.plan_day.value,
                "completed_at": planned.completed_at,
                "created_at": now,
                "week_start_date": planned.week_start,
                "idempotency_key": planned.key,
                "request_hash": planned.key.removeprefix(KEY_PREFIX)[:64],
                "notes": planned.notes,
            }
            for log_id, planned in zip(ids, sessions, strict=True)
        ],
    )
    connection.execute(
        insert(WORKOUT_SETS),
        [
            {
                "log_id": log_id,
                "user_id": user_id,
                "exercise_id": slug,
                "exercise_index": exercise_index,
                "set_index": set_index,
                "weight": item.weight,
                "unit": item.unit,
                "weight_lb": item.weight_lb,
                "reps": item.reps,
                "rpe": item.rpe,
                "duration_seconds": item.duration_seconds,
                "is_warmup": item.is_warmup,
                "completed_at": planned.completed_at,
            }
            for log_id, planned in zip(ids, sessions, strict=True)
            for exercise_index, (slug, sets) in enumerate(planned.exercises)
            for set_index, item in enumerate(sets)
        ],
    )
    return ids


def add_record(
    session: Session,
    *,
    user_id: str,
    now: datetime,
    format: str,
    file_sha256: str,
    summary: dict[str, Any],
    unmatched_rows: list[dict[str, Any]],
) -> ImportRecord:
    row = ImportRecord(
        id=new_id("imp"),
        user_id=user_id,
        created_at=now,
        format=format,
        file_sha256=file_sha256,
        summary=summary,
        unmatched={"rows": unmatched_rows},
    )
    session.add(row)
    session.flush()
    return row


def list_records(session: Session, *, user_id: str) -> list[ImportRecord]:
    return list(
        session.execute(
            select(ImportRecord)
            .where(ImportRecord.user_id == user_id)
            .order_by(ImportRecord.created_at.desc(), ImportRecord.id)
        ).scalars()
    )


def get_record(session: Session, *, user_id: str, import_id: str) -> ImportRecord:
    row = session.execute(
        select(ImportRecord).where(ImportRecord.user_id == user_id, ImportRecord.id == import_id)
    ).scalar_one_or_none()
    if row is None:
        raise NotFound("no such import", details={"import_id": import_id})
    return row
