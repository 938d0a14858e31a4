"""Synthetic training histories bulk-loaded straight into the tables (executemany on SQLite, COPY on
PostgreSQL), so ten million sets load in minutes instead of hours through the ORM."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection, Engine, text

from fitcoach.library import get_library
from fitcoach.storage.tables import WorkoutLog, WorkoutSet

SESSIONS_PER_WEEK = 4
SETS_PER_SESSION = 25
YEARS = 5
SETS_PER_USER = YEARS * 52 * SESSIONS_PER_WEEK * SETS_PER_SESSION  # 26,000
SESSION_DAYS = (0, 1, 3, 4)  # Mon, Tue, Thu, Fri

LOG_COLUMNS = ("id", "user_id", "plan_day", "completed_at", "created_at", "week_start_date")
SET_COLUMNS = (
    "log_id", "user_id", "exercise_id", "exercise_index", "set_index", "weight", "unit", "weight_lb",
    "reps", "rpe", "is_warmup", "completed_at",
)  # fmt: skip
WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


SHAPES = 4
"""Distinct random histories; users beyond that reuse one (other users' data only has to exist)."""


def _templates(seed: int) -> list[list[str]]:
    """Four sessions of five exercises (5 sets each = 25 sets), drawn from the library."""
    slugs = get_library().slugs
    rng = random.Random(seed)
    return [rng.sample(slugs, 5) for _ in range(SESSIONS_PER_WEEK)]


@lru_cache(maxsize=SHAPES)
def _shape(seed: int) -> list[list[tuple[Any, ...]]]:
    """Per session, the (exercise, indexes, load, reps, rpe, warm-up) of its 25 sets."""
    rng = random.Random(seed)
    templates = _templates(seed)
    sessions = []
    for _week in range(YEARS * 52):
        for number in range(SESSIONS_PER_WEEK):
            rows = []
            for ex_index, slug in enumerate(templates[number]):
                load = round(20 + rng.random() * 100, 1)
                for set_index in range(5):
                    rpe = rng.choice((None, 7.0, 8.0, 8.5, 9.0))
                    rows.append(
                        (slug, ex_index, set_index, load, "lb", load, rng.randint(5, 12), rpe, set_index == 0)
                    )
            sessions.append(rows)
    return sessions


def user_history(
    user_id: str, *, end: datetime, seed: int, postgres: bool
) -> Iterator[tuple[tuple[Any, ...], list[tuple[Any, ...]]]]:
    """(log row, set rows) for five years of sessions ending the week before `end`, ready to insert."""
    shape = _shape(seed % SHAPES)
    last_monday = (end - timedelta(days=end.weekday() + 7)).replace(
        hour=18, minute=0, second=0, microsecond=0
    )
    first_monday = last_monday - timedelta(weeks=YEARS * 52 - 1)
    for week in range(YEARS * 52):
        monday = first_monday + timedelta(weeks=week)
        for number, offset in enumerate(SESSION_DAYS):
            at = _ts(monday + timedelta(days=offset), postgres)
            log_id = f"log_{user_id[4:]}_{week:03d}{number}"
            log_row = (log_id, user_id, WEEKDAY_NAMES[offset], at, at, monday.date())
            sets = [(log_id, user_id, *row, at) for row in shape[week * SESSIONS_PER_WEEK + number]]
            yield log_row, sets


def filler_id(number: int) -> str:
    return f"usr_{number:012d}"


def bulk_load(engine: Engine, target: str, fillers: int, *, end: datetime, now: datetime) -> int:
    """Insert `target` and `fillers` other users with their histories; returns the sets written.

    The log and set indexes are dropped during the load and rebuilt after it (the usual bulk-load
    practice: one sort per index instead of millions of random index inserts); the schema ends the same.
    """
    fillers_ids = [filler_id(i) for i in range(fillers)]
    indexes = [*WorkoutSet.__table__.indexes, *WorkoutLog.__table__.indexes]
    with engine.begin() as conn:
        for index in indexes:
            index.drop(conn)
    try:
        _load_rows(engine, [target, *fillers_ids[:SHAPES]], end=end, now=now)
        with engine.begin() as conn:
            _clone_fillers(conn, fillers_ids[:SHAPES], SHAPES, fillers, now=now)
            # SQLite's rowcount is unreliable for INSERT … SELECT with a CTE: count instead.
            return int(conn.execute(text("SELECT count(*) FROM workout_sets")).scalar_one())
    finally:
        with engine.begin() as conn:
            for index in indexes:
                index.create(conn)


def _load_rows(engine: Engine, user_ids: list[str], *, end: datetime, now: datetime) -> None:
    raw = engine.raw_connection()
    try:
        cursor = raw.cursor()
        postgres = engine.dialect.name == "postgresql"
        mark = "%s" if postgres else "?"
        user_sql = (
            f"INSERT INTO users (id, name, created_at, settings) VALUES ({mark}, {mark}, {mark}, {mark})"
        )
        cursor.executemany(user_sql, [(uid, uid, _ts(now, postgres), "{}") for uid in user_ids])
        for index, user_id in enumerate(user_ids):
            logs: list[tuple[Any, ...]] = []
            sets: list[tuple[Any, ...]] = []
            for log_row, set_rows in user_history(user_id, end=end, seed=index, postgres=postgres):
                logs.append(log_row)
                sets.extend(set_rows)
            _insert(cursor, "workout_logs", LOG_COLUMNS, logs, postgres)
            _insert(cursor, "workout_sets", SET_COLUMNS, sets, postgres)
        raw.commit()
    finally:
        raw.close()


def _clone_fillers(conn: Connection, templates: list[str], first: int, total: int, *, now: datetime) -> None:
    """Users `usr_<first…total-1, 12 digits>` as copies of the loaded `templates`, made inside the
    database: one INSERT … SELECT per template and table, so no row passes through Python."""
    postgres = conn.dialect.name == "postgresql"
    pad = "lpad(CAST(k AS TEXT), 12, '0')" if postgres else "substr('000000000000' || k, -12, 12)"
    numbers = (
        "WITH RECURSIVE n(k) AS (SELECT CAST(:lo AS INTEGER) UNION ALL "
        "SELECT k + :step FROM n WHERE k + :step < :hi) "
    )
    step = len(templates)
    for offset, template in enumerate(templates):
        lo = first + ((offset - first) % step)
        if lo >= total:
            continue
        params = {"lo": lo, "step": step, "hi": total, "template": template, "now": _ts(now, postgres)}
        conn.execute(
            text(
                numbers + "INSERT INTO users (id, name, created_at, settings) "
                f"SELECT 'usr_' || {pad}, 'usr_' || {pad}, :now, '{{}}' FROM n"
            ),
            params,
        )
        # Log ids are "log_" + 12 characters of the user id + "_wwwn": position 17 on is the session.
        conn.execute(
            text(
                numbers + "INSERT INTO workout_logs (id, user_id, plan_day, completed_at, created_at, "
                f"week_start_date) SELECT 'log_' || {pad} || substr(l.id, 17), 'usr_' || {pad}, l.plan_day, "
                "l.completed_at, l.created_at, l.week_start_date FROM n CROSS JOIN workout_logs l "
                "WHERE l.user_id = :template"
            ),
            params,
        )
        conn.execute(
            text(
                numbers + f"INSERT INTO workout_sets ({', '.join(SET_COLUMNS)}) "
                f"SELECT 'log_' || {pad} || substr(s.log_id, 17), 'usr_' || {pad}, "
                + ", ".join(f"s.{c}" for c in SET_COLUMNS[2:])
                + " FROM n CROSS JOIN workout_sets s WHERE s.user_id = :template"
            ),
            params,
        )


def _ts(value: Any, postgres: bool) -> Any:
    if isinstance(value, datetime):
        # Match what fitcoach.storage.types.UTCDateTime writes on each backend.
        return value if postgres else value.astimezone(UTC).replace(tzinfo=None).isoformat(sep=" ")
    return value


def _insert(
    cursor: Any, table: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]], postgres: bool
) -> None:
    if postgres:
        with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        return
    marks = ", ".join("?" for _ in columns)
    cursor.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
