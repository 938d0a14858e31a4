"""Logging a session (R38): validate against the library and clock, store, update records and the plan."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from fitcoach.analytics.records import SetRecord, compute_records, merge_records
from fitcoach.clock import isoformat_z
from fitcoach.contract.logs import MAX_FUTURE, ExerciseLogPublic, LogCreate, LogPublic, SetPublic
from fitcoach.contract.models import Weekday
from fitcoach.errors import BadInput, Conflict
from fitcoach.library import ExerciseLibrary
from fitcoach.storage import plans, workouts
from fitcoach.storage.tables import WorkoutLog, WorkoutSet
from fitcoach.storage.users import lock_user


@dataclass(frozen=True)
class LoggedWorkout:
    log: WorkoutLog
    replayed: bool
    """True when an Idempotency-Key matched an earlier post: the original log is returned."""


def check_log(log: LogCreate, *, library: ExerciseLibrary, now: datetime) -> None:
    """The checks a schema cannot make alone: known slugs and a `completed_at` not far in the future."""
    unknown = sorted({e.exercise_id for e in log.exercises_logged if e.exercise_id not in library})
    if unknown:
        raise BadInput(
            "unknown exercise slug(s): " + ", ".join(unknown),
            code="unknown_exercise",
            details={"unknown": unknown, "see": "/api/exercises"},
        )
    if log.completed_at > now + MAX_FUTURE:
        raise BadInput(
            "completed_at is more than 24 hours in the future",
            details={"completed_at": isoformat_z(log.completed_at), "now": isoformat_z(now)},
        )


def request_fingerprint(log: LogCreate) -> str:
    return hashlib.sha256(json.dumps(log.model_dump(mode="json"), sort_keys=True).encode()).hexdigest()


def record_workout(
    session: Session,
    *,
    user_id: str,
    log: LogCreate,
    library: ExerciseLibrary,
    now: datetime,
    idempotency_key: str | None = None,
    log_id: str | None = None,
) -> LoggedWorkout:
    """Store a session, refresh the records of its exercises and mark the plan day done.

    With an `idempotency_key` already used for the same body, the earlier log comes back unchanged;
    the same key with a different body is a 409 (the client reused a key by mistake)."""
    check_log(log, library=library, now=now)
    lock_user(session, user_id=user_id)
    fingerprint = request_fingerprint(log)
    if idempotency_key is not None:
        earlier = _replay(session, user_id=user_id, key=idempotency_key, fingerprint=fingerprint)
        if earlier is not None:
            return LoggedWorkout(earlier, replayed=True)
    try:
        with session.begin_nested():
            row = workouts.insert_log(
                session,
                user_id=user_id,
                log=log,
                now=now,
                idempotency_key=idempotency_key,
                request_hash=fingerprint,
                log_id=log_id,
            )
    except IntegrityError:
        # A concurrent retry with the same key won the race: answer with its log.
        if idempotency_key is None:
            raise
        earlier = _replay(session, user_id=user_id, key=idempotency_key, fingerprint=fingerprint)
        if earlier is None:
            raise
        return LoggedWorkout(earlier, replayed=True)
    _merge_new_records(session, user_id=user_id, log=log, log_id=row.id, now=now)
    plans.mark_day_completed(
        session,
        user_id=user_id,
        week_start=log.week_start,
        day=log.plan_day,
        log_id=row.id,
        completed_at=log.completed_at,
    )
    return LoggedWorkout(row, replayed=False)


def _replay(session: Session, *, user_id: str, key: str, fingerprint: str) -> WorkoutLog | None:
    earlier = workouts.find_log_by_idempotency_key(session, user_id=user_id, key=key)
    if earlier is not None and earlier.request_hash != fingerprint:
        raise Conflict(
            "this Idempotency-Key was already used for a different workout",
            code="idempotency_key_reused",
            details={"log_id": earlier.id},
        )
    return earlier


def remove_workout(session: Session, *, user_id: str, log_id: str, now: datetime) -> None:
    """Delete a log, recompute the records it touched and reopen its plan day if it closed it."""
    lock_user(session, user_id=user_id)
    row = workouts.get_log(session, user_id=user_id, log_id=log_id)
    touched = workouts.exercises_of_log(session, user_id=user_id, log_id=log_id)
    workouts.delete_log(session, user_id=user_id, log_id=log_id)
    refresh_records(session, user_id=user_id, exercise_ids=touched, now=now)
    plans.unmark_day_completed(
        session, user_id=user_id, week_start=row.week_start_date, day=Weekday(row.plan_day), log_id=log_id
    )


def _merge_new_records(session: Session, *, user_id: str, log: LogCreate, log_id: str, now: datetime) -> None:
    """Fold the new sets into the stored records (exact, and independent of the history's length)."""
    by_exercise: dict[str, list[SetRecord]] = {}
    for exercise in log.exercises_logged:
        by_exercise.setdefault(exercise.exercise_id, []).extend(
            SetRecord(s.weight, s.unit, s.weight_lb, s.reps, s.is_warmup, log_id, log.completed_at)
            for s in exercise.sets
        )
    for exercise_id, sets in sorted(by_exercise.items()):
        stored = workouts.get_records(session, user_id=user_id, exercise_id=exercise_id)
        workouts.put_records(
            session, user_id=user_id, exercise_id=exercise_id, records=merge_records(stored, sets), now=now
        )


def refresh_records(session: Session, *, user_id: str, exercise_ids: Iterable[str], now: datetime) -> None:
    """Recompute records from every remaining set (after a delete, a record may have to go back)."""
    for exercise_id in sorted(set(exercise_ids)):
        sets = workouts.sets_for_exercise(session, user_id=user_id, exercise_id=exercise_id)
        records = compute_records(set_record(item) for item in sets) if sets else None
        workouts.put_records(session, user_id=user_id, exercise_id=exercise_id, records=records, now=now)


def set_record(item: WorkoutSet) -> SetRecord:
    return SetRecord(
        weight=item.weight,
        unit=item.unit,
        weight_lb=item.weight_lb,
        reps=item.reps,
        is_warmup=item.is_warmup,
        log_id=item.log_id,
        completed_at=item.completed_at,
    )


def render_set(item: WorkoutSet) -> dict[str, Any]:
    return {
        "weight": item.weight,
        "unit": item.unit,
        "reps": item.reps,
        "rpe": item.rpe,
        "duration_seconds": item.duration_seconds,
        "is_warmup": item.is_warmup,
    }


def render_log(log: WorkoutLog, sets: list[WorkoutSet], library: ExerciseLibrary) -> LogPublic:
    """The posted shape plus ids, names and timestamps."""
    exercises: list[ExerciseLogPublic] = []
    index: int | None = None
    for item in sets:
        if not exercises or index != item.exercise_index:
            known = library.get(item.exercise_id)
            index = item.exercise_index
            exercises.append(
                ExerciseLogPublic(
                    exercise_id=item.exercise_id, name=known.name if known else item.exercise_id, sets=[]
                )
            )
        exercises[-1].sets.append(SetPublic.model_validate(render_set(item)))
    return LogPublic(
        id=log.id,
        plan_day=Weekday(log.plan_day),
        completed_at=log.completed_at,
        created_at=log.created_at,
        week_start_date=log.week_start_date,
        notes=log.notes,
        exercises_logged=exercises,
    )
