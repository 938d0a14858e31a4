"""Exports streamed a page at a time, each in its own database session (a streamed body outlives the
request's): everything as JSON, or the workout logs as CSV in Strong's semicolon layout."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from typing import Any

from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from fitcoach.analytics.workouts import render_log
from fitcoach.clock import isoformat_z
from fitcoach.library import ExerciseLibrary
from fitcoach.storage import account_rows, workouts
from fitcoach.storage.library import effective_library
from fitcoach.storage.tables import ApiToken, WorkoutLog
from fitcoach.storage.users import get_user
from fitcoach.transfer.own import EXPORT_FORMAT, EXPORT_VERSION

PAGE = 200
"""Logs read (with their sets) per query: memory stays flat however long the history is."""
STRONG_HEADER = [
    "Date", "Workout Name", "Exercise Name", "Set Order", "Weight", "Weight Unit", "Reps", "RPE",
    "Distance", "Distance Unit", "Seconds", "Notes", "Workout Notes",
]  # fmt: skip
STRONG_UNITS = {"kg": "kg", "lb": "lbs"}
SKIPPED_COLUMNS = frozenset({"user_id", "idempotency_key", "request_hash"})


def _plain(value: Any) -> Any:
    if isinstance(value, datetime):
        return isoformat_z(value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    return value


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=_plain, separators=(",", ":"))


def _logs(session: Session, *, user_id: str) -> Iterator[list[WorkoutLog]]:
    """The user's logs oldest first, a page at a time (keyset paging: no offset scans)."""
    after: tuple[datetime, str] | None = None
    while True:
        query = select(WorkoutLog).where(WorkoutLog.user_id == user_id)
        if after is not None:
            query = query.where(
                (WorkoutLog.completed_at > after[0])
                | ((WorkoutLog.completed_at == after[0]) & (WorkoutLog.id > after[1]))
            )
        page = list(
            session.execute(query.order_by(WorkoutLog.completed_at, WorkoutLog.id).limit(PAGE)).scalars()
        )
        if not page:
            return
        yield page
        after = (page[-1].completed_at, page[-1].id)
        session.expunge_all()


def export_json(sessions: sessionmaker[Session], *, user_id: str, now: datetime) -> Iterator[bytes]:
    with sessions() as session:
        user = get_user(session, user_id=user_id)
        library = effective_library(session)
        head = {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "exported_at": isoformat_z(now),
            "user": {"id": user.id, "name": user.name, "username": user.username, "email": user.email,
                     "created_at": user.created_at, "settings": user.settings},
        }  # fmt: skip
        yield (_dumps(head)[:-1] + ',"workouts":[').encode()
        first = True
        for page in _logs(session, user_id=user_id):
            sets = workouts.sets_of_logs(session, user_id=user_id, log_ids=[row.id for row in page])
            for row in page:
                rendered = render_log(row, sets.get(row.id, []), library).model_dump(mode="json")
                yield (("" if first else ",") + _dumps(rendered)).encode()
                first = False
        yield b"]"
        devices = session.execute(
            select(ApiToken).where(ApiToken.user_id == user_id).order_by(ApiToken.created_at)
        )
        yield (',"devices":' + _dumps([
            {"id": t.id, "name": t.name, "created_at": t.created_at, "last_used_at": t.last_used_at}
            for t in devices.scalars()
        ])).encode()  # fmt: skip
        for table in account_rows.exported_tables():
            if table.name in ("workout_logs", "workout_sets"):
                continue
            yield f',"{table.name}":['.encode()
            for index, found in enumerate(account_rows.rows_of(session, table, user_id=user_id)):
                kept = {k: v for k, v in found.items() if k not in SKIPPED_COLUMNS}
                yield (("," if index else "") + _dumps(kept)).encode()
            yield b"]"
        yield b"}"


def _strong_rows(row: WorkoutLog, sets: list[Any], library: ExerciseLibrary) -> list[list[str]]:
    started = row.completed_at - timedelta(hours=1)
    lines: list[list[str]] = []
    working: dict[int, int] = {}
    for item in sets:
        known = library.get(item.exercise_id)
        if item.is_warmup:
            order = "W"
        else:
            working[item.exercise_index] = working.get(item.exercise_index, 0) + 1
            order = str(working[item.exercise_index])
        lines.append([
            started.strftime("%Y-%m-%d %H:%M:%S"), row.plan_day.capitalize(),
            known.name if known else item.exercise_id, order, f"{item.weight:g}", STRONG_UNITS[item.unit],
            str(item.reps), "" if item.rpe is None else f"{item.rpe:g}", "", "",
            str(item.duration_seconds or 0), "", row.notes or "",
        ])  # fmt: skip
    return lines


def export_csv(sessions: sessionmaker[Session], *, user_id: str) -> Iterator[bytes]:
    """Strong's older layout (a unit on every row, so kg and lb stay as logged). Times are UTC and
    written as the start an hour before completion: a file without durations is read back that way."""
    with sessions() as session:
        library = effective_library(session)
        buffer = io.StringIO()
        writer = csv.writer(buffer, delimiter=";", lineterminator="\n")
        writer.writerow(STRONG_HEADER)
        for page in _logs(session, user_id=user_id):
            sets = workouts.sets_of_logs(session, user_id=user_id, log_ids=[row.id for row in page])
            for row in page:
                writer.writerows(_strong_rows(row, sets.get(row.id, []), library))
            yield buffer.getvalue().encode()
            buffer.seek(0)
            buffer.truncate()
        yield buffer.getvalue().encode()
