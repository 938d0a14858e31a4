"""From parsed rows to what an import would write: sessions of mapped sets, each keyed by a hash of its
content (so importing the same history again adds nothing), and the counts the preview shows."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from pydantic import ValidationError

from fitcoach.clock import isoformat_z
from fitcoach.contract.logs import MAX_FUTURE, SetLog
from fitcoach.contract.models import WEEKDAYS, Weekday
from fitcoach.library import ExerciseLibrary
from fitcoach.transfer.cells import RowError
from fitcoach.transfer.model import ExportFormat, ParsedExport, RawSet
from fitcoach.transfer.names import NameMatcher

KEY_PREFIX = "import:"
"""Imported logs carry `import:<content hash>` as their idempotency key (unique per user)."""
SKIP = ""
"""A mapping to this value skips the name."""


@dataclass(frozen=True)
class PlannedSession:
    key: str
    completed_at: datetime
    plan_day: Weekday
    week_start: date
    notes: str | None
    exercises: list[tuple[str, list[SetLog]]]

    @property
    def set_count(self) -> int:
        return sum(len(sets) for _, sets in self.exercises)


@dataclass
class NameReport:
    name: str
    slug: str | None
    confidence: float
    sets: int = 0
    suggestions: tuple[str, ...] = ()
    mapped_by: str = "match"
    """'match' (the matcher), 'user' (the mapping sent), 'skip' (the user skipped it)."""


@dataclass
class ImportPlan:
    format: ExportFormat
    sessions: list[PlannedSession] = field(default_factory=list)
    sessions_in_file: int = 0
    duplicate_sessions: int = 0
    sets: int = 0
    warmup_sets: int = 0
    cardio_rows: int = 0
    empty_rows: int = 0
    other_rows: int = 0
    names: dict[str, NameReport] = field(default_factory=dict)
    unmatched_rows: list[dict[str, Any]] = field(default_factory=list)
    """Sets of names not mapped, kept in the import record so a later mapping can bring them in."""
    first: datetime | None = None
    last: datetime | None = None

    def summary(self) -> dict[str, Any]:
        # A name with no set to bring (only cardio or empty rows) is neither matched nor asked about.
        matched = [n for n in self.names.values() if n.slug and n.sets]
        unmatched = [n for n in self.names.values() if not n.slug and n.mapped_by != "skip" and n.sets]
        return {
            "format": self.format.value,
            "sessions": len(self.sessions),
            "sessions_in_file": self.sessions_in_file,
            "already_imported_sessions": self.duplicate_sessions,
            "sets": self.sets,
            "warmup_sets": self.warmup_sets,
            "skipped": {"cardio": self.cardio_rows, "empty": self.empty_rows, "other": self.other_rows},
            "first": isoformat_z(self.first) if self.first else None,
            "last": isoformat_z(self.last) if self.last else None,
            "matched": [_report(n) for n in sorted(matched, key=lambda n: n.name)],
            "unmatched": [_report(n) for n in sorted(unmatched, key=lambda n: (-n.sets, n.name))],
            "skipped_names": sorted(n.name for n in self.names.values() if n.mapped_by == "skip"),
        }


def _report(name: NameReport) -> dict[str, Any]:
    return {
        "name": name.name,
        "slug": name.slug,
        "confidence": name.confidence,
        "sets": name.sets,
        "suggestions": list(name.suggestions),
        "mapped_by": name.mapped_by,
    }


def content_key(rows: list[RawSet]) -> str:
    """The session's identity by what it holds, whatever the mapping: the same rows give the same key."""
    digest = hashlib.sha256()
    digest.update(isoformat_z(rows[0].started_at.astimezone(UTC)).encode())
    for r in rows:
        digest.update(
            repr(
                (
                    r.exercise_name,
                    r.set_order,
                    r.weight,
                    r.unit,
                    r.reps,
                    r.rpe,
                    r.seconds,
                    r.distance,
                    r.is_warmup,
                )
            ).encode()
        )
    return KEY_PREFIX + digest.hexdigest()[:48]


def _rpe(value: float | None) -> float | None:
    """RPE kept in the contract's half steps; a value off the 1-10 scale is dropped, not invented."""
    if value is None:
        return None
    rounded = round(value * 2) / 2
    return rounded if 1 <= rounded <= 10 else None


def _set(row: RawSet, *, timed: bool) -> SetLog:
    try:
        return SetLog(
            weight=row.weight,
            unit=row.unit,
            reps=row.reps,
            rpe=_rpe(row.rpe),
            duration_seconds=row.seconds if (timed or row.seconds) else None,
            is_warmup=row.is_warmup,
        )
    except ValidationError as error:
        first = error.errors()[0]
        column = ".".join(str(p) for p in first["loc"]) or "set"
        raise RowError(row.line, column, str(first.get("input", "")), first["msg"]) from None


