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
from fitcoach.transfer.plan import SKIP, ImportPlan, build_plan
from fitcoach.transfer.read import read_export

RECENT = timedelta(days=7)
"""Imported sessions this recent may complete a day of the active plan, like a logged one."""

_MATCHERS: dict[int, NameMatcher] = {}


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
    """One matcher per library object (the packaged library is one object for the process)."""
    found = _MATCHERS.get(id(library))
    if found is None:
        _MATCHERS.clear()
        found = _MATCHERS[id(library)] = NameMatcher(library)
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
    log_ids = imports.insert_sessions(session, user_id=user_id, sessions=plan.sessions, now=now)
    new_sets: dict[str, list[SetRecord]] = {}
    for log_id, planned in zip(log_ids, plan.sessions, strict=True):
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
