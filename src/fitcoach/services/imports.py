"""Importing another app's history: a dry run that shows what would be written, and the commit that
writes it in one transaction (the caller commits), with records refreshed at once."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy.orm import Session

from fitcoach.analytics.records import SetRecord, merge_records
from fitcoach.contract.logs import Unit
from fitcoach.errors import BadInput
from fitcoach.library import ExerciseLibrary
from fitcoach.storage import imports, plans, workouts
from fitcoach.storage.users import lock_user
from fitcoach.transfer.names import NameMatcher
from fitcoach.transfer.plan import SKIP, ImportPlan, PlannedSession, build_plan, planned_from_rows
from fitcoach.transfer.read import read_export

RECENT = timedelta(days=7)
"""Imported sessions this recent may complete a day of the active plan, like a logged one."""

_MATCHERS: dict[tuple[str, ...], NameMatcher] = {}


@dataclass(frozen=True)
class ImportOptions:
    timezone: str = "UTC"
    """The zone the other app's wall-clock times were written in (the phone's)."""
    unit: Unit | None = None
    """For Strong's newer export, which does not say whether weights are kg or lb."""
    mapping: Mapping[str, str] = field(default_factory=dict)
    """App name → library slug, or "" to skip the name."""


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise BadInput("unknown time zone", code="import_bad_timezone", details={"timezone": name}) from error


def matcher_for(library: ExerciseLibrary) -> NameMatcher:
    """One matcher per set of library entries, built once (its index and name cache are reused)."""
    key = tuple(library.slugs)
    found = _MATCHERS.get(key)
    if found is None:
        _MATCHERS.clear()
        found = _MATCHERS[key] = NameMatcher(library)
    return found


def _check_mapping(mapping: Mapping[str, str], library: ExerciseLibrary) -> None:
    unknown = sorted(slug for slug in mapping.values() if slug != SKIP and slug not in library)
    if unknown:
        raise BadInput(
            "unknown exercise slug(s) in the mapping: " + ", ".join(unknown),
            code="unknown_exercise",
            details={"unknown": unknown, "see": "/api/exercises"},
        )


def plan_import(
    session: Session,
    *,
    user_id: str,
    data: bytes,
    options: ImportOptions,
    library: ExerciseLibrary,
    now: datetime,
) -> ImportPlan:
    _check_mapping(options.mapping, library)
    parsed = read_export(data, zone=_zone(options.timezone), unit=options.unit)
    return build_plan(
        parsed,
        library=library,
        matcher=matcher_for(library),
        mapping=options.mapping,
        known_keys=imports.imported_keys(session, user_id=user_id),
        now=now,
    )


def preview_import(
    session: Session,
    *,
    user_id: str,
    data: bytes,
    options: ImportOptions,
    library: ExerciseLibrary,
    now: datetime,
) -> dict[str, Any]:
    """What `commit_import` would write; writes nothing."""
    plan = plan_import(session, user_id=user_id, data=data, options=options, library=library, now=now)
    return {"committed": False, "import_id": None, **plan.summary()}


def commit_import(
    session: Session,
    *,
    user_id: str,
    data: bytes,
    options: ImportOptions,
    library: ExerciseLibrary,
    now: datetime,
) -> dict[str, Any]:
    """Write the plan's sessions, refresh the records they touch and keep an import record. Under the
    user's write lock, so two uploads of one file cannot both add its sessions."""
    lock_user(session, user_id=user_id)
    plan = plan_import(session, user_id=user_id, data=data, options=options, library=library, now=now)
    _write_sessions(session, user_id=user_id, sessions=plan.sessions, now=now)
    summary = plan.summary()
    record = imports.add_record(
        session,
        user_id=user_id,
        now=now,
        format=plan.format.value,
        file_sha256=hashlib.sha256(data).hexdigest(),
        summary=summary,
        unmatched_rows=plan.unmatched_rows,
    )
    return {"committed": True, "import_id": record.id, **summary}


def _write_sessions(session: Session, *, user_id: str, sessions: list[PlannedSession], now: datetime) -> None:
    """Insert the sessions, fold their sets into the stored records and complete recent plan days."""
    log_ids = imports.insert_sessions(session, user_id=user_id, sessions=sessions, now=now)
    new_sets: dict[str, list[SetRecord]] = {}
    for log_id, planned in zip(log_ids, sessions, strict=True):
        for slug, sets in planned.exercises:
            new_sets.setdefault(slug, []).extend(
                SetRecord(s.weight, s.unit, s.weight_lb, s.reps, s.is_warmup, log_id, planned.completed_at)
                for s in sets
            )
        if planned.completed_at >= now - RECENT:
            plans.mark_day_completed(
                session,
                user_id=user_id,
                week_start=planned.week_start,
                day=planned.plan_day,
                log_id=log_id,
                completed_at=planned.completed_at,
            )
    for slug, records in sorted(new_sets.items()):
        stored = workouts.get_records(session, user_id=user_id, exercise_id=slug)
        workouts.put_records(
            session, user_id=user_id, exercise_id=slug, records=merge_records(stored, records), now=now
        )


def map_kept_names(
    session: Session,
    *,
    user_id: str,
    import_id: str,
    mapping: Mapping[str, str],
    library: ExerciseLibrary,
    now: datetime,
) -> dict[str, Any]:
    """Bring in the sets an import kept for names it could not map: each mapped name's sets become
    sessions of their own (one per imported session), a skipped name's sets are dropped from the
    record. Names mapped once are gone from the record, so a second call adds nothing."""
    _check_mapping(mapping, library)
    lock_user(session, user_id=user_id)
    record = imports.get_record(session, user_id=user_id, import_id=import_id)
    rows: list[dict[str, Any]] = list(record.unmatched.get("rows", []))
    chosen = [r for r in rows if mapping.get(r["name"], SKIP) != SKIP]
    sessions = planned_from_rows(chosen, mapping=mapping)
    _write_sessions(session, user_id=user_id, sessions=sessions, now=now)
    left = [r for r in rows if r["name"] not in mapping]
    record.unmatched = {"rows": left}
    session.flush()
    return {
        "import_id": record.id,
        "sessions": len(sessions),
        "sets": sum(s.set_count for s in sessions),
        "still_unmatched": kept_names(left),
    }


def kept_names(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    names: dict[str, int] = {}
    for row in rows:
        names[row["name"]] = names.get(row["name"], 0) + 1
    return [{"name": name, "sets": count} for name, count in sorted(names.items())]
