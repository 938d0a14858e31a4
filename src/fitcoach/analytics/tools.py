"""The coach's three read-only analytics tools (R35-R37), as plain functions over the store.

They return JSON-ready dicts. A bad argument is answered with `{"error": …, "valid_values": […]}`
instead of an exception, so a model calling the tool can correct itself. Bounds are clamped.

Volume counting rule (science.md §10, Pelland 2026 "fractional" method): a set counts 1.0 toward
each muscle group among its exercise's primary muscles and 0.5 toward secondary-only groups; the
same factor weights its tonnage. Tonnage is Σ weight × reps in lb over working sets (warm-ups
excluded). A hard set is a working set with RPE ≥ 6 or no RPE recorded. Weeks start on Monday (UTC).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from fitcoach.analytics.records import REP_RECORD_COUNTS
from fitcoach.analytics.workouts import render_set
from fitcoach.clock import ensure_utc, isoformat_z
from fitcoach.library import ExerciseLibrary, MuscleGroup
from fitcoach.storage import workouts
from fitcoach.storage.library import effective_library

MAX_SESSIONS = 10
MAX_WEEKS_BACK = 12
HARD_SET_MIN_RPE = 6.0
"""Sets below RPE 6 are too far from failure to drive growth (about 4+ reps in reserve)."""
SECONDARY_WEIGHT = 0.5

MUSCLE_GROUP_ALIASES: dict[str, MuscleGroup] = {
    "quadriceps": MuscleGroup.QUADS,
    "quad": MuscleGroup.QUADS,
    "hamstring": MuscleGroup.HAMSTRINGS,
    "glute": MuscleGroup.GLUTES,
    "bicep": MuscleGroup.BICEPS,
    "tricep": MuscleGroup.TRICEPS,
    "calf": MuscleGroup.CALVES,
    "abs": MuscleGroup.CORE,
    "delts": MuscleGroup.SHOULDERS,
    "shoulder": MuscleGroup.SHOULDERS,
    "pecs": MuscleGroup.CHEST,
    "lats": MuscleGroup.BACK,
    "forearm": MuscleGroup.FOREARMS,
}


def _clamp(value: int | None, default: int, upper: int) -> int:
    return max(1, min(upper, default if value is None else int(value)))


def _unknown_slug(slug: str, library: ExerciseLibrary) -> dict[str, Any]:
    return {"error": f"unknown exercise_slug {slug!r}", "valid_values": library.slugs}


def parse_muscle_group(text: str) -> MuscleGroup | None:
    key = text.strip().lower()
    for group in MuscleGroup:
        if group.value.lower() == key:
            return group
    return MUSCLE_GROUP_ALIASES.get(key)


def get_historical_exercise_logs(
    session: Session,
    *,
    user_id: str,
    exercise_slug: str,
    limit_sessions: int = 3,
    limit: int | None = None,
) -> dict[str, Any]:
    """The user's latest sessions containing the exercise, newest first, with every set of it.

    `limit` is accepted as a synonym of `limit_sessions` (the source's own example uses it)."""
    library = effective_library(session)
    exercise = library.get(exercise_slug)
    if exercise is None:
        return _unknown_slug(exercise_slug, library)
    count = _clamp(limit if limit is not None else limit_sessions, 3, MAX_SESSIONS)
    log_ids = workouts.recent_log_ids_with_exercise(
        session, user_id=user_id, exercise_id=exercise_slug, limit=count
    )
    sets_by_log = workouts.sets_of_logs(session, user_id=user_id, log_ids=log_ids)
    sessions = []
    for log_id in log_ids:
        own = [s for s in sets_by_log.get(log_id, []) if s.exercise_id == exercise_slug]
        if not own:
            continue
        sessions.append(
            {
                "log_id": log_id,
                "completed_at": isoformat_z(own[0].completed_at),
                "sets": [render_set(item) for item in own],
            }
        )
    return {
        "exercise_slug": exercise_slug,
        "exercise_name": exercise.name,
        "limit_sessions": count,
        "sessions": sessions,
    }


def week_start_of(day: date) -> date:
    return day - timedelta(days=day.weekday())


def get_volume_trends(
    session: Session, *, user_id: str, muscle_group: str, weeks_back: int = 4, now: datetime
) -> dict[str, Any]:
    """Per Monday-start week since now − weeks_back × 7 days: tonnage (lb) and hard sets for the group."""
    group = parse_muscle_group(muscle_group)
    if group is None:
        return {
            "error": f"unknown muscle_group {muscle_group!r}",
            "valid_values": [g.value for g in MuscleGroup],
        }
    library = effective_library(session)
    weeks = _clamp(weeks_back, 4, MAX_WEEKS_BACK)
    until = ensure_utc(now)
    since = until - timedelta(days=7 * weeks)
    factors: dict[str, float] = {}
    for exercise in library:
        if group in exercise.primary_groups:
            factors[exercise.slug] = 1.0
        elif group in exercise.secondary_groups:
            factors[exercise.slug] = SECONDARY_WEIGHT
    first = week_start_of(since.date())
    buckets: dict[date, list[float]] = {}
    monday = first
    while monday <= until.date():
        buckets[monday] = [0.0, 0.0]
        monday += timedelta(days=7)
    rows = workouts.sets_in_window(
        session, user_id=user_id, exercise_ids=sorted(factors), since=since, until=until
    )
    for exercise_id, completed_at, weight_lb, reps, rpe, is_warmup in rows:
        if is_warmup:
            continue
        factor = factors[exercise_id]
        bucket = buckets[week_start_of(completed_at.date())]
        bucket[0] += factor * weight_lb * reps
        if rpe is None or rpe >= HARD_SET_MIN_RPE:
            bucket[1] += factor
    return {
        "muscle_group": group.value,
        "weeks_back": weeks,
        "since": isoformat_z(since),
        "until": isoformat_z(until),
        "counting": "primary muscles 1.0, secondary 0.5; hard sets are working sets with RPE >= 6 or none",
        "weeks": [
            {"week_start": start.isoformat(), "tonnage_lbs": round(values[0], 1), "hard_sets": values[1]}
            for start, values in buckets.items()
        ],
    }


def get_pr_records(session: Session, *, user_id: str, exercise_slug: str) -> dict[str, Any]:
    """All-time records for the exercise (rules in `fitcoach.analytics.records`); nulls when never logged."""
    library = effective_library(session)
    exercise = library.get(exercise_slug)
    if exercise is None:
        return _unknown_slug(exercise_slug, library)
    stored = workouts.get_records(session, user_id=user_id, exercise_id=exercise_slug) or {
        "estimated_1rm": None,
        "max_weight_set": None,
        "rep_records": {str(n): None for n in REP_RECORD_COUNTS},
        "sets_counted": 0,
    }
    return {"exercise_slug": exercise_slug, "exercise_name": exercise.name, **stored}