def build_plan(
    parsed: ParsedExport,
    *,
    library: ExerciseLibrary,
    matcher: NameMatcher,
    mapping: Mapping[str, str],
    known_keys: set[str],
    now: datetime,
) -> ImportPlan:
    """`mapping` overrides the matcher per app name (a slug, or `SKIP`); `known_keys` are the user's
    earlier imports. Raises RowError (nothing written) for a set no log may hold."""
    plan = ImportPlan(parsed.format)
    by_session: dict[str, list[RawSet]] = {}
    for row in parsed.sets:
        by_session.setdefault(row.session_key, []).append(row)
    plan.other_rows = parsed.skipped_rows
    plan.sessions_in_file = len(by_session)
    for session_key, rows in by_session.items():
        key = content_key(rows)
        if key in known_keys:
            plan.duplicate_sessions += 1
            continue
        known_keys.add(key)
        exercises: list[tuple[str, list[SetLog]]] = []
        for row in rows:
            slug = _resolve(plan, row, library=library, matcher=matcher, mapping=mapping)
            kept = _classify(plan, row, slug, library=library)
            if not kept:
                continue
            if slug is None:
                if plan.names[row.exercise_name].mapped_by != "skip":
                    _set(row, timed=False)  # kept to import later: it must be a set a log may hold
                    plan.unmatched_rows.append(_raw(row, key))
                continue
            item = _set(row, timed=library.require(slug).timed)
            if row.completed_at > now + MAX_FUTURE:
                raise RowError(
                    row.line, "date", isoformat_z(row.completed_at), "more than a day in the future"
                )
            if exercises and exercises[-1][0] == slug:
                exercises[-1][1].append(item)
            else:
                exercises.append((slug, [item]))
            plan.names[row.exercise_name].sets += 1
            plan.sets += 1
            plan.warmup_sets += item.is_warmup
        if not exercises:
            continue
        completed = rows[0].completed_at.astimezone(UTC)
        local_day = rows[0].started_at.date()
        utc_day = completed.date()
        plan.sessions.append(
            PlannedSession(
                key=key,
                completed_at=completed,
                plan_day=WEEKDAYS[local_day.weekday()],
                week_start=utc_day - timedelta(days=utc_day.weekday()),
                notes=(parsed.session_notes.get(session_key) or "")[:2000] or None,
                exercises=exercises,
            )
        )
        plan.first = min(plan.first or completed, completed)
        plan.last = max(plan.last or completed, completed)
    for report in plan.names.values():
        if report.slug is None and report.mapped_by != "skip":
            report.sets = sum(1 for r in plan.unmatched_rows if r["name"] == report.name)
    return plan


def _resolve(
    plan: ImportPlan,
    row: RawSet,
    *,
    library: ExerciseLibrary,
    matcher: NameMatcher,
    mapping: Mapping[str, str],
) -> str | None:
    report = plan.names.get(row.exercise_name)
    if report is None:
        report = plan.names[row.exercise_name] = _name_report(row, library, matcher, mapping)
    return report.slug


def _name_report(
    row: RawSet, library: ExerciseLibrary, matcher: NameMatcher, mapping: Mapping[str, str]
) -> NameReport:
    name = row.exercise_name
    if name in mapping:
        chosen = mapping[name]
        if chosen == SKIP:
            return NameReport(name, None, 0.0, mapped_by="skip")
        return NameReport(name, chosen if chosen in library else None, 1.0, mapped_by="user")
    if row.exercise_is_slug:
        return NameReport(name, matcher.slug(name), 1.0)
    found = matcher.match(name)
    return NameReport(name, found.slug, found.confidence, suggestions=found.suggestions)


def _classify(plan: ImportPlan, row: RawSet, slug: str | None, *, library: ExerciseLibrary) -> bool:
    """Whether the row is a set to keep: cardio (a distance, or seconds without reps on anything but a
    timed exercise) and empty rows are counted and skipped."""
    if row.distance:
        plan.cardio_rows += 1
        return False
    if row.reps == 0:
        timed = slug is not None and library.require(slug).timed
        if row.seconds and timed:
            return True
        if row.seconds:
            plan.cardio_rows += 1
        elif slug is None or row.weight == 0:
            plan.empty_rows += 1
        else:
            return True  # a loaded set of 0 reps is a failed attempt, kept as logged
        return False
    return True


def _raw(row: RawSet, key: str) -> dict[str, Any]:
    return {
        "session": key,
        "name": row.exercise_name,
        "completed_at": isoformat_z(row.completed_at.astimezone(UTC)),
        "local_day": row.started_at.date().isoformat(),
        "weight": row.weight,
        "unit": row.unit,
        "reps": row.reps,
        "rpe": _rpe(row.rpe),
        "seconds": row.seconds,
        "is_warmup": row.is_warmup,
    }


def planned_from_rows(rows: list[dict[str, Any]], *, mapping: Mapping[str, str]) -> list[PlannedSession]:
    """Sessions from an import record's kept rows (`_raw`), their names mapped to slugs. Keyed by the
    original session's key and the names brought, so the same rows can never come in twice."""
    by_session: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_session.setdefault(row["session"], []).append(row)
    planned: list[PlannedSession] = []
    for session_key, group in by_session.items():
        names = sorted({row["name"] for row in group})
        suffix = hashlib.sha256("\n".join(names).encode()).hexdigest()[:16]
        exercises: list[tuple[str, list[SetLog]]] = []
        for row in group:
            slug = mapping[row["name"]]
            item = SetLog(
                weight=row["weight"],
                unit=row["unit"],
                reps=row["reps"],
                rpe=row["rpe"],
                duration_seconds=row["seconds"] or None,
                is_warmup=row["is_warmup"],
            )
            if exercises and exercises[-1][0] == slug:
                exercises[-1][1].append(item)
            else:
                exercises.append((slug, [item]))
        completed = datetime.fromisoformat(group[0]["completed_at"].replace("Z", "+00:00"))
        local_day = date.fromisoformat(group[0]["local_day"])
        utc_day = completed.date()
        planned.append(
            PlannedSession(
                key=f"{session_key}:{suffix}",
                completed_at=completed,
                plan_day=WEEKDAYS[local_day.weekday()],
                week_start=utc_day - timedelta(days=utc_day.weekday()),
                notes=None,
                exercises=exercises,
            )
        )
    return planned
